//go:build !js

package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/proxy"
	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
)

func TestReadOnly(t *testing.T) {
	e := newTestEnv(t, envOptions{readOnly: true})
	tok := e.login(t) // logging in is allowed
	other := e.Up.Login(t)
	tests := []struct {
		name     string
		method   string
		path     string
		header   []string
		wantCode int
	}{
		{"list", http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil, 200},
		{"head", http.MethodHead, "/load-balancer/v2/lbaas/loadbalancers", nil, 200},
		{"networks", http.MethodGet, "/network/v2.0/networks", nil, 200},
		{"validate own token", http.MethodGet, "/identity/v3/auth/tokens", []string{"X-Subject-Token", tok}, 200},
		{"create", http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", nil, 403},
		{"update", http.MethodPut, "/load-balancer/v2/lbaas/loadbalancers/lb1", nil, 403},
		{"patch", http.MethodPatch, "/load-balancer/v2/lbaas/loadbalancers/lb1", nil, 403},
		{"delete", http.MethodDelete, "/load-balancer/v2/lbaas/loadbalancers/lb1", nil, 403},
		{"failover", http.MethodPut, "/load-balancer/v2/lbaas/loadbalancers/lb1/failover", nil, 403},
		{"neutron port", http.MethodPost, "/network/v2.0/ports", nil, 403},
		{"secrets", http.MethodGet, "/key-manager/v1/secrets", nil, 200},
		{"store a secret", http.MethodPost, "/key-manager/v1/secrets", nil, 403},
		{"grant a secret", http.MethodPut, "/key-manager/v1/secrets/s1/acl", nil, 403},
		{"servers", http.MethodGet, "/compute/servers", nil, 200},
		{"start a server", http.MethodPost, "/compute/servers/x/action", nil, 403},
		{"keystone write", http.MethodPost, "/identity/v3/users", nil, 403},
		{"application credential", http.MethodPost, "/identity/v3/users/u1/application_credentials", nil, 403},
		{"revoke someone else's token", http.MethodDelete, "/identity/v3/auth/tokens", []string{"X-Subject-Token", other}, 403},
		{"options", http.MethodOptions, "/load-balancer/v2/lbaas/loadbalancers", nil, 403},
		{"log out", http.MethodDelete, "/identity/v3/auth/tokens", []string{"X-Subject-Token", tok}, 204},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(e.Up.Requests("")) - len(e.Up.Requests("identity"))
			body := ""
			if tt.method == http.MethodPost || tt.method == http.MethodPut {
				body = `{"loadbalancer":{"name":"x"}}`
			}
			resp, got := e.do(t, tt.method, tt.path, tok, body, tt.header...)
			if resp.StatusCode != tt.wantCode {
				t.Fatalf("got %d %s, want %d", resp.StatusCode, got, tt.wantCode)
			}
			if tt.wantCode == 403 {
				if msg := serviceFault(t, tt.path, got); !strings.Contains(msg, "read-only") && !strings.Contains(msg, "only reads") {
					t.Errorf("the refusal says %q", msg)
				}
				if after := len(e.Up.Requests("")) - len(e.Up.Requests("identity")); after != before {
					t.Errorf("a refused %s reached upstream", tt.method)
				}
			}
		})
	}

	_, body := e.do(t, http.MethodGet, "/api/config", "", "")
	var cfg serverapi.Config
	if err := json.Unmarshal([]byte(body), &cfg); err != nil || !cfg.ReadOnly {
		t.Errorf("GET /api/config: got %s, want read_only true", body)
	}
}

// serviceFault is the message of a refusal in the shape of the service below
// whose prefix path is, as that service's own client reads it.
func serviceFault(t *testing.T, path, body string) string {
	t.Helper()
	var f struct {
		Neutron *struct{ Message string } `json:"NeutronError"`
		Title   string                    `json:"title"`
		Desc    string                    `json:"description"`
		Nova    *struct{ Message string } `json:"forbidden"`
	}
	if err := json.Unmarshal([]byte(body), &f); err != nil {
		t.Fatalf("not JSON: %s", body)
	}
	switch proxy.ServiceOf(path) {
	case proxy.Network:
		if f.Neutron != nil {
			return f.Neutron.Message
		}
	case proxy.KeyManager:
		if f.Title == "Forbidden" {
			return f.Desc
		}
	case proxy.Compute, proxy.Image:
		if f.Nova != nil {
			return f.Nova.Message
		}
	default:
		return proxytest.CheckFault(t, body, "Client")
	}
	t.Errorf("%s: not in the service's own shape: %s", path, body)
	return ""
}

func TestReadOnlyOffAllowsWrites(t *testing.T) {
	e := newTestEnv(t, envOptions{})
	tok := e.login(t)
	resp, _ := e.do(t, http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", tok, `{"loadbalancer":{}}`)
	if resp.StatusCode != http.StatusBadRequest || len(e.Up.Requests("load-balancer")) != 1 { // the lab's answer to an empty load balancer
		t.Errorf("got %d, want the write forwarded", resp.StatusCode)
	}
	_, body := e.do(t, http.MethodGet, "/api/config", "", "")
	if body != `{"read_only":false,"lab":false,"status_page":false}` {
		t.Errorf("GET /api/config: got %s", body)
	}
}
