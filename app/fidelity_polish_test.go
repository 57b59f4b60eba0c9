//go:build fidelity

// Issue 28's smaller points against a real OpenStack Zed Octavia with
// Barbican (../shared/realcloud, make fidelity): the certificate fault's
// shape that the forms place at its field, and the 404 a create's wait
// meets after a delete.

package app

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/providers"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// realCloudLB logs in to the real cloud (REALCLOUD_DIR's openrc, default
// /tmp/realcloud) and creates an ACTIVE load balancer, deleted when the test
// ends unless the test deleted it.
func realCloudLB(t *testing.T, name string) (*octavia.Client, string) {
	t.Helper()
	c := labtest.RealCloud(t)
	subs, err := octavia.Collect(c.Network().Subnets(t.Context(), subnets.ListOpts{}))
	if err != nil || len(subs) == 0 {
		t.Fatalf("the real cloud's subnets: got %d, %v", len(subs), err)
	}
	o, _, err := c.Create(t.Context(), octavia.KindLoadBalancer, "", octavia.Object{"name": name + "-" + time.Now().Format("150405.000"), "vip_subnet_id": subs[0].ID})
	if err != nil {
		t.Fatalf("create a load balancer: %v", err)
	}
	id := o.Text("id")
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		if _, err := c.Delete(ctx, tab.LBRef(id), true); err == nil {
			c.WaitLoadBalancerDeleted(ctx, id, waiters.Options{Interval: time.Second})
		}
	})
	if _, err := c.WaitLoadBalancerActive(t.Context(), id, waiters.Options{Interval: time.Second, Timeout: 3 * time.Minute}); err != nil {
		t.Fatalf("wait for the load balancer: %v", err)
	}
	return c, id
}

// TestFidelityCertificateFaultAtItsField: Zed's 400 for a Barbican ref it
// cannot read names the ref, and the listener form places it at the field
// holding it (the default certificate, or one of the SNI list).
func TestFidelityCertificateFaultAtItsField(t *testing.T) {
	c, lb := realCloudLB(t, "k28-cert")
	const bad = "http://127.0.0.1:9311/v1/containers/00000000-0000-4000-8000-000000000028"
	for _, tt := range []struct {
		name string
		v    form.Values
		want string
	}{
		{"the default certificate", form.Values{"default_tls_container_ref": bad}, "default_tls_container_ref"},
		{"an SNI certificate", form.Values{"sni_container_refs": bad}, "sni_container_refs"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			body := octavia.Object{"loadbalancer_id": lb, "protocol": "TERMINATED_HTTPS", "protocol_port": 443}
			if ref := tt.v["default_tls_container_ref"]; ref != "" {
				body["default_tls_container_ref"] = ref
			}
			if ref := tt.v["sni_container_refs"]; ref != "" {
				body["sni_container_refs"] = []string{ref}
			}
			_, _, err := c.Create(t.Context(), octavia.KindListener, "", body)
			var e *octavia.Error
			if !errors.As(err, &e) || e.Code != octavia.EINVALID {
				t.Fatalf("a listener with an unknown certificate: got %v, want a 400", err)
			}
			t.Logf("Zed said: %s", e.Fault)
			if got := form.FaultFieldIn(e.Fault, form.Keys(console.ListenerRes.Fields), tt.v); got != tt.want {
				t.Errorf("the field of %q: got %q, want %q", e.Fault, got, tt.want)
			}
		})
	}
}

// TestFidelityWaitAfterDelete: a create's wait that meets Zed's 404 after
// the load balancer was deleted ends "gone", not "failed".
func TestFidelityWaitAfterDelete(t *testing.T) {
	c, lb := realCloudLB(t, "k28-gone")
	start := time.Now()
	if _, err := c.Delete(t.Context(), tab.LBRef(lb), true); err != nil {
		t.Fatal(err)
	}
	if _, err := c.WaitLoadBalancerDeleted(t.Context(), lb, waiters.Options{Interval: time.Second}); err != nil {
		t.Fatal(err)
	}
	_, err := c.WaitTreeActive(t.Context(), lb, waiters.Options{Interval: time.Second, Timeout: time.Minute})
	create := tab.Operation{ID: "c", Kind: tab.OpCreate, Wait: tab.WaitActive, Ref: tab.LBRef(lb), StartedAt: start.Add(-time.Minute)}
	del := tab.Operation{ID: "d", Kind: tab.OpDelete, Wait: tab.WaitDeleted, Ref: tab.LBRef(lb), StartedAt: start}
	if state, reason := tab.WaitEnd(create, err, false, []tab.Operation{del, create}); state != tab.OpGone || !strings.Contains(reason, "you deleted it") {
		t.Errorf("the create's wait after Zed's 404 (%v): got %s, %q; want gone, you deleted it", err, state, reason)
	}
}

// TestFidelityWizardProvider: on the real Zed (amphora and noop_driver,
// amphora the default) the wizard names amphora and offers its pools no
// SOURCE_IP_PORT, which Zed's amphora driver refuses with a 501.
func TestFidelityWizardProvider(t *testing.T) {
	c, lb := realCloudLB(t, "k28-provider")
	var cloud []string
	for p, err := range c.Providers(t.Context(), providers.ListOpts{}) {
		if err != nil {
			t.Fatal(err)
		}
		cloud = append(cloud, p.Name)
	}
	named := form.DefaultProvider(cloud)
	if named != "amphora" {
		t.Fatalf("the wizard's provider among %q: got %q, want amphora", cloud, named)
	}
	s := form.ForCreate(named, cloud)
	if s.Allows(octavia.KindPool, "lb_algorithm", "SOURCE_IP_PORT") {
		t.Errorf("the wizard offers SOURCE_IP_PORT to an amphora load balancer")
	}
	_, _, err := c.Create(t.Context(), octavia.KindPool, "", octavia.Object{"loadbalancer_id": lb, "protocol": "HTTP", "lb_algorithm": "SOURCE_IP_PORT"})
	if octavia.ErrorCodeOf(err) != octavia.EUNSUPPORTED {
		t.Errorf("an amphora pool with SOURCE_IP_PORT: got %v, want Zed's 501", err)
	}
}
