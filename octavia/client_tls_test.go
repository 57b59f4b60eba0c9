//go:build !js

package octavia

import (
	"crypto/tls"
	"crypto/x509"
	"net/http/httptest"
	"testing"

	"github.com/octaview/octaview/labcloud"
)

// TestTLSConfig: natively, Config.TLS sets the CAs New trusts (client_tls.go).
func TestTLSConfig(t *testing.T) {
	lab, _ := newRecording(labcloud.Options{}, nil)
	srv := httptest.NewTLSServer(lab)
	defer srv.Close()
	roots := x509.NewCertPool()
	roots.AddCert(srv.Certificate())

	tests := []struct {
		name     string
		tls      *tls.Config
		wantCode ErrorCode
	}{
		{"the server's CA", &tls.Config{RootCAs: roots}, ""},
		{"system CAs only", nil, EUNAVAILABLE},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := demoConfig(srv.URL, nil)
			cfg.TLS = tt.tls
			c, err := New(t.Context(), cfg)
			if got := ErrorCodeOf(err); got != tt.wantCode {
				t.Fatalf("got %v (%q), want %q", err, got, tt.wantCode)
			}
			if err == nil && c.lb.Endpoint != srv.URL+"/load-balancer/" {
				t.Errorf("got endpoint %q, want %q", c.lb.Endpoint, srv.URL+"/load-balancer/")
			}
		})
	}
}
