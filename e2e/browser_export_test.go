//go:build !js

package e2e

// Export as code in the console (issue 32, item 1): a load balancer's
// page and the wizard's review open a panel with the tree as the
// openstack CLI, Terraform and Ansible; Copy puts the text on the
// clipboard and Download saves it as a file named after the load
// balancer. Screenshots under artifacts/export-*.png.

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// exportText is the JS expression of the panel's code block's text.
const exportText = `((document.querySelector("#export-text") || {}).textContent || "")`

// allowClipboard lets b's pages at origin read and write the clipboard
// without asking (a user's click grants writing; reading it back is the
// test's).
func (b *browser) allowClipboard(t testing.TB, origin string) {
	t.Helper()
	setting := cdpbrowser.PermissionSettingGranted
	ctx, cancel := context.WithTimeout(b.ctx, minWait)
	defer cancel()
	bc := chromedp.FromContext(b.ctx).BrowserContextID
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		if _, err := chromedp.Call(ctx, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{
			Permission: &cdpbrowser.PermissionDescriptor{Name: name, AllowWithoutSanitization: true},
			Setting:    setting, Origin: origin, BrowserContextID: bc}); err != nil {
			t.Fatalf("%s %s: %v", setting, name, err)
		}
	}
}

// downloadTo makes b's downloads land in dir, under the names the page
// gives them.
func (b *browser) downloadTo(t testing.TB, dir string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, minWait)
	defer cancel()
	if _, err := chromedp.Call(ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir,
		BrowserContextID: chromedp.FromContext(b.ctx).BrowserContextID}); err != nil {
		t.Fatalf("downloads to %s: %v", dir, err)
	}
}

// downloaded waits (within minWait) for the file name in dir, which
// Chromium renames from its .crdownload once it is whole, and returns it.
func downloaded(t testing.TB, b *browser, dir, name string) string {
	t.Helper()
	deadline := time.Now().Add(minWait)
	for {
		raw, err := os.ReadFile(filepath.Join(dir, name))
		if err == nil {
			return string(raw)
		}
		if time.Now().After(deadline) {
			entries, _ := os.ReadDir(dir)
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			b.shot(t, "FAILED-download-"+name)
			t.Fatalf("no download %s in %s after %v: %v (there: %v)", name, dir, minWait, err, names)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// exportTab shows the panel's tab of format id and waits for its text to
// hold want.
func (b *browser) exportTab(t testing.TB, id, want string) string {
	t.Helper()
	b.do(t, "the "+id+" tab", 10*time.Second, chromedp.Click(chromedp.ID("export-tab-"+id)))
	b.waitJS(t, "the "+id+" code", `document.querySelector("#export-tab-`+id+`").getAttribute("aria-selected") === "true" && `+
		exportText+`.includes(`+jsString(want)+`)`, 10*time.Second)
	return eval[string](t, b, exportText)
}

// mustHold fails for each of wants that text lacks.
func mustHold(t testing.TB, what, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("%s: no %q in\n%s", what, w, text)
		}
	}
}

// TestBrowserExportLoadBalancer exports the scenario's shop-frontend from
// its page: each tab's code names the tree's objects (the load balancer,
// its listener and pool by name, a member's address, the floating IP's
// network), a hostile pool name stays text; the tabs are a tablist the arrow keys walk; Copy puts the
// code on the clipboard (read back) and says so aloud; Download saves it
// as shop-frontend.sh with the same bytes; with Octavia down, Refresh says
// why and keeps the code read before; and a reader on a server started
// -read-only exports too.
func TestBrowserExportLoadBalancer(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	lab := newLabAdmin(t, c)
	ids := readTreeIDs(t, c)
	const pool = `shop <img src=x onerror=alert(1)> "pool"`
	listener := octavia.Ref{Kind: octavia.KindListener, ID: ids.shopListener, LoadBalancerID: ids.shopLB}
	poolRef := octavia.Ref{Kind: octavia.KindPool, ID: ids.shopPool, LoadBalancerID: ids.shopLB}
	for _, x := range []struct {
		r    octavia.Ref
		name string
	}{{listener, "shop-http"}, {poolRef, pool}} {
		if _, _, err := ids.client.Update(t.Context(), x.r, octavia.Object{"name": x.name}); err != nil {
			t.Fatal(err)
		}
		if _, err := ids.client.WaitChildActive(t.Context(), x.r, waiters.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	members, err := octavia.Collect(ids.client.List(t.Context(), octavia.KindMember, ids.shopPool, octavia.ListQuery{}))
	if err != nil || len(members) == 0 {
		t.Fatalf("the shop pool's members: %d, %v", len(members), err)
	}
	address := members[0].Text("address")
	lb, err := ids.client.Get(t.Context(), octavia.Ref{Kind: octavia.KindLoadBalancer, ID: ids.shopLB})
	if err != nil {
		t.Fatal(err)
	}
	neutron := newNeutronAPI(t, c, "demo")
	fip, network := neutron.allocate(t, lb.Text("vip_port_id")), neutron.publicNet(t)

	b := newBrowser(t)
	b.allowClipboard(t, c.URL)
	dir := t.TempDir()
	b.downloadTo(t, dir)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.waitJS(t, "the list", `location.pathname === "/load-balancers"`, 30*time.Second)
	b.goTo(t, "/load-balancers/"+ids.shopLB)
	b.do(t, "Export as code", 30*time.Second, chromedp.Click(chromedp.ID("lb-export")))
	b.waitJS(t, "the panel open", `document.querySelector("#export-dialog")?.open === true`, 10*time.Second)
	b.waitJS(t, "the CLI code", exportText+`.includes("shop-frontend")`, 30*time.Second)
	b.waitJS(t, "the focus on the CLI's tab", `document.activeElement?.id === "export-tab-cli"`, 10*time.Second)

	cli := eval[string](t, b, exportText)
	mustHold(t, "the CLI", cli, "openstack loadbalancer create", "shop-frontend", "shop-http", "pool", address, "--wait",
		"floating ip create", network, fip.Address)
	if got := b.text(t, "#export-read"); !strings.HasPrefix(got, "read ") || !strings.HasSuffix(got, " UTC") || len(got) != len("read 15:04:05 UTC") {
		t.Errorf("when it was read: got %q, want read HH:MM:SS UTC", got)
	}
	if got := eval[string](t, b, `document.querySelector("#export-tab-cli").getAttribute("aria-selected") + " " +
		document.querySelector(".export-tabs").getAttribute("role") + " " + document.querySelector("#export-panel-cli").getAttribute("role")`); got != "true tablist tabpanel" {
		t.Errorf("the tabs' roles: got %q, want the CLI's tab selected in a tablist, its tabpanel", got)
	}
	b.shot(t, "export-01-cli")
	b.audit(t, "export-01-cli")

	tf := b.exportTab(t, "terraform", "openstack_lb_loadbalancer_v2")
	mustHold(t, "Terraform", tf, "openstack_lb_listener_v2", "openstack_lb_pool_v2", address, "import {", ids.shopLB)
	ansible := b.exportTab(t, "ansible", "openstack.cloud.")
	mustHold(t, "Ansible", ansible, "shop-frontend", "shop-http", address)
	b.shot(t, "export-02-ansible")

	// The arrow keys walk the tabs and the focus goes along.
	b.do(t, "ArrowRight from Ansible", 10*time.Second, chromedp.Focus(chromedp.ID("export-tab-ansible")), chromedp.KeyEvent(kb.ArrowRight))
	b.waitJS(t, "the CLI's tab focused", `document.activeElement?.id === "export-tab-cli" && `+
		`document.querySelector("#export-tab-cli").getAttribute("aria-selected") === "true"`, 10*time.Second)
	if got := eval[string](t, b, `[...document.querySelectorAll(".export-tab")].map(e => e.tabIndex).join(",")`); got != "0,-1,-1" {
		t.Errorf("the tabs' Tab stops: got %s, want the selected one only (0,-1,-1)", got)
	}
	b.noDialogs(t)

	// Copy: on the clipboard, said aloud, the focus kept.
	cli = eval[string](t, b, exportText)
	b.do(t, "Copy", 10*time.Second, chromedp.Click(chromedp.ID("export-copy")))
	b.waitJS(t, "the copy said", `document.querySelector("#export-said").textContent.startsWith("Copied the openstack CLI")`, 10*time.Second)
	if got := eval[string](t, b, `document.querySelector("#export-said").getAttribute("aria-live")`); got != "polite" {
		t.Errorf("the copy's message: aria-live %q, want polite", got)
	}
	if got := eval[string](t, b, `document.activeElement?.id || ""`); got != "export-copy" {
		t.Errorf("the focus after Copy: got %q, want export-copy", got)
	}
	b.waitPromise(t, "the clipboard holds the code", `navigator.clipboard.readText().then(s => s === `+exportText+`)`, 10*time.Second)

	// Download: a file named after the load balancer, the same text.
	b.do(t, "Download", 10*time.Second, chromedp.Click(chromedp.ID("export-download")))
	if got := downloaded(t, b, dir, "shop-frontend.sh"); got != cli {
		t.Errorf("shop-frontend.sh: got %d bytes, want the CLI code's %d:\n%s", len(got), len(cli), got)
	}
	b.waitJS(t, "the download said", `document.querySelector("#export-said").textContent === "Downloading shop-frontend.sh."`, 10*time.Second)

	// Octavia down: Refresh says why, the code read before stays.
	lab.Faults(t, `{"octavia": "503"}`)
	b.do(t, "Refresh", 10*time.Second, chromedp.Click(chromedp.ID("export-refresh")))
	b.waitJS(t, "the read's failure", `!!document.querySelector("#export-error")`, 30*time.Second)
	mustHold(t, "the failure", b.text(t, "#export-error"), "could not be read", "The code below is what was read ")
	if got := eval[string](t, b, exportText); got != cli {
		t.Errorf("the code after a failed Refresh: got\n%s\nwant the code read before", got)
	}
	b.shot(t, "export-03-refresh-failed")
	lab.Faults(t, `{}`)
	b.do(t, "Refresh", 10*time.Second, chromedp.Click(chromedp.ID("export-refresh")))
	b.waitJS(t, "read again", `!document.querySelector("#export-error") && `+exportText+`.includes("shop-frontend")`, 30*time.Second)
	if got := eval[string](t, b, `document.activeElement?.id || ""`); got != "export-refresh" {
		t.Errorf("the focus after Refresh: got %q, want export-refresh", got)
	}

	// Escape closes it; the focus goes back to its button.
	b.do(t, "Escape", 10*time.Second, chromedp.KeyEvent(kb.Escape))
	b.waitJS(t, "the panel closed, the focus on its button", `!document.querySelector("#export-dialog") && document.activeElement?.id === "lb-export"`, 10*time.Second)

	// Read-only: a server started -read-only, and a reader on it (viewer:
	// the reader role) exports too.
	ro := startConsoleWith(t, []string{"-read-only"}, nil)
	roIDs := readTreeIDs(t, ro)
	v := newBrowser(t)
	v.login(t, ro.URL, "viewer", "viewer", "demo")
	v.waitJS(t, "the list", `location.pathname === "/load-balancers"`, 30*time.Second)
	v.goTo(t, "/load-balancers/"+roIDs.shopLB)
	v.do(t, "Export as code", 30*time.Second, chromedp.Click(chromedp.ID("lb-export")))
	v.waitJS(t, "the read-only CLI code", exportText+`.includes("openstack loadbalancer member create")`, 30*time.Second)
	if eval[bool](t, v, `!!document.querySelector("#lb-delete")`) {
		t.Error("a Delete button in read-only mode: the page is not read-only, the test proves nothing")
	}
}

// TestBrowserExportWizardReview exports the wizard's review: what is
// about to be created (a hostile name, the default listener and pool, a
// member), with the floating IP picked (a new address: Terraform
// allocates one; the project's spare one: the CLI's commands), and no
// write. The panel opens on the tab last shown; Copy and Download work as
// on a load balancer's page, and a Copy the browser refuses selects the
// code for Ctrl+C and says so.
func TestBrowserExportWizardReview(t *testing.T) {
	t.Parallel()
	s := startLiveConsole(t)
	neutron := newNeutronAPI(t, console{URL: s.URL, LabURL: s.URL}, "demo")
	spare, network := neutron.allocate(t, ""), neutron.publicNet(t) // the project's, unassociated: the review offers it
	b := newBrowser(t)
	b.allowClipboard(t, s.URL)
	dir := t.TempDir()
	b.downloadTo(t, dir)
	b.login(t, s.URL, "demo", "demo", "")
	b.listed(t, "demo's list", "shop-frontend")

	const name = `Exp "ort" <b>1</b>`
	b.do(t, "open the wizard", 30*time.Second,
		chromedp.Click(chromedp.ID("lb-create")),
		chromedp.WaitReady(chromedp.CSS(`#create-subnet option`)),
		setInput("#create-name", name),
	)
	b.wizardStep(t, "next: listeners", "wz-next", "Listeners")
	b.wizardStep(t, "next: pools", "wz-next", "Pools")
	b.wizardStep(t, "next: members", "wz-next", "Members")
	b.do(t, "add a member", 10*time.Second,
		chromedp.Click(chromedp.ID("wz-add-member-0")),
		chromedp.WaitReady(chromedp.ID("wz-member-0-0-address")),
		setInput("#wz-member-0-0-address", "10.0.0.41"),
	)
	b.wizardStep(t, "next: health monitors", "wz-next", "Health monitors")
	b.wizardStep(t, "next: L7 policies", "wz-next", "L7 policies")
	b.wizardStep(t, "next: review", "wz-next", "Review")
	b.waitJS(t, "the spare floating IP", `!!document.querySelector("#wz-fip option[value='fip:`+spare.ID+`']")`, 30*time.Second)

	// A new address from the external network: Terraform allocates one.
	b.do(t, "a new floating IP", 10*time.Second, selectValue("#wz-fip", "net:"+network))
	b.do(t, "Export as code", 10*time.Second, chromedp.Click(chromedp.ID("wz-export")))
	b.waitJS(t, "the plan's code", exportText+`.includes("10.0.0.41")`, 10*time.Second)
	mustHold(t, "Terraform with a new floating IP", b.exportTab(t, "terraform", "openstack_networking_floatingip_v2"), network)
	b.do(t, "Close", 10*time.Second, chromedp.Click(chromedp.ID("export-close")))
	b.waitJS(t, "the panel closed", `!document.querySelector("#export-dialog")`, 10*time.Second)

	b.do(t, "the spare floating IP", 10*time.Second, selectValue("#wz-fip", "fip:"+spare.ID))
	mark := len(s.Logs.String())

	b.do(t, "Export as code", 10*time.Second, chromedp.Click(chromedp.ID("wz-export")))
	b.waitJS(t, "the panel opens on the tab last shown", `document.querySelector("#export-tab-terraform")?.getAttribute("aria-selected") === "true"`, 10*time.Second)
	cli := b.exportTab(t, "cli", "10.0.0.41")
	mustHold(t, "the plan's CLI", cli, "openstack loadbalancer create", name, "pool-1", "10.0.0.41", "floating ip set", spare.Address)
	if eval[bool](t, b, `!!document.querySelector("#export-refresh")`) {
		t.Error("a plan's panel offers Refresh: there is nothing to read")
	}
	tf := b.exportTab(t, "terraform", "openstack_lb_member_v2")
	mustHold(t, "the plan's Terraform", tf, "10.0.0.41", "openstack_lb_pool_v2")
	if strings.Contains(tf, "import {") {
		t.Errorf("the plan's Terraform imports: nothing exists yet\n%s", tf)
	}
	ansible := b.exportTab(t, "ansible", "openstack.cloud.")
	mustHold(t, "the plan's Ansible", ansible, "10.0.0.41")
	b.shot(t, "export-04-plan")
	b.audit(t, "export-04-plan")

	// The browser refuses the clipboard (as one does to a page not served
	// over HTTPS or a user who said no; Chromium lets a click write
	// whatever the permission, so the page's writeText is made to refuse):
	// the code is selected for Ctrl+C, and the panel says so.
	eval[bool](t, b, `Object.defineProperty(navigator.clipboard, "writeText", {configurable: true,
		value: () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError"))}) && true`)
	b.do(t, "Copy, refused", 10*time.Second, chromedp.Click(chromedp.ID("export-copy")))
	b.waitJS(t, "the refusal said", `document.querySelector("#export-said").textContent.includes("press Ctrl+C")`, 10*time.Second)
	// (a selection's text is as rendered: the block's last line break is not in it)
	if got := eval[string](t, b, `getSelection().toString()`); strings.TrimRight(got, "\n") != strings.TrimRight(ansible, "\n") {
		t.Errorf("the selection after a refused Copy: got %d bytes, want the code's %d", len(got), len(ansible))
	}
	b.shot(t, "export-05-copy-refused")
	eval[bool](t, b, `delete navigator.clipboard.writeText`) // the browser's own again
	b.do(t, "Copy", 10*time.Second, chromedp.Click(chromedp.ID("export-copy")))
	b.waitJS(t, "the copy said", `document.querySelector("#export-said").textContent.startsWith("Copied the Ansible")`, 10*time.Second)
	b.waitPromise(t, "the clipboard holds the playbook", `navigator.clipboard.readText().then(s => s === `+exportText+`)`, 10*time.Second)
	b.do(t, "Download", 10*time.Second, chromedp.Click(chromedp.ID("export-download")))
	if got := downloaded(t, b, dir, "exp-ort-b-1-b.yml"); got != ansible {
		t.Errorf("the playbook's file: got\n%s\nwant the panel's text", got)
	}
	if got := wizardWrites(t, s.Logs.String(), mark); len(got) != 0 {
		t.Errorf("writes while exporting the plan: got %v, want none", got)
	}
	b.noDialogs(t)
	b.do(t, "Close", 10*time.Second, chromedp.Click(chromedp.ID("export-close")))
	b.waitJS(t, "the focus back on Export", `!document.querySelector("#export-dialog") && document.activeElement?.id === "wz-export"`, 10*time.Second)
	if got := eval[string](t, b, wizardCurrent); !strings.Contains(got, "Review") {
		t.Errorf("after the panel: step %q, want still the review", got)
	}
}
