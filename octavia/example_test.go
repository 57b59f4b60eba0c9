package octavia_test

import (
	"context"
	"fmt"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/loadbalancers"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/octavia/internal/fake"
	"github.com/octaview/octaview/waiters"
)

// Example logs in, creates a load balancer, waits for it, lists, and shows
// how a failure reads.
func Example() {
	cloud := fake.New()       // Keystone + Octavia + Neutron, in process
	cloud.Delay = time.Second // writes stay PENDING_* for 1 s
	srv := fake.NewServer(cloud)
	defer srv.Close()
	ctx := context.Background()

	c, err := octavia.New(ctx, octavia.Config{
		AuthURL:  srv.URL + "/identity/v3",
		Username: "demo", Password: "demo", UserDomainName: "Default",
		ProjectName: "demo", ProjectDomainName: "Default",
		// in the browser: the page's own origin
		LoadBalancerEndpoint: srv.URL + "/load-balancer/",
		NetworkEndpoint:      srv.URL + "/network/",
	})
	if err != nil {
		fmt.Println(octavia.Message(err))
		return
	}
	s := c.Session()
	fmt.Println("logged in:", s.UserName, "in", s.ProjectName, "member:", s.HasRole("member"))

	lb, acc, err := c.CreateLoadBalancer(ctx, loadbalancers.CreateOpts{Name: "web", VipSubnetID: "subnet-public"})
	if err != nil {
		fmt.Println(octavia.Message(err))
		return
	}
	fmt.Println("created:", lb.Name, lb.ProvisioningStatus, acc.StatusCode)

	out, err := c.WaitLoadBalancerActive(ctx, lb.ID, waiters.Options{Interval: 200 * time.Millisecond}) // default: 3 s
	fmt.Println("wait:", out.Status, "pending seen:", out.SawPending, "error:", err)

	for lb, err := range c.LoadBalancers(ctx, loadbalancers.ListOpts{Name: "web"}) {
		if err != nil {
			fmt.Println(octavia.Message(err))
			break
		}
		fmt.Println("listed:", lb.Name, lb.ProvisioningStatus, lb.VipSubnetID)
	}

	_, err = c.GetLoadBalancer(ctx, "no-such-id")
	fmt.Println(octavia.ErrorCodeOf(err), "-", octavia.Message(err))
	// Output:
	// logged in: demo in demo member: true
	// created: web PENDING_CREATE 201
	// wait: ACTIVE pending seen: true error: <nil>
	// listed: web ACTIVE subnet-public
	// ENOTFOUND - It does not exist (any more). Load Balancer no-such-id not found.
}
