//go:build !js

package e2e

// The driver: the server under test, and a tab of Debian's Chromium driven
// by chromedp, whose every step can save a screenshot under artifacts/.

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/servertest"
)

const (
	chromiumPath = "/usr/bin/chromium"
	webDir       = "../web"
	artifactsDir = "../artifacts"
)

// console is the server under test.
type console struct {
	URL    string // the console's origin, e.g. http://127.0.0.1:41234
	LabURL string // where the lab's /lab/ control API is: the console's origin (the lab has no port of its own)
	// AdminPassword is the lab admin's password ("" = admin; random with trainees: servertest.BannerPassword)
	AdminPassword string
}

// requireTools fails (never skips) when what the browser tests need is
// missing: app.wasm from `make build`, and Debian's Chromium.
func requireTools(tb testing.TB) {
	tb.Helper()
	if _, err := os.Stat(filepath.Join(webDir, "app.wasm")); err != nil {
		tb.Fatalf("web/app.wasm is missing (%v): run `make build` first", err)
	}
	if _, err := os.Stat(chromiumPath); err != nil {
		tb.Fatalf("Debian's Chromium is missing at %s (%v): run `make deps` (apt-get install chromium)", chromiumPath, err)
	}
}

// startConsole runs the server (the binary TestMain built) on an ephemeral
// port, on the lab cloud seeded with servertest.Scenario, and stops it when
// the test ends.
func startConsole(tb testing.TB) console {
	tb.Helper()
	return startConsoleWith(tb, nil, nil)
}

// startServedConsole is startConsole with extra flags, for the tests of
// the rows a page is served with: a page waits a minute for its first
// screen's reads (-first-screen-timeout), not the second a busy machine
// overruns, after which the page comes without them.
func startServedConsole(tb testing.TB, extra ...string) console {
	tb.Helper()
	return startConsoleWith(tb, append([]string{"-first-screen-timeout", "1m"}, extra...), nil)
}

// startConsoleWith is startConsole with more flags and an environment.
func startConsoleWith(tb testing.TB, extra []string, env map[string]string) console {
	tb.Helper()
	return startConsoleLog(tb, extra, env, io.Discard)
}

// startConsoleLog is startConsoleWith, writing the server's log (JSON lines,
// one per request among them) to log.
func startConsoleLog(tb testing.TB, extra []string, env map[string]string, log io.Writer) console {
	tb.Helper()
	requireTools(tb)
	s := servertest.StartLab(tb, octaview, webDir, extra, env, log)
	return console{URL: s.URL, LabURL: s.URL}
}

// startRun runs the server (the binary TestMain built) with args and env:
// [servertest.Start].
func startRun(tb testing.TB, env map[string]string, args ...string) *servertest.Server {
	tb.Helper()
	return servertest.Start(tb, octaview, env, args...)
}

// browser is one Chromium with one tab; it records every JavaScript dialog.
type browser struct {
	ctx     context.Context
	mu      sync.Mutex
	dialogs []string
	tokens  []string // X-Subject-Token values Keystone gave this browser
}

// newBrowser opens a tab of the package's Chromium in a browser context of
// its own (cookies, storage, caches and service workers of its own, as a
// fresh profile has), closed when the test ends.
func newBrowser(tb testing.TB) *browser {
	tb.Helper()
	requireTools(tb)
	ctx, cancel := chromedp.NewContext(chromium, chromedp.WithNewBrowserContext())
	tb.Cleanup(cancel)
	b := listen(tb, ctx)
	// the page's size in a Chromium of its own (1360×717: a window of
	// 1360×860 less its infobar): a new window opens 56 px taller
	w, err := chromedp.Call(ctx, cdpbrowser.GetWindowForTarget, cdpbrowser.GetWindowForTargetParams{})
	if err == nil {
		_, err = chromedp.Call(ctx, cdpbrowser.SetWindowBounds, cdpbrowser.SetWindowBoundsParams{WindowID: w.WindowID, Bounds: &cdpbrowser.Bounds{Width: 1360, Height: 804}})
	}
	if err != nil {
		tb.Fatalf("sizing the window: %v", err)
	}
	return b
}

// newProfileBrowser is a Chromium of its own on a fresh profile on disk,
// for the tests of the service worker's Cache Storage: a browser context
// keeps it in memory, where TestBrowserUpgradeOneBuild found the first
// visit's cache empty.
func newProfileBrowser(tb testing.TB) *browser {
	tb.Helper()
	return newBrowserWith(tb, tb.TempDir())
}

// newBrowserWith starts a Chromium of its own with the given profile
// directory (a fresh one for a cold start; one a test reopens to find its
// caches) and more options, and opens a tab.
func newBrowserWith(tb testing.TB, profile string, extra ...chromedp.ExecAllocatorOption) *browser {
	tb.Helper()
	actx, acancel := chromedp.NewExecAllocator(context.Background(), append(chromiumOptions(profile), extra...)...)
	ctx, cancel := chromedp.NewContext(actx)
	tb.Cleanup(func() { cancel(); acancel() })
	return listen(tb, ctx)
}

// chromiumOptions start Debian's Chromium headless with profile.
func chromiumOptions(profile string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		// a second tab (sessions test) must keep running while the other is in front
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1360, 860),
	}
}

// listen records the tab's JavaScript dialogs (dismissed) and the tokens
// Keystone gave it.
func listen(tb testing.TB, ctx context.Context) *browser {
	tb.Helper()
	b := &browser{ctx: ctx}
	if err := chromedp.Listen(ctx, func(ev any) {
		if r, ok := ev.(*network.EventResponseReceived); ok && strings.HasSuffix(r.Response.URL, "/identity/v3/auth/tokens") {
			for k, v := range r.Response.Headers {
				if s, ok := v.(string); ok && strings.EqualFold(k, "X-Subject-Token") && s != "" {
					b.mu.Lock()
					b.tokens = append(b.tokens, s)
					b.mu.Unlock()
				}
			}
		}
		if d, ok := ev.(*page.EventJavascriptDialogOpening); ok {
			b.mu.Lock()
			b.dialogs = append(b.dialogs, string(d.Type)+": "+d.Message)
			b.mu.Unlock()
			go chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
		}
	}); err != nil {
		tb.Fatalf("starting %s: %v", chromiumPath, err)
	}
	return b
}

// heldRequests are the requests of a tab that holdRequests holds.
type heldRequests struct {
	mu     sync.Mutex
	paused []fetch.RequestID // held, not yet let go
	held   int               // held since holdRequests
}

// holdRequests holds every request of b's tab whose URL matches pattern (a
// Fetch domain pattern: * any characters) on its way, until release: a
// state the test acts in lasts until it is done, however slow the machine.
func (b *browser) holdRequests(t testing.TB, pattern string) *heldRequests {
	t.Helper()
	h := &heldRequests{}
	if err := chromedp.Listen(b.ctx, func(ev any) {
		if e, ok := ev.(*fetch.EventRequestPaused); ok {
			h.mu.Lock()
			h.paused = append(h.paused, e.RequestID)
			h.held++
			h.mu.Unlock()
		}
	}); err != nil {
		t.Fatalf("holding %s: %v", pattern, err)
	}
	ctx, cancel := context.WithTimeout(b.ctx, minWait)
	defer cancel()
	if _, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: pattern}}}); err != nil {
		t.Fatalf("holding %s: %v", pattern, err)
	}
	return h
}

// release lets the held requests go on and holds no more.
func (h *heldRequests) release(t testing.TB, b *browser) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, minWait)
	defer cancel()
	if _, err := chromedp.Call(ctx, fetch.Disable, cdp.Empty{}); err != nil {
		t.Fatalf("releasing the held requests: %v", err)
	}
	h.mu.Lock()
	paused := h.paused
	h.paused = nil
	h.mu.Unlock()
	for _, id := range paused {
		chromedp.Call(ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: id}) // a gone document's: an error, nothing to do
	}
}

// count is how many requests were held since holdRequests.
func (h *heldRequests) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.held
}

func (b *browser) tokensSeen() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.tokens...)
}

func (b *browser) dialogsSeen() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.dialogs...)
}

// noDialogs checks that no JavaScript dialog (alert, confirm, prompt) has
// opened in b: a name that ran as markup would open one, the console never
// does.
func (b *browser) noDialogs(t testing.TB) {
	t.Helper()
	if d := b.dialogsSeen(); len(d) != 0 {
		t.Errorf("JavaScript dialogs opened: %q", d)
	}
}

// minWait is the least a wait of the driver lasts before it fails. The
// limits the tests name are what the console takes on an idle machine; a
// busy one (make test beside other work, or stress) takes longer, and the
// tests check what the console does, not how fast (the benchmarks do).
const minWait = time.Minute

// patient is limit, at least minWait.
func patient(limit time.Duration) time.Duration { return max(limit, minWait) }

// do runs actions with a time limit (at least minWait). An action whose
// node the page replaced between finding and using it (a live page
// re-renders every 3 s: "Could not find node with given id") did nothing,
// so it runs again, within the same limit.
func (b *browser) do(t testing.TB, what string, limit time.Duration, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, patient(limit))
	defer cancel()
	for {
		err := chromedp.Do(ctx, actions...)
		if err == nil {
			return
		}
		if staleNode(err) && ctx.Err() == nil {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		b.shot(t, "FAILED-"+strings.ReplaceAll(what, " ", "-"))
		t.Fatalf("%s: %v", what, err)
	}
}

// staleNode reports whether err says a node went away before the action
// used it.
func staleNode(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "Could not find node with given id") || strings.Contains(msg, "Node is detached")
}

// eval evaluates a JavaScript expression in the page (within minWait).
func eval[T any](t testing.TB, b *browser, expr string) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, minWait)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// waitJS waits until a JavaScript expression is true, for limit (at least
// minWait).
func (b *browser) waitJS(t testing.TB, what, expr string, limit time.Duration) {
	t.Helper()
	b.wait(t, what, expr, limit)
}

// waitPromise waits until a JavaScript expression's promise resolves to
// true, for limit (at least minWait).
func (b *browser) waitPromise(t testing.TB, what, expr string, limit time.Duration) {
	t.Helper()
	b.wait(t, what, expr, limit, chromedp.EvalAwaitPromise)
}

// wait evaluates expr every 100 ms until it is true, for limit (at least
// minWait); on failure it saves a screenshot and says where the page was.
func (b *browser) wait(t testing.TB, what, expr string, limit time.Duration, opts ...chromedp.EvaluateOption) {
	t.Helper()
	limit = patient(limit)
	ctx, cancel := context.WithTimeout(b.ctx, limit)
	defer cancel()
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr, opts...))
		if err == nil && ok {
			return
		}
		select {
		case <-ctx.Done():
			b.shot(t, "FAILED-"+strings.ReplaceAll(what, " ", "-"))
			wctx, wcancel := context.WithTimeout(b.ctx, 5*time.Second)
			where, _ := chromedp.Run(wctx, chromedp.Evaluate[string](`location.href`))
			wcancel()
			t.Fatalf("waiting %v for %s (%s) at %s: %v", limit, what, expr, where, err)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// text is the textContent of the first element matching a CSS selector, or "".
func (b *browser) text(t testing.TB, sel string) string {
	t.Helper()
	return eval[string](t, b, fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ""`, sel))
}

// shot saves a screenshot of the whole page as artifacts/NAME.png.
func (b *browser) shot(t testing.TB, name string) {
	t.Helper()
	b.save(t, name, chromedp.FullScreenshot(100))
}

// shotViewport saves a screenshot of what the window shows.
func (b *browser) shotViewport(t testing.TB, name string) {
	t.Helper()
	b.save(t, name, chromedp.CaptureScreenshot())
}

func (b *browser) save(t testing.TB, name string, capture chromedp.Action[[]byte]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, capture)
	if err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return
	}
	writeShot(t, name, png)
}

// writeShot saves png as artifacts/NAME.png.
func writeShot(t testing.TB, name string, png []byte) {
	t.Helper()
	if err := os.MkdirAll(artifactsDir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(artifactsDir, strings.ReplaceAll(name, "/", "_")+".png") // a name may quote a path
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s", path)
}

// login fills the login form (once the app runs it), submits it, and
// waits for the answer: the console's first page, or the login's error.
func (b *browser) login(t testing.TB, base, user, password, project string) {
	t.Helper()
	b.do(t, "open the login page", 60*time.Second,
		chromedp.Navigate(base+"/login"),
		chromedp.WaitVisible(chromedp.CSS(`#login-form[data-ready="true"]`)),
	)
	b.fillLogin(t, user, password, project)
	// Wait for the login's answer: a test that navigates at once would
	// abort the login's POST on a busy machine and meet the login form.
	b.waitJS(t, "the login's answer", `location.pathname !== "/login" || !!document.querySelector("#login-error")`, 60*time.Second)
}

func (b *browser) fillLogin(t testing.TB, user, password, project string) {
	t.Helper()
	b.do(t, "fill the login form", 20*time.Second,
		setInput(`#login-user`, user),
		setInput(`#login-password`, password),
		setInput(`#login-project`, project),
		chromedp.Click(chromedp.ID("login-submit")),
	)
}

// enterOn moves the keyboard focus to the element with id, and once the
// focus is there presses Enter. chromedp.Focus on a node that a render
// replaced just after the lookup (a busy machine) leaves the focus where
// it was, and the Enter goes to that field instead: a form's Next.
func enterOn(id string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		js := fmt.Sprintf(`(() => { const e = document.getElementById(%q); if (!e) return false;
			e.focus(); return document.activeElement === e; })()`, id)
		for {
			ok, err := chromedp.Evaluate[bool](js)(ctx, t)
			if err != nil {
				return err
			}
			if ok {
				_, err := chromedp.KeyEvent(kb.Enter)(ctx, t)
				return err
			}
			select {
			case <-ctx.Done():
				return fmt.Errorf("no focus on #%s: %w", id, ctx.Err())
			case <-time.After(50 * time.Millisecond):
			}
		}
	})
}

// setInput replaces an input's value the way typing does (go-app listens to
// input events).
func setInput(sel, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return false;
			e.focus(); e.value = %q; e.dispatchEvent(new Event("input", {bubbles: true}));
			e.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, sel, value)
		ok, err := chromedp.Evaluate[bool](js)(ctx, t)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("no element %s", sel)
		}
		return nil
	})
}

// createLB creates a load balancer named name with the create form, which
// the list's Create button opens.
func (b *browser) createLB(t testing.TB, name string) {
	t.Helper()
	b.do(t, "create "+name, 30*time.Second,
		chromedp.Click(chromedp.ID("lb-create")),
		chromedp.WaitReady(chromedp.CSS(`#create-subnet option`)),
		setInput("#create-name", name),
		chromedp.Click(chromedp.ID("create-submit")),
	)
}

// rowStatus is the JS expression of the provisioning status of the list row
// named name ("" when there is no such row).
func rowStatus(name string) string {
	return fmt.Sprintf(`(() => { for (const r of document.querySelectorAll("tr.lb-row")) {
		if (r.querySelector("td.name").textContent === %q) return r.dataset.status; } return ""; })()`, name)
}

// newLabAdmin logs in to c's lab as its admin.
func newLabAdmin(t testing.TB, c console) servertest.LabAdmin {
	t.Helper()
	return servertest.NewLabAdmin(t, c.LabURL, c.AdminPassword)
}

// TestBrowserConsole drives the console through a session of an operator:
// a refused login, the list, a create watched to ACTIVE, the detail page
// with its status tree, a cascade delete watched to the end, a create that
// the lab sends to ERROR, a busy load balancer, the hostile name, logout,
// the read-only viewer, and a list longer than one page.
func TestBrowserConsole(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	lab := newLabAdmin(t, c)
	b := newBrowser(t)

	// A wrong password is refused with a message.
	b.login(t, c.URL, "demo", "not-the-password", "demo")
	b.waitJS(t, "the login error", `!!document.querySelector("#login-error")`, 20*time.Second)
	if got := b.text(t, "#login-error"); !strings.Contains(got, "refused") || !strings.Contains(got, "401") {
		t.Errorf("wrong password: got message %q, want one saying Keystone refused the credentials (401)", got)
	}
	if got := eval[int](t, b, `document.querySelectorAll("[data-lab-user]").length`); got < 3 {
		t.Errorf("lab users on the login page: got %d, want at least 3", got)
	}
	b.shot(t, "01-login-wrong-password")

	// Log in: the list shows the project's load balancers.
	b.fillLogin(t, "demo", "demo", "demo")
	b.waitJS(t, "the load balancer list", `document.querySelectorAll("tr.lb-row").length >= 5`, 30*time.Second)
	if got := b.text(t, "#who-user"); got != "demo" {
		t.Errorf("header user: got %q, want demo", got)
	}
	if got := eval[string](t, b, rowStatus("legacy-batch")); got != "ERROR" {
		t.Errorf("legacy-batch row status: got %q, want ERROR", got)
	}
	if got := eval[bool](t, b, fmt.Sprintf(`[...document.querySelectorAll("td.name a")].some(a => a.textContent === %q)`, servertest.HostileName)); !got {
		t.Errorf("the hostile name is not shown as text in the list")
	}
	if got := eval[int](t, b, `document.querySelectorAll('img[src="x"]').length`); got != 0 {
		t.Errorf("the hostile name became %d <img> elements", got)
	}
	b.shot(t, "02-list")

	// Search by name.
	b.do(t, "search", 10*time.Second, setInput("#lb-search", "shop"))
	b.waitJS(t, "one search result", `document.querySelectorAll("tr.lb-row").length === 1`, 10*time.Second)
	b.shot(t, "03-list-search")
	b.do(t, "clear the search", 10*time.Second, setInput("#lb-search", ""))

	// Create: the new load balancer appears at once, PENDING_CREATE, with a
	// wait item, and becomes ACTIVE on the page.
	b.do(t, "open the create form", 30*time.Second,
		chromedp.Click(chromedp.ID("lb-create")),
		chromedp.WaitReady(chromedp.CSS(`#create-subnet option`)),
		setInput("#create-name", "ci-web-1"),
		setInput("#create-description", "made by the browser test"),
	)
	b.shot(t, "04-create-form")
	b.do(t, "submit the create form", 10*time.Second, chromedp.Click(chromedp.ID("create-submit")))
	b.waitJS(t, "ci-web-1 pending", rowStatus("ci-web-1")+` === "PENDING_CREATE"`, 20*time.Second)
	b.waitJS(t, "the create wait item", `!!document.querySelector(".op.op-waiting")`, 5*time.Second)
	if got := b.text(t, ".op .op-accepted"); !regexp.MustCompile(`^Accepted by Octavia \(HTTP 20[12], request req-`).MatchString(got) {
		t.Errorf("wait item: got %q, want it to say the create was accepted, with Octavia's request id", got)
	}
	b.shot(t, "05-create-pending")
	b.waitJS(t, "ci-web-1 active", rowStatus("ci-web-1")+` === "ACTIVE"`, 30*time.Second)
	b.waitJS(t, "the create wait succeeded", `!!document.querySelector(".op.op-succeeded")`, 10*time.Second)
	if got := b.text(t, ".op-succeeded .op-outcome"); !strings.Contains(got, "ACTIVE") {
		t.Errorf("create outcome: got %q, want ACTIVE", got)
	}
	b.shot(t, "06-create-active")

	// The detail page draws the status tree.
	b.do(t, "open shop-frontend", 30*time.Second,
		chromedp.Click(chromedp.Search(`//td[@class="name"]/a[text()="shop-frontend"]`)),
		chromedp.WaitVisible(chromedp.CSS(`svg.status-tree`)),
	)
	nodes := eval[int](t, b, `document.querySelectorAll("svg.status-tree g.tree-node").length`)
	if nodes < 7 { // load balancer, listener, pool, monitor, 3 members
		t.Errorf("status tree nodes: got %d, want at least 7", nodes)
	}
	if got := eval[int](t, b, `document.querySelectorAll("svg.status-tree g.kind-member").length`); got != 3 {
		t.Errorf("member nodes: got %d, want 3", got)
	}
	if got := eval[int](t, b, `document.querySelectorAll("svg.status-tree g.kind-health-monitor").length`); got != 1 {
		t.Errorf("health monitor nodes: got %d, want 1", got)
	}
	b.shot(t, "07-detail-tree")

	// Delete with cascade: confirm, then the row goes away.
	b.do(t, "ask to delete", 10*time.Second,
		chromedp.Click(chromedp.ID("lb-delete")),
		chromedp.WaitVisible(chromedp.ID("delete-confirm")),
	)
	if got := eval[bool](t, b, `document.querySelector("#delete-cascade").checked`); !got {
		t.Errorf("cascade is not offered (checked) for a load balancer with children")
	}
	b.shot(t, "08-delete-confirm")
	b.do(t, "confirm the delete", 10*time.Second, chromedp.WaitEnabled(chromedp.ID("delete-confirm-btn")), chromedp.Click(chromedp.ID("delete-confirm-btn")))
	b.waitJS(t, "the delete wait item", `[...document.querySelectorAll(".op.op-waiting .op-title")].some(e => e.textContent.includes("Delete"))`, 10*time.Second)
	b.waitJS(t, "shop-frontend pending delete", rowStatus("shop-frontend")+` === "PENDING_DELETE"`, 10*time.Second)
	b.shot(t, "09-delete-pending")
	b.waitJS(t, "shop-frontend gone", rowStatus("shop-frontend")+` === ""`, 40*time.Second)
	b.waitJS(t, "the delete wait succeeded", `[...document.querySelectorAll(".op.op-succeeded .op-outcome")].some(e => e.textContent.includes("404"))`, 10*time.Second)
	b.shot(t, "10-deleted")

	// A create that the lab sends to ERROR: the wait fails, and says that
	// the load balancer was created.
	lab.Faults(t, `{"error": ["ci-doomed"]}`)
	b.createLB(t, "ci-doomed")
	b.waitJS(t, "the failed wait", `!!document.querySelector(".op.op-failed")`, 30*time.Second)
	if got := b.text(t, ".op-failed .op-outcome"); !strings.Contains(got, "was created") || !strings.Contains(got, "ERROR") {
		t.Errorf("failed wait: got %q, want it to say the load balancer was created and went to ERROR", got)
	}
	b.waitJS(t, "ci-doomed in ERROR", rowStatus("ci-doomed")+` === "ERROR"`, 10*time.Second)
	b.shot(t, "11-create-error")

	// A busy load balancer (stuck in PENDING_UPDATE) refuses the delete: 409.
	lab.Faults(t, `{"stuck": ["api-gateway"]}`)
	b.do(t, "open api-gateway", 30*time.Second,
		chromedp.Click(chromedp.Search(`//td[@class="name"]/a[text()="api-gateway"]`)),
		chromedp.WaitVisible(chromedp.ID("lb-delete")),
		chromedp.Click(chromedp.ID("lb-delete")),
		chromedp.WaitVisible(chromedp.ID("delete-confirm-btn")),
		chromedp.WaitEnabled(chromedp.ID("delete-confirm-btn")), chromedp.Click(chromedp.ID("delete-confirm-btn")),
		chromedp.WaitVisible(chromedp.ID("delete-error")),
	)
	if got := b.text(t, "#delete-error"); !strings.Contains(got, "busy (PENDING_UPDATE)") || !strings.Contains(got, "try again when it is ACTIVE") {
		t.Errorf("409 immutable: got %q, want the busy (PENDING_UPDATE) message with Octavia's words", got)
	}
	b.shot(t, "12-busy-409")
	// The confirmation is a modal dialog: close it to use the page again.
	b.do(t, "keep api-gateway", 10*time.Second, chromedp.Click(chromedp.ID("delete-keep")), chromedp.WaitNotPresent(chromedp.ID("delete-confirm")))

	// A create that never ends (the lab keeps it PENDING_CREATE): the user
	// stops watching, and the item says the load balancer was created.
	lab.Faults(t, `{"stuck": ["ci-stuck"]}`)
	b.do(t, "create ci-stuck", 30*time.Second,
		chromedp.Click(chromedp.CSS(`.nav-link[href="/load-balancers/new"]`)),
		chromedp.WaitReady(chromedp.CSS(`#create-subnet option`)),
		setInput("#create-name", "ci-stuck"),
		chromedp.Click(chromedp.ID("create-submit")),
	)
	b.waitJS(t, "the stuck wait", `[...document.querySelectorAll(".op.op-waiting .op-title")].some(e => e.textContent.includes("ci-stuck"))`, 20*time.Second)
	b.waitJS(t, "a few polls", `[...document.querySelectorAll(".op.op-waiting .op-outcome")].some(e => / [2-9] polls/.test(e.textContent))`, 20*time.Second)
	b.shot(t, "13-create-stuck")
	b.do(t, "cancel the wait", 10*time.Second, chromedp.Click(chromedp.CSS(".op.op-waiting .op-stop")))
	b.waitJS(t, "the stopped wait", `!!document.querySelector(".op.op-stopped")`, 10*time.Second)
	if got := b.text(t, ".op-stopped .op-outcome"); !strings.Contains(got, "stopped watching") || !strings.Contains(got, "was created") {
		t.Errorf("stopped wait: got %q, want it to say you stopped watching and the load balancer was created", got)
	}
	b.shot(t, "14-wait-cancelled")
	lab.Faults(t, `{}`)

	// The hostile name on its detail page: text in the heading and the tree.
	b.do(t, "back to the list", 30*time.Second,
		chromedp.Navigate(c.URL+"/load-balancers"),
	)
	// A reload keeps the session (the sealed cookie): no login form.
	b.waitJS(t, "the list after a reload", `document.querySelectorAll("tr.lb-row").length >= 4`, 60*time.Second)
	if got := eval[string](t, b, `location.pathname`); got != "/load-balancers" {
		t.Errorf("after a reload: got page %q, want /load-balancers (still logged in)", got)
	}
	// The operations journal (sessionStorage, no token in it) came back with the session.
	b.waitJS(t, "the journal's operations", `document.querySelectorAll(".op").length >= 4`, 20*time.Second)
	// The browser never sees a real token: every X-Subject-Token it got is the placeholder.
	tokens := b.tokensSeen()
	if len(tokens) == 0 {
		t.Errorf("no X-Subject-Token seen on the login responses")
	}
	for _, tok := range tokens {
		if tok != serverapi.SessionToken {
			t.Errorf("the browser got a real Keystone token in X-Subject-Token (%d characters), want the placeholder", len(tok))
		}
	}
	b.do(t, "open the hostile load balancer", 30*time.Second,
		chromedp.Click(chromedp.Search(`//td[@class="name"]/a[text()="`+servertest.HostileName+`"]`)),
		chromedp.WaitVisible(chromedp.CSS(`svg.status-tree`)),
	)
	if got := b.text(t, "h1"); !strings.Contains(got, servertest.HostileName) {
		t.Errorf("detail heading: got %q, want it to contain %q as text", got, servertest.HostileName)
	}
	if got := b.text(t, "svg.status-tree .tn-name"); !strings.Contains(got, "<img") {
		t.Errorf("tree node name: got %q, want the hostile name as text", got)
	}
	if got := eval[int](t, b, `document.querySelectorAll('img[src="x"]').length`); got != 0 {
		t.Errorf("the hostile name became %d <img> elements", got)
	}
	b.shot(t, "16-hostile-name")

	// Log out: back to the login page, token revoked.
	b.do(t, "log out", 20*time.Second, chromedp.Click(chromedp.ID("logout")))
	b.waitJS(t, "the login page after logout", `location.pathname === "/login" && !!document.querySelector("#login-form[data-ready=true]")`, 20*time.Second)
	if got := b.text(t, "#login-notice"); got != "You are logged out; your token was revoked." {
		t.Errorf("after logout: got notice %q, want it to say the token was revoked", got)
	}
	b.shot(t, "17-logged-out")

	// Keystone down: the login says it could not be reached.
	lab.Faults(t, `{"keystone": "503"}`)
	b.fillLogin(t, "viewer", "viewer", "demo")
	b.waitJS(t, "the unreachable message", `((document.querySelector("#login-error") || {}).textContent || "").includes("could not be reached")`, 30*time.Second)
	b.shot(t, "18-keystone-down")
	lab.Faults(t, `{}`)

	// The reader sees no write control.
	b.fillLogin(t, "viewer", "viewer", "demo")
	b.waitJS(t, "the viewer's list", `document.querySelectorAll("tr.lb-row").length >= 4`, 30*time.Second)
	if got := eval[int](t, b, `document.querySelectorAll("#lb-create, .nav-link[href='/load-balancers/new']").length`); got != 0 {
		t.Errorf("read-only viewer: got %d create controls, want 0", got)
	}
	if got := eval[int](t, b, `document.querySelectorAll(".op").length`); got != 0 {
		t.Errorf("viewer: got %d operations of the demo user, want 0 (the journal is per user)", got)
	}
	if got := b.text(t, ".ro-badge"); got != "read-only" {
		t.Errorf("read-only badge: got %q", got)
	}
	b.shot(t, "19-viewer-read-only")
	// Keystone down at logout: signed out here, and told the token was not revoked.
	lab.Faults(t, `{"keystone": "503"}`)
	b.do(t, "log out the viewer", 20*time.Second, chromedp.Click(chromedp.ID("logout")))
	b.waitJS(t, "the login page", `location.pathname === "/login" && !!document.querySelector("#login-form[data-ready=true]")`, 20*time.Second)
	if got := b.text(t, "#login-notice"); !strings.Contains(got, "could not be revoked: ") || !strings.Contains(got, "it expires at ") ||
		strings.Contains(got, "was revoked") {
		t.Errorf("after a failed revoke: got notice %q, want it to say why the token could not be revoked and when it expires", got)
	}
	b.shot(t, "19b-revoke-failed")
	lab.Faults(t, `{}`)

	// A project without load balancers reads as such.
	b.fillLogin(t, "empty", "empty", "empty")
	b.waitJS(t, "the empty state", `!!document.querySelector("#lb-empty")`, 30*time.Second)
	b.shot(t, "20-empty-project")
	b.do(t, "log out of the empty project", 20*time.Second, chromedp.Click(chromedp.ID("logout")))
	b.waitJS(t, "the login page", `location.pathname === "/login" && !!document.querySelector("#login-form[data-ready=true]")`, 20*time.Second)

	// More than one page: every load balancer of the project is listed.
	b.fillLogin(t, "scale", "scale", "scale")
	b.waitJS(t, "the long list", fmt.Sprintf(`(document.querySelector("#lb-count") || {}).textContent === "%d load balancers"`, servertest.ScaleCount), 60*time.Second)
	if got := eval[int](t, b, `document.querySelectorAll("tr.lb-row").length`); got == 0 || got > maxDOMRows {
		t.Errorf("rows rendered at first: got %d, want 1 to %d (only the rows in view)", got, maxDOMRows)
	}
	b.shotViewport(t, "21-paged-list")
	// The search covers every row of every page, shown or not.
	b.do(t, "search the long list", 10*time.Second, setInput("#lb-search", "bulk-0104"))
	b.waitJS(t, "ten results from the second page", `document.querySelectorAll("tr.lb-row").length === 10`, 20*time.Second)
	b.shot(t, "22-paged-search")

	// This server runs no status page: /status says so instead of waiting.
	b.do(t, "open /status", 30*time.Second, chromedp.Navigate(c.URL+"/status"))
	b.waitJS(t, "the no-status-page notice", `!!document.querySelector("#wall-off")`, 30*time.Second)

	b.noDialogs(t)
}

// startStatusWall starts a console on the lab and a second server in
// status-page mode that watches its demo project as the reader "viewer"
// (a clouds.yaml entry "wall"), and returns the second.
func startStatusWall(t *testing.T) console {
	t.Helper()
	upstream := startConsole(t)
	clouds := filepath.Join(t.TempDir(), "clouds.yaml")
	yaml := fmt.Sprintf(`clouds:
  wall:
    auth:
      auth_url: %s/identity/v3
      username: viewer
      password: viewer
      project_name: demo
      user_domain_name: Default
      project_domain_name: Default
    region_name: RegionOne
`, upstream.URL)
	if err := os.WriteFile(clouds, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	c := startConsoleWith(t, []string{"-status-cloud", "wall"}, map[string]string{"OS_CLIENT_CONFIG_FILE": clouds})
	return c
}

// TestBrowserStatusWall: a second server in status-page mode watches the
// first one's demo project (as the reader "viewer"); its anonymous /status
// wall shows every load balancer with its tree, live.
func TestBrowserStatusWall(t *testing.T) {
	t.Parallel()
	c := startStatusWall(t)
	b := newBrowser(t)
	b.openWall(t, c.URL+"/status")
	b.waitJS(t, "the trees", `document.querySelectorAll(".wall-card svg.status-tree").length === 5`, 10*time.Second)
	if got := b.text(t, "#wall-updated"); !strings.HasPrefix(got, "updated ") {
		t.Errorf("freshness: got %q, want it to say when the wall was updated", got)
	}
	if got := eval[bool](t, b, fmt.Sprintf(`[...document.querySelectorAll(".wall-card h2")].some(h => h.textContent === %q)`, servertest.HostileName)); !got {
		t.Errorf("the hostile name is not shown as text on the wall")
	}
	if got := eval[int](t, b, `document.querySelectorAll('img[src="x"]').length`); got != 0 {
		t.Errorf("the hostile name became %d <img> elements", got)
	}
	b.shot(t, "30-status-wall")
	b.noDialogs(t)
}
