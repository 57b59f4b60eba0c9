//go:build js

package octavia

import (
	"crypto/tls"
	"errors"
	"net/http/httptest"
	"testing"

	"github.com/octaview/octaview/labcloud"
)

// TestTLSConfigRefusedInBrowser: as WebAssembly, New refuses a Config.TLS
// with EINVALID, saying TLS is the browser's, before sending any request; a
// Config without it logs in as natively.
func TestTLSConfigRefusedInBrowser(t *testing.T) {
	rec, _ := newRecording(labcloud.Options{}, nil)
	srv := httptest.NewServer(rec)
	defer srv.Close()

	cfg := demoConfig(srv.URL, nil)
	cfg.TLS = &tls.Config{}
	_, err := New(t.Context(), cfg)
	if got := ErrorCodeOf(err); got != EINVALID {
		t.Fatalf("New with Config.TLS as wasm: got %v (%q), want %q", err, got, EINVALID)
	}
	if !errors.Is(err, errBrowserTLS) {
		t.Errorf("got %v, want it to say TLS is the browser's (%v)", err, errBrowserTLS)
	}
	if n := len(rec.Requests()); n != 0 {
		t.Errorf("New with Config.TLS sent %d requests, want none", n)
	}

	cfg.TLS = nil
	if _, err := New(t.Context(), cfg); err != nil {
		t.Fatalf("New without Config.TLS as wasm: %v", err)
	}
}
