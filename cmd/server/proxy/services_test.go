//go:build !js

package proxy

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
)

// withServices wraps the lab's Keystone so that its token answers list key-manager
// and compute too, on the lab's own base (the lab serves neither: the upstream's
// request log shows what the proxy forwarded).
func withServices(lab http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		lab.ServeHTTP(rec, r)
		var doc map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &doc); err == nil {
			if tok, _ := doc["token"].(map[string]any); tok != nil {
				catalog, _ := tok["catalog"].([]any)
				for _, s := range catalog {
					svc, _ := s.(map[string]any)
					if svc["type"] != Network {
						continue
					}
					for _, typ := range []string{KeyManager, Compute} {
						raw, _ := json.Marshal(svc)
						raw = []byte(strings.ReplaceAll(string(raw), "/network", "/"+typ))
						var copied map[string]any
						_ = json.Unmarshal(raw, &copied)
						copied["type"] = typ
						catalog = append(catalog, copied)
					}
					break
				}
				tok["catalog"] = catalog
				body, _ := json.Marshal(doc)
				for k, v := range rec.Header() {
					w.Header()[k] = v
				}
				w.Header().Del("Content-Length")
				w.WriteHeader(rec.Code)
				w.Write(body)
				return
			}
		}
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		w.Write(rec.Body.Bytes())
	})
}

// TestKeyManagerAndCompute: /key-manager and /compute go to the caller's catalog's
// Barbican and Nova; the catalog handed to the browser points both at this origin;
// Nova is read only whatever the mode: a write is refused before Keystone is asked
// or a byte of it is read, and never reaches Nova.
func TestKeyManagerAndCompute(t *testing.T) {
	e := newTestEnv(t, envOptions{up: proxytest.Options{Keystone: withServices}})
	tok := e.login(t)
	cases := []struct {
		name, method, path string
		wantForwarded      bool
		service            string
	}{
		{"barbican list", http.MethodGet, "/key-manager/v1/secrets?limit=10", true, KeyManager},
		{"barbican store", http.MethodPost, "/key-manager/v1/secrets", true, KeyManager},
		{"barbican acl", http.MethodPut, "/key-manager/v1/secrets/s1/acl", true, KeyManager},
		{"nova list", http.MethodGet, "/compute/v2.1/servers/detail", true, Compute},
		{"nova head", http.MethodHead, "/compute/v2.1/servers", true, Compute},
		{"nova create", http.MethodPost, "/compute/v2.1/servers", false, Compute},
		{"nova action", http.MethodPost, "/compute/v2.1/servers/x/action", false, Compute},
		{"nova delete", http.MethodDelete, "/compute/v2.1/servers/x", false, Compute},
		{"nova update", http.MethodPut, "/compute/v2.1/servers/x", false, Compute},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before, validations := len(e.Up.Requests(tc.service)), e.Up.Validations()
			resp, body := e.do(t, tc.method, tc.path, tok, `{"name":"x"}`)
			got := e.Up.Requests(tc.service)[before:]
			if !tc.wantForwarded {
				if resp.StatusCode != http.StatusForbidden || !strings.Contains(body, "only reads /compute") {
					t.Errorf("got %d %s, want 403 naming /compute", resp.StatusCode, body)
				}
				if len(got) != 0 || e.Up.Validations() != validations {
					t.Errorf("a refused write reached the cloud: %d requests, %d validations", len(got), e.Up.Validations()-validations)
				}
				return
			}
			if len(got) != 1 || got[0].Method != tc.method || got[0].Path != strings.Split(tc.path, "?")[0] {
				t.Fatalf("forwarded %+v, want one %s %s", got, tc.method, tc.path)
			}
			if got[0].Header.Get("X-Auth-Token") != tok {
				t.Errorf("the caller's token was not forwarded")
			}
		})
	}
}

func TestReadOnlyService(t *testing.T) {
	for _, s := range Services {
		if got, want := ReadOnlyService(s), s == Compute; got != want {
			t.Errorf("ReadOnlyService(%q) = %v, want %v", s, got, want)
		}
	}
}
