package octavia

import (
	"errors"
	"slices"
	"testing"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/ports"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"

	"github.com/octaview/octaview/labcloud"
)

func TestNeutronReads(t *testing.T) {
	c, _, _ := startCloud(t, demoLab, nil)
	ctx := t.Context()
	lbs, err := Collect(c.LoadBalancers(ctx, lbListOpts("web")))
	if err != nil || len(lbs) != 1 {
		t.Fatalf("got %d load balancers, %v; want web", len(lbs), err)
	}
	lb := lbs[0]
	nets, err := Collect(c.Networks(ctx, networks.ListOpts{}))
	if err != nil {
		t.Fatal(err)
	}
	netID := map[string]string{}
	for _, n := range nets {
		netID[n.Name] = n.ID
	}
	tests := []struct {
		name    string
		list    func() ([]string, error)
		want    []string
		wantErr ErrorCode
	}{
		{"networks by name", func() ([]string, error) { return names(Collect(c.Networks(ctx, networks.ListOpts{Name: "public"}))) }, []string{"public"}, ""},
		{"all networks", func() ([]string, error) { return names(Collect(c.Networks(ctx, networks.ListOpts{}))) }, []string{"public", "demo-net"}, ""},
		{"subnets of a network", func() ([]string, error) {
			return names(Collect(c.Subnets(ctx, subnets.ListOpts{NetworkID: netID["demo-net"]})))
		}, []string{"demo-subnet"}, ""},
		{"ports by name", func() ([]string, error) {
			return names(Collect(c.Ports(ctx, ports.ListOpts{Name: "octavia-lb-" + lb.ID})))
		}, []string{"octavia-lb-" + lb.ID}, ""},
		{"no match", func() ([]string, error) { return names(Collect(c.Networks(ctx, networks.ListOpts{Name: "nope"}))) }, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.list()
			if ErrorCodeOf(err) != tt.wantErr || !slices.Equal(got, tt.want) {
				t.Fatalf("got %v, %v; want %v", got, err, tt.want)
			}
		})
	}

	n, err := c.GetNetwork(ctx, netID["public"])
	if err != nil || n.Name != "public" || len(n.Subnets) != 1 || n.CreatedAt.IsZero() {
		t.Fatalf("GetNetwork: got %+v, %v; want public with one subnet and a creation time", n, err)
	}
	s, err := c.GetSubnet(ctx, n.Subnets[0])
	if err != nil || s.CIDR != "172.24.0.0/16" || s.NetworkID != n.ID {
		t.Errorf("GetSubnet: got %+v, %v; want 172.24.0.0/16 on %s", s, err, n.ID)
	}
	p, err := c.GetPort(ctx, lb.VipPortID)
	if err != nil || len(p.FixedIPs) != 1 || p.FixedIPs[0].IPAddress != lb.VipAddress {
		t.Errorf("GetPort: got %+v, %v; want fixed IP %s", p, err, lb.VipAddress)
	}
	_, err = c.GetNetwork(ctx, "missing")
	if e, ok := errors.AsType[*Error](err); !ok || e.Code != ENOTFOUND || e.Fault != "Network missing could not be found." {
		t.Errorf("got %#v, want ENOTFOUND with Neutron's message", err)
	}
}

func TestNeutronMissingEndpoint(t *testing.T) {
	c, _, _ := startCloud(t, labcloud.Options{}, nil)
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
