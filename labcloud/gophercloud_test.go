package labcloud

import (
	"context"
	"testing"
	"time"

	"github.com/gophercloud/gophercloud/v2"
	"github.com/gophercloud/gophercloud/v2/openstack"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/listeners"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/loadbalancers"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"
)

// TestGophercloud talks to a Server with gophercloud, as the console does:
// catalog discovery, paging by next links, create and status fields.
func TestGophercloud(t *testing.T) {
	t.Parallel() // a long test: it overlaps TestCLI's waits
	// Transitions of 2 s: the update below must come while the listener's
	// create is still pending, which 50 ms did not leave a loaded machine.
	srv := NewServer(Options{Seed: 1, Delay: 2 * time.Second, MaxPageSize: 100, Scenario: seeded(250)})
	defer srv.Close()
	ctx := context.Background()
	provider, err := openstack.AuthenticatedClient(ctx, gophercloud.AuthOptions{
		IdentityEndpoint: srv.URL + "/identity/v3", Username: "demo", Password: "demo",
		DomainName: "Default", TenantName: "demo",
	})
	if err != nil {
		t.Fatalf("authenticate: %v", err)
	}
	eo := gophercloud.EndpointOpts{Region: "RegionOne"}
	lbc, err := openstack.NewLoadBalancerV2(provider, eo)
	if err != nil {
		t.Fatalf("load-balancer endpoint: %v", err)
	}
	netc, err := openstack.NewNetworkV2(provider, eo)
	if err != nil {
		t.Fatalf("network endpoint: %v", err)
	}
	pages, err := loadbalancers.List(lbc, loadbalancers.ListOpts{}).AllPages(ctx)
	if err != nil {
		t.Fatalf("list: %v", err)
	}
	all, err := loadbalancers.ExtractLoadBalancers(pages)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 250 {
		t.Errorf("paged list: got %d load balancers, want 250", len(all))
	}
	spages, err := subnets.List(netc, subnets.ListOpts{Name: "demo-subnet"}).AllPages(ctx)
	if err != nil {
		t.Fatal(err)
	}
	subs, _ := subnets.ExtractSubnets(spages)
	if len(subs) != 1 {
		t.Fatalf("subnets: got %d, want 1", len(subs))
	}
	lb, err := loadbalancers.Create(ctx, lbc, loadbalancers.CreateOpts{Name: "gc", VipSubnetID: subs[0].ID, Tags: []string{"b", "a"}}).Extract()
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	if lb.ProvisioningStatus != "PENDING_CREATE" || lb.VipAddress == "" || len(lb.Tags) != 2 || lb.Tags[0] != "a" {
		t.Errorf("created: got %s vip %q tags %v, want PENDING_CREATE, a VIP, tags [a b]", lb.ProvisioningStatus, lb.VipAddress, lb.Tags)
	}
	for lb.ProvisioningStatus != "ACTIVE" {
		time.Sleep(20 * time.Millisecond)
		if lb, err = loadbalancers.Get(ctx, lbc, lb.ID).Extract(); err != nil {
			t.Fatal(err)
		}
	}
	port := 8080
	l, err := listeners.Create(ctx, lbc, listeners.CreateOpts{LoadbalancerID: lb.ID, Protocol: listeners.ProtocolHTTP, ProtocolPort: port}).Extract()
	if err != nil {
		t.Fatalf("listener create: %v", err)
	}
	if l.ProvisioningStatus != "PENDING_CREATE" || l.ConnLimit != -1 {
		t.Errorf("listener: got %s connection_limit %d, want PENDING_CREATE, -1", l.ProvisioningStatus, l.ConnLimit)
	}
	_, err = loadbalancers.Update(ctx, lbc, lb.ID, loadbalancers.UpdateOpts{}).Extract()
	if !gophercloud.ResponseCodeIs(err, 409) {
		t.Errorf("update while the listener is pending: got %v, want a 409", err)
	}
	tree, err := loadbalancers.GetStatuses(ctx, lbc, lb.ID).Extract()
	if err != nil || tree.Loadbalancer == nil || tree.Loadbalancer.ID != lb.ID {
		t.Errorf("status tree: got %+v, %v", tree, err)
	}
}
