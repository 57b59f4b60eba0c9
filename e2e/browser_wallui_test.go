package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// wallToken is the customer wall's secret (token_env WALL_TOKEN).
const wallToken = "cUst0mer-w4ll-t0ken-0123456789"

// wallsFile is three walls of the lab's demo project, all over the lab's
// admin: "shop" (public, everything, shop-* only), "customer" (secret,
// names and members but no addresses, api-* only), "demo" (public,
// everything) and "overview" (public, a summary with names).
const wallsFile = `walls:
  - name: shop
    title: Shop (NOC)
    cloud: lab
    projects: [demo]
    names: ["shop-*"]
    show: [names, addresses, members]
    access: public
  - name: customer
    title: API customer
    cloud: lab
    projects: [demo]
    names: ["api-*"]
    show: [names, members]
    access: secret
    token_env: WALL_TOKEN
  - name: demo
    title: Demo project
    cloud: lab
    projects: [demo]
    show: [names, addresses, members]
    access: public
  - name: overview
    title: Overview
    cloud: lab
    projects: [demo]
    show: [summary, names]
    access: public
`

// startWalls starts a console on the lab with wallsFile.
func startWalls(t *testing.T) console {
	t.Helper()
	path := filepath.Join(t.TempDir(), "walls.yaml")
	if err := os.WriteFile(path, []byte(wallsFile), 0o600); err != nil {
		t.Fatal(err)
	}
	return startConsoleWith(t, []string{"-walls", path}, map[string]string{"WALL_TOKEN": wallToken})
}

// wallCards is the names on a wall's cards, in order.
func wallCards(t *testing.T, b *browser) string {
	t.Helper()
	return eval[string](t, b, `[...document.querySelectorAll(".wall-card h2")].map(h => h.textContent).join(",")`)
}

// openWall opens the wall at url (a status page's /status, a walls file's
// /walls/NAME) and waits for the cards of the lab's demo project's five
// load balancers.
func (b *browser) openWall(t testing.TB, url string) {
	t.Helper()
	b.do(t, "open the wall", 60*time.Second, chromedp.Navigate(url))
	b.waitJS(t, "the wall's load balancers", `document.querySelectorAll(".wall-card").length === 5`, 30*time.Second)
}

// TestBrowserWallScopes: two walls of one walls file show only the load
// balancers of their scope; the customer wall (no addresses) shows its
// members without an address or a VIP; a summary wall shows no tree but
// its strips; a secret wall without its token is "No such wall".
func TestBrowserWallScopes(t *testing.T) {
	t.Parallel()
	c := startWalls(t)
	b := newBrowser(t)

	b.do(t, "open the shop wall", 60*time.Second, chromedp.Navigate(c.URL+"/walls/shop"))
	b.waitJS(t, "the shop wall's card", `document.querySelectorAll(".wall-card").length === 1 && document.querySelectorAll(".wall-member").length === 3`, 30*time.Second)
	if got := wallCards(t, b); got != "shop-frontend" {
		t.Errorf("the shop wall shows %q, want only shop-frontend", got)
	}
	if got := b.text(t, "#wall-title"); got != "Shop (NOC)" {
		t.Errorf("title: got %q, want the wall's", got)
	}
	if got := b.text(t, ".wall-card"); !strings.Contains(got, "10.0.0.12:80") {
		t.Errorf("the shop wall, which shows addresses, has no member address: %q", got)
	}
	if got := eval[int](t, b, `document.querySelectorAll(".wall-card .wall-since").length`); got == 0 {
		t.Errorf("no status says since when")
	}

	b.do(t, "open the customer wall", 60*time.Second, chromedp.Navigate(c.URL+"/walls/customer/"+wallToken))
	b.waitJS(t, "the customer wall's card", `document.querySelectorAll(".wall-card").length === 1 && document.querySelectorAll(".wall-member").length === 2`, 30*time.Second)
	if got := wallCards(t, b); got != "api-gateway" {
		t.Errorf("the customer wall shows %q, want only api-gateway", got)
	}
	if body := b.text(t, "body"); strings.Contains(body, "10.0.0.") {
		t.Errorf("the customer wall shows an address: %q", body)
	}
	if got := b.text(t, "#wall-summary"); !strings.Contains(got, "1 load balancer") {
		t.Errorf("summary: got %q, want one load balancer", got)
	}

	b.do(t, "open the overview wall", 60*time.Second, chromedp.Navigate(c.URL+"/walls/overview"))
	b.waitJS(t, "the overview's cards", `document.querySelectorAll(".wall-card").length === 5`, 30*time.Second)
	if n := eval[int](t, b, `document.querySelectorAll(".wall-tree, .wall-member").length`); n != 0 {
		t.Errorf("a summary wall shows %d trees or members, want none", n)
	}
	if n := eval[int](t, b, `document.querySelectorAll(".wall-card .tl-svg").length`); n != 5 {
		t.Errorf("a summary wall shows %d timeline strips, want one per load balancer (5)", n)
	}

	b.do(t, "open the customer wall without its token", 60*time.Second, chromedp.Navigate(c.URL+"/walls/customer"))
	b.waitJS(t, "no such wall", `document.body.textContent.includes("No such wall")`, 30*time.Second)
	if n := eval[int](t, b, `document.querySelectorAll(".wall-card").length`); n != 0 {
		t.Errorf("a secret wall without its token shows %d cards", n)
	}
	b.noDialogs(t)
}

// TestBrowserWallMemberDownKiosk: in kiosk mode, a member the lab's faults
// hold down shows on its load balancer's timeline strip (a mark that reads
// the change) and in its tree within 10 s; the lab's admin pins a note
// that every viewer's wall shows at its top; the kiosk, at 1920×1080, is
// saved to /work/kiosk.png; with its network gone, the wall says its feed
// stalled.
func TestBrowserWallMemberDownKiosk(t *testing.T) {
	t.Parallel()
	c := startWalls(t)
	lab := newLabAdmin(t, c)
	t.Cleanup(func() { lab.Faults(t, `{}`) })

	admin := newBrowser(t)
	admin.login(t, c.URL, "admin", "admin", "admin")
	admin.waitJS(t, "the console", `location.pathname === "/load-balancers"`, 60*time.Second)

	kiosk := newBrowser(t)
	kiosk.do(t, "open the demo wall in kiosk mode at 1920×1080", 60*time.Second,
		chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(c.URL+"/walls/demo?kiosk=30"))
	kiosk.waitJS(t, "the kiosk's cards", `document.querySelector(".wall-kiosk") && document.querySelectorAll(".wall-card").length === 5`, 30*time.Second)
	if got := kiosk.text(t, "#wall-fresh"); !strings.HasPrefix(got, "last update") {
		t.Errorf("freshness: got %q, want last update N s ago", got)
	}

	lab.Faults(t, `{"down_members": ["10.0.0.12"]}`)
	down := `[...document.querySelectorAll(".wall-card")].find(c => c.querySelector("h2").textContent === "shop-frontend")`
	kiosk.waitJS(t, "the member's change on the strip", fmt.Sprintf(`(() => { const c = %s; return !!c &&
		[...c.querySelectorAll(".tl-mark")].some(m => /member .*ONLINE → ERROR/.test(m.getAttribute("aria-label"))) &&
		[...c.querySelectorAll(".wall-member")].some(m => m.textContent.includes("10.0.0.12:80") && m.textContent.includes("ERROR")) })()`, down), 10*time.Second)

	admin.do(t, "open the demo wall", 60*time.Second, chromedp.Navigate(c.URL+"/walls/demo"))
	admin.waitJS(t, "the note form", `!!document.querySelector("#wall-note-form")`, 30*time.Second)
	note := "Degraded in region X, investigating " + servertest.HostileName
	admin.do(t, "pin a note", 10*time.Second, setInput("#wall-note-text", note), chromedp.Click(chromedp.ID("wall-note-pin")))
	kiosk.waitJS(t, "the note on the kiosk", fmt.Sprintf(`[...document.querySelectorAll(".wall-note-text")].some(p => p.textContent === %q)`, note), 10*time.Second)
	if got := kiosk.text(t, ".wall-note-at"); !strings.HasPrefix(got, "pinned ") || !strings.HasSuffix(got, " by admin") {
		t.Errorf("the note says %q, want pinned HH:MM by admin", got)
	}
	if got := eval[int](t, kiosk, `document.querySelectorAll('img[src="x"]').length`); got != 0 {
		t.Errorf("the hostile note became %d <img> elements", got)
	}
	admin.waitJS(t, "the note's field emptied once pinned", `document.querySelector("#wall-note-text").value === ""`, 10*time.Second)
	admin.waitJS(t, "the note on the admin's wall", fmt.Sprintf(`[...document.querySelectorAll(".wall-note-text")].some(p => p.textContent === %q)`, note), 10*time.Second)

	ctx, cancel := context.WithTimeout(kiosk.ctx, 20*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("the kiosk's screenshot: %v", err)
	}
	writeShot(t, "wallui-kiosk", png)
	if _, err := os.Stat(filepath.Dir(kioskShot)); err == nil {
		if err := os.WriteFile(kioskShot, png, 0o644); err != nil {
			t.Errorf("the kiosk's screenshot: %v", err)
		}
	}

	// The lab's Octavia down: the wall's poll fails, and the kiosk says its
	// feed stalled, in red, until Octavia is back.
	lab.Faults(t, `{"down_members": ["10.0.0.12"], "octavia": "503"}`)
	kiosk.waitJS(t, "the stalled feed", `(() => { const f = document.querySelector("#wall-fresh");
		return f.classList.contains("wall-stalled") && f.textContent.startsWith("feed stalled") })()`, 30*time.Second)
	lab.Faults(t, `{}`)
	kiosk.waitJS(t, "the feed back", `!document.querySelector("#wall-fresh").classList.contains("wall-stalled")`, 30*time.Second)

	admin.do(t, "remove the note", 10*time.Second, chromedp.Click(chromedp.Search(`//button[contains(@class, "wall-note-remove")]`)))
	kiosk.waitJS(t, "the note gone from the kiosk", `document.querySelectorAll(".wall-note").length === 0`, 10*time.Second)
	kiosk.noDialogs(t)
}

// TestBrowserWallNoteRefused: a console session without the admin role
// may not pin a note: the server's refusal shows at the field, which keeps
// the text; an anonymous viewer gets no form at all.
func TestBrowserWallNoteRefused(t *testing.T) {
	t.Parallel()
	c := startWalls(t)
	anon := newBrowser(t)
	anon.openWall(t, c.URL+"/walls/demo")
	if n := eval[int](t, anon, `document.querySelectorAll("#wall-note-form, .wall-note-remove").length`); n != 0 {
		t.Errorf("an anonymous viewer has %d note controls, want none", n)
	}

	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.waitJS(t, "the console", `location.pathname === "/load-balancers"`, 60*time.Second)
	b.do(t, "open the demo wall", 60*time.Second, chromedp.Navigate(c.URL+"/walls/demo"))
	b.waitJS(t, "the note form", `!!document.querySelector("#wall-note-form")`, 30*time.Second)
	b.do(t, "pin an empty note", 10*time.Second, chromedp.Click(chromedp.ID("wall-note-pin")))
	b.waitJS(t, "the form's own check", `(document.querySelector("#wall-note-error") || {}).textContent === "Write the note first."`, 10*time.Second)
	note := "Maintenance at 22:00 UTC"
	b.do(t, "pin a note", 10*time.Second, setInput("#wall-note-text", note), chromedp.Click(chromedp.ID("wall-note-pin")))
	b.waitJS(t, "the refusal at the field", `/admin role/.test((document.querySelector("#wall-note-error") || {}).textContent)`, 10*time.Second)
	if got := eval[string](t, b, `document.querySelector("#wall-note-text").value`); got != note {
		t.Errorf("after the refusal the field holds %q, want %q", got, note)
	}
	if got := eval[string](t, b, `document.querySelector("#wall-note-text").getAttribute("aria-invalid")`); got != "true" {
		t.Errorf("aria-invalid: got %q, want true", got)
	}
	if n := eval[int](t, anon, `document.querySelectorAll(".wall-note").length`); n != 0 {
		t.Errorf("the refused note shows on the wall (%d notes)", n)
	}
}

// kioskShot is where TestBrowserWallMemberDownKiosk saves the kiosk mode's
// screenshot for the lead's note (and artifacts/wallui-kiosk.png).
const kioskShot = "/work/kiosk.png"

// TestBrowserWallAccessible: the wall page passes axe-core in every view
// (light, dark, phone); Tab reaches a change's mark on a strip, which is
// read out under it; in kiosk mode on a screen too small for the demo
// wall's five load balancers, the cards off the page shown are hidden and
// the pages turn.
func TestBrowserWallAccessible(t *testing.T) {
	t.Parallel()
	c := startWalls(t)
	lab := newLabAdmin(t, c)
	t.Cleanup(func() { lab.Faults(t, `{}`) })

	b := newBrowser(t)
	b.openWall(t, c.URL+"/walls/demo")
	lab.Faults(t, `{"down_members": ["10.0.0.12"]}`) // after the wall's first poll: a change, not a first sight
	b.waitJS(t, "a change on a strip", `!!document.querySelector(".tl-mark")`, 30*time.Second)
	b.audit(t, "wall")

	b.focusStart(t, ".wall-card:has(.tl-mark) .wall-timeline")
	if got := b.pressTab(t, false); !strings.HasPrefix(got, ".tl-mark") {
		t.Fatalf("Tab from a strip's start went to %q, want its first mark", got)
	}
	label := eval[string](t, b, `document.activeElement.getAttribute("aria-label")`)
	b.waitJS(t, "the focused change read out", fmt.Sprintf(`document.activeElement.closest(".wall-timeline").querySelector(".tl-tip").textContent === %q`, label), 5*time.Second)
	if !strings.Contains(label, "→") {
		t.Errorf("the mark reads %q, want a change (FROM → TO)", label)
	}

	b.do(t, "kiosk mode, pages of 3 s, on a small screen", 60*time.Second,
		chromedp.EmulateViewport(1000, 600), chromedp.Navigate(c.URL+"/walls/demo?kiosk=3"))
	shown := `[...document.querySelectorAll(".wall-card:not(.kiosk-off) h2")].map(h => h.textContent).join(",")`
	b.waitJS(t, "a page of the kiosk", `document.querySelectorAll(".wall-card").length === 5 && document.querySelectorAll(".wall-card.kiosk-off").length > 0`, 30*time.Second)
	first := eval[string](t, b, shown)
	if first == "" {
		t.Fatalf("the kiosk shows no card")
	}
	b.waitJS(t, "the next page", fmt.Sprintf(`(() => { const s = %s; return s !== "" && s !== %q })()`, shown, first), 30*time.Second)
	if got := b.text(t, "#wall-page"); !strings.HasPrefix(got, "page ") {
		t.Errorf("the kiosk says %q, want which page it shows (page N of M)", got)
	}
	if got := eval[int](t, b, `document.querySelectorAll(".wall-kiosk #wall-note-form, .wall-kiosk .skip-link").length`); got != 0 {
		t.Errorf("kiosk mode shows %d pieces of chrome (note form, skip link)", got)
	}
}

// BenchmarkBrowserWallBig measures what a wall of the lab's scale project
// (servertest.ScaleCount load balancers, one card each) costs the
// browser's main thread: the long tasks (over 50 ms) of 15 s of the live
// page and of its kiosk mode, per second, and how many there were.
func BenchmarkBrowserWallBig(b *testing.B) {
	path := filepath.Join(b.TempDir(), "walls.yaml")
	big := "walls:\n  - name: big\n    cloud: lab\n    projects: [scale]\n    show: [names, addresses, members]\n    access: public\n"
	if err := os.WriteFile(path, []byte(big), 0o600); err != nil {
		b.Fatal(err)
	}
	c := startConsoleWith(b, []string{"-walls", path}, nil)
	br := newBrowser(b)
	const span = 15 * time.Second
	for i := 0; i < b.N; i++ {
		for _, page := range []string{"big", "big?kiosk"} {
			br.do(b, "open the big wall", 60*time.Second, chromedp.Navigate(c.URL+"/walls/"+page))
			br.waitJS(b, "every card", fmt.Sprintf(`document.querySelectorAll(".wall-card").length === %d`, servertest.ScaleCount), 2*time.Minute)
			eval[bool](b, br, `(() => { window.wallLong = {ms: 0, n: 0};
				new PerformanceObserver(l => { for (const e of l.getEntries()) { wallLong.ms += e.duration; wallLong.n++ } }).observe({type: "longtask"});
				return true })()`)
			time.Sleep(span) // a measurement's window, not a wait for a state
			ms, n := eval[float64](b, br, `wallLong.ms`), eval[int](b, br, `wallLong.n`)
			name := strings.ReplaceAll(strings.TrimPrefix(page, "big"), "?", "")
			if name == "" {
				name = "live"
			}
			b.ReportMetric(ms/span.Seconds(), "long-ms/s-"+name)
			b.Logf("%s: %d cards, %d long tasks in %v, %.0f ms of them (%.0f ms a second)", page, servertest.ScaleCount, n, span, ms, ms/span.Seconds())
		}
	}
}
