package app

import (
	"testing"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/ports"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"
)

func TestSubnetChoices(t *testing.T) {
	subs := []subnets.Subnet{
		{ID: "s2", Name: "public-subnet", CIDR: "172.24.4.0/24", NetworkID: "n2"},
		{ID: "s1", Name: "private-subnet", CIDR: "10.0.0.0/24", NetworkID: "n1"},
		{ID: "s3-0123456789", Name: "", CIDR: "192.168.0.0/24", NetworkID: "gone"},
	}
	nets := []networks.Network{{ID: "n1", Name: "private"}, {ID: "n2", Name: "public"}}
	got := subnetChoices(subs, nets)
	want := []subnetChoice{
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
	got := portChoices([]ports.Port{
		{ID: "p1", Name: "vip-port", FixedIPs: []ports.IP{{IPAddress: "10.0.0.9"}}},
		{ID: "p2", Name: "vm", DeviceOwner: "compute:nova"},
		{ID: "p3-0123456789", Name: ""},
	})
	want := []choice{{ID: "p1", Label: "vip-port — 10.0.0.9"}, {ID: "p3-0123456789", Label: "(no name) p3-01234"}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v (ports a device uses left out)", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("choice %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}
