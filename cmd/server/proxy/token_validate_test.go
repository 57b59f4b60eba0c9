//go:build !js

package proxy

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
)

// TestValidateToken: the token asks about itself at Keystone's /v3/auth/tokens,
// wherever the configured URL points below Keystone's root, with the query asked for.
func TestValidateToken(t *testing.T) {
	var got *http.Request
	keystone := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r
		w.WriteHeader(http.StatusNotFound)
	}))
	defer keystone.Close()
	for _, tt := range []struct {
		name, path, query, wantPath string
	}{
		{"root, with catalog", "", "", "/v3/auth/tokens"},
		{"versioned prefix, without catalog", "/identity/v3/", "nocatalog", "/identity/v3/auth/tokens"},
		{"v2.0 prefix", "/identity/v2.0", "", "/identity/v3/auth/tokens"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			u, err := url.Parse(keystone.URL + tt.path + "?ignored=1")
			if err != nil {
				t.Fatal(err)
			}
			resp, err := ValidateToken(context.Background(), keystone.Client(), u, tt.query, "tok-1")
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusNotFound {
				t.Errorf("status: got %d, want Keystone's 404 handed back", resp.StatusCode)
			}
			if got.Method != http.MethodGet || got.URL.Path != tt.wantPath || got.URL.RawQuery != tt.query {
				t.Errorf("request: got %s %s?%s, want GET %s?%s", got.Method, got.URL.Path, got.URL.RawQuery, tt.wantPath, tt.query)
			}
			for _, h := range []string{"X-Auth-Token", "X-Subject-Token"} {
				if got.Header.Get(h) != "tok-1" {
					t.Errorf("%s: got %q, want the token", h, got.Header.Get(h))
				}
			}
			if got.Header.Get("Accept") != "application/json" {
				t.Errorf("Accept: got %q, want application/json", got.Header.Get("Accept"))
			}
		})
	}
}
