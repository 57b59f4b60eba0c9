//go:build !js

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/pools"

	"github.com/octaview/octaview/octavia"
)

// openMemberSet opens the member set of shop-frontend's pool, on its page,
// once its three members are listed, and waits for it prefilled with them.
func (b *browser) openMemberSet(t testing.TB) {
	t.Helper()
	b.waitJS(t, "its 3 members", `document.querySelectorAll("tr.member-row").length === 3`, 30*time.Second)
	b.do(t, "open the member set", 20*time.Second, chromedp.Click(chromedp.ID("batch-open")), chromedp.WaitVisible(chromedp.ID("batch-lines")))
	b.waitJS(t, "the prefilled set", `document.querySelector("#batch-lines").value === "10.0.0.11:80,1\n10.0.0.12:80,1\n10.0.0.13:80,1\n"`, 20*time.Second)
}

// previewMemberSet are the steps that replace the open member set's lines
// with lines and preview them, until the element with id shows: the plan
// (batch-plan) or the lines' errors (batch-errors).
func previewMemberSet(lines, id string) []chromedp.Action[chromedp.Void] {
	return []chromedp.Action[chromedp.Void]{
		setInput("#batch-lines", lines),
		chromedp.Click(chromedp.ID("batch-preview")),
		chromedp.WaitVisible(chromedp.ID(id)),
	}
}

// TestBrowserMemberBatchKeeps: a member set written from the pool's page
// keeps what the user did not touch. shop-frontend's 10.0.0.11 is made
// disabled, backup, with a monitor address and port; a batch that lists it
// without a weight previews it as kept and leaves all of that in place
// (the lab replaces a listed member as Octavia does, so a batch that
// omitted them would reset them), while the preview names the weight it
// changes on another member and the member it deletes. A member changed
// by someone else after the preview stops Apply until a new preview.
func TestBrowserMemberBatchKeeps(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	ids := readTreeIDs(t, c)
	members := func() map[string]pools.Member {
		t.Helper()
		ms, err := octavia.Collect(ids.client.Members(t.Context(), ids.shopPool, pools.ListMembersOpts{}))
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]pools.Member{}
		for _, m := range ms {
			out[m.Address] = m
		}
		return out
	}
	settled := func(what string) {
		t.Helper()
		for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(200 * time.Millisecond) {
			busy := false
			for _, m := range members() {
				busy = busy || strings.HasPrefix(m.ProvisioningStatus, "PENDING_")
			}
			if !busy {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: members still pending after 60 s", what)
			}
		}
	}
	m11 := members()["10.0.0.11"]
	if _, _, err := ids.client.Update(t.Context(), octavia.Ref{Kind: octavia.KindMember, ID: m11.ID, ParentID: ids.shopPool}, octavia.Object{
		"admin_state_up": false, "backup": true, "monitor_address": "10.0.0.99", "monitor_port": 9000,
	}); err != nil {
		t.Fatal(err)
	}
	settled("the member update")

	b := newBrowser(t)
	b.login(t, c.URL, "demo", "demo", "demo")
	b.do(t, "open shop-frontend's pool", 60*time.Second,
		chromedp.Navigate(c.URL+"/pools/"+ids.shopPool),
		chromedp.WaitVisible(chromedp.ID("batch-open")),
	)
	// the server serves the pool's page before the app runs: its button
	// does nothing until the app has taken the page over
	b.waitJS(t, "the app running", appRunning, 60*time.Second)
	b.openMemberSet(t)
	b.do(t, "preview a set", 10*time.Second, previewMemberSet("10.0.0.11:80\n10.0.0.12:80,4\n10.0.0.14:80", "batch-plan")...)
	if got := b.text(t, "#batch-summary"); got != "1 added, 1 kept, 1 changed, 1 removed." {
		t.Errorf("summary: got %q", got)
	}
	rows := eval[[]string](t, b, `[...document.querySelectorAll("#batch-plan tbody tr")].map(r => [...r.cells].map(c => c.textContent).join(" | "))`)
	want := []string{
		"Keep | 10.0.0.11:80 | 1 | unchanged",
		"Change | 10.0.0.12:80 | 4 | weight 1 → 4",
		"Create | 10.0.0.14:80 | 1 | new member, weight 1",
		"Delete | 10.0.0.13:80 | 1 | deleted (not listed)",
	}
	if fmt.Sprint(rows) != fmt.Sprint(want) {
		t.Errorf("preview rows:\n got %q\nwant %q", rows, want)
	}
	b.shot(t, "batch-keeps-preview")

	// Someone disables 10.0.0.12 after the preview: Apply sends nothing
	// and shows the new preview, which keeps it disabled.
	m12 := octavia.Ref{Kind: octavia.KindMember, ID: members()["10.0.0.12"].ID, ParentID: ids.shopPool}
	if _, _, err := ids.client.Update(t.Context(), m12, octavia.Object{"admin_state_up": false}); err != nil {
		t.Fatal(err)
	}
	settled("the other user's update")
	putsBefore := treePUTs(t, c)
	b.do(t, "apply the stale preview", 10*time.Second, chromedp.Click(chromedp.ID("batch-apply")))
	b.waitJS(t, "the new preview", `(document.querySelector("#batch-error") || {}).textContent?.includes("changed since the preview")`, 30*time.Second)
	if n := treePUTs(t, c) - putsBefore; n != 0 {
		t.Errorf("PUTs sent for a stale preview: got %d, want 0", n)
	}
	rows = eval[[]string](t, b, `[...document.querySelectorAll("#batch-plan tbody tr")].map(r => [...r.cells].map(c => c.textContent).join(" | "))`)
	if len(rows) != 4 || rows[1] != "Change | 10.0.0.12:80 | 4 | weight 1 → 4" {
		t.Errorf("the new preview: got %q, want 10.0.0.12's weight changed, nothing else", rows)
	}
	b.do(t, "apply the set", 10*time.Second, chromedp.Click(chromedp.ID("batch-apply")))
	b.waitJS(t, "the batch succeeded", treeOp("succeeded", "Update members of pool"), 60*time.Second)
	settled("the batch")

	got := members()
	if len(got) != 3 || got["10.0.0.13"].ID != "" {
		t.Errorf("members after the batch: got %v, want 10.0.0.11, .12 and .14", got)
	}
	if m := got["10.0.0.11"]; m.ID != m11.ID || m.AdminStateUp || !m.Backup || m.MonitorAddress != "10.0.0.99" || m.MonitorPort != 9000 || m.Weight != 1 {
		t.Errorf("the kept member after the batch: got %+v, want disabled, backup, monitor 10.0.0.99:9000, weight 1", m)
	}
	if m := got["10.0.0.12"]; m.Weight != 4 || m.AdminStateUp {
		t.Errorf("the changed member: got weight %d enabled %v, want 4, false (disabled after the preview)", m.Weight, m.AdminStateUp)
	}
	if m := got["10.0.0.14"]; !m.AdminStateUp || m.Weight != 1 || m.Backup {
		t.Errorf("the new member: got %+v, want enabled, weight 1, not backup", m)
	}
}
