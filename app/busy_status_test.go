//go:build !js

package app

import (
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
)

// TestBusyNamesTheLoadBalancersStatus: a member edit (and an amphora's
// failover) sent while its load balancer fails over is refused with a 409 that names no state (Zed's
// "… is immutable and cannot be updated."); the refusal says the load
// balancer's status as read (PENDING_UPDATE), never the member's own
// (ACTIVE).
func TestBusyNamesTheLoadBalancersStatus(t *testing.T) {
	cloud := labtest.OneLB("web", time.Minute, "10.0.0.1")
	admin, demo := labtest.As(t, cloud, "admin", "admin"), labtest.As(t, cloud, "demo", "demo")
	lb := labtest.IDs(t, demo, octavia.KindLoadBalancer, "")["web"]
	lbObj, err := demo.Get(t.Context(), tab.LBRef(lb))
	if err != nil {
		t.Fatal(err)
	}
	pool := labtest.First(lbObj.IDs("pools"))
	p, err := demo.Get(t.Context(), octavia.Ref{Kind: octavia.KindPool, ID: pool})
	if err != nil {
		t.Fatal(err)
	}
	member := octavia.Ref{Kind: octavia.KindMember, ParentID: pool, ID: labtest.First(p.IDs("members")), LoadBalancerID: lb}
	m, err := demo.Get(t.Context(), member)
	if err != nil {
		t.Fatal(err)
	}
	was := m.Text("provisioning_status")
	if _, err := admin.FailoverLoadBalancer(t.Context(), lb); err != nil {
		t.Fatal(err)
	}
	_, _, err = demo.Update(t.Context(), member, octavia.Object{"weight": 5})
	if !tab.Busy(err) {
		t.Fatalf("a member edit during a failover: got %v, want a busy 409", err)
	}
	if s := tab.StatusInFault(octavia.Message(err)); s != "" {
		t.Fatalf("the refusal names %s: this test is about one that names none", s)
	}
	wr := console.Write{Op: tab.Operation{Ref: member}, Was: was}
	got := tab.WriteErrorText(err, console.BusyStatus(wr, console.ReadProvisioning(t.Context(), demo, lb)))
	if !strings.Contains(got, "busy (PENDING_UPDATE)") || strings.Contains(got, "ACTIVE)") {
		t.Errorf("a member edit: got %q, want the load balancer's PENDING_UPDATE, not the member's %s", got, was)
	}

	// An amphora's failover during its load balancer's: the page showed
	// the load balancer ACTIVE before it.
	var amp string
	for o, err := range admin.List(t.Context(), octavia.KindAmphora, "", octavia.ListQuery{}) {
		if err != nil {
			t.Fatal(err)
		}
		if o.Text("loadbalancer_id") == lb {
			amp = o.Text("id")
		}
	}
	ampWrite := console.AmphoraWrite(tab.OpFailover, "", "", octavia.Ref{Kind: octavia.KindAmphora, ID: amp}, octavia.Object{"loadbalancer_id": lb}, (*octavia.Client).FailoverAmphora)
	ampWrite.Was = "ACTIVE"
	_, _, err = ampWrite.Send(t.Context(), admin)
	if !tab.Busy(err) || tab.StatusInFault(octavia.Message(err)) != "" {
		t.Fatalf("an amphora failover during a failover: got %v, want a busy 409 that names no state", err)
	}
	got = tab.WriteErrorText(err, console.BusyStatus(ampWrite, console.ReadProvisioning(t.Context(), admin, ampWrite.Op.Ref.LoadBalancerID)))
	if !strings.Contains(got, "busy (PENDING_UPDATE)") {
		t.Errorf("an amphora failover: got %q, want the load balancer's PENDING_UPDATE", got)
	}
}

// TestBusyStatus: what a busy refusal names when its load balancer could
// or could not be read, and when the load balancer is ACTIVE again.
func TestBusyStatus(t *testing.T) {
	member := console.Write{Op: tab.Operation{Ref: octavia.Ref{Kind: octavia.KindMember, ID: "m"}}, Was: "ACTIVE"}
	lb := console.Write{Op: tab.Operation{Ref: tab.LBRef("lb")}, Was: "PENDING_UPDATE"}
	immutable := &octavia.Error{Code: octavia.EIMMUTABLE, StatusCode: 409, Fault: "Load Balancer lb is immutable and cannot be updated."}
	tests := []struct {
		name string
		wr   console.Write
		read string
		want string
	}{
		{"a member, its load balancer read", member, "PENDING_UPDATE", "busy (PENDING_UPDATE)"},
		{"a member, its load balancer not read", member, "", "This load balancer is busy; try again when it is ACTIVE."},
		{"the load balancer not read again", lb, "", "busy (PENDING_UPDATE)"},
		{"ACTIVE again when read", member, "ACTIVE", "This load balancer was busy; it is ACTIVE now: try again."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tab.WriteErrorText(immutable, console.BusyStatus(tt.wr, tt.read)); !strings.Contains(got, tt.want) {
				t.Errorf("got %q, want it to contain %q", got, tt.want)
			}
		})
	}
}
