package wizard

import (
	"slices"
	"testing"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/ports"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/ui"
	model "github.com/octaview/octaview/app/internal/wizard"
)

func TestSubnetChoices(t *testing.T) {
	subs := []subnets.Subnet{
		{ID: "s2", Name: "public-subnet", CIDR: "172.24.4.0/24", NetworkID: "n2"},
		{ID: "s1", Name: "private-subnet", CIDR: "10.0.0.0/24", NetworkID: "n1"},
		{ID: "s3-0123456789", Name: "", CIDR: "192.168.0.0/24", NetworkID: "gone"},
	}
	nets := []networks.Network{{ID: "n1", Name: "private"}, {ID: "n2", Name: "public"}}
	got := console.SubnetChoices(subs, nets)
	want := []console.SubnetChoice{
		{ID: "s3-0123456789", Label: "(no name) s3-01234 — 192.168.0.0/24", NetworkID: "gone"},
		{ID: "s1", Label: "private-subnet — 10.0.0.0/24 (network private)", NetworkID: "n1"},
		{ID: "s2", Label: "public-subnet — 172.24.4.0/24 (network public)", NetworkID: "n2"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d choices, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("choice %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestPortChoices(t *testing.T) {
	got := console.PortChoices([]ports.Port{
		{ID: "p1", Name: "vip-port", FixedIPs: []ports.IP{{IPAddress: "10.0.0.9"}}},
		{ID: "p2", Name: "vm", DeviceOwner: "compute:nova"},
		{ID: "p3-0123456789", Name: ""},
	})
	want := []ui.Choice{{ID: "p1", Label: "vip-port — 10.0.0.9"}, {ID: "p3-0123456789", Label: "(no name) p3-01234"}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v (ports a device uses left out)", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("choice %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestWizardProviderSupport: the wizard (which names no provider) offers
// the pool algorithms every provider of the cloud takes, and moves a pool
// already made off one they do not.
func TestWizardProviderSupport(t *testing.T) {
	w := model.New(wizardKinds())
	p := w.NewPool()
	p.V["lb_algorithm"] = "SOURCE_IP_PORT"
	w.Pools = append(w.Pools, p)
	w.Support(form.Supported("amphora", "octavia"))
	var algs []string
	for _, f := range w.Kinds().Pool.Fields {
		if f.Key == "lb_algorithm" {
			algs = f.Choices
		}
	}
	if slices.Contains(algs, "SOURCE_IP_PORT") || !slices.Contains(algs, "SOURCE_IP") {
		t.Errorf("algorithms on an amphora cloud: got %v", algs)
	}
	if got := w.Pools[0].V["lb_algorithm"]; got != "ROUND_ROBIN" {
		t.Errorf("a pool made before: got %s, want ROUND_ROBIN", got)
	}
	w.Support(form.Supported()) // the providers could not be read: everything
	for _, f := range w.Kinds().Pool.Fields {
		if f.Key == "lb_algorithm" && !slices.Contains(f.Choices, "SOURCE_IP_PORT") {
			t.Errorf("unknown providers: got %v, want every algorithm", f.Choices)
		}
	}
}
