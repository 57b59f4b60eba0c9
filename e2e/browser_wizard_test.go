//go:build !js

package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// wizardWrites counts, in the access log lines after offset, the writes to
// Octavia (not GETs) by method and path (queries cut off).
func wizardWrites(t testing.TB, logs string, offset int) map[string]int {
	t.Helper()
	n := map[string]int{}
	for line := range strings.Lines(logs[offset:]) {
		var l struct{ Msg, Method, Path string }
		if json.Unmarshal([]byte(line), &l) != nil || l.Msg != "request" || l.Method == http.MethodGet || !strings.HasPrefix(l.Path, "/load-balancer/") {
			continue
		}
		path, _, _ := strings.Cut(l.Path, "?")
		n[l.Method+" "+path]++
	}
	return n
}

// wizardCurrent is the JS of the name of the wizard's current step
// ("1. Load balancer").
const wizardCurrent = `document.querySelector("#wz-steps [aria-current=step]").textContent`

// wizardStep presses the wizard's button id (wz-next, wz-back, wz-step-N)
// and waits for the step want to be the current one, its panel shown. The
// button is pressed with the keyboard: the field left behind renders its
// hint on blur, which moves the buttons down a line; a mouse's press and
// release at the button's old place, with that render between them on a
// busy machine, make no click.
func (b *browser) wizardStep(t testing.TB, what, id, want string) {
	t.Helper()
	b.do(t, what, 10*time.Second, enterOn(id))
	b.waitJS(t, "the step "+want, wizardCurrent+`.includes(`+jsString(want)+`) && document.querySelector("fieldset.wz-panel > legend").textContent.includes(`+jsString(want)+`)`, 10*time.Second)
}

// backWhileFrameDue clicks Back on the listeners step with a frame of the
// app due during the click, as on a busy machine, and fails unless the
// click only went back, its frame after it. A click runs go-app twice:
// Back's listener (its handler asks for a frame) and, as the click
// bubbles, go-app's window click listener. This script's listener between
// the two holds the click 100 ms, so the frame is due when the second
// enters the app. Upstream's engine ran it there: it drew the first step,
// whose Next button, a submit, go-app makes of Back's element (it reuses
// elements by position), and the browser's default action of the click,
// taken after its listeners, submitted the form as Next: the wizard came
// back to the listeners step (TestBrowserWizard's flake, Enter on Back
// under load). The engine now runs a frame only in a task of its own
// (third_party/go-app's frame_task.go), and Back cancels its click's
// default action besides. All of it is one script, so no timer of the
// page runs in between.
func backWhileFrameDue(t testing.TB, b *browser) {
	t.Helper()
	got := eval[string](t, b, `(() => {
		const back = document.getElementById("wz-back");
		if (!back) return "no Back";
		let submitter = "";
		const hold = () => { const end = performance.now() + 100; while (performance.now() < end); };
		const submitted = e => { submitter = e.submitter ? e.submitter.id : "no submitter"; };
		document.addEventListener("click", hold);
		document.addEventListener("submit", submitted, true);
		try {
			back.click();
		} finally {
			document.removeEventListener("click", hold);
			document.removeEventListener("submit", submitted, true);
		}
		if (submitter) return "the form submitted by " + submitter;
		return back.id === "wz-back" ? "went back" : "a frame ran within the click (Back became " + back.id + ")";
	})()`)
	if got != "went back" {
		t.Fatalf("Back clicked while a frame was due: %s, want went back", got)
	}
	b.waitJS(t, "the step Load balancer after Back", wizardCurrent+`.includes("Load balancer")`, 10*time.Second)
}

// TestBrowserWizard drives the create wizard through every step to a full
// tree (a listener, a pool with two members and a health monitor, an L7
// policy with a rule): going back and forth keeps what was typed, and Back
// clicked while a frame is due only goes back (backWhileFrameDue); a VIP
// address outside its subnet and a member given twice are refused by
// Octavia (a 400 and a 409 no check in the browser can make) and each
// refusal shows on the step it concerns, with every step's input kept; then the review's JSON is sent as ONE POST of
// loadbalancers, the operation ends ACTIVE and the load balancer's page
// shows every child in its status tree. Every step passes axe-core's
// audit (b.audit: each view, no sideways scrolling on a phone).
func TestBrowserWizard(t *testing.T) {
	t.Parallel()
	s := startLiveConsole(t)
	lab := newLabAdmin(t, console{URL: s.URL, LabURL: s.URL})
	b := newBrowser(t)
	b.login(t, s.URL, "demo", "demo", "")
	b.listed(t, "demo's list", "shop-frontend")

	value := func(sel string) string {
		t.Helper()
		return eval[string](t, b, fmt.Sprintf(`(() => { const e = document.querySelector(%q); return e ? e.value : "(none)"; })()`, sel))
	}

	// 1. The load balancer: name, description, network -> subnet.
	b.do(t, "open the wizard", 30*time.Second,
		chromedp.Click(chromedp.ID("lb-create")),
		chromedp.WaitReady(chromedp.CSS(`#create-subnet option`)),
		setInput("#create-name", "ci-tree"),
		setInput("#create-description", "made by the wizard test"),
	)
	if got := eval[string](t, b, wizardCurrent); got != "1. Load balancer" {
		t.Errorf("first step: got %q, want 1. Load balancer (aria-wizardCurrent)", got)
	}
	if got := eval[int](t, b, `document.querySelectorAll("fieldset.wz-panel > legend").length`); got != 1 {
		t.Errorf("the step's fieldset legends: got %d, want 1", got)
	}
	subnet := value("#create-subnet")
	b.shot(t, "wz-01-load-balancer")
	b.audit(t, "wz-01-load-balancer")

	// 2. Listeners: one by default, HTTP :80. Enter in a field is Next.
	b.do(t, "Enter in the description", 10*time.Second, chromedp.Focus(chromedp.ID("create-description")), chromedp.KeyEvent(kb.Enter))
	b.waitJS(t, "the step Listeners", wizardCurrent+`.includes("Listeners")`, 10*time.Second)
	if got := wizardWrites(t, s.Logs.String(), 0); len(got) != 0 {
		t.Errorf("writes after Enter on the first step: got %v, want none", got)
	}
	if got, got2 := value("#wz-listener-0-protocol"), value("#wz-listener-0-protocol-port"); got != "HTTP" || got2 != "80" {
		t.Errorf("the default listener: got %s :%s, want HTTP :80", got, got2)
	}
	if got := eval[int](t, b, `document.querySelectorAll("#wz-listener-0-default-tls-container-ref").length`); got != 0 {
		t.Errorf("TLS certificate field on an HTTP listener: got %d, want none", got)
	}
	b.do(t, "TERMINATED_HTTPS shows the TLS fields", 10*time.Second, selectValue("#wz-listener-0-protocol", "TERMINATED_HTTPS"))
	b.waitJS(t, "the TLS field", `!!document.querySelector("#wz-listener-0-default-tls-container-ref")`, 5*time.Second)
	b.shot(t, "wz-02-listeners-tls")
	b.audit(t, "wz-02-listeners-tls")
	b.do(t, "back to HTTP", 10*time.Second, selectValue("#wz-listener-0-protocol", "HTTP"), setInput("#wz-listener-0-connection-limit", "1000"))
	b.waitJS(t, "the TLS field gone", `!document.querySelector("#wz-listener-0-default-tls-container-ref")`, 5*time.Second)
	b.shot(t, "wz-02-listeners")

	// Back and forth keeps what was typed.
	b.wizardStep(t, "back", "wz-back", "Load balancer")
	if got := value("#create-name"); got != "ci-tree" {
		t.Errorf("name after going back: got %q, want ci-tree", got)
	}
	b.wizardStep(t, "forth", "wz-next", "Listeners")
	if got := value("#wz-listener-0-connection-limit"); got != "1000" {
		t.Errorf("connection limit after back and forth: got %q, want 1000", got)
	}
	backWhileFrameDue(t, b)
	b.wizardStep(t, "forth again", "wz-next", "Listeners")

	// 3. Pools: one by default, the listener's default pool.
	b.wizardStep(t, "next: pools", "wz-next", "Pools")
	if got, got2 := value("#wz-pool-0-name"), value("#wz-pool-0-lb-algorithm"); got != "pool-1" || got2 != "ROUND_ROBIN" {
		t.Errorf("the default pool: got %s %s, want pool-1 ROUND_ROBIN", got, got2)
	}
	b.do(t, "session persistence", 10*time.Second, selectValue("#wz-pool-0-session-persistence-type", "SOURCE_IP"))
	b.shot(t, "wz-03-pools")
	b.audit(t, "wz-03-pools")

	// 4. Members: two.
	b.wizardStep(t, "next: members", "wz-next", "Members")
	b.do(t, "add two members", 10*time.Second,
		chromedp.Click(chromedp.ID("wz-add-member-0")),
		chromedp.WaitReady(chromedp.ID("wz-member-0-0-address")),
		chromedp.Click(chromedp.ID("wz-add-member-0")),
		chromedp.WaitReady(chromedp.ID("wz-member-0-1-address")),
		setInput("#wz-member-0-0-address", "10.0.0.31"),
		setInput("#wz-member-0-1-address", "10.0.0.32"),
		setInput("#wz-member-0-1-weight", "3"),
	)
	b.shot(t, "wz-04-members")
	b.audit(t, "wz-04-members")

	// 5. The health monitor: HTTP GET / expecting 200, 5 s, 3 s, 3 retries.
	b.wizardStep(t, "next: health monitors", "wz-next", "Health monitors")
	for sel, want := range map[string]string{"#wz-monitor-0-type": "HTTP", "#wz-monitor-0-delay": "5", "#wz-monitor-0-timeout": "3",
		"#wz-monitor-0-max-retries": "3", "#wz-monitor-0-http-method": "GET", "#wz-monitor-0-url-path": "/", "#wz-monitor-0-expected-codes": "200"} {
		if got := value(sel); got != want {
			t.Errorf("monitor default %s: got %q, want %q", sel, got, want)
		}
	}
	b.shot(t, "wz-05-monitor")
	b.audit(t, "wz-05-monitor")

	// 6. An L7 policy with a rule.
	b.wizardStep(t, "next: L7 policies", "wz-next", "L7 policies")
	b.do(t, "add an L7 policy", 10*time.Second,
		chromedp.Click(chromedp.ID("wz-add-policy")),
		chromedp.WaitReady(chromedp.ID("wz-policy-0-redirect-url")),
		setInput("#wz-policy-0-redirect-url", "https://example.com/new"),
		setInput("#wz-rule-0-0-value", "/old"),
	)
	b.shot(t, "wz-06-l7")
	b.audit(t, "wz-06-l7")

	// 7. The review: the JSON that will be sent.
	b.wizardStep(t, "next: review", "wz-next", "Review")
	b.waitJS(t, "the review's JSON", `!!document.querySelector("#wz-json")`, 10*time.Second)
	shown := eval[string](t, b, `document.querySelector("#wz-json").textContent`)
	var req struct {
		LB struct {
			Name        string
			VipSubnetID string `json:"vip_subnet_id"`
			Listeners   []struct {
				Protocol        string
				ProtocolPort    int `json:"protocol_port"`
				ConnectionLimit int `json:"connection_limit"`
				DefaultPool     struct {
					Name, Protocol string
					Algorithm      string `json:"lb_algorithm"`
					Members        []struct {
						Address string
						Weight  int
					}
					HealthMonitor *struct {
						Type           string
						Delay, Timeout int
					} `json:"healthmonitor"`
				} `json:"default_pool"`
				L7Policies []struct {
					Action string
					Rules  []struct{ Type, Value string }
				} `json:"l7policies"`
			}
		} `json:"loadbalancer"`
	}
	if err := json.Unmarshal([]byte(shown), &req); err != nil {
		t.Fatalf("the review's JSON: %v\n%s", err, shown)
	}
	t.Logf("the review's JSON:\n%s", shown)
	lb := req.LB
	if lb.VipSubnetID != subnet || len(lb.Listeners) != 1 {
		t.Fatalf("review: got subnet %q and %d listeners, want %q and 1", lb.VipSubnetID, len(lb.Listeners), subnet)
	}
	l := lb.Listeners[0]
	if l.Protocol != "HTTP" || l.ProtocolPort != 80 || l.ConnectionLimit != 1000 || l.DefaultPool.Name != "pool-1" ||
		len(l.DefaultPool.Members) != 2 || l.DefaultPool.Members[1].Weight != 3 || l.DefaultPool.HealthMonitor == nil ||
		len(l.L7Policies) != 1 || len(l.L7Policies[0].Rules) != 1 {
		t.Errorf("review: got %+v, want HTTP :80 limit 1000, pool-1 with 2 members and a monitor, 1 policy with 1 rule", l)
	}
	b.shot(t, "wz-07-review")
	b.audit(t, "wz-07-review")

	// Two members on one address and port: Octavia refuses the create
	// (409, "Another member on this pool is already using ip ..."); the
	// refusal shows on the members step.
	b.wizardStep(t, "to the members", "wz-step-3", "Members")
	b.waitJS(t, "the members", `!!document.querySelector("#wz-member-0-1-address")`, 10*time.Second)
	b.do(t, "a member twice", 10*time.Second, setInput("#wz-member-0-1-address", "10.0.0.31"))
	b.do(t, "create", 10*time.Second, chromedp.Click(chromedp.ID("create-submit")))
	b.waitJS(t, "Octavia's refusal", `!!document.querySelector("#wz-step-error")`, 20*time.Second)
	if got := b.text(t, "#wz-step-error"); !strings.Contains(got, "already using ip 10.0.0.31") {
		t.Errorf("refusal: got %q, want Octavia's faultstring about the member", got)
	}
	if got := eval[string](t, b, wizardCurrent); !strings.HasPrefix(got, "4. Members") {
		t.Errorf("refusal shown on: got %q, want 4. Members", got)
	}
	b.shot(t, "wz-08-refused-member")
	b.do(t, "the member fixed", 10*time.Second, setInput("#wz-member-0-1-address", "10.0.0.32"))

	// A VIP address outside the subnet: Octavia refuses the create (400);
	// the refusal shows on the first step, and nothing typed is lost.
	b.wizardStep(t, "to the first step", "wz-step-0", "Load balancer")
	b.do(t, "a VIP address outside the subnet", 10*time.Second, setInput("#create-vip-address", "192.168.77.7"))
	mark := len(s.Logs.String())
	b.do(t, "create", 10*time.Second, chromedp.Click(chromedp.ID("create-submit")))
	b.waitJS(t, "Octavia's refusal", `!!document.querySelector("#wz-step-error")`, 20*time.Second)
	if got := b.text(t, "#wz-step-error"); !strings.Contains(got, "192.168.77.7 is not in subnet") {
		t.Errorf("refusal: got %q, want Octavia's faultstring about the VIP address", got)
	}
	if got := eval[string](t, b, wizardCurrent); got != "1. Load balancer" {
		t.Errorf("refusal shown on: got %q, want 1. Load balancer", got)
	}
	if got := value("#create-name"); got != "ci-tree" {
		t.Errorf("name after the refusal: got %q, want ci-tree", got)
	}
	if got := wizardWrites(t, s.Logs.String(), mark); got["POST "+lbPath] != 1 {
		t.Errorf("writes of the refused create: got %v, want one POST of loadbalancers", got)
	}
	b.shot(t, "wz-09-refused-vip")
	b.audit(t, "wz-09-refused-vip")
	b.wizardStep(t, "to the members", "wz-step-3", "Members")
	b.waitJS(t, "the members", `!!document.querySelector("#wz-member-0-1-address")`, 10*time.Second)
	if got := value("#wz-member-0-1-address"); got != "10.0.0.32" {
		t.Errorf("member address after the refusal: got %q, want 10.0.0.32", got)
	}
	b.wizardStep(t, "to the review", "wz-step-6", "Review")
	b.waitJS(t, "the review's JSON", `!!document.querySelector("#wz-json")`, 10*time.Second)
	if got := eval[string](t, b, `document.querySelector("#wz-json").textContent`); !strings.Contains(got, `"vip_address": "192.168.77.7"`) {
		t.Errorf("review after the refusal: want the VIP address in it, got\n%s", got)
	}

	// Fixed: the create is ONE POST; the operation ends ACTIVE; the page
	// shows the tree.
	b.wizardStep(t, "to the first step", "wz-step-0", "Load balancer")
	b.do(t, "no fixed address", 10*time.Second, setInput("#create-vip-address", ""))
	b.wizardStep(t, "to the review", "wz-step-6", "Review")
	b.waitJS(t, "the review's JSON", `!!document.querySelector("#wz-json")`, 10*time.Second)
	if got := eval[string](t, b, `document.querySelector("#wz-json").textContent`); got != shown {
		t.Errorf("review after the round trip: got\n%s\nwant the same JSON as before:\n%s", got, shown)
	}
	mark = len(s.Logs.String())
	b.do(t, "create", 10*time.Second, chromedp.Click(chromedp.ID("create-submit")))
	b.waitJS(t, "the load balancer's page", `/^\/load-balancers\/[0-9a-f-]{36}$/.test(location.pathname)`, 20*time.Second)
	id := eval[string](t, b, `location.pathname.split("/").pop()`)
	b.waitJS(t, "the create operation", `[...document.querySelectorAll(".op .op-title")].some(e => e.textContent.includes("ci-tree"))`, 10*time.Second)
	b.shot(t, "wz-10-created-pending")
	b.waitJS(t, "the operation ACTIVE", `[...document.querySelectorAll(".op.op-succeeded .op-outcome")].some(e => e.textContent.includes("ACTIVE"))`, 60*time.Second)
	writes := wizardWrites(t, s.Logs.String(), mark)
	if writes["POST "+lbPath] != 1 || len(writes) != 1 {
		t.Errorf("writes of the create: got %v, want exactly one: POST %s", writes, lbPath)
	}
	for w := range writes {
		for _, kind := range []string{"listeners", "pools", "members", "healthmonitors", "l7policies", "rules"} {
			if strings.Contains(w, kind) {
				t.Errorf("a write of %s: %s", kind, w)
			}
		}
	}
	b.waitJS(t, "every node ACTIVE", `(() => { const n = document.querySelectorAll("svg.status-tree g.tree-node");
		return n.length >= 5 && [...n].every(g => g.querySelector(".tn-prov.prov-st-ok")); })()`, 30*time.Second)
	for kind, want := range map[string]int{"load-balancer": 1, "listener": 1, "pool": 1, "member": 2, "health-monitor": 1} {
		if got := eval[int](t, b, `document.querySelectorAll("svg.status-tree g.kind-`+kind+`").length`); got != want {
			t.Errorf("status tree %s nodes: got %d, want %d", kind, got, want)
		}
	}
	b.shot(t, "wz-11-created-tree")

	// The L7 policy and its rule (not in Octavia's status tree), from the API.
	var got struct {
		LB struct{ Listeners []struct{ ID string } } `json:"loadbalancer"`
	}
	servertest.GetJSON(t, http.MethodGet, s.URL+lbPath+"/"+id, lab.Token, "", &got)
	if len(got.LB.Listeners) != 1 {
		t.Fatalf("the created load balancer's listeners: got %d, want 1", len(got.LB.Listeners))
	}
	var pols struct {
		L7Policies []struct {
			Action             string
			ProvisioningStatus string `json:"provisioning_status"`
			Rules              []struct{ ID string }
		} `json:"l7policies"`
	}
	servertest.GetJSON(t, http.MethodGet, s.URL+"/load-balancer/v2.0/lbaas/l7policies?listener_id="+got.LB.Listeners[0].ID, lab.Token, "", &pols)
	if len(pols.L7Policies) != 1 || len(pols.L7Policies[0].Rules) != 1 || pols.L7Policies[0].ProvisioningStatus != "ACTIVE" {
		t.Errorf("L7 policies of the listener: got %+v, want one ACTIVE with one rule", pols.L7Policies)
	}
}
