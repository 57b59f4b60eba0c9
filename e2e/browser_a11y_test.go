//go:build !js

package e2e

// Accessibility, the dark theme and the phone size, end to end: every page
// in every state the lab can show is checked with axe-core (from npm,
// installed into .cache/axe, gitignored, never into the repository) in the
// light and the dark theme and at 375×667, where it must not scroll
// sideways; the keyboard alone reaches everything. Screenshots of each
// go to artifacts/a11y-*.png.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// axeVersion is the axe-core release the tests inject (npm).
const axeVersion = "4.14.1"

// axeDir is where `make deps` (or the first test that needs it) installs
// axe-core with npm.
const axeDir = "../.cache/axe"

var axeOnce struct {
	sync.Once
	src string
	err error
}

// axeSource returns axe.min.js, installing axe-core with npm into axeDir
// when it is not there yet. It fails (never skips) when it cannot.
func axeSource(t testing.TB) string {
	t.Helper()
	axeOnce.Do(func() {
		path := filepath.Join(axeDir, "node_modules", "axe-core", "axe.min.js")
		if _, err := os.Stat(path); err != nil {
			cmd := exec.Command("npm", "install", "--prefix", axeDir, "--no-audit", "--no-fund", "--no-save", "axe-core@"+axeVersion)
			if out, err := cmd.CombinedOutput(); err != nil {
				axeOnce.err = fmt.Errorf("npm install axe-core@%s: %v\n%s", axeVersion, err, out)
				return
			}
		}
		b, err := os.ReadFile(path)
		axeOnce.src, axeOnce.err = string(b), err
	})
	if axeOnce.err != nil {
		t.Fatalf("axe-core is needed (run `make deps`): %v", axeOnce.err)
	}
	return axeOnce.src
}

// axeViolation is one failed axe rule, with the elements that fail it.
type axeViolation struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"`
	Help   string   `json:"help"`
	Nodes  []string `json:"nodes"`
}

func (v axeViolation) String() string {
	return fmt.Sprintf("%s (%s): %s\n\t\t%s", v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "\n\t\t"))
}

// axeRun runs axe-core's default rules (WCAG 2 A and AA, best practices),
// and WCAG 2.2's target size (24 px), on the page as it is and returns the
// violations.
func (b *browser) axeRun(t testing.TB) []axeViolation {
	t.Helper()
	if !eval[bool](t, b, `typeof axe === "object"`) {
		ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
		defer cancel()
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](axeSource(t)+";true")); err != nil {
			t.Fatalf("injecting axe-core: %v", err)
		}
	}
	ctx, cancel := context.WithTimeout(b.ctx, 60*time.Second)
	defer cancel()
	js := `axe.run(document, {resultTypes: ["violations"], rules: {"target-size": {enabled: true}}}).then(r => JSON.stringify(r.violations.map(v => ({
		id: v.id, impact: v.impact, help: v.help,
		nodes: v.nodes.map(n => n.target.join(" ") + ": " + (n.failureSummary || "").replace(/\s+/g, " "))}))))`
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("axe.run: %v", err)
	}
	var vs []axeViolation
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		t.Fatalf("axe.run's answer %q: %v", out, err)
	}
	return vs
}

// view is how the page is looked at: a colour scheme and a window size.
type view struct {
	name          string
	scheme        string // prefers-color-scheme
	width, height int64
}

// phone reports whether v is a phone's screen.
func (v view) phone() bool { return v.width < 500 }

var views = []view{
	{"light", "light", 1360, 860},
	{"dark", "dark", 1360, 860},
	{"phone", "light", 375, 667},
	{"phone-dark", "dark", 375, 667},
}

// emulate makes the page look as v says.
func (b *browser) emulate(t testing.TB, v view) {
	t.Helper()
	b.do(t, "emulate "+v.name, 10*time.Second, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: v.scheme}},
		}); err != nil {
			return err
		}
		_, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
			Width: v.width, Height: v.height, DeviceScaleFactor: 1,
		})
		return err
	}))
	// Let the layout and the transitions settle.
	b.waitJS(t, "the page in the "+v.scheme+" theme", fmt.Sprintf(`matchMedia("(prefers-color-scheme: %s)").matches`, v.scheme), 5*time.Second)
	time.Sleep(300 * time.Millisecond)
}

// audit checks the page as it is in every view: axe-core finds nothing, and
// at phone size nothing scrolls sideways but inside its own box. It saves a
// screenshot per view (artifacts/a11y-NAME-VIEW.png) and puts the window
// back as it was (light, 1360×860).
func (b *browser) audit(t testing.TB, name string) {
	t.Helper()
	for _, v := range views {
		b.emulate(t, v)
		if vs := b.axeRun(t); len(vs) != 0 {
			var s []string
			for _, v := range vs {
				s = append(s, v.String())
			}
			t.Errorf("%s (%s): axe-core found %d violations, want 0:\n\t%s", name, v.name, len(vs), strings.Join(s, "\n\t"))
		}
		if v.phone() {
			sw, cw := eval[int](t, b, `document.scrollingElement.scrollWidth`), eval[int](t, b, `document.scrollingElement.clientWidth`)
			if sw > cw {
				t.Errorf("%s (%s): the page is %d px wide in a %d px window, want no sideways scrolling", name, v.name, sw, cw)
			}
		}
		b.shot(t, "a11y-"+name+"-"+v.name)
	}
	b.emulate(t, views[0])
}

// pressTab presses Tab (Shift+Tab when back) and returns the id, or else
// the class, of the element that has the focus then.
func (b *browser) pressTab(t testing.TB, back bool) string {
	t.Helper()
	var opts []chromedp.KeyOption
	if back {
		opts = append(opts, chromedp.KeyModifiers(kbShift))
	}
	b.do(t, "press Tab", 5*time.Second, chromedp.KeyEvent(kb.Tab, opts...))
	return b.focused(t)
}

const kbShift = 8 // input.ModifierShift

// focused names the element that has the focus: its id, else its classes.
func (b *browser) focused(t testing.TB) string {
	t.Helper()
	return eval[string](t, b, `(() => { const e = document.activeElement; if (!e) return "";
		return e.id ? "#" + e.id : "." + [...e.classList].join("."); })()`)
}

// focusStart puts the keyboard's starting point at the start of the
// element sel, as a fresh page has it: the next Tab goes to its first Tab stop.
func (b *browser) focusStart(t testing.TB, sel string) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return false;
		e.setAttribute("tabindex", "-1"); e.focus(); e.removeAttribute("tabindex"); window.scrollTo(0, 0); return true; })()`, sel)
	if !eval[bool](t, b, js) {
		t.Fatalf("no element %s", sel)
	}
}

// tabToSkipLink puts the keyboard's starting point at the start of sel
// (the console's .app, the wall's .wall) and presses Tab: the first Tab
// stop must be the skip link. It reports whether it was.
func (b *browser) tabToSkipLink(t testing.TB, sel string) bool {
	t.Helper()
	b.focusStart(t, sel)
	if got := b.pressTab(t, false); got != ".skip-link" {
		t.Errorf("first Tab stop: got %q, want the skip link", got)
		return false
	}
	return true
}

// followSkipLink presses Enter on the focused skip link and waits for the
// focus in the page's content.
func (b *browser) followSkipLink(t testing.TB) {
	t.Helper()
	b.do(t, "follow the skip link", 5*time.Second, chromedp.KeyEvent(kb.Enter))
	b.waitJS(t, "the focus in the content", `document.activeElement && document.activeElement.id === "content"`, 5*time.Second)
}

// focusVisible reports whether the focused element shows that it has the
// focus: an outline, or (status tree nodes) a thick box border.
const focusVisible = `(() => { const e = document.activeElement; if (!e || e === document.body) return false;
	if (e.matches("g.tree-node")) return getComputedStyle(e.querySelector(".tn-box")).strokeWidth === "3px";
	const s = getComputedStyle(e); return s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2; })()`

// TestBrowserAccessibility walks the console's pages in every state the lab
// can put them in (login, with an error, the list loading, with a running
// and a failed operation, failing, read-only, empty, searched to nothing, the
// create form, the detail page, both loading, the delete dialog, logged out,
// the status page of a server that runs none), runs axe-core
// on each in both themes and at phone size, and drives the keyboard: the
// skip link, the status tree's nodes, and the delete dialog that keeps the
// focus and gives it back.
func TestBrowserAccessibility(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	lab := newLabAdmin(t, c)
	b := newBrowser(t)
	axeSource(t)

	b.do(t, "open the login page", 60*time.Second,
		chromedp.Navigate(c.URL+"/login"),
		chromedp.WaitVisible(chromedp.CSS(`#login-form[data-ready="true"]`)),
	)
	b.audit(t, "login")
	b.fillLogin(t, "demo", "not-the-password", "demo")
	b.waitJS(t, "the login error", `!!document.querySelector("#login-error")`, 20*time.Second)
	b.audit(t, "login-error")

	// The list while it loads (the lab answers slowly).
	lab.Faults(t, `{"latency": "20s"}`)
	b.fillLogin(t, "demo", "demo", "demo")
	b.waitJS(t, "the list loading", `!!document.querySelector("#lb-loading")`, 60*time.Second)
	b.audit(t, "list-loading")
	lab.Faults(t, `{}`)
	b.waitJS(t, "the load balancer list", `document.querySelectorAll("tr.lb-row").length >= 5`, 40*time.Second)
	b.audit(t, "list")
	// A row whose status just changed flashes: held at its strongest, its
	// texts (the name's link the palest) must still be readable.
	eval[bool](t, b, `(() => { const r = document.querySelector("tr.lb-row"); r.style.animationPlayState = "paused"; r.classList.add("flash"); return true; })()`)
	b.audit(t, "list-row-flash")
	eval[bool](t, b, `(() => { const r = document.querySelector("tr.lb-row"); r.classList.remove("flash"); r.style.animationPlayState = ""; return true; })()`)

	// Keyboard: the first Tab stop is the skip link; it moves the focus to
	// the page's content.
	b.tabToSkipLink(t, ".app")
	if !eval[bool](t, b, focusVisible) {
		t.Errorf("the skip link shows no focus")
	}
	b.shotViewport(t, "a11y-skip-link")
	b.followSkipLink(t)
	if got := b.pressTab(t, false); got != "#lb-skip-rows" {
		t.Errorf("first Tab stop after the skip link: got %q, want #lb-skip-rows (issue 30)", got)
	}
	if got := b.pressTab(t, false); got != "#lb-search" {
		t.Errorf("second Tab stop after the skip link: got %q, want #lb-search", got)
	}
	if !eval[bool](t, b, focusVisible) {
		t.Errorf("the search box shows no focus")
	}

	// A search that matches nothing.
	b.do(t, "search", 10*time.Second, setInput("#lb-search", "no-such-load-balancer"))
	b.waitJS(t, "no match", `!!document.querySelector("#lb-nomatch")`, 10*time.Second)
	b.audit(t, "list-no-match")
	b.do(t, "clear the search", 10*time.Second, setInput("#lb-search", ""))

	// The create form, then the list with the create's wait item.
	b.do(t, "open the create form", 30*time.Second,
		chromedp.Click(chromedp.ID("lb-create")),
		chromedp.WaitReady(chromedp.CSS(`#create-subnet option`)),
	)
	b.audit(t, "create")
	b.do(t, "create", 10*time.Second, setInput("#create-name", "a11y-web"), chromedp.Click(chromedp.ID("create-submit")))
	b.waitJS(t, "the create wait item", `!!document.querySelector(".op.op-waiting")`, 20*time.Second)
	b.audit(t, "list-operations")

	// The detail page; the keyboard reaches every node of the status tree.
	b.do(t, "open shop-frontend", 30*time.Second,
		chromedp.Click(chromedp.Search(`//td[@class="name"]/a[text()="shop-frontend"]`)),
		chromedp.WaitVisible(chromedp.CSS(`svg.status-tree`)),
	)
	b.audit(t, "detail")
	nodes := eval[int](t, b, `document.querySelectorAll("svg.status-tree g.tree-node").length`)
	b.focusStart(t, "#lb-props")
	reached := map[string]bool{}
	for range nodes + 5 {
		b.pressTab(t, false)
		id := eval[string](t, b, `document.activeElement.matches("g.tree-node") ? document.activeElement.dataset.id : ""`)
		if id == "" {
			continue
		}
		reached[id] = true
		if len(reached) == 2 {
			b.shotViewport(t, "a11y-tree-node-focus")
		}
		if !eval[bool](t, b, focusVisible) {
			t.Errorf("tree node %s shows no focus", id)
		}
		if got := eval[string](t, b, `document.activeElement.getAttribute("aria-label") || ""`); !strings.Contains(got, "provisioning") {
			t.Errorf("tree node %s: got label %q, want its kind, name and statuses", id, got)
		}
	}
	if len(reached) != nodes {
		t.Errorf("status tree nodes reached with Tab: got %d, want all %d", len(reached), nodes)
	}

	// The delete dialog takes the focus, keeps it while Tab goes round, and
	// gives it back to the Delete button when Escape closes it.
	b.do(t, "open the delete dialog", 10*time.Second,
		chromedp.Focus(chromedp.ID("lb-delete")),
		chromedp.KeyEvent(kb.Enter),
		chromedp.WaitVisible(chromedp.ID("delete-confirm")),
	)
	b.waitJS(t, "the focus in the dialog", `!!document.activeElement.closest("#delete-confirm")`, 5*time.Second)
	for i := range 8 {
		b.pressTab(t, i%3 == 2)
		if !eval[bool](t, b, `!!document.activeElement.closest("#delete-confirm")`) {
			t.Fatalf("Tab %d left the dialog for %s", i+1, b.focused(t))
		}
		if !eval[bool](t, b, focusVisible) {
			t.Errorf("%s in the dialog shows no focus", b.focused(t))
		}
	}
	b.audit(t, "delete-dialog")
	b.do(t, "close the dialog", 5*time.Second, chromedp.KeyEvent(kb.Escape))
	b.waitJS(t, "the dialog closed", `!document.querySelector("#delete-confirm[open]")`, 5*time.Second)
	if got := b.focused(t); got != "#lb-delete" {
		t.Errorf("focus after the dialog closed: got %q, want #lb-delete", got)
	}

	// A create that the lab sends to ERROR: a failed operation.
	lab.Faults(t, `{"error": ["a11y-doomed"]}`)
	b.do(t, "create a11y-doomed", 30*time.Second,
		chromedp.Click(chromedp.CSS(`.nav-link[href="/load-balancers/new"]`)),
		chromedp.WaitReady(chromedp.CSS(`#create-subnet option`)),
		setInput("#create-name", "a11y-doomed"),
		chromedp.Click(chromedp.ID("create-submit")),
	)
	b.waitJS(t, "the failed wait", `!!document.querySelector(".op.op-failed")`, 30*time.Second)
	b.waitJS(t, "the list", `document.querySelectorAll("tr.lb-row").length >= 5`, 30*time.Second)
	b.audit(t, "list-failed-operation")

	// The detail page and the create form while the lab answers slowly.
	lab.Faults(t, `{"latency": "30s"}`)
	b.do(t, "open api-gateway", 10*time.Second, chromedp.Click(chromedp.Search(`//td[@class="name"]/a[text()="api-gateway"]`)))
	b.waitJS(t, "the detail loading", `!!document.querySelector(".page-body > .empty.loading")`, 10*time.Second)
	b.audit(t, "detail-loading")
	b.do(t, "open the create form", 10*time.Second, chromedp.Click(chromedp.CSS(`.nav-link[href="/load-balancers/new"]`)))
	b.waitJS(t, "the subnets loading", `!!document.querySelector("#create-form") && !document.querySelector("#create-subnet")`, 10*time.Second)
	b.audit(t, "create-loading")
	lab.Faults(t, `{}`)
	b.do(t, "back to the list", 10*time.Second, chromedp.Click(chromedp.CSS(`.nav-link[href="/load-balancers"]`)))
	b.waitJS(t, "the list", `document.querySelectorAll("tr.lb-row").length >= 5`, 60*time.Second)

	// The list when Octavia fails: a refresh keeps the rows and says it
	// failed; a first load shows the error.
	lab.Faults(t, `{"octavia": "503"}`)
	b.do(t, "refresh", 10*time.Second, chromedp.Click(chromedp.ID("lb-refresh")))
	b.waitJS(t, "the refresh error", `!!document.querySelector("#lb-refresh-error") && document.querySelectorAll("tr.lb-row").length >= 5`, 60*time.Second)
	b.audit(t, "list-refresh-failed")
	b.do(t, "open the create form", 10*time.Second, chromedp.Click(chromedp.CSS(`.nav-link[href="/load-balancers/new"]`)))
	b.do(t, "back to the list", 10*time.Second, chromedp.Click(chromedp.CSS(`.nav-link[href="/load-balancers"]`)))
	b.waitJS(t, "the list error", `!!document.querySelector("#lb-error")`, 60*time.Second)
	b.audit(t, "list-error")
	lab.Faults(t, `{}`)

	// The read-only viewer (badge, no write control).
	b.do(t, "log out", 20*time.Second, chromedp.Click(chromedp.ID("logout")))
	b.waitJS(t, "the login page", `location.pathname === "/login" && !!document.querySelector("#login-form[data-ready=true]")`, 20*time.Second)
	b.audit(t, "logged-out")
	b.fillLogin(t, "viewer", "viewer", "demo")
	b.waitJS(t, "the viewer's list", `document.querySelectorAll("tr.lb-row").length >= 5 && !!document.querySelector(".ro-badge")`, 30*time.Second)
	b.audit(t, "list-read-only")

	// An empty project.
	b.do(t, "log out the viewer", 20*time.Second, chromedp.Click(chromedp.ID("logout")))
	b.waitJS(t, "the login page", `location.pathname === "/login" && !!document.querySelector("#login-form[data-ready=true]")`, 20*time.Second)
	b.fillLogin(t, "empty", "empty", "empty")
	b.waitJS(t, "the empty state", `!!document.querySelector("#lb-empty")`, 30*time.Second)
	b.audit(t, "list-empty")

	// A server without a status page says so.
	b.do(t, "open /status", 30*time.Second, chromedp.Navigate(c.URL+"/status"))
	b.waitJS(t, "the no-status-page notice", `!!document.querySelector("#wall-off")`, 30*time.Second)
	b.audit(t, "status-off")

	b.noDialogs(t)
}

// TestBrowserStatusWallAccessibility runs axe-core on a status wall that
// shows load balancers (the demo project of another console) in both themes
// and at phone size, and reaches its tree nodes with Tab.
func TestBrowserStatusWallAccessibility(t *testing.T) {
	t.Parallel()
	c := startStatusWall(t)
	b := newBrowser(t)
	axeSource(t)
	b.openWall(t, c.URL+"/status")
	b.waitJS(t, "the trees", `document.querySelectorAll(".wall-card svg.status-tree").length === 5`, 30*time.Second)
	b.audit(t, "status-wall")
	b.tabToSkipLink(t, ".wall")
	if got := eval[bool](t, b, `[...document.querySelectorAll("g.tree-node")].every(g => g.tabIndex === 0)`); !got {
		t.Errorf("the wall's tree nodes are not all in the Tab order")
	}
}
