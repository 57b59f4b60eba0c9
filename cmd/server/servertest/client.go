//go:build !js

package servertest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/app/serverapi"
)

// GetJSON sends method url with token (X-Auth-Token, when set) and a JSON
// body (when set), decodes the answer into out (when not nil) and returns the
// response, its body read.
func GetJSON(tb testing.TB, method, url, token, body string, out any) *http.Response {
	tb.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, _ := http.NewRequest(method, url, rd)
	if token != "" {
		req.Header.Set("X-Auth-Token", token)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			tb.Fatalf("%s %s: %d %s: %v", method, url, resp.StatusCode, b, err)
		}
	}
	return resp
}

// DoAsSent sends method url with the header pairs (name, value) and
// returns the response with its body as the server sent it: not
// decompressed, whatever its Content-Encoding.
func DoAsSent(tb testing.TB, method, url string, header ...string) (*http.Response, []byte) {
	tb.Helper()
	req, _ := http.NewRequestWithContext(tb.Context(), method, url, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	transport := &http.Transport{DisableCompression: true}
	defer transport.CloseIdleConnections()
	resp, err := transport.RoundTrip(req)
	if err != nil {
		tb.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		tb.Fatalf("%s %s: %v", method, url, err)
	}
	return resp, body
}

// AuthBody is Keystone's password authentication of user (domain Default),
// scoped to project (domain Default).
func AuthBody(user, password, project string) string {
	return fmt.Sprintf(`{"auth":{"identity":{"methods":["password"],"password":{"user":{"name":%q,"password":%q,"domain":{"name":"Default"}}}},"scope":{"project":{"name":%q,"domain":{"name":"Default"}}}}}`, user, password, project)
}

// LabLogin logs in through the server at base as a CLI does and returns the token.
func LabLogin(tb testing.TB, base, user, password, project string) string {
	tb.Helper()
	resp := GetJSON(tb, http.MethodPost, base+"/identity/v3/auth/tokens", "", AuthBody(user, password, project), nil)
	if resp.StatusCode != http.StatusCreated {
		tb.Fatalf("log in as %s: got %d, want 201", user, resp.StatusCode)
	}
	return resp.Header.Get("X-Subject-Token")
}

// SessionLogin logs in (unscoped) as the app does (the marker header) and
// returns the session cookie the server set.
func SessionLogin(tb testing.TB, base, user, password string) *http.Cookie {
	tb.Helper()
	body := `{"auth":{"identity":{"methods":["password"],"password":{"user":{"name":"` + user + `","password":"` + password + `","domain":{"name":"Default"}}}}}}`
	return LoginCookie(tb, base, body, "1")
}

// LoginCookie POSTs the Keystone auth body through the server with the
// session marker header marker and returns the session cookie it set.
func LoginCookie(tb testing.TB, base, body, marker string) *http.Cookie {
	tb.Helper()
	req, _ := http.NewRequest(http.MethodPost, base+"/identity/v3/auth/tokens", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(serverapi.SessionHeader, marker)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	resp.Body.Close()
	for _, c := range resp.Cookies() {
		if c.Name == serverapi.SessionCookie {
			return c
		}
	}
	tb.Fatalf("log in: %s, no session cookie", resp.Status)
	return nil
}

// BannerPassword is user's password as the server's banner (out) printed it.
func BannerPassword(tb testing.TB, out, user string) string {
	tb.Helper()
	m := regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(user) + ` +/ (\S+) +project`).FindStringSubmatch(out)
	if m == nil {
		tb.Fatalf("no %s in the banner:\n%s", user, out)
	}
	return m[1]
}

// WriteFile writes content to dir/name and returns its path.
func WriteFile(tb testing.TB, dir, name, content string) string {
	tb.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		tb.Fatal(err)
	}
	return p
}

// Median is the median of ds (the upper one of an even count).
func Median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}
