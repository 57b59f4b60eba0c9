package wizard

import (
	"slices"
	"testing"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/ui"
	model "github.com/octaview/octaview/app/internal/wizard"
	"github.com/octaview/octaview/octavia"
)

// TestChoicesTake: a read of the cloud gives the pickers their options
// (enabled flavors and zones only); a failed read keeps the pickers as
// they were, says why, and leaves the VIP to be typed.
func TestChoicesTake(t *testing.T) {
	var c choices
	c.loading()
	if c.status != ui.Loading || c.ready() {
		t.Fatalf("before the read: got status %v ready %v, want loading and not ready", c.status, c.ready())
	}
	c.take(cloudLists{
		subnets:   []subnets.Subnet{{ID: "s1", Name: "a", CIDR: "10.0.0.0/24", NetworkID: "n1"}, {ID: "s2", Name: "b", CIDR: "10.0.1.0/24", NetworkID: "n2"}},
		networks:  []networks.Network{{ID: "n1", Name: "private"}, {ID: "n2", Name: ""}},
		flavors:   []octavia.Object{{"id": "f1", "name": "small", "enabled": true}, {"id": "f2", "name": "off", "enabled": false}},
		zones:     []octavia.Object{{"name": "az1", "enabled": true}, {"name": "az2", "enabled": false}},
		providers: []string{"amphora", "ovn"},
	})
	if !c.ready() || c.vipTyped() {
		t.Errorf("after the read: got ready %v typed %v, want ready, a subnet to pick", c.ready(), c.vipTyped())
	}
	if want := []ui.Choice{{ID: "f1", Label: "small"}}; !slices.Equal(c.flavors, want) {
		t.Errorf("flavors: got %v, want %v (the enabled ones)", c.flavors, want)
	}
	if want := []ui.Choice{{ID: "az1", Label: "az1"}}; !slices.Equal(c.zones, want) {
		t.Errorf("zones: got %v, want %v (the enabled ones)", c.zones, want)
	}
	if want := []ui.Choice{{ID: "n1", Label: "private"}, {ID: "n2", Label: "(no name) n2"}}; !slices.Equal(c.nets, want) {
		t.Errorf("networks: got %v, want %v", c.nets, want)
	}
	if got := c.subnetName("s2"); got != "b — 10.0.1.0/24" {
		t.Errorf("subnetName(s2) = %q", got)
	}
	if got := c.subnetName("gone"); got != "" {
		t.Errorf("subnetName(gone) = %q, want unknown", got)
	}

	c.loading() // a reload keeps the pickers until it is done
	if c.status != ui.Loaded || len(c.subnets) != 2 {
		t.Errorf("reload: got status %v and %d subnets, want the loaded pickers kept", c.status, len(c.subnets))
	}
	c.take(cloudLists{err: &octavia.Error{Code: octavia.EFORBIDDEN, Fault: "not allowed"}, providers: nil})
	if c.status != ui.LoadFailed || c.err == "" || !c.ready() || !c.vipTyped() {
		t.Errorf("failed read: got status %v err %q ready %v typed %v, want failed with a reason, ready, VIP typed", c.status, c.err, c.ready(), c.vipTyped())
	}
	if len(c.subnets) != 2 || c.providers != nil {
		t.Errorf("failed read: got %d subnets, providers %v; want the subnets kept, the providers unknown", len(c.subnets), c.providers)
	}
	if empty := (choices{status: ui.Loaded}); !empty.vipTyped() {
		t.Error("no subnet listed: the VIP is not typed")
	}
}

// TestChoicesOf: each picked field offers its own options: the VIP's
// subnet those of the VIP's network, another item's subnet every subnet,
// ports, flavors, zones and providers theirs, a free field none.
func TestChoicesOf(t *testing.T) {
	c := choices{
		subnets:   []console.SubnetChoice{{ID: "s1", Label: "a", NetworkID: "n1"}, {ID: "s2", Label: "b", NetworkID: "n2"}},
		ports:     []ui.Choice{{ID: "p1", Label: "port"}},
		flavors:   []ui.Choice{{ID: "f1", Label: "small"}},
		zones:     []ui.Choice{{ID: "az1", Label: "az1"}},
		providers: []string{"amphora"},
	}
	lb := model.Item{Step: model.StepLB}
	member := model.Item{Step: model.StepMembers}
	for _, tt := range []struct {
		name   string
		it     model.Item
		f      form.Field
		vipNet string
		want   []ui.Choice
	}{
		{"VIP subnet of a network", lb, form.Field{Type: form.Subnet}, "n2", []ui.Choice{{ID: "s2", Label: "b"}}},
		{"VIP subnet of any network", lb, form.Field{Type: form.Subnet}, "", []ui.Choice{{ID: "s1", Label: "a"}, {ID: "s2", Label: "b"}}},
		{"member subnet", member, form.Field{Type: form.Subnet}, "n2", []ui.Choice{{ID: "s1", Label: "a"}, {ID: "s2", Label: "b"}}},
		{"port", lb, form.Field{Type: form.Port}, "", c.ports},
		{"flavor", lb, form.Field{Ref: octavia.KindFlavor}, "", c.flavors},
		{"zone", lb, form.Field{Ref: octavia.KindAvailabilityZone}, "", c.zones},
		{"provider", lb, form.Field{Ref: octavia.KindProvider}, "", []ui.Choice{{ID: "amphora", Label: "amphora"}}},
		{"free text", lb, form.Field{Type: form.Text}, "", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := c.of(tt.it, tt.f, tt.vipNet); !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}
