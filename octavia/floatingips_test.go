package octavia

import (
	"net/http"
	"testing"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/extensions/layer3/floatingips"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/extensions/qos/policies"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"

	"github.com/octaview/octaview/labcloud"
)

// TestFloatingIPs puts a public address on a load balancer's VIP port and
// takes it off again, as the console does.
func TestFloatingIPs(t *testing.T) {
	c, _, _ := startCloud(t, demoLab, nil)
	ctx := t.Context()
	lbs, err := Collect(c.List(ctx, KindLoadBalancer, "", named("web")))
	if err != nil || len(lbs) != 1 {
		t.Fatalf("got %d load balancers, %v; want web", len(lbs), err)
	}
	vipPort := lbs[0].Text("vip_port_id")
	ext, err := Collect(c.Network().ExternalNetworks(ctx, networks.ListOpts{}))
	if err != nil || len(ext) != 1 || ext[0].Name != "public" {
		t.Fatalf("external networks: got %+v, %v; want public only", ext, err)
	}

	f, err := c.Network().CreateFloatingIP(ctx, floatingips.CreateOpts{FloatingNetworkID: ext[0].ID})
	if err != nil || f.PortID != "" || f.FloatingIP == "" {
		t.Fatalf("allocate: got %+v, %v; want an unassociated address", f, err)
	}
	stale := f.RevisionNumber
	if f, err = c.Network().AssociateFloatingIP(ctx, f.ID, vipPort, &stale); err != nil || f.PortID != vipPort || f.Status != "ACTIVE" {
		t.Fatalf("associate: got %+v, %v; want ACTIVE on %s", f, err, vipPort)
	}
	on, err := Collect(c.Network().FloatingIPs(ctx, floatingips.ListOpts{PortID: vipPort}))
	if err != nil || len(on) != 1 || on[0].ID != f.ID {
		t.Fatalf("floating IPs of the VIP port: got %+v, %v; want %s", on, err, f.ID)
	}

	// A second one on the same port: Neutron's conflict, at once.
	g, err := c.Network().CreateFloatingIP(ctx, floatingips.CreateOpts{FloatingNetworkID: ext[0].ID})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Network().AssociateFloatingIP(ctx, g.ID, vipPort, nil); ErrorCodeOf(err) != ECONFLICT {
		t.Errorf("a second floating IP on the port: got %v, want ECONFLICT", err)
	}
	// An association read before another user's change: 412, unchanged.
	if _, err := c.Network().AssociateFloatingIP(ctx, f.ID, vipPort, &stale); ErrorCodeOf(err) != EINVALID || statusOf(err) != http.StatusPreconditionFailed {
		t.Errorf("associate with a stale revision: got %v, want a 412", err)
	}

	if f, err = c.Network().DisassociateFloatingIP(ctx, f.ID); err != nil || f.PortID != "" || f.Status != "DOWN" {
		t.Fatalf("disassociate: got %+v, %v; want DOWN, no port", f, err)
	}
	for _, id := range []string{f.ID, g.ID} {
		if err := c.Network().ReleaseFloatingIP(ctx, id); err != nil {
			t.Errorf("release %s: %v", id, err)
		}
	}
	if err := c.Network().ReleaseFloatingIP(ctx, f.ID); ErrorCodeOf(err) != ENOTFOUND {
		t.Errorf("release twice: got %v, want ENOTFOUND", err)
	}
}

func TestQoSPolicies(t *testing.T) {
	for _, tc := range []struct {
		name   string
		faults *labcloud.Faults
		has    bool
		want   int
	}{
		{"qos", nil, true, 3},
		{"no qos", &labcloud.Faults{NoQoS: true}, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _, _ := startCloud(t, labcloud.Options{Scenario: &labcloud.Scenario{Faults: tc.faults}}, nil)
			has, err := c.Network().HasExtension(t.Context(), "qos")
			if err != nil || has != tc.has {
				t.Fatalf("HasExtension(qos): got %v, %v; want %v", has, err, tc.has)
			}
			ps, err := Collect(c.Network().QoSPolicies(t.Context(), policies.ListOpts{}))
			if tc.has && (err != nil || len(ps) != tc.want) {
				t.Errorf("QoS policies: got %d, %v; want %d", len(ps), err, tc.want)
			}
			if !tc.has && ErrorCodeOf(err) != ENOTFOUND {
				t.Errorf("QoS policies without the extension: got %v, want ENOTFOUND", err)
			}
		})
	}
}

// statusOf is the HTTP status of an *Error (0 for any other error).
func statusOf(err error) int {
	if e, ok := err.(*Error); ok {
		return e.StatusCode
	}
	return 0
}
