package octavia

import (
	"context"
	"net/http"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/loadbalancers"
)

// LoadBalancerStats reads a load balancer's traffic counters ("loadbalancer stats show").
func (c *Client) LoadBalancerStats(ctx context.Context, id string) (*loadbalancers.Stats, error) {
	return getOne[loadbalancers.Stats](ctx, c, "get load balancer stats "+id, c.collectionURL(KindLoadBalancer, "", id, "stats"), "stats")
}

// LoadBalancerStatusTree reads the statuses of a load balancer and of
// everything under it, pools' health monitors included ("loadbalancer
// status show"). Lists Octavia left out come back empty, not nil.
func (c *Client) LoadBalancerStatusTree(ctx context.Context, id string) (*StatusTree, error) {
	t, err := getOne[StatusTree](ctx, c, "get load balancer status "+id, c.collectionURL(KindLoadBalancer, "", id, "status"), "statuses")
	if err != nil {
		return nil, err
	}
	t.LoadBalancer.FillLists()
	return t, nil
}

// FailoverLoadBalancer starts a failover of the load balancer's amphorae
// ("loadbalancer failover"); the load balancer goes PENDING_UPDATE.
func (c *Client) FailoverLoadBalancer(ctx context.Context, id string) (Accepted, error) {
	return do(ctx, c.lb, "fail over load balancer "+id, http.MethodPut, c.collectionURL(KindLoadBalancer, "", id, "failover"), nil, nil, 202)
}
