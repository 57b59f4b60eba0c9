//go:build !js

package main

import (
	"context"
	"fmt"
	"sync"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
)

// statusTreeConcurrency bounds the status-tree requests of one poll.
const statusTreeConcurrency = 4

// octaviaStatus fetches the status page's data with the Octavia client: the load
// balancer list (paged), then each one's status tree. A load balancer deleted between
// the two is left out.
func octaviaStatus(c *octavia.Client) statusFetch {
	fetch := octaviaLBs(c)
	return func(ctx context.Context) ([]serverapi.StatusLB, error) {
		lbs, err := fetch(ctx)
		if err != nil {
			return nil, err
		}
		out := make([]serverapi.StatusLB, len(lbs))
		for i, lb := range lbs {
			out[i] = lb.StatusLB
		}
		return out, nil
	}
}

// feedLB is one load balancer as a feed polled it: its statuses and tree,
// and what a wall scopes by (walls_scope.go).
type feedLB struct {
	serverapi.StatusLB
	ProjectID string
	Tags      []string
}

// octaviaLBs is octaviaStatus with each load balancer's project and tags:
// every load balancer the credential may list (an admin's: all projects').
func octaviaLBs(c *octavia.Client) func(ctx context.Context) ([]feedLB, error) {
	return func(ctx context.Context) ([]feedLB, error) {
		lbs, err := octavia.Collect(c.List(ctx, octavia.KindLoadBalancer, "", octavia.ListQuery{}))
		if err != nil {
			return nil, fmt.Errorf("listing load balancers: %s", octavia.Message(err))
		}
		out := make([]feedLB, len(lbs))
		keep := make([]bool, len(lbs))
		errs := make([]error, len(lbs))
		sem := make(chan struct{}, statusTreeConcurrency)
		var wg sync.WaitGroup
		for i, lb := range lbs {
			id := lb.Text("id")
			out[i] = feedLB{StatusLB: serverapi.StatusLB{
				ID: id, Name: lb.Text("name"), VIPAddress: lb.Text("vip_address"),
				ProvisioningStatus: lb.Text("provisioning_status"), OperatingStatus: lb.Text("operating_status"),
			}, ProjectID: lb.Text("project_id"), Tags: lb.Strings("tags")}
			wg.Go(func() {
				sem <- struct{}{}
				defer func() { <-sem }()
				tree, err := c.LoadBalancerStatusTree(ctx, id)
				switch {
				case octavia.ErrorCodeOf(err) == octavia.ENOTFOUND:
					return
				case err != nil:
					errs[i] = fmt.Errorf("status of load balancer %s: %s", id, octavia.Message(err))
					return
				}
				keep[i] = true
				out[i].Tree = tree.LoadBalancer
			})
		}
		wg.Wait()
		var kept []feedLB
		for i := range out {
			if errs[i] != nil {
				return nil, errs[i]
			}
			if keep[i] {
				kept = append(kept, out[i])
			}
		}
		return kept, nil
	}
}
