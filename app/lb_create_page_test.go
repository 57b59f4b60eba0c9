package app

import (
	"testing"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"
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
		{"s3-0123456789", "(no name) s3-01234 — 192.168.0.0/24"},
		{"s1", "private-subnet — 10.0.0.0/24 (network private)"},
		{"s2", "public-subnet — 172.24.4.0/24 (network public)"},
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

func TestCreateWritten(t *testing.T) {
	got := createWritten("web", "", "private-subnet — 10.0.0.0/24")
	if want := `POST load balancer name "web", VIP subnet private-subnet — 10.0.0.0/24`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	got = createWritten("web", "front", "s")
	if want := `POST load balancer name "web", description "front", VIP subnet s`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
