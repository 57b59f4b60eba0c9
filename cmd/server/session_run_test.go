//go:build !js

package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
	"github.com/octaview/octaview/cmd/server/servertest"
)

// TestRunSessionCookie: the session cookie stands for the token on the
// proxy's paths only (the lab's /lab/ control API takes no cookie). (That
// replicas with one key share sessions: proxy's TestSessionReplicas.)
func TestRunSessionCookie(t *testing.T) {
	const key = "shared-session-key-0123456789abcdef"
	a := startRun(t, nil, "-web", t.TempDir(), "-session-key", key)
	cookie := servertest.SessionLogin(t, a.URL, "admin", "admin")

	cases := []struct {
		name, base, path string
		want             int
	}{
		{"the server that sealed it", a.URL, "/load-balancer/v2/lbaas/loadbalancers", http.StatusOK},
		{"another proxied service (Neutron)", a.URL, "/network/v2.0/subnets", http.StatusOK},
		{"wrong path: the lab's control API takes no cookie", a.URL, "/lab/faults", http.StatusUnauthorized},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodGet, tc.base+tc.path, nil)
			req.Header.Set("X-Auth-Token", serverapi.SessionToken)
			req.Header.Set(serverapi.SessionHeader, "1")
			req.AddCookie(cookie)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Errorf("got %d, want %d", resp.StatusCode, tc.want)
			}
		})
	}
}

// TestParseConfigSessionKey: the key comes from the flag, the variable or
// the file either names; a key under 32 bytes, or of little entropy, both
// the key and its file, or a file empty or missing stop the start.
func TestParseConfigSessionKey(t *testing.T) {
	const flagKey, envKey = "from-flag-q2Vb3N0m9kYp8Qx1T7rWc5Lz", "from-env-A0hE4uJ6sFdG2iK9oPlM3nB8v"
	dir := t.TempDir()
	key := servertest.WriteFile(t, dir, "session-key", "  from-a-file-0123456789abcdef0123456789\n")
	empty := servertest.WriteFile(t, dir, "empty", "\n")
	checkConfigs(t, "-session-key", []configCase{
		{"unset", nil, nil, "", ""},
		{"flag", []string{"-session-key", flagKey}, nil, flagKey, ""},
		{"variable", nil, map[string]string{"OCTAVIEW_SESSION_KEY": envKey}, envKey, ""},
		{"the flag wins", []string{"-session-key", flagKey}, map[string]string{"OCTAVIEW_SESSION_KEY": envKey}, flagKey, ""},
		{"one byte", []string{"-session-key", "k"}, nil, "", "1 bytes, want at least 32"},
		{"a short variable", nil, map[string]string{"OCTAVIEW_SESSION_KEY": "from-env"}, "", "8 bytes"},
		{"one repeated byte", []string{"-session-key", strings.Repeat("x", 48)}, nil, "", "bits of entropy"},
		{"file flag", []string{"-session-key-file", key}, nil, "from-a-file-0123456789abcdef0123456789", ""},
		{"file variable", nil, map[string]string{"OCTAVIEW_SESSION_KEY_FILE": key}, "from-a-file-0123456789abcdef0123456789", ""},
		{"both the key and its file", []string{"-session-key-file", key}, map[string]string{"OCTAVIEW_SESSION_KEY": "k"}, "", "both given"},
		{"an empty file", []string{"-session-key-file", empty}, nil, "", "empty"},
		{"no such file", []string{"-session-key-file", dir + "/none"}, nil, "", "no such file"},
	}, func(c config) string { return c.SessionKey })
}

// TestRunSessionCookieName: -session-cookie (or OCTAVIEW_SESSION_COOKIE)
// names the session cookie, so two consoles on one host keep apart; a name
// that is no cookie name, or carries the __Host- prefix the server adds
// itself, is refused at start.
func TestRunSessionCookieName(t *testing.T) {
	checkConfigs(t, "-session-cookie", []configCase{
		{"default", nil, nil, serverapi.SessionCookie, ""},
		{"flag", []string{"-session-cookie", "console_b"}, nil, "console_b", ""},
		{"variable", nil, map[string]string{"OCTAVIEW_SESSION_COOKIE": "console_c"}, "console_c", ""},
		{"not a cookie name", []string{"-session-cookie", "a;b"}, nil, "", "-session-cookie"},
		{"the prefix is the server's", []string{"-session-cookie", "__Host-x"}, nil, "", "__Host-"},
	}, func(c config) string { return c.SessionCookie })
	s := startRun(t, nil, "-web", t.TempDir(), "-session-cookie", "console_b")
	body := `{"auth":{"identity":{"methods":["password"],"password":{"user":{"name":"demo","password":"demo","domain":{"name":"Default"}}}}}}`
	resp, _ := proxytest.Do(t, http.DefaultClient, s.URL, http.MethodPost, "/identity/v3/auth/tokens", "", body, serverapi.SessionHeader, serverapi.SessionUnbound)
	if c := resp.Cookies(); len(c) != 1 || c[0].Name != "console_b" {
		t.Errorf("the session cookie of a server given -session-cookie console_b: got %v", c)
	}
}
