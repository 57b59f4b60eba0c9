//go:build !js

package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
)

func TestTokensAndPasswordsNeverLogged(t *testing.T) {
	e := newTestEnv(t, envOptions{})
	tok := e.login(t)
	e.do(t, http.MethodGet, "/identity/v3/auth/tokens", tok, "", "X-Subject-Token", tok)
	e.do(t, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers?name=x", tok, "")
	e.do(t, http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", tok, `{"loadbalancer":{"name":"web"}}`)
	e.do(t, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", "forged-"+tok, "")
	e.do(t, http.MethodPost, "/identity/v3/auth/tokens", "", proxytest.LoginBody(proxytest.User, proxytest.Password+"-wrong"))
	e.do(t, http.MethodDelete, "/identity/v3/auth/tokens", tok, "", "X-Subject-Token", tok)
	logs := e.Logs.String()
	for _, secret := range []string{tok, proxytest.Password, "name=x"} {
		if strings.Contains(logs, secret) {
			t.Errorf("the log contains %q:\n%s", secret, logs)
		}
	}
	// and the log still says what happened, one JSON object per request
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(logs), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if rec["msg"] != "request" {
			continue
		}
		n++
		for _, k := range []string{"method", "path", "status", "duration_ms", "request_id"} {
			if _, ok := rec[k]; !ok {
				t.Errorf("log line %s: no %q", line, k)
			}
		}
	}
	if n != 7 {
		t.Errorf("got %d request lines, want 7 (one per request)", n)
	}
	if !strings.Contains(logs, fmt.Sprintf(`"upstream":%q`, strings.TrimPrefix(e.Up.Server.URL, "http://"))) {
		t.Errorf("no request line names Octavia's host as upstream:\n%s", logs)
	}
}
