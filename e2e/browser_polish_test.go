//go:build !js

package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// polishIDs reads, as the lab's admin, the id of demo's HTTP listener
// (shop-frontend's) and of its pool and load balancer.
func polishIDs(t *testing.T, l servertest.LabAdmin) (listener, pool, lb string) {
	t.Helper()
	get := func(path string, into any) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, l.URL+"/load-balancer/v2/lbaas/"+path, nil)
		req.Header.Set("X-Auth-Token", l.Token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if err := json.NewDecoder(resp.Body).Decode(into); err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
	}
	var lbs struct{ Loadbalancers []struct{ ID string } }
	get("loadbalancers?name=shop-frontend&fields=id", &lbs)
	var ls struct {
		Listeners []struct {
			ID            string
			DefaultPoolID string `json:"default_pool_id"`
		}
	}
	if len(lbs.Loadbalancers) != 1 {
		t.Fatalf("shop-frontend: got %d load balancers, want 1", len(lbs.Loadbalancers))
	}
	lb = lbs.Loadbalancers[0].ID
	get("listeners?loadbalancer_id="+url.QueryEscape(lb), &ls)
	if len(ls.Listeners) != 1 {
		t.Fatalf("shop-frontend's listeners: got %d, want 1", len(ls.Listeners))
	}
	return ls.Listeners[0].ID, ls.Listeners[0].DefaultPoolID, lb
}

// rectsJS is the JS expression of the bounding boxes of the first
// elements matching a and b: {a: DOMRect, b: DOMRect} as JSON.
func rectsJS(a, b string) string {
	return fmt.Sprintf(`JSON.stringify({a: document.querySelector(%q).getBoundingClientRect(), b: document.querySelector(%q).getBoundingClientRect()})`, a, b)
}

type rect struct{ Left, Right, Top, Bottom, Width, Height float64 }

// TestBrowserPolish: issue 28's smaller points, as a user sees them: a
// connection limit of -1 reads "no limit" on the listener's page and
// beside its form's field; "no value" is one dash glyph in a grid (never
// the monospace one); a checkbox sits beside its label in a one-column
// form; a PENDING_UPDATE badge stays inside its column of a narrow pool
// list; the wizard names the provider and moves a listener's port with
// its protocol (443 for TERMINATED_HTTPS, back to 80) until one is typed,
// and so does the listener form.
func TestBrowserPolish(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	lab := newLabAdmin(t, c)
	listener, pool, lb := polishIDs(t, lab)
	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "")
	b.listed(t, "demo's list", "shop-frontend")

	// The listener's page: "no limit", and one dash glyph.
	b.do(t, "open the listener", 30*time.Second, chromedp.Navigate(c.URL+"/listeners/"+listener))
	const limit = `(document.querySelector('.prop[data-key="connection_limit"] dd') || {}).textContent`
	b.waitJS(t, "the connection limit", limit+` === "no limit"`, 30*time.Second)
	b.shot(t, "polish-listener")
	dashes := `(() => { const out = []; for (const e of document.querySelectorAll("#content *")) {
		if (e.children.length === 0 && e.textContent.trim() === "—" && e.closest(".mono")) out.push(e.tagName + "." + e.className); } return out.join(" "); })()`
	if got := eval[string](t, b, dashes); got != "" {
		t.Errorf("a dash for no value in the monospace face (a second glyph in the grid): %s", got)
	}
	if got := eval[int](t, b, `[...document.querySelectorAll("#content dd")].filter(e => e.textContent.trim() === "—").length`); got == 0 {
		t.Errorf("the listener's page has no empty property: the dash check saw nothing")
	}

	// Its edit form: the checkbox beside its label; "no limit" beside -1.
	b.do(t, "open the listener's form", 30*time.Second, chromedp.Navigate(c.URL+"/listeners/"+listener+"/edit"),
		chromedp.WaitVisible(chromedp.CSS(`#f-admin_state_up`)))
	b.shot(t, "polish-listener-edit")
	var r struct{ A, B rect }
	if err := json.Unmarshal([]byte(eval[string](t, b, rectsJS(`#f-admin_state_up`, `label[for="f-admin_state_up"]`))), &r); err != nil {
		t.Fatal(err)
	}
	box, label := r.A, r.B
	if box.Width > 24 || box.Height > 24 {
		t.Errorf("the checkbox: got %.0f×%.0f px, want at most 24×24", box.Width, box.Height)
	}
	if gap := label.Left - box.Right; gap < 0 || gap > 16 {
		t.Errorf("the checkbox's label: got %.0f px from the box, want it beside (0–16 px)", gap)
	}
	if mid, lmid := (box.Top+box.Bottom)/2, (label.Top+label.Bottom)/2; mid-lmid > 6 || lmid-mid > 6 {
		t.Errorf("the checkbox and its label: middles at %.0f and %.0f px, want one line", mid, lmid)
	}
	if got := b.text(t, `.field[data-key="connection_limit"] .field-words`); got != "no limit" {
		t.Errorf("beside the connection limit -1: got %q, want no limit", got)
	}

	// A narrow pool list with a PENDING_UPDATE pool: its badge stays in its column.
	lab.Faults(t, fmt.Sprintf(`{"stuck": [%q]}`, pool))
	b.do(t, "a narrow pool list", 30*time.Second, chromedp.EmulateViewport(1000, 800), chromedp.Navigate(c.URL+"/pools"))
	b.waitJS(t, "the pool pending", `[...document.querySelectorAll("td .badge")].some(e => e.textContent === "PENDING_UPDATE")`, 30*time.Second)
	b.shot(t, "polish-pools-narrow")
	over := `(() => { const out = []; for (const e of document.querySelectorAll("td .badge")) {
		const r = e.getBoundingClientRect(), c = e.closest("td").getBoundingClientRect();
		if (r.right > c.right + 0.5 || r.left < c.left - 0.5) out.push(e.textContent + " " + Math.round(r.right - c.right) + " px"); } return out.join(", "); })()`
	if got := eval[string](t, b, over); got != "" {
		t.Errorf("badges past their column's edge: %s", got)
	}
	if got := eval[string](t, b, `[...document.querySelectorAll("td .badge")].find(e => e.textContent === "PENDING_UPDATE").title`); got != "PENDING_UPDATE" {
		t.Errorf("the cut badge's title: got %q, want PENDING_UPDATE", got)
	}
	lab.Faults(t, `{}`)
	b.do(t, "a wide window again", 10*time.Second, chromedp.EmulateViewport(1360, 860))

	// The wizard: the provider named; the port follows the protocol until typed.
	value := func(sel string) string {
		t.Helper()
		return eval[string](t, b, fmt.Sprintf(`(() => { const e = document.querySelector(%q); return e ? e.value : "(none)"; })()`, sel))
	}
	b.do(t, "open the wizard", 30*time.Second, chromedp.Navigate(c.URL+"/load-balancers/new"),
		chromedp.WaitReady(chromedp.CSS(`#create-subnet option`)), setInput("#create-name", "polish"))
	b.waitJS(t, "the provider named", `(document.querySelector("#create-provider") || {}).value === "amphora"`, 10*time.Second)
	b.do(t, "the listeners step", 10*time.Second, chromedp.Click(chromedp.ID("wz-next")), chromedp.WaitReady(chromedp.ID("wz-listener-0-protocol")))
	const proto, port = "#wz-listener-0-protocol", "#wz-listener-0-protocol-port"
	for _, step := range []struct{ protocol, typed, want string }{
		{"TERMINATED_HTTPS", "", "443"}, {"HTTP", "", "80"}, {"HTTPS", "", "443"}, {"HTTP", "8000", "8000"}, {"TERMINATED_HTTPS", "", "8000"},
	} {
		if step.typed != "" {
			b.do(t, "type a port", 10*time.Second, setInput(port, step.typed))
		}
		b.do(t, "pick "+step.protocol, 10*time.Second, selectValue(proto, step.protocol))
		b.waitJS(t, step.protocol+" on port "+step.want, fmt.Sprintf(`(document.querySelector(%q) || {}).value === %q`, port, step.want), 10*time.Second)
	}
	b.shot(t, "polish-wizard-listener")

	// The listener form: the same rule.
	b.do(t, "the listener form", 30*time.Second, chromedp.Navigate(c.URL+"/listeners/new?loadbalancer_id="+url.QueryEscape(lb)),
		chromedp.WaitVisible(chromedp.CSS(`#f-protocol_port`)))
	if got := value("#f-protocol_port"); got != "80" {
		t.Fatalf("the listener form's port: got %q, want 80", got)
	}
	b.do(t, "pick TERMINATED_HTTPS", 10*time.Second, selectValue("#f-protocol", "TERMINATED_HTTPS"))
	b.waitJS(t, "port 443", `(document.querySelector("#f-protocol_port") || {}).value === "443"`, 10*time.Second)
	b.do(t, "back to HTTP", 10*time.Second, selectValue("#f-protocol", "HTTP"))
	b.waitJS(t, "port 80", `(document.querySelector("#f-protocol_port") || {}).value === "80"`, 10*time.Second)
}
