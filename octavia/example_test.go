package octavia_test

import (
	"context"
	"fmt"
	"net/url"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"

	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// Example logs in, creates a load balancer, waits for it, lists, and shows
// how a failure reads.
func Example() {
	// The lab cloud: Keystone + Octavia + Neutron, in process; writes stay
	// PENDING_* for about 1 s.
	srv := labcloud.NewServer(labcloud.Options{Delay: time.Second})
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

	subnet, err := octavia.Collect(c.Network().Subnets(ctx, subnets.ListOpts{Name: "public-subnet"}))
	if err != nil || len(subnet) != 1 {
		fmt.Println("no public subnet:", octavia.Message(err))
		return
	}
	// every kind is read and written as Octavia's own JSON (an Object)
	lb, acc, err := c.Create(ctx, octavia.KindLoadBalancer, "", octavia.Object{"name": "web", "vip_subnet_id": subnet[0].ID})
	if err != nil {
		fmt.Println(octavia.Message(err))
		return
	}
	fmt.Println("created:", lb.Text("name"), lb.Text("provisioning_status"), acc.StatusCode)

	out, err := c.WaitLoadBalancerActive(ctx, lb.Text("id"), waiters.Options{Interval: 200 * time.Millisecond}) // default: 3 s
	fmt.Println("wait:", out.Status, "pending seen:", out.SawPending, "error:", err)

	web := octavia.ListQuery{Filters: url.Values{"name": {"web"}}}
	for lb, err := range c.List(ctx, octavia.KindLoadBalancer, "", web) {
		if err != nil {
			fmt.Println(octavia.Message(err))
			break
		}
		fmt.Println("listed:", lb.Text("name"), lb.Text("provisioning_status"), "on the public subnet:", lb.Text("vip_subnet_id") == subnet[0].ID)
	}

	_, err = c.Get(ctx, octavia.Ref{Kind: octavia.KindLoadBalancer, ID: "no-such-id"})
	fmt.Println(octavia.ErrorCodeOf(err), "-", octavia.Message(err))
	// Output:
	// logged in: demo in demo member: true
	// created: web PENDING_CREATE 201
	// wait: ACTIVE pending seen: true error: <nil>
	// listed: web ACTIVE on the public subnet: true
	// ENOTFOUND - It does not exist (any more). Load Balancer no-such-id not found.
}

// ExampleClient_FailoverAmphora fails over the amphora of a load balancer
// as an admin, and waits the way "amphora failover --wait" does.
func ExampleClient_FailoverAmphora() {
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

	subnet, err := octavia.Collect(c.Network().Subnets(ctx, subnets.ListOpts{Name: "public-subnet"}))
	if err != nil || len(subnet) == 0 {
		fmt.Println("no public subnet:", octavia.Message(err))
		return
	}
	lb, _, err := c.Create(ctx, octavia.KindLoadBalancer, "", octavia.Object{"name": "web", "vip_subnet_id": subnet[0].ID})
	if err != nil {
		fmt.Println(octavia.Message(err))
		return
	}
	if _, err := c.WaitLoadBalancerActive(ctx, lb.Text("id"), poll); err != nil {
		fmt.Println(octavia.Message(err))
		return
	}

	// Read the amphora first: once the failover is done it is gone.
	amps, err := octavia.Collect(c.List(ctx, octavia.KindAmphora, "", octavia.ListQuery{
		Filters: url.Values{"loadbalancer_id": {lb.Text("id")}}}))
	if err != nil {
		fmt.Println(octavia.Message(err))
		return
	}
	amp := octavia.RefOf(octavia.KindAmphora, "", amps[0]) // with its load balancer
	fmt.Println("amphora:", amps[0].Text("role"), amps[0].Text("status"))

	if _, err := c.FailoverAmphora(ctx, amp.ID); err != nil {
		fmt.Println(octavia.Message(err))
		return
	}
	out, err := c.WaitChildActive(ctx, amp, poll)
	fmt.Println("load balancer:", out.Status, "pending seen:", out.SawPending, "error:", err)

	_, err = c.Get(ctx, amp)
	fmt.Println("old amphora:", octavia.ErrorCodeOf(err))
	// Output:
	// amphora: STANDALONE ALLOCATED
	// load balancer: ACTIVE pending seen: true error: <nil>
	// old amphora: ENOTFOUND
}
