//go:build !js

package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/proxy"
	"github.com/octaview/octaview/cmd/server/servertest"
)

// A returning user's first screen (ssr.go, docs/startup.md): the page a
// live session cookie asks for comes with its list's first rows, read with
// that cookie's token only.

// cookieLogin logs user (password: the same) in to project as the app does
// and returns the session cookie the server set.
func cookieLogin(t testing.TB, base, user, project string) *http.Cookie {
	t.Helper()
	body := fmt.Sprintf(`{"auth":{"identity":{"methods":["password"],"password":{"user":{"name":%q,"password":%q,"domain":{"name":"Default"}}}},"scope":{"project":{"name":%q,"domain":{"name":"Default"}}}}}`, user, user, project)
	return servertest.LoginCookie(t, base, body, serverapi.SessionUnbound)
}

// servedPage GETs path with cookie (nil: none) and returns the page, its
// boot and the time it took.
func servedPage(t testing.TB, base, path string, cookie *http.Cookie) (string, serverapi.Boot, *http.Response) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+path, nil)
	if cookie != nil {
		req.AddCookie(cookie)
	}
	return servedPageReq(t, req)
}

// servedPageReq is servedPage of the GET req.
func servedPageReq(t testing.TB, req *http.Request) (string, serverapi.Boot, *http.Response) {
	t.Helper()
	path := req.URL.Path
	client := &http.Client{Timeout: 60 * time.Second}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s", path, resp.Status)
	}
	page := string(b)
	m := regexp.MustCompile(`<script type="application/json" id="octaview-boot">([^<]*)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("GET %s: no boot element", path)
	}
	var boot serverapi.Boot
	if err := json.Unmarshal([]byte(m[1]), &boot); err != nil {
		t.Fatalf("the boot element %s: %v", m[1], err)
	}
	return page, boot, resp
}

// servedRow is a row of a served list: its id and what its link says.
type servedRow struct{ ID, Name string }

var (
	trTagRE   = regexp.MustCompile(`<tr ([^>]*)>`)
	dataIDRE  = regexp.MustCompile(`\bdata-id="([^"]*)"`)
	rowLinkRE = regexp.MustCompile(`<td [^>]*class="name"[^>]*>\s*<a [^>]*>([^<]*)</a>`)
)

// servedRows are the rows (tr.PREFIX-row) of a served page, in order.
func servedRows(page, prefix string) []servedRow {
	var rows []servedRow
	segs := trTagRE.FindAllStringSubmatchIndex(page, -1)
	for i, s := range segs {
		attrs := page[s[2]:s[3]]
		if !strings.Contains(attrs, `"`+prefix+`-row `) && !strings.Contains(attrs, ` `+prefix+`-row"`) && !strings.Contains(attrs, ` `+prefix+`-row `) {
			continue
		}
		end := len(page)
		if i+1 < len(segs) {
			end = segs[i+1][0]
		}
		r := servedRow{}
		if m := dataIDRE.FindStringSubmatch(attrs); m != nil {
			r.ID = html.UnescapeString(m[1])
		}
		if m := rowLinkRE.FindStringSubmatch(page[s[1]:end]); m != nil {
			r.Name = html.UnescapeString(m[1])
		}
		rows = append(rows, r)
	}
	return rows
}

// apiRows lists the first n load balancers the cookie's token sees,
// through the proxy as the app asks, in the app's order (by name,
// case-insensitive, then id).
func apiRows(t testing.TB, base string, cookie *http.Cookie, n int) []servedRow {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+"/load-balancer/v2/lbaas/loadbalancers?fields=id&fields=name&sort=name:asc,id:asc&limit="+fmt.Sprint(n), nil)
	req.Header.Set("X-Auth-Token", serverapi.SessionToken)
	req.Header.Set(serverapi.SessionHeader, serverapi.SessionUnbound)
	req.AddCookie(cookie)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body struct {
		LoadBalancers []struct{ ID, Name string } `json:"loadbalancers"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("listing through the proxy: %s %v", resp.Status, err)
	}
	var rows []servedRow
	for _, lb := range body.LoadBalancers {
		rows = append(rows, servedRow{lb.ID, cmp.Or(lb.Name, "(no name)")})
	}
	slices.SortFunc(rows, func(a, b servedRow) int {
		return cmp.Or(cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)), cmp.Compare(a.ID, b.ID))
	})
	return rows
}

// TestFirstScreenRows: the page of a list asked for with a live session
// cookie holds the rows the app shows first (the first page, in its order),
// those the cookie's token sees and no others: a member's project's, an
// admin's every project's (with the Project column), a reader's; its boot
// holds Octavia's answer (next link included) and never the token; the
// page is private to the request (no-cache, Vary: Cookie).
func TestFirstScreenRows(t *testing.T) {
	c := startConsole(t)
	for _, tt := range []struct {
		name, user, project string
		create, projectCol  bool
		want, wantNot       []string
	}{
		{"a member", "demo", "demo", true, false, []string{"shop-frontend", "api-gateway", servertest.HostileName}, []string{"bulk-"}},
		{"a reader", "viewer", "demo", false, false, []string{"shop-frontend", servertest.HostileName}, []string{"bulk-"}},
		{"an admin", "admin", "admin", true, true, []string{"api-gateway"}, nil},
		{"another project, longer than a page", "scale", "scale", true, false, []string{"bulk-"}, []string{"shop-frontend", "api-gateway"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cookie := cookieLogin(t, c.URL, tt.user, tt.project)
			page, boot, resp := servedPage(t, c.URL, "/load-balancers", cookie)
			got := servedRows(page, "lb")
			want := apiRows(t, c.URL, cookie, 30)
			if len(got) == 0 || !slices.Equal(got, want) {
				t.Fatalf("served rows:\n got %v\nwant %v (the first page the token lists, in the app's order)", got, want)
			}
			names := make([]string, len(got))
			for i, r := range got {
				names[i] = r.Name
			}
			joined := strings.Join(names, "\n")
			for _, w := range tt.want {
				if !strings.Contains(joined, w) {
					t.Errorf("no served row named like %q in %v", w, names)
				}
			}
			for _, w := range tt.wantNot {
				if strings.Contains(joined, w) || strings.Contains(page, w) {
					t.Errorf("the page names %q, which %s's token does not see", w, tt.user)
				}
			}
			if has := strings.Contains(page, `id="lb-create"`); has != tt.create {
				t.Errorf("the create button served: %v, want %v", has, tt.create)
			}
			if has := strings.Contains(page, `>Project</button>`); has != tt.projectCol {
				t.Errorf("the Project column served: %v, want %v", has, tt.projectCol)
			}
			if !strings.Contains(page, `id="who-user">`+tt.user+`<`) || !strings.Contains(page, `id="lb-count"`) {
				t.Errorf("the frame (user, count) is not served")
			}
			if boot.Served == nil || boot.Served.Page != "/load-balancers" || len(boot.Served.Reads) != 1 {
				t.Fatalf("boot.Served: %+v, want the list's one read", boot.Served)
			}
			read := boot.Served.Reads[0]
			u, _ := url.Parse(read.URL)
			if !strings.HasPrefix(u.Path, "/load-balancer/") || u.Query().Get("limit") != "30" || u.Query().Get("sort") != "name:asc,id:asc" {
				t.Errorf("the served read %s: want the app's first page (limit 30, by name)", read.URL)
			}
			if strings.Contains(page, `"`+cookie.Value) || strings.Contains(page, "gAAAA") || strings.Contains(read.Body, "X-Auth-Token") {
				t.Error("the page holds the session's cookie or a token")
			}
			if tt.user == "scale" && !strings.Contains(read.Body, `"next"`) {
				t.Errorf("the served answer of a longer list has no next link: %.300s", read.Body)
			}
			if cc, vary := resp.Header.Get("Cache-Control"), resp.Header.Values("Vary"); cc != "no-cache, private" || !slices.ContainsFunc(vary, func(v string) bool { return strings.Contains(v, "Cookie") }) {
				t.Errorf("Cache-Control %q, Vary %q: want no-cache, private and Vary: Cookie", cc, vary)
			}
		})
	}
}

// TestFirstScreenHostileName: a hostile name in a served row is text, in
// the rows and in the boot's JSON, and so it is on the load balancer's
// served page (its properties, its tree, its boot): nothing of it can open
// an element or an attribute.
func TestFirstScreenHostileName(t *testing.T) {
	const evil = `x" onmouseover=alert(1) y="</script><img src=x onerror=alert(2)>`
	web := t.TempDir()
	scenario := servertest.WriteFile(t, web, "scenario.json", fmt.Sprintf(`{"load_balancers":[{"project":"demo","name":%q}]}`, evil))
	s := startRun(t, nil, "-web", webDir, "-lab-delay", "0s", "-lab-scenario", scenario)
	cookie := cookieLogin(t, s.URL, "demo", "demo")
	page, boot, _ := servedPage(t, s.URL, "/load-balancers", cookie)
	if rows := servedRows(page, "lb"); len(rows) != 1 || rows[0].Name != evil {
		t.Fatalf("served rows %v: want the one named %q", rows, evil)
	}
	bootEl := regexp.MustCompile(`<script type="application/json" id="octaview-boot">([^<]*)</script>`)
	// the page's own scripts (the boot element, the early compile) are not markup
	markup := strings.Replace(bootEl.ReplaceAllString(page, ""), compileJS+"</script>", "", 1)
	for _, bad := range []string{"<img src=x", "</script><", `" onmouseover`, "onerror=alert(2)>"} {
		if strings.Contains(markup, bad) {
			t.Errorf("the page's markup holds %q raw", bad)
		}
	}
	if el := bootEl.FindString(page); strings.Contains(el[len(`<script `):len(el)-len(`</script>`)], "<") {
		t.Errorf("the boot element holds a raw <: %s", el)
	}
	var answer struct {
		LoadBalancers []struct{ Name string } `json:"loadbalancers"`
	}
	if boot.Served == nil || json.Unmarshal([]byte(boot.Served.Reads[0].Body), &answer) != nil || len(answer.LoadBalancers) != 1 || answer.LoadBalancers[0].Name != evil {
		t.Fatalf("the boot's answer lost the name: %+v", boot.Served)
	}

	// the load balancer's page: its properties and tree name it, as text
	var lb struct {
		LoadBalancers []struct{ ID string } `json:"loadbalancers"`
	}
	if err := json.Unmarshal([]byte(boot.Served.Reads[0].Body), &lb); err != nil || len(lb.LoadBalancers) != 1 || lb.LoadBalancers[0].ID == "" {
		t.Fatalf("the list's answer has no id: %v", err)
	}
	page, boot, _ = servedPage(t, s.URL, "/load-balancers/"+lb.LoadBalancers[0].ID, cookie)
	if boot.Served == nil || len(boot.Served.Reads) != 2 || !strings.Contains(page, `id="lb-props"`) || !strings.Contains(page, `class="status-tree"`) {
		t.Fatalf("the load balancer's page was served without its properties and tree (%+v)", boot.Served)
	}
	markup = strings.Replace(bootEl.ReplaceAllString(page, ""), compileJS+"</script>", "", 1)
	for _, bad := range []string{"<img src=x", "</script><", `" onmouseover`, "onerror=alert(2)>"} {
		if strings.Contains(markup, bad) {
			t.Errorf("the load balancer page's markup holds %q raw", bad)
		}
	}
	if !strings.Contains(markup, "onerror=alert(2)&gt;") {
		t.Error("the load balancer page's markup does not show the name")
	}
	if el := bootEl.FindString(page); strings.Contains(el[len(`<script `):len(el)-len(`</script>`)], "<") {
		t.Errorf("the load balancer page's boot element holds a raw <: %s", el)
	}
}

// TestFirstScreenNoSession: without a live session cookie of this server
// (none, garbage, expired, sealed with another key, for another cookie
// name, a token Keystone no longer takes) a page has no rows, no object's
// name and nothing served.
func TestFirstScreenNoSession(t *testing.T) {
	const key = "first-screen-test-key-0123456789abcdef"
	c := startConsoleWith(t, []string{"-session-key", key}, nil)
	live := cookieLogin(t, c.URL, "demo", "demo")
	var ss proxy.Session
	sealer, _ := proxy.NewSealer([]byte(key), serverapi.SessionCookie)
	ss, err := sealer.Open(live.Value)
	if err != nil {
		t.Fatal(err)
	}
	expired := ss
	expired.Expires = time.Now().Add(-time.Minute)
	other, _ := proxy.NewSealer([]byte("another-servers-key-0123456789abcdef"), serverapi.SessionCookie)
	renamed, _ := proxy.NewSealer([]byte(key), "console_b")
	revoked := cookieLogin(t, c.URL, "demo", "demo")
	req, _ := http.NewRequest(http.MethodDelete, c.URL+"/identity/v3/auth/tokens", nil)
	req.Header.Set("X-Auth-Token", serverapi.SessionToken)
	req.Header.Set("X-Subject-Token", serverapi.SessionToken)
	req.Header.Set(serverapi.SessionHeader, serverapi.SessionUnbound)
	req.AddCookie(revoked)
	if resp, err := http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	} else {
		resp.Body.Close()
	}
	cookie := func(v string) *http.Cookie { return &http.Cookie{Name: serverapi.SessionCookie, Value: v} }
	for _, tt := range []struct {
		name   string
		cookie *http.Cookie
	}{
		{"no cookie", nil},
		{"garbage", cookie("not-a-sealed-session")},
		{"expired", cookie(sealer.Seal(expired))},
		{"sealed by another server", cookie(other.Seal(ss))},
		{"sealed for another cookie name", cookie(renamed.Seal(ss))},
		{"a revoked token", revoked},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for _, path := range []string{"/load-balancers", "/", "/listeners"} {
				page, boot, _ := servedPage(t, c.URL, path, tt.cookie)
				if boot.Served != nil {
					t.Errorf("%s: boot.Served %+v, want none", path, boot.Served)
				}
				for _, name := range []string{"shop-frontend", "api-gateway", "reports-internal", "legacy-batch", "bulk-", "lb-row"} {
					if strings.Contains(page, name) {
						t.Errorf("%s: the page names %q", path, name)
					}
				}
			}
		})
	}
	// the live cookie itself: rows (the cases above fail for what they are)
	if page, _, _ := servedPage(t, c.URL, "/load-balancers", live); !strings.Contains(page, "shop-frontend") {
		t.Error("the live cookie's page has no rows")
	}
}

// TestFirstScreenUpstreamFails: when Octavia fails or is slower than
// firstScreenTimeout, the page is served without rows (the app reads them
// itself), within the timeout rather than the upstream's delay.
func TestFirstScreenUpstreamFails(t *testing.T) {
	c := startConsole(t)
	cookie := cookieLogin(t, c.URL, "demo", "demo")
	lab := servertest.NewLabAdmin(t, c.URL, "")
	for _, tt := range []struct{ name, faults string }{
		{"Octavia answers 503", `{"octavia":"503"}`},
		{"every answer takes 20 s", `{"latency":"20s"}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			lab.Faults(t, tt.faults)
			defer lab.Faults(t, `{}`)
			start := time.Now()
			page, boot, _ := servedPage(t, c.URL, "/load-balancers", cookie)
			if boot.Served != nil || strings.Contains(page, "shop-frontend") || strings.Contains(page, "lb-row") {
				t.Errorf("the page has rows or a served read: %+v", boot.Served)
			}
			if !boot.Session {
				t.Error("the page no longer says the session is live: the app would show the login form")
			}
			// not a timing assertion: a page that waited for the 20 s
			// answers would be late by the whole delay
			if d := time.Since(start); tt.faults == `{"latency":"20s"}` && d >= 20*time.Second {
				t.Errorf("the page waited %v: for the upstream's answers", d)
			}
		})
	}
}

// TestFirstScreenOff: -no-first-screen serves pages without a session's
// rows (the app reads them).
func TestFirstScreenOff(t *testing.T) {
	s := startRun(t, nil, "-web", webDir, "-lab-delay", "0s", "-lab-scenario", servertest.WriteFile(t, t.TempDir(), "s.json", seededScenario), "-no-first-screen")
	page, boot, _ := servedPage(t, s.URL, "/load-balancers", cookieLogin(t, s.URL, "demo", "demo"))
	if !boot.Session || boot.Served != nil || strings.Contains(page, "lb-row") {
		t.Errorf("session %v, served %+v, rows in the page %v: want a session, nothing served", boot.Session, boot.Served, strings.Contains(page, "lb-row"))
	}
}
