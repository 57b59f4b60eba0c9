//go:build !js

package e2e

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// Issue 31 §2 and §3: a load balancer's public address (Neutron's floating
// IPs) on its page, in the list, in the wizard and at its delete; the
// VIP's QoS policy picked from Neutron's.

// neutronAPI calls the console's /network proxy with a user's token.
type neutronAPI struct{ base, token string }

func newNeutronAPI(t testing.TB, c console, user string) neutronAPI {
	t.Helper()
	return neutronAPI{base: c.URL, token: servertest.LabLogin(t, c.URL, user, user, "demo")}
}

func (n neutronAPI) do(t testing.TB, method, path, body string, out any) int {
	t.Helper()
	return servertest.GetJSON(t, method, n.base+"/network/v2.0"+path, n.token, body, out).StatusCode
}

// fipView is a floating IP as the tests read it.
type fipView struct {
	ID      string  `json:"id"`
	Address string  `json:"floating_ip_address"`
	PortID  *string `json:"port_id"`
}

// fips are the floating IPs of query (e.g. "?port_id=…").
func (n neutronAPI) fips(t testing.TB, query string) []fipView {
	t.Helper()
	var out struct {
		FIPs []fipView `json:"floatingips"`
	}
	if code := n.do(t, http.MethodGet, "/floatingips"+query, "", &out); code != http.StatusOK {
		t.Fatalf("list floating IPs%s: got %d, want 200", query, code)
	}
	return out.FIPs
}

// publicNet is the id of the lab's external network.
func (n neutronAPI) publicNet(t testing.TB) string {
	t.Helper()
	var out struct {
		Networks []struct{ ID string } `json:"networks"`
	}
	n.do(t, http.MethodGet, "/networks?router:external=true", "", &out)
	if len(out.Networks) != 1 {
		t.Fatalf("external networks: got %d, want 1", len(out.Networks))
	}
	return out.Networks[0].ID
}

// allocate creates a floating IP on the external network, associated with
// port unless it is "".
func (n neutronAPI) allocate(t testing.TB, port string) fipView {
	t.Helper()
	body := fmt.Sprintf(`{"floatingip": {"floating_network_id": %q}}`, n.publicNet(t))
	if port != "" {
		body = fmt.Sprintf(`{"floatingip": {"floating_network_id": %q, "port_id": %q}}`, n.publicNet(t), port)
	}
	var out struct {
		FIP fipView `json:"floatingip"`
	}
	if code := n.do(t, http.MethodPost, "/floatingips", body, &out); code != http.StatusCreated {
		t.Fatalf("allocate a floating IP: got %d, want 201", code)
	}
	return out.FIP
}

// fipCell is the JS of the floating IP cell of the list's row named name.
func fipCell(name string) string {
	return fmt.Sprintf(`(() => { for (const r of document.querySelectorAll("tr.lb-row")) {
		const a = r.querySelector("td.name a"); if (a && a.textContent === %q) { const c = r.querySelector("td.fip-cell"); return c ? c.textContent : "(no cell)"; } }
		return "(no row)"; })()`, name)
}

// TestBrowserFloatingIP: on a load balancer's page a floating IP is
// allocated from the external network and associated with the VIP port in
// one request, shown on the page and in the list; disassociated, the
// address stays allocated to the project, and the list says so live.
func TestBrowserFloatingIP(t *testing.T) {
	t.Parallel()
	s := startLiveConsole(t)
	c := console{URL: s.URL, LabURL: s.URL}
	_, api := newLBAPI(t, c)
	n := newNeutronAPI(t, c, "demo")
	shop := api.lbID(t, "shop-frontend")
	port := api.lb(t, shop)["vip_port_id"].(string)

	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.listed(t, "demo's list", "shop-frontend")
	b.waitJS(t, "no floating IP in the list", fipCell("shop-frontend")+` === "—"`, 20*time.Second)
	b.goTo(t, "/load-balancers/"+shop)
	b.waitJS(t, "no floating IP on the page", `!!document.querySelector("#lb-fip-none") && !!document.querySelector("#lb-fip-open")`, 30*time.Second)
	// What the card adds to the page's polls: one GET of the VIP port's
	// floating IPs per 3 s (6 at most in 15 s: one at each end).
	mark := len(s.Logs.String())
	time.Sleep(measureWindow)
	counts := upstreamGETs(t, s.Logs.String(), mark)
	t.Logf("a load balancer's page with its floating IP card: %s", perThree(counts, measureWindow))
	if n := counts["/network/v2.0/floatingips"]; n > 6 {
		t.Errorf("GETs of the floating IPs in 15 s on one page: got %d, want at most 6 (one poll per 3 s)", n)
	}
	sent := b.recordRequests(t)
	b.do(t, "open the associate form", 10*time.Second, chromedp.Click(chromedp.ID("lb-fip-open")))
	b.waitJS(t, "the choices", `(document.querySelector("#lb-fip-pick") || {options: []}).options.length === 1`, 20*time.Second)
	if got := b.text(t, "#lb-fip-pick"); !strings.Contains(got, "Allocate a new address from public") {
		t.Fatalf("the choices: got %q, want to allocate from public", got)
	}
	b.audit(t, "fip-form") // axe-core, light, dark and on a phone
	b.do(t, "associate", 10*time.Second, chromedp.Click(chromedp.ID("lb-fip-associate")))
	b.waitJS(t, "the address on the page", `(document.querySelector("#lb-fip-address") || {}).textContent?.startsWith("172.24.")`, 20*time.Second)
	addr := b.text(t, "#lb-fip-address")
	if got := sent.matching(http.MethodPost, "/network/v2.0/floatingips"); len(got) != 1 || !strings.Contains(got[0].Body, port) {
		t.Errorf("the allocation: got %v, want one POST naming the VIP port %s", got, port)
	}
	if got := sent.matching(http.MethodPut, ""); len(got) != 0 {
		t.Errorf("an allocation and association sent %d PUTs, want none (one POST)", len(got))
	}
	if got := n.fips(t, "?port_id="+port); len(got) != 1 || got[0].Address != addr {
		t.Fatalf("Neutron's floating IPs of the VIP port: got %+v, want %s", got, addr)
	}

	b.goTo(t, "/load-balancers")
	b.waitJS(t, "the address in the list", fipCell("shop-frontend")+` === `+jsString(addr), 20*time.Second)
	b.goTo(t, "/load-balancers/"+shop)
	b.waitJS(t, "the address on the page", `(document.querySelector("#lb-fip-address") || {}).textContent === `+jsString(addr), 20*time.Second)
	b.do(t, "disassociate", 10*time.Second, chromedp.Click(chromedp.ID("lb-fip-disassociate")))
	b.waitJS(t, "no floating IP on the page", `!!document.querySelector("#lb-fip-none")`, 20*time.Second)
	if got := n.fips(t, ""); len(got) != 1 || got[0].Address != addr || got[0].PortID != nil {
		t.Fatalf("after disassociate: got %+v, want %s kept, unassociated", got, addr)
	}
	b.goTo(t, "/load-balancers")
	b.waitJS(t, "no floating IP in the list", fipCell("shop-frontend")+` === "—"`, 20*time.Second)
}

// TestBrowserFloatingIPTakenElsewhere: the associate form offers an
// unassociated floating IP; another user associates it elsewhere before
// the user sends; Neutron refuses the one PUT (its If-Match names the
// revision listed), the field says where the address went, and nothing
// changes.
func TestBrowserFloatingIPTakenElsewhere(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	_, api := newLBAPI(t, c)
	n := newNeutronAPI(t, c, "demo")
	shop, gateway := api.lbID(t, "shop-frontend"), api.lbID(t, "api-gateway")
	shopPort, gatewayPort := api.lb(t, shop)["vip_port_id"].(string), api.lb(t, gateway)["vip_port_id"].(string)
	spare := n.allocate(t, "")

	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.listed(t, "demo's list", "shop-frontend")
	b.goTo(t, "/load-balancers/"+shop)
	b.waitJS(t, "the associate button", `!!document.querySelector("#lb-fip-open")`, 30*time.Second)
	b.do(t, "open the associate form", 10*time.Second, chromedp.Click(chromedp.ID("lb-fip-open")))
	b.waitJS(t, "the spare address offered first", `(document.querySelector("#lb-fip-pick") || {}).value === "fip:`+spare.ID+`"`, 20*time.Second)

	// Elsewhere, meanwhile: the spare address goes to api-gateway.
	if code := n.do(t, http.MethodPut, "/floatingips/"+spare.ID, fmt.Sprintf(`{"floatingip": {"port_id": %q}}`, gatewayPort), nil); code != http.StatusOK {
		t.Fatalf("associate the spare address with api-gateway: got %d, want 200", code)
	}
	sent := b.recordRequests(t)
	b.do(t, "associate", 10*time.Second, chromedp.Click(chromedp.ID("lb-fip-associate")))
	b.waitJS(t, "the error at the field", `!!document.querySelector("#lb-fip-pick-error") && document.querySelector("#lb-fip-pick").getAttribute("aria-invalid") === "true"`, 20*time.Second)
	if got := b.text(t, "#lb-fip-pick-error"); !strings.Contains(got, "already associated with port "+gatewayPort) || !strings.Contains(got, "nothing changed") {
		t.Errorf("the field's error: got %q, want it associated with api-gateway's port, nothing changed", got)
	}
	b.waitJS(t, "the taken address no longer offered", `![...document.querySelectorAll("#lb-fip-pick option")].some(o => o.value === "fip:`+spare.ID+`")`, 20*time.Second)
	b.audit(t, "fip-taken-elsewhere") // the error at the field, as axe-core sees it
	puts := sent.matching(http.MethodPut, "/network/v2.0/floatingips/"+spare.ID)
	posts := sent.matching(http.MethodPost, "/network/v2.0/floatingips")
	t.Logf("the refused association sent %d PUT and %d POST", len(puts), len(posts))
	if len(puts) != 1 || len(posts) != 0 {
		t.Errorf("the refused association: got %d PUTs and %d POSTs, want the one PUT Neutron refused", len(puts), len(posts))
	}
	if got := n.fips(t, "?port_id="+gatewayPort); len(got) != 1 || got[0].ID != spare.ID {
		t.Errorf("api-gateway's floating IP: got %+v, want %s still there", got, spare.Address)
	}
	if got := n.fips(t, "?port_id="+shopPort); len(got) != 0 {
		t.Errorf("shop-frontend's floating IPs: got %+v, want none", got)
	}
}

// TestBrowserWizardFloatingIP: the wizard's first step picks the VIP's
// QoS policy among Neutron's; its review allocates a floating IP from the
// external network; once Octavia answered the create, it is on the new
// load balancer's VIP port and in the list.
func TestBrowserWizardFloatingIP(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	_, api := newLBAPI(t, c)
	n := newNeutronAPI(t, c, "demo")
	public := n.publicNet(t)

	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.listed(t, "demo's list", "shop-frontend")
	b.do(t, "open the wizard", 30*time.Second, chromedp.Click(chromedp.ID("lb-create")),
		chromedp.WaitReady(chromedp.CSS(`#create-subnet option`)))
	b.do(t, "name it", 10*time.Second, setInput("#create-name", "public-web"))
	// The VIP step's QoS policy is picked among Neutron's.
	b.waitJS(t, "the VIP's QoS policies", `[...document.querySelectorAll("#create-vip-qos-policy-id option")].some(o => o.textContent.startsWith("silver ("))`, 20*time.Second)
	silver := eval[string](t, b, `[...document.querySelectorAll("#create-vip-qos-policy-id option")].find(o => o.textContent.startsWith("silver (")).value`)
	b.do(t, "pick silver", 10*time.Second, selectValue("#create-vip-qos-policy-id", silver))
	b.do(t, "to the review", 10*time.Second, chromedp.Click(chromedp.ID("wz-step-6")))
	b.waitJS(t, "the review's floating IP choices", `!!document.querySelector("#wz-fip option[value='net:`+public+`']")`, 20*time.Second)
	b.do(t, "allocate from public", 10*time.Second, selectValue("#wz-fip", "net:"+public))
	sent := b.recordRequests(t)
	b.do(t, "create", 10*time.Second, chromedp.Click(chromedp.ID("create-submit")))
	b.waitJS(t, "the list", `location.pathname === "/load-balancers"`, 30*time.Second)
	creates, fips := sent.matching(http.MethodPost, "/lbaas/loadbalancers"), sent.matching(http.MethodPost, "/network/v2.0/floatingips")
	t.Logf("the wizard's create with a floating IP: %d POST of loadbalancers, %d POST of floatingips", len(creates), len(fips))
	if len(creates) != 1 || len(fips) != 1 {
		t.Errorf("the wizard's create with a floating IP: got %d POSTs of loadbalancers and %d of floatingips, want one each", len(creates), len(fips))
	}
	id := api.lbID(t, "public-web")
	port := api.lb(t, id)["vip_port_id"].(string)
	if got := api.lb(t, id)["vip_qos_policy_id"]; got != silver {
		t.Errorf("the new load balancer's vip_qos_policy_id: got %v, want silver's %s", got, silver)
	}
	got := n.fips(t, "?port_id="+port)
	if len(got) != 1 {
		t.Fatalf("the new load balancer's floating IPs: got %+v, want one", got)
	}
	b.waitJS(t, "its address in the list", fipCell("public-web")+` === `+jsString(got[0].Address), 30*time.Second)
}

// TestBrowserDeleteReleasesFloatingIP: deleting a load balancer with a
// floating IP says Neutron keeps the address; with "release" checked, the
// address is released once the load balancer is gone.
func TestBrowserDeleteReleasesFloatingIP(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	_, api := newLBAPI(t, c)
	n := newNeutronAPI(t, c, "demo")
	reports := api.lbID(t, "reports-internal")
	fip := n.allocate(t, api.lb(t, reports)["vip_port_id"].(string))

	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.listed(t, "demo's list", "reports-internal")
	b.goTo(t, "/load-balancers/"+reports)
	b.waitJS(t, "its floating IP", `(document.querySelector("#lb-fip-address") || {}).textContent === `+jsString(fip.Address), 30*time.Second)
	b.do(t, "ask to delete", 10*time.Second, chromedp.Click(chromedp.ID("lb-delete")))
	b.waitJS(t, "the dialog's words on the address", `(document.querySelector("#delete-fip") || {}).textContent?.includes("Neutron keeps it allocated")`, 20*time.Second)
	if got := b.text(t, "#delete-fip"); !strings.Contains(got, fip.Address) {
		t.Errorf("the dialog: got %q, want it to name %s", got, fip.Address)
	}
	b.do(t, "check release", 10*time.Second, chromedp.Click(chromedp.ID("delete-release-fip")))
	b.do(t, "delete", 10*time.Second, chromedp.Click(chromedp.ID("delete-confirm-btn")))
	b.waitJS(t, "the list", `location.pathname === "/load-balancers"`, 30*time.Second)
	b.waitJS(t, "the delete's operation says the release comes", `[...document.querySelectorAll(".op-written")].some(e => e.textContent.includes("then release its floating IP `+fip.Address+`"))`, 20*time.Second)
	deadline := time.Now().Add(60 * time.Second)
	for len(n.fips(t, "")) > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("a minute after the delete, demo still has %+v, want the address released", n.fips(t, ""))
		}
		time.Sleep(time.Second)
	}
	if code := api.do(t, http.MethodGet, "/loadbalancers/"+reports, "", nil); code != http.StatusNotFound {
		t.Errorf("the load balancer after the release: got %d, want 404 (released only once it was gone)", code)
	}
}

// TestBrowserQoSPicker: the load balancer's edit form picks the VIP QoS
// policy among the project's and the shared ones, and sends its id; when
// Neutron has no qos extension the form says so instead of the field.
func TestBrowserQoSPicker(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	lab, api := newLBAPI(t, c)
	n := newNeutronAPI(t, c, "demo")
	var pols struct {
		Policies []struct {
			ID, Name string
			Shared   bool
		} `json:"policies"`
	}
	n.do(t, http.MethodGet, "/qos/policies?name=bronze", "", &pols)
	if len(pols.Policies) != 1 {
		t.Fatalf("demo's bronze policy: got %+v", pols.Policies)
	}
	bronze := pols.Policies[0].ID
	reports := api.lbID(t, "reports-internal")

	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.listed(t, "demo's list", "reports-internal")
	b.goTo(t, "/load-balancers/"+reports+"/edit")
	b.waitJS(t, "the QoS policies", `!!document.querySelector("#f-vip_qos_policy_id option[value='`+bronze+`']")`, 30*time.Second)
	if got := b.text(t, "#f-vip_qos_policy_id"); !strings.Contains(got, "public-default") || !strings.Contains(got, "shared") || !strings.Contains(got, "silver") {
		t.Errorf("the choices: got %q, want bronze, silver and the shared public-default", got)
	}
	b.do(t, "pick bronze", 10*time.Second, selectValue("#f-vip_qos_policy_id", bronze))
	b.do(t, "save", 10*time.Second, chromedp.Click(chromedp.ID("res-submit")))
	b.waitJS(t, "the page", `location.pathname === "/load-balancers/`+reports+`"`, 30*time.Second)
	if got := api.lb(t, reports)["vip_qos_policy_id"]; got != bronze {
		t.Errorf("vip_qos_policy_id: got %v, want bronze's %s", got, bronze)
	}

	lab.Faults(t, `{"no_qos": true}`)
	b.goTo(t, "/load-balancers/"+reports+"/edit")
	b.waitJS(t, "the words instead of the field", `(document.querySelector("#f-vip_qos_policy_id.no-qos") || {}).textContent?.includes("no QoS extension")`, 30*time.Second)
	if eval[bool](t, b, `!!document.querySelector("select#f-vip_qos_policy_id, input#f-vip_qos_policy_id")`) {
		t.Error("without the qos extension the form still has a QoS field")
	}
}

// TestBrowserFloatingIPReadOnly: a reader sees the load balancer's
// floating IP on its page and in the list, and no button that would
// change it.
func TestBrowserFloatingIPReadOnly(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	_, api := newLBAPI(t, c)
	n := newNeutronAPI(t, c, "demo")
	shop := api.lbID(t, "shop-frontend")
	fip := n.allocate(t, api.lb(t, shop)["vip_port_id"].(string))

	b := newBrowser(t)
	b.login(t, c.URL, "viewer", "viewer", "demo")
	b.listed(t, "the viewer's list", "shop-frontend")
	b.waitJS(t, "the address in the list", fipCell("shop-frontend")+` === `+jsString(fip.Address), 20*time.Second)
	b.goTo(t, "/load-balancers/"+shop)
	b.waitJS(t, "the address on the page", `(document.querySelector("#lb-fip-address") || {}).textContent === `+jsString(fip.Address), 30*time.Second)
	if got := eval[int](t, b, `document.querySelectorAll("#lb-fip-card button").length`); got != 0 {
		t.Errorf("a reader's floating IP card: got %d buttons, want none", got)
	}
}
