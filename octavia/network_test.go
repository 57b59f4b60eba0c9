package octavia

import (
	"testing"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/ports"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"
)

func TestNeutronReads(t *testing.T) {
	c, _, _ := startFake(t, nil)
	ctx := t.Context()
	tests := []struct {
		name    string
		list    func() ([]string, error)
		want    []string
		wantErr ErrorCode
	}{
		{"networks by name", func() ([]string, error) { return names(Collect(c.Networks(ctx, networks.ListOpts{Name: "public"}))) }, []string{"public"}, ""},
		{"all networks", func() ([]string, error) { return names(Collect(c.Networks(ctx, networks.ListOpts{}))) }, []string{"public", "private"}, ""},
		{"subnets of a network", func() ([]string, error) {
			return names(Collect(c.Subnets(ctx, subnets.ListOpts{NetworkID: "net-private"})))
		}, []string{"private-subnet"}, ""},
		{"ports by name", func() ([]string, error) { return names(Collect(c.Ports(ctx, ports.ListOpts{Name: "vip-port"}))) }, []string{"vip-port"}, ""},
		{"no match", func() ([]string, error) { return names(Collect(c.Networks(ctx, networks.ListOpts{Name: "nope"}))) }, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.list()
			if ErrorCodeOf(err) != tt.wantErr || len(got) != len(tt.want) {
				t.Fatalf("got %v, %v; want %v", got, err, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("got %v, want %v", got, tt.want)
				}
			}
		})
	}

	n, err := c.GetNetwork(ctx, "net-public")
	if err != nil || n.Name != "public" || len(n.Subnets) != 1 || n.CreatedAt.IsZero() {
		t.Errorf("GetNetwork: got %+v, %v; want public with one subnet and a creation time", n, err)
	}
	s, err := c.GetSubnet(ctx, "subnet-public")
	if err != nil || s.CIDR != "172.24.4.0/24" || s.NetworkID != "net-public" {
		t.Errorf("GetSubnet: got %+v, %v; want 172.24.4.0/24 on net-public", s, err)
	}
	p, err := c.GetPort(ctx, "port-vip")
	if err != nil || len(p.FixedIPs) != 1 || p.FixedIPs[0].IPAddress != "172.24.4.10" {
		t.Errorf("GetPort: got %+v, %v; want fixed IP 172.24.4.10", p, err)
	}
	_, err = c.GetNetwork(ctx, "missing")
	if e, ok := err.(*Error); !ok || e.Code != ENOTFOUND || e.Fault != "network missing could not be found." {
		t.Errorf("got %#v, want ENOTFOUND with Neutron's message", err)
	}
}

func TestNeutronMissingEndpoint(t *testing.T) {
	c, _, _ := startFake(t, nil)
	c.net = nil // a catalog without a network service
	_, err := Collect(c.Networks(t.Context(), networks.ListOpts{}))
	if ErrorCodeOf(err) != EUNAVAILABLE {
		t.Errorf("got %v, want EUNAVAILABLE", err)
	}
	if _, err := c.GetSubnet(t.Context(), "x"); ErrorCodeOf(err) != EUNAVAILABLE {
		t.Errorf("got %v, want EUNAVAILABLE", err)
	}
}

// names returns the Name field of every item.
func names[T any](items []T, err error) ([]string, error) {
	var out []string
	for _, it := range items {
		switch v := any(it).(type) {
		case networks.Network:
			out = append(out, v.Name)
		case subnets.Subnet:
			out = append(out, v.Name)
		case ports.Port:
			out = append(out, v.Name)
		}
	}
	return out, err
}
