package app

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/pools"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"

	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/app/internal/section"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// TestMemberBatchKeepsOnTheLab runs the console's batch (runConsoleBatch)
// on the lab, which replaces listed members as Octavia does: what the user
// did not touch stays (TestFidelityMemberBatchKeeps runs it on a real Zed).
func TestMemberBatchKeepsOnTheLab(t *testing.T) {
	cloud := labcloud.New(labcloud.Options{Delay: time.Millisecond})
	c := labtest.Via(t, labcloud.Transport(cloud), "admin", "admin")
	checkBatchKept(t, runConsoleBatch(t, c, waiters.Options{Interval: time.Millisecond, Timeout: 10 * time.Second}))
}

// runConsoleBatch makes a pool of three members on c: 10.0.0.11 disabled,
// weight 5, named, tagged, on a subnet; 10.0.0.12 backup with a monitor
// address and port; 10.0.0.13 plain. Then it writes, as the Member set
// section does (the prefill, edited, planned and sent), "10.0.0.11:80",
// "10.0.0.12:80,2" and a new "10.0.0.14:80", and returns the members after
// it, by address. The load balancer is deleted when the test ends.
func runConsoleBatch(t *testing.T, c *octavia.Client, wait waiters.Options) map[string]pools.Member {
	t.Helper()
	ctx := t.Context()
	subs, err := octavia.Collect(c.Network().Subnets(ctx, subnets.ListOpts{}))
	if err != nil || len(subs) == 0 {
		t.Fatalf("subnets: got %d, %v", len(subs), err)
	}
	subnet := subs[0].ID
	create := func(k octavia.Kind, parent string, body octavia.Object) octavia.Ref {
		t.Helper()
		return labtest.Create(t, c, k, parent, body, wait) // each kind here has a provisioning status: it waits
	}
	lb := create(octavia.KindLoadBalancer, "", octavia.Object{"name": "batch-keeps-" + time.Now().Format("150405.000"), "vip_subnet_id": subnet})
	t.Cleanup(func() {
		c2, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		if _, err := c.Delete(c2, lb, true); err != nil {
			t.Logf("clean up %s: %v", lb, err)
		}
		c.WaitLoadBalancerDeleted(c2, lb.ID, waiters.Options{Interval: wait.Interval})
	})
	pool := create(octavia.KindPool, "", octavia.Object{"loadbalancer_id": lb.ID, "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"})
	create(octavia.KindMember, pool.ID, octavia.Object{"address": "10.0.0.11", "protocol_port": 80, "name": "web1", "admin_state_up": false,
		"weight": 5, "tags": []string{"blue"}, "subnet_id": subnet})
	create(octavia.KindMember, pool.ID, octavia.Object{"address": "10.0.0.12", "protocol_port": 80, "backup": true,
		"monitor_address": "10.0.9.12", "monitor_port": 9000})
	create(octavia.KindMember, pool.ID, octavia.Object{"address": "10.0.0.13", "protocol_port": 80})
	read := func() []pools.Member {
		t.Helper()
		ms, err := octavia.Collect(c.Members(ctx, pool.ID, pools.ListMembersOpts{}))
		if err != nil {
			t.Fatal(err)
		}
		return ms
	}

	current := read()
	text := strings.Replace(section.MemberLines(current), "10.0.0.12:80,1\n", "10.0.0.12:80,2\n", 1)
	text = strings.Replace(text, "10.0.0.13:80,1\n", "10.0.0.14:80\n", 1)
	text = strings.Replace(text, "10.0.0.11:80,5\n", "10.0.0.11:80\n", 1)
	lines, errs := section.ParseMemberLines(text)
	if len(errs) > 0 || len(lines) != 3 {
		t.Fatalf("the edited prefill %q: got %d lines, %v", text, len(lines), errs)
	}
	plan, entries := section.MemberPlan(lines, current)
	if got := section.PlanSummary(plan); got != "1 added, 1 kept, 1 changed, 1 removed" {
		t.Errorf("preview: got %q", got)
	}
	if _, err := c.BatchUpdateMembers(ctx, pool.ID, section.BatchRequest(entries)); err != nil {
		t.Fatalf("batch: %v", err)
	}
	if _, err := c.WaitChildActive(ctx, pool, wait); err != nil {
		t.Fatalf("wait for the batch: %v", err)
	}
	out := map[string]pools.Member{}
	for deadline := time.Now().Add(wait.Timeout); ; time.Sleep(wait.Interval) {
		clear(out)
		settled := true
		for _, m := range read() {
			out[m.Address] = m
			settled = settled && m.ProvisioningStatus == string(octavia.StatusActive)
		}
		if settled && len(out) == 3 || time.Now().After(deadline) {
			break
		}
	}
	for _, m := range out {
		if m.SubnetID == subnet {
			m.SubnetID = "<the subnet>"
			out[m.Address] = m
		}
	}
	return out
}

// checkBatchKept: after runConsoleBatch, the members are what the console
// previewed: 10.0.0.11 and .12 as they were (.12's weight aside), .13
// deleted, .14 created with Octavia's defaults.
func checkBatchKept(t *testing.T, got map[string]pools.Member) {
	t.Helper()
	type attrs struct {
		Name           string
		Enabled        bool
		Weight         int
		Backup         bool
		Subnet         string
		Monitor        string
		Tags           string
		Status, Exists string
	}
	of := func(m pools.Member) attrs {
		return attrs{m.Name, m.AdminStateUp, m.Weight, m.Backup, m.SubnetID, fmt.Sprintf("%s:%d", m.MonitorAddress, m.MonitorPort),
			strings.Join(m.Tags, ","), m.ProvisioningStatus, map[bool]string{true: "yes", false: "no"}[m.ID != ""]}
	}
	want := map[string]attrs{
		"10.0.0.11": {"web1", false, 5, false, "<the subnet>", ":0", "blue", "ACTIVE", "yes"},
		"10.0.0.12": {"", true, 2, true, "", "10.0.9.12:9000", "", "ACTIVE", "yes"},
		"10.0.0.13": {Monitor: ":0", Exists: "no"},
		"10.0.0.14": {"", true, 1, false, "", ":0", "", "ACTIVE", "yes"},
	}
	for addr, w := range want {
		if g := of(got[addr]); g != w {
			t.Errorf("%s after the batch:\n got %+v\nwant %+v", addr, g, w)
		}
	}
}
