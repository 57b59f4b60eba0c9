//go:build !js

package main

import (
	"encoding/json"
	"html"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/servertest"
)

// The served login form, posted without the app (login_form.go,
// docs/startup.md).

// postLoginForm posts the served form's fields to path (/login?next=...)
// as a browser posts it from the console's page (same-origin headers), with
// header overriding or adding headers ("" value: removed). It never
// follows a redirect.
func postLoginForm(t testing.TB, base, path string, form url.Values, header map[string]string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", base)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	for k, v := range header {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	client := &http.Client{Timeout: 60 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v", path, err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(b)
}

func sessionCookieOf(resp *http.Response) *http.Cookie {
	for _, c := range resp.Cookies() {
		if c.Name == serverapi.SessionCookie && c.Value != "" && c.MaxAge >= 0 {
			return c
		}
	}
	return nil
}

// TestLoginFormLogsIn: the served form posted with good credentials logs
// in as the app does: a 303 to next with the session cookie the proxy
// sealed (HttpOnly, SameSite=Strict), with which the next page comes with
// its first rows; next pointing off the console goes to the list instead.
// Nothing of the login is in the log.
func TestLoginFormLogsIn(t *testing.T) {
	s := startRun(t, nil, "-web", webDir, "-lab-delay", "0s", "-lab-scenario", servertest.WriteFile(t, t.TempDir(), "scenario.json", servertest.Scenario))
	form := url.Values{"user": {"demo"}, "password": {"demo"}, "domain": {"Default"}, "project": {"demo"}}
	resp, body := postLoginForm(t, s.URL, "/login?next="+url.QueryEscape("/load-balancers?q=shop"), form, nil)
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/load-balancers?q=shop" {
		t.Fatalf("POST /login: %s to %q, want 303 to next:\n%.500s", resp.Status, resp.Header.Get("Location"), body)
	}
	cookie := sessionCookieOf(resp)
	if cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteStrictMode {
		t.Fatalf("no HttpOnly, SameSite=Strict session cookie set: %q", resp.Header.Values("Set-Cookie"))
	}
	page, boot, _ := servedPage(t, s.URL, "/load-balancers", cookie)
	if got, want := servedRows(page, "lb"), apiRows(t, s.URL, cookie, 30); len(got) == 0 || !slices.Equal(got, want) {
		t.Errorf("the list after the plain login: served rows %v, want %v", got, want)
	}
	if !boot.Session || boot.Served == nil {
		t.Errorf("the list's boot: session %v, served %v: want the session's first screen", boot.Session, boot.Served != nil)
	}

	for _, next := range []string{"//evil.example/x", "https://evil.example/", "/login/../..//evil.example", `/\evil.example`} {
		resp, _ := postLoginForm(t, s.URL, "/login?next="+url.QueryEscape(next), form, nil)
		if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusSeeOther || loc != "/load-balancers" {
			t.Errorf("next %q: %s to %q, want 303 to /load-balancers", next, resp.Status, loc)
		}
	}
	// read-only mode allows logging in, through the same guards
	ro := startRun(t, nil, "-web", webDir, "-lab-delay", "0s", "-read-only")
	if resp, body := postLoginForm(t, ro.URL, "/login", form, nil); resp.StatusCode != http.StatusSeeOther || sessionCookieOf(resp) == nil {
		t.Errorf("a plain login on a read-only server: %s, want 303 with a session cookie\n%.300s", resp.Status, body)
	}

	logs := s.Logs.String()
	if !strings.Contains(logs, `"method":"POST","path":"/login","status":303`) {
		t.Fatalf("the access log has no POST /login: nothing checked:\n%.2000s", logs)
	}
	for _, secret := range []string{"password=", `"demo"`, cookie.Value, "gAAAAAB", serverapi.SessionToken} {
		if strings.Contains(logs, secret) {
			t.Errorf("the log holds %q", secret)
		}
	}
}

// TestLoginFormFails: a refused login answers the login page again with the
// app's words for it, the user name, domain and project kept (in the form
// and in the page's Boot, so the app's first render is the same), never the
// password (nor in the log); a hostile user name is text; a wrong project
// is told from a wrong password as the app tells it; an unreachable
// Keystone is said so.
func TestLoginFormFails(t *testing.T) {
	const password = "Pa55-wrong-8c1f"
	const evil = `x" autofocus onfocus=alert(1) y="</script><img src=x onerror=alert(2)>`
	s := startRun(t, nil, "-web", webDir, "-lab-delay", "0s")
	for _, tt := range []struct {
		name, user, password, project string
		want                          string
	}{
		{"a wrong password", "demo", password, "demo", "Keystone refused these credentials (401)"},
		{"a hostile user name", evil, password, "", "Keystone refused these credentials (401)"},
		{"a project not one's own", "demo", "demo", "admin", `Project "admin" was not found in domain Default`},
		{"no password", "demo", "", "", "User name and password are needed"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			form := url.Values{"user": {tt.user}, "password": {tt.password}, "domain": {"Default"}, "project": {tt.project}}
			resp, page := postLoginForm(t, s.URL, "/login?next=%2Fpools", form, nil)
			if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
				t.Fatalf("POST /login: %s %s, want the login page", resp.Status, resp.Header.Get("Content-Type"))
			}
			if c := sessionCookieOf(resp); c != nil {
				t.Errorf("a failed login left a session cookie: %v", resp.Header.Values("Set-Cookie"))
			}
			if !strings.Contains(page, `id="login-error"`) || !strings.Contains(html.UnescapeString(page), tt.want) {
				t.Errorf("the page does not say %q", tt.want)
			}
			if !strings.Contains(page, `id="login-user" name="user" autocomplete="username" value="`+html.EscapeString(tt.user)+`"`) &&
				!strings.Contains(page, `value="`+html.EscapeString(tt.user)+`"`) {
				t.Errorf("the user name %q is not kept in the form", tt.user)
			}
			if strings.Contains(page, evil) || strings.Contains(page, "<img src=x") {
				t.Error("the hostile user name is in the page unescaped")
			}
			if tt.password == password && strings.Contains(page, tt.password) { // demo's is on the lab's page
				t.Error("the page holds the password")
			}
			if !strings.Contains(page, `action="/login?next=%2Fpools"`) || !strings.Contains(page, `data-plain="on"`) {
				t.Error("the form served again is not the plain form posting to the login page with next")
			}
			_, boot := bootOfPage(t, page)
			if boot.Login == nil || boot.Login.User != tt.user || boot.Login.Project != tt.project || boot.Login.Domain != "Default" || !strings.Contains(boot.Login.Error, tt.want) {
				t.Errorf("the page's Boot.Login: %+v, want the form's state", boot.Login)
			}
		})
	}
	logs := s.Logs.String()
	if strings.Contains(logs, password) || strings.Contains(logs, "gAAAAAB") {
		t.Error("the log holds the password or a token")
	}

	t.Run("Keystone unreachable", func(t *testing.T) {
		down := startRun(t, nil, "-web", webDir, "-keystone", "http://127.0.0.1:9/v3")
		resp, page := postLoginForm(t, down.URL, "/login", url.Values{"user": {"demo"}, "password": {password}}, nil)
		if resp.StatusCode != http.StatusOK || !strings.Contains(html.UnescapeString(page), "Keystone could not be reached at "+down.URL+"/identity") {
			t.Errorf("POST /login with Keystone down: %s, want the page saying Keystone could not be reached:\n%.300s", resp.Status, page)
		}
		if strings.Contains(page, password) || strings.Contains(down.Logs.String(), password) {
			t.Error("the page or the log holds the password")
		}
	})
}

// bootOfPage is the serverapi.Boot a served page carries.
func bootOfPage(t testing.TB, page string) (string, serverapi.Boot) {
	t.Helper()
	const open = `<script type="application/json" id="octaview-boot">`
	i := strings.Index(page, open)
	if i < 0 {
		t.Fatal("the page has no boot element")
	}
	raw := page[i+len(open):]
	raw = raw[:strings.Index(raw, "</script>")]
	var boot serverapi.Boot
	if err := json.Unmarshal([]byte(raw), &boot); err != nil {
		t.Fatalf("the boot element: %v", err)
	}
	return raw, boot
}

// TestLoginFormRefused: the server takes only its own page's post: another
// site's (login CSRF: by Sec-Fetch-Site or Origin), one that names neither,
// an oversized or non-form body are refused before any login is tried.
func TestLoginFormRefused(t *testing.T) {
	s := startRun(t, nil, "-web", webDir, "-lab-delay", "0s")
	form := url.Values{"user": {"demo"}, "password": {"demo"}, "project": {"demo"}}
	for _, tt := range []struct {
		name   string
		header map[string]string
		body   string
		want   int
	}{
		{"another site, by Sec-Fetch-Site", map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": ""}, "", http.StatusForbidden},
		{"another site, by Origin", map[string]string{"Sec-Fetch-Site": "", "Origin": "https://evil.example"}, "", http.StatusForbidden},
		{"another origin of the same site", map[string]string{"Sec-Fetch-Site": "same-site"}, "", http.StatusForbidden},
		{"an opaque Origin alone", map[string]string{"Sec-Fetch-Site": "", "Origin": "null"}, "", http.StatusForbidden},
		{"neither header", map[string]string{"Sec-Fetch-Site": "", "Origin": ""}, "", http.StatusForbidden},
		{"oversized", nil, "user=demo&password=demo&x=" + strings.Repeat("a", 20<<10), http.StatusRequestEntityTooLarge},
		{"JSON", map[string]string{"Content-Type": "application/json"}, `{"user":"demo"}`, http.StatusUnsupportedMediaType},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var resp *http.Response
			if tt.body != "" {
				resp, _ = postRawLoginForm(t, s.URL, tt.body, tt.header)
			} else {
				resp, _ = postLoginForm(t, s.URL, "/login", form, tt.header)
			}
			if resp.StatusCode != tt.want {
				t.Errorf("POST /login: %s, want %d", resp.Status, tt.want)
			}
			if sessionCookieOf(resp) != nil {
				t.Error("a refused post got a session cookie")
			}
		})
	}
	// the same post from the console's own page logs in: the refusals above
	// are the headers', not the form's
	for _, h := range []map[string]string{{"Sec-Fetch-Site": ""}, {"Origin": "null"}} {
		if resp, _ := postLoginForm(t, s.URL, "/login", form, h); resp.StatusCode != http.StatusSeeOther || sessionCookieOf(resp) == nil {
			t.Errorf("the console's own post (%v): %s, want 303 with a session cookie", h, resp.Status)
		}
	}
}

// postRawLoginForm posts body as the console's page would, with header.
func postRawLoginForm(t testing.TB, base, body string, header map[string]string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, base+"/login", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", base)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := (&http.Client{Timeout: 60 * time.Second}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(b)
}

// TestLoginFormServed: the login page's served form is the plain form, live
// before the app runs: it posts to the login page with the page's next, its
// Log in button is enabled (no disabled attribute at all: HTML reads
// disabled="false" as disabled), and the methods that need the app stay
// disabled.
func TestLoginFormServed(t *testing.T) {
	s := startRun(t, nil, "-web", webDir, "-lab-delay", "0s")
	page, boot, _ := servedPage(t, s.URL, "/login?next=%2Fpools%3Fx%3D1", nil)
	tag := func(id string) string {
		i := strings.Index(page, `id="`+id+`"`)
		if i < 0 {
			t.Fatalf("no #%s served", id)
		}
		start := strings.LastIndex(page[:i], "<")
		return page[start : i+strings.Index(page[i:], ">")+1]
	}
	if form := tag("login-form"); !strings.Contains(form, `method="post"`) || !strings.Contains(form, `action="/login?next=%2Fpools%3Fx%3D1"`) || !strings.Contains(form, `data-plain="on"`) {
		t.Errorf("the served form %s: want a plain post to the login page with next", form)
	}
	if b := tag("login-submit"); strings.Contains(b, "disabled") {
		t.Errorf("the served Log in button %s is disabled", b)
	}
	for _, id := range []string{"login-method-appcred", "login-method-token"} {
		if b := tag(id); !strings.Contains(b, " disabled") {
			t.Errorf("%s is served enabled: those methods need the app", b)
		}
	}
	for _, name := range []string{"user", "password", "domain", "project"} {
		if !strings.Contains(page, ` name="`+name+`"`) {
			t.Errorf("the served form has no field named %s", name)
		}
	}
	if strings.Contains(page, "console is starting") || boot.Login != nil {
		t.Error("the served login page says the console is starting, or carries a failed login's state")
	}
}

// TestLoginFormPostMarkOutlastsTheLogin: the served page's guard of the
// plain post (compile.js) holds a second login back for longer than the
// server may take to answer the first (loginFormTimeout): an app starting
// during the post never logs in while the post may still answer.
func TestLoginFormPostMarkOutlastsTheLogin(t *testing.T) {
	m := regexp.MustCompile(`until = Date\.now\(\) \+ (\d+);`).FindStringSubmatch(compileJS)
	if m == nil {
		t.Fatal("compile.js sets no data-plain-until bound (until = Date.now() + ms)")
	}
	ms, err := strconv.Atoi(m[1])
	if err != nil {
		t.Fatal(err)
	}
	if got := time.Duration(ms) * time.Millisecond; got <= loginFormTimeout {
		t.Errorf("compile.js holds a second login back for %v, not beyond the server's login bound %v", got, loginFormTimeout)
	}
}
