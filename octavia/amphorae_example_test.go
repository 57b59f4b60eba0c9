package octavia_test

import (
	"context"
	"fmt"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/amphorae"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/loadbalancers"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"

	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// ExampleClient_WaitAmphoraFailover fails over the amphora of a load balancer
// as an admin, and waits the way "amphora failover --wait" does.
func ExampleClient_WaitAmphoraFailover() {
	lab := labcloud.NewServer(labcloud.Options{Delay: 300 * time.Millisecond}) // writes stay PENDING_* for about 0.3 s
	defer lab.Close()
	ctx := context.Background()
	c, err := octavia.New(ctx, octavia.Config{
		AuthURL:  lab.URL + "/identity/v3",
		Username: "admin", Password: "admin", UserDomainName: "Default",
		ProjectName: "admin", ProjectDomainName: "Default",
	})
	if err != nil {
		fmt.Println(octavia.Message(err))
		return
	}
	poll := waiters.Options{Interval: 50 * time.Millisecond} // default: 3 s

	subnet, err := octavia.Collect(c.Subnets(ctx, subnets.ListOpts{Name: "public-subnet"}))
	if err != nil || len(subnet) == 0 {
		fmt.Println("no public subnet:", octavia.Message(err))
		return
	}
	lb, _, err := c.CreateLoadBalancer(ctx, loadbalancers.CreateOpts{Name: "web", VipSubnetID: subnet[0].ID})
	if err != nil {
		fmt.Println(octavia.Message(err))
		return
	}
	if _, err := c.WaitLoadBalancerActive(ctx, lb.ID, poll); err != nil {
		fmt.Println(octavia.Message(err))
		return
	}

	// Read the amphora first: once the failover is done it is gone.
	amps, err := octavia.Collect(c.Amphorae(ctx, amphorae.ListOpts{LoadbalancerID: lb.ID}))
	if err != nil {
		fmt.Println(octavia.Message(err))
		return
	}
	amp := amps[0]
	fmt.Println("amphora:", amp.Role, amp.Status)

	if _, err := c.FailoverAmphora(ctx, amp.ID); err != nil {
		fmt.Println(octavia.Message(err))
		return
	}
	out, err := c.WaitAmphoraFailover(ctx, amp, poll)
	fmt.Println("load balancer:", out.Status, "pending seen:", out.SawPending, "error:", err)

	_, err = c.GetAmphora(ctx, amp.ID)
	fmt.Println("old amphora:", octavia.ErrorCodeOf(err))
	// Output:
	// amphora: STANDALONE ALLOCATED
	// load balancer: ACTIVE pending seen: true error: <nil>
	// old amphora: ENOTFOUND
}
