//go:build !js

package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/pools"

	"github.com/octaview/octaview/cmd/server/servertest"
	"github.com/octaview/octaview/octavia"
)

// Issue 31 §4: members picked from the project's servers (Nova), with
// their address on the member's subnet (Neutron's ports), in the member
// form, the member batch editor and the wizard.

// serverPick is where a test of picking members among servers starts: a
// console on the lab, demo's servers with their address on shop-frontend's
// VIP subnet (as the lab's Nova and Neutron say) and that subnet, and a
// browser logged in as demo on the load balancer list.
type serverPick struct {
	ids    treeIDs
	subnet string
	addr   map[string]string // a server's address on subnet, by its name
	b      *browser
}

// startServerPick starts a console and logs a browser in as demo.
func startServerPick(t *testing.T) serverPick {
	t.Helper()
	c := startConsole(t)
	ids := readTreeIDs(t, c)
	addr, subnet := demoServers(t, ids)
	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.waitJS(t, "the list", `location.pathname === "/load-balancers"`, 60*time.Second)
	return serverPick{ids: ids, subnet: subnet, addr: addr, b: b}
}

// demoServers are the addresses of demo's servers on shop-frontend's VIP
// subnet, by the server's name, and that subnet.
func demoServers(t *testing.T, ids treeIDs) (map[string]string, string) {
	t.Helper()
	lb, err := ids.client.Get(t.Context(), octavia.Ref{Kind: octavia.KindLoadBalancer, ID: ids.shopLB})
	if err != nil {
		t.Fatal(err)
	}
	subnet := lb.Text("vip_subnet_id")
	list, err := ids.client.Compute().ServersOnSubnet(t.Context(), subnet)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]octavia.ServerOnSubnet{}
	for _, s := range list {
		byName[s.Name] = s
	}
	out := map[string]string{}
	for _, name := range []string{"web-1", "web-2", "web-3", "app-1"} {
		if len(byName[name].Addresses) != 1 {
			t.Fatalf("the lab's %s on the VIP subnet: got %+v, want one address", name, byName[name])
		}
		out[name] = byName[name].Addresses[0]
	}
	return out, subnet
}

// serverOption is the JS of the value of picker sel's option whose text
// starts with name + " — " ("" when there is none).
func serverOption(sel, name string) string {
	return fmt.Sprintf(`(([...document.querySelectorAll(%q)].find(o => o.textContent.startsWith(%q)) || {}).value || "")`,
		sel+" option", name+" — ")
}

// pickerReady is the JS of picker sel listing web-1 (its first poll done).
func pickerReady(sel string) string { return serverOption(sel, "web-1") + ` !== ""` }

// pickerReads names the picker's requests among l's: its load balancer's
// VIP subnet, the subnet's ports, the servers.
func pickerReads(l *requestLog) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, r := range l.reqs {
		if r.Method == http.MethodGet && (strings.Contains(r.URL, "/compute/") || strings.Contains(r.URL, "/network/v2.0/ports")) {
			u := r.URL[strings.Index(r.URL, "//")+2:]
			out = append(out, u[strings.Index(u, "/"):])
		}
	}
	return fmt.Sprintf("%d GETs: %s", len(out), strings.Join(out, ", "))
}

// TestBrowserMemberFromServer: the member form lists demo's servers with
// their address on the VIP subnet; worker-1 (no network) is listed but
// cannot be picked, app-1 is marked SHUTOFF; picking web-1 fills address,
// subnet and name, and the POST carries them.
func TestBrowserMemberFromServer(t *testing.T) {
	t.Parallel()
	p := startServerPick(t)
	ids, b, subnet, web1 := p.ids, p.b, p.subnet, p.addr["web-1"]
	opened := b.recordRequests(t)
	b.goTo(t, "/pools/"+ids.shopPool+"/members/new")
	b.waitJS(t, "the servers listed", pickerReady("#f-server"), 30*time.Second)
	t.Logf("the member form's picker, first read: %s", pickerReads(opened))

	worker := `[...document.querySelectorAll("#f-server option")].find(o => o.textContent.startsWith("worker-1 — "))`
	if got := eval[string](t, b, `(`+worker+` || {}).textContent || ""`); !strings.Contains(got, "no address on") || !eval[bool](t, b, worker+`.disabled`) {
		t.Errorf("worker-1's option: got %q (disabled: %v), want disabled, saying it has no address on the subnet", got, eval[bool](t, b, worker+`.disabled`))
	}
	if got := eval[string](t, b, `([...document.querySelectorAll("#f-server option")].find(o => o.textContent.startsWith("app-1 — ")) || {}).textContent || ""`); !strings.Contains(got, "SHUTOFF") {
		t.Errorf("app-1's option: got %q, want it marked SHUTOFF", got)
	}
	// A server without an address on the subnet cannot be picked, even by
	// forcing its option's value.
	b.do(t, "force worker-1", 10*time.Second, selectValue("#f-server", eval[string](t, b, worker+`.value`)))
	if got := eval[string](t, b, `document.querySelector("#f-address").value + "|" + document.querySelector("#f-server").selectedIndex`); got != "|0" {
		t.Errorf("address and picker after forcing worker-1's option: got %q, want no address, the picker back on its first choice", got)
	}
	b.audit(t, "member-server-picker")
	b.shot(t, "member-server-picker")

	log := b.recordRequests(t)
	b.do(t, "pick web-1", 10*time.Second, selectValue("#f-server", eval[string](t, b, serverOption("#f-server", "web-1"))))
	b.waitJS(t, "address, subnet and name filled", fmt.Sprintf(`document.querySelector("#f-address").value === %q &&
		document.querySelector("#f-subnet_id").value === %q && document.querySelector("#f-name").value === "web-1"`, web1, subnet), 10*time.Second)
	b.do(t, "create", 10*time.Second, setInput("#f-protocol_port", "8080"), chromedp.Click(chromedp.ID("res-submit")))
	b.waitJS(t, "back on the pool", `location.pathname === `+jsString("/pools/"+ids.shopPool), 20*time.Second)
	posts := log.matching("POST", "/pools/"+ids.shopPool+"/members")
	if len(posts) != 1 {
		t.Fatalf("member POSTs: got %d, want 1", len(posts))
	}
	var body struct {
		Member map[string]any `json:"member"`
	}
	if err := json.Unmarshal([]byte(posts[0].Body), &body); err != nil {
		t.Fatalf("the POST's body %q: %v", posts[0].Body, err)
	}
	if m := body.Member; m["address"] != web1 || m["subnet_id"] != subnet || m["name"] != "web-1" || m["protocol_port"] != 8080.0 {
		t.Errorf("the POST: got %v, want web-1's address %s, subnet %s, name web-1, port 8080", m, web1, subnet)
	}
}

// TestBrowserMemberBatchFromServer: the member set's picker adds web-2's
// address with the port beside it; applied, the pool has that member.
func TestBrowserMemberBatchFromServer(t *testing.T) {
	t.Parallel()
	p := startServerPick(t)
	ids, b, web2 := p.ids, p.b, p.addr["web-2"]
	b.goTo(t, "/pools/"+ids.shopPool)
	b.openMemberSet(t)
	b.waitJS(t, "the servers listed", pickerReady("#batch-server"), 30*time.Second)
	if got := eval[string](t, b, `document.querySelector("#batch-server-port").value`); got != "80" {
		t.Errorf("the picked server's port: got %q, want 80 (the set's)", got)
	}
	b.do(t, "pick web-2 on 8080", 10*time.Second, setInput("#batch-server-port", "8080"),
		selectValue("#batch-server", eval[string](t, b, serverOption("#batch-server", "web-2"))))
	want := "10.0.0.11:80,1\n10.0.0.12:80,1\n10.0.0.13:80,1\n" + web2 + ":8080\n"
	b.waitJS(t, "web-2's line added", `document.querySelector("#batch-lines").value === `+jsString(want), 10*time.Second)
	b.do(t, "pick web-2 again", 10*time.Second, selectValue("#batch-server", eval[string](t, b, serverOption("#batch-server", "web-2"))))
	b.shot(t, "member-batch-server-picker")
	b.waitJS(t, "not twice", `document.querySelector("#batch-server-note").textContent.includes("in the set already") &&
		document.querySelector("#batch-lines").value === `+jsString(want), 10*time.Second)

	b.do(t, "preview", 10*time.Second, chromedp.Click(chromedp.ID("batch-preview")))
	b.waitJS(t, "the plan", `document.querySelector("#batch-summary").textContent.startsWith("1 added, 3 kept")`, 10*time.Second)
	b.do(t, "apply", 10*time.Second, chromedp.Click(chromedp.ID("batch-apply")))
	b.waitJS(t, "applied", `!!document.querySelector("#batch-done")`, 30*time.Second)
	var found bool
	for range 30 {
		ms, err := octavia.Collect(ids.client.Members(t.Context(), ids.shopPool, pools.ListMembersOpts{}))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ms {
			found = found || m.Address == web2 && m.ProtocolPort == 8080
		}
		if found {
			break
		}
		time.Sleep(time.Second)
	}
	if !found {
		t.Errorf("the pool's members after the batch: no %s:8080", web2)
	}
}

// TestBrowserWizardMemberFromServer: the wizard's members step offers the
// servers' addresses on the VIP subnet of step 1; picking web-3 fills the
// member, and the create's one POST carries its address and subnet.
func TestBrowserWizardMemberFromServer(t *testing.T) {
	t.Parallel()
	p := startServerPick(t)
	b, subnet, web3 := p.b, p.subnet, p.addr["web-3"]
	b.do(t, "open the wizard", 30*time.Second,
		chromedp.Click(chromedp.ID("lb-create")),
		chromedp.WaitReady(chromedp.CSS(`#create-subnet option`)),
		setInput("#create-name", "ci-servers"),
		selectValue("#create-subnet", subnet),
	)
	for _, s := range []string{"wz-step-1", "wz-step-2", "wz-step-3"} { // listeners, pools, members: each with its default item
		b.do(t, "go to "+s, 10*time.Second, chromedp.Click(chromedp.ID(s)))
	}
	b.waitJS(t, "the members step", `document.querySelector("fieldset.wz-panel > legend").textContent.includes("Members")`, 10*time.Second)
	b.do(t, "add a member", 10*time.Second, chromedp.Click(chromedp.ID("wz-add-member-0")), chromedp.WaitReady(chromedp.ID("wz-member-0-0-address")))
	b.waitJS(t, "the servers listed", pickerReady("#wz-member-0-0-server"), 30*time.Second)
	b.do(t, "pick web-3", 10*time.Second, selectValue("#wz-member-0-0-server", eval[string](t, b, serverOption("#wz-member-0-0-server", "web-3"))))
	b.waitJS(t, "the member filled", fmt.Sprintf(`document.querySelector("#wz-member-0-0-address").value === %q &&
		document.querySelector("#wz-member-0-0-name").value === "web-3"`, web3), 10*time.Second)

	log := b.recordRequests(t)
	b.do(t, "create", 10*time.Second, chromedp.Click(chromedp.ID("create-submit")))
	b.waitJS(t, "on its page", `location.pathname.startsWith("/load-balancers/") && location.pathname !== "/load-balancers/new"`, 30*time.Second)
	posts := log.matching("POST", "/lbaas/loadbalancers")
	if len(posts) != 1 {
		t.Fatalf("load balancer POSTs: got %d, want 1", len(posts))
	}
	var body struct {
		LB struct {
			Listeners []struct {
				Pool struct {
					Members []map[string]any `json:"members"`
				} `json:"default_pool"`
			} `json:"listeners"`
		} `json:"loadbalancer"`
	}
	if err := json.Unmarshal([]byte(posts[0].Body), &body); err != nil {
		t.Fatalf("the POST's body %q: %v", posts[0].Body, err)
	}
	if len(body.LB.Listeners) != 1 || len(body.LB.Listeners[0].Pool.Members) != 1 {
		t.Fatalf("the POST: got %s, want one listener whose default pool has one member", posts[0].Body)
	}
	if m := body.LB.Listeners[0].Pool.Members[0]; m["address"] != web3 || m["subnet_id"] != subnet || m["name"] != "web-3" {
		t.Errorf("the POST's member: got %v, want web-3's address %s on subnet %s", m, web3, subnet)
	}
}

// TestBrowserComputeReadOnly: through the console, Nova is read only: a
// POST to /compute is refused by the console (403, its own words) and
// never reaches the lab, while a GET does.
func TestBrowserComputeReadOnly(t *testing.T) {
	t.Parallel()
	s := startLiveConsole(t)
	c := console{URL: s.URL, LabURL: s.URL}
	lab := newLabAdmin(t, c)

	var fault struct { // in Nova's own shape, so that novaclient prints it
		Forbidden struct {
			Message string `json:"message"`
		} `json:"forbidden"`
	}
	resp := servertest.GetJSON(t, http.MethodPost, c.URL+"/compute/servers", lab.Token, `{"server": {"name": "x"}}`, &fault)
	if resp.StatusCode != http.StatusForbidden || !strings.Contains(fault.Forbidden.Message, "only reads /compute") {
		t.Errorf("POST /compute/servers: got %d %q, want the console's 403", resp.StatusCode, fault.Forbidden.Message)
	}
	var list struct {
		Servers []map[string]any `json:"servers"`
	}
	if resp := servertest.GetJSON(t, http.MethodGet, c.URL+"/compute/servers", lab.Token, "", &list); resp.StatusCode != http.StatusOK || len(list.Servers) == 0 {
		t.Errorf("GET /compute/servers: got %d with %d servers, want 200 with admin's", resp.StatusCode, len(list.Servers))
	}
	// The access log names the upstream a request went to: the refused
	// POST has none, the GET the lab's. Each line is written once its
	// answer is sent: wait for both.
	type sent struct{ posts, gets, lines int }
	count := func() (n sent) {
		sc := bufio.NewScanner(bytes.NewReader([]byte(s.Logs.String())))
		sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
		for sc.Scan() {
			var line struct{ Msg, Method, Route, Upstream string }
			if json.Unmarshal(sc.Bytes(), &line) != nil || line.Msg != "request" || line.Route != "compute" {
				continue
			}
			n.lines++
			switch {
			case line.Upstream == "":
			case line.Method == http.MethodPost:
				n.posts++
			case line.Method == http.MethodGet:
				n.gets++
			}
		}
		return n
	}
	n := count()
	for deadline := time.Now().Add(patient(10 * time.Second)); n.lines < 2 && time.Now().Before(deadline); n = count() {
		time.Sleep(50 * time.Millisecond)
	}
	if n.lines != 2 || n.posts != 0 || n.gets != 1 {
		t.Errorf("the console's log: %d lines under /compute, %d POSTs and %d GETs sent to the lab; want 2 lines, no POST and the one GET",
			n.lines, n.posts, n.gets)
	}
}
