//go:build !js

package proxytest

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// Do sends a request to base+path (the server under test) with c and
// returns the response with its body read. token, when set, goes in
// X-Auth-Token; a body is sent as JSON; header is name, value pairs
// ("Host" sets the request's Host).
func Do(t testing.TB, c *http.Client, base, method, path, token, body string, header ...string) (*http.Response, string) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, base+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("X-Auth-Token", token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		if strings.EqualFold(header[i], "Host") {
			req.Host = header[i+1]
			continue
		}
		req.Header.Add(header[i], header[i+1])
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(b)
}

// LoginThrough logs User in through the server at base (its /identity
// prefix) and returns the token.
func LoginThrough(t testing.TB, c *http.Client, base string) string {
	t.Helper()
	resp, body := Do(t, c, base, http.MethodPost, "/identity/v3/auth/tokens", "", LoginBody(User, Password))
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("login: got %d %s, want 201", resp.StatusCode, body)
	}
	tok := resp.Header.Get("X-Subject-Token")
	if tok == "" {
		t.Fatal("login: no X-Subject-Token")
	}
	return tok
}

// CheckFault checks that body is an Octavia-style fault with faultcode code,
// a faultstring and "debuginfo": null, and returns the faultstring.
func CheckFault(t testing.TB, body, code string) string {
	t.Helper()
	var f map[string]any
	if err := json.Unmarshal([]byte(body), &f); err != nil {
		t.Fatalf("fault body %q: %v", body, err)
	}
	if f["faultcode"] != code || f["faultstring"] == "" {
		t.Errorf("fault: got %s, want faultcode %q and a faultstring", body, code)
	}
	if v, ok := f["debuginfo"]; !ok || v != nil {
		t.Errorf("fault: got %s, want \"debuginfo\": null", body)
	}
	s, _ := f["faultstring"].(string)
	return s
}
