package octavia

import (
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
	lbs, err := Collect(c.List(ctx, KindLoadBalancer, "", named("web")))
	if err != nil || len(lbs) != 1 {
		t.Fatalf("got %d load balancers, %v; want web", len(lbs), err)
	}
	lbID, vipPort, vipAddress := lbs[0].Text("id"), lbs[0].Text("vip_port_id"), lbs[0].Text("vip_address")
	nets, err := Collect(c.Network().Networks(ctx, networks.ListOpts{}))
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
		{"networks by name", func() ([]string, error) {
			return names(Collect(c.Network().Networks(ctx, networks.ListOpts{Name: "public"})))
		}, []string{"public"}, ""},
		{"all networks", func() ([]string, error) { return names(Collect(c.Network().Networks(ctx, networks.ListOpts{}))) }, []string{"public", "demo-net"}, ""},
		{"subnets of a network", func() ([]string, error) {
			return names(Collect(c.Network().Subnets(ctx, subnets.ListOpts{NetworkID: netID["demo-net"]})))
		}, []string{"demo-subnet"}, ""},
		{"ports by name", func() ([]string, error) {
			return names(Collect(c.Network().Ports(ctx, ports.ListOpts{Name: "octavia-lb-" + lbID})))
		}, []string{"octavia-lb-" + lbID}, ""},
		{"no match", func() ([]string, error) {
			return names(Collect(c.Network().Networks(ctx, networks.ListOpts{Name: "nope"})))
		}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.list()
			if ErrorCodeOf(err) != tt.wantErr || !slices.Equal(got, tt.want) {
				t.Fatalf("got %v, %v; want %v", got, err, tt.want)
			}
		})
	}

	// one of each by id, as the VIP of a load balancer is read
	ns, err := Collect(c.Network().Networks(ctx, networks.ListOpts{ID: netID["public"]}))
	if err != nil || len(ns) != 1 || ns[0].Name != "public" || len(ns[0].Subnets) != 1 || ns[0].CreatedAt.IsZero() {
		t.Fatalf("network by id: got %+v, %v; want public with one subnet and a creation time", ns, err)
	}
	n := ns[0]
	ss, err := Collect(c.Network().Subnets(ctx, subnets.ListOpts{ID: n.Subnets[0]}))
	if err != nil || len(ss) != 1 || ss[0].CIDR != "172.24.0.0/16" || ss[0].NetworkID != n.ID {
		t.Errorf("subnet by id: got %+v, %v; want 172.24.0.0/16 on %s", ss, err, n.ID)
	}
	ps, err := Collect(c.Network().Ports(ctx, ports.ListOpts{ID: vipPort}))
	if err != nil || len(ps) != 1 || len(ps[0].FixedIPs) != 1 || ps[0].FixedIPs[0].IPAddress != vipAddress {
		t.Errorf("port by id: got %+v, %v; want fixed IP %s", ps, err, vipAddress)
	}
}

func TestNeutronMissingEndpoint(t *testing.T) {
	c, _, _ := startCloud(t, labcloud.Options{}, nil)
	c.net = nil // a catalog without a network service
	_, err := Collect(c.Network().Networks(t.Context(), networks.ListOpts{}))
	if ErrorCodeOf(err) != EUNAVAILABLE {
		t.Errorf("got %v, want EUNAVAILABLE", err)
	}
	if _, err := Collect(c.Network().Subnets(t.Context(), subnets.ListOpts{ID: "x"})); ErrorCodeOf(err) != EUNAVAILABLE {
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
