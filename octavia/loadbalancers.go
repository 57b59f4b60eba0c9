package octavia

import (
	"context"
	"iter"
	"net/http"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/loadbalancers"
)

// LoadBalancerListOpts is gophercloud's loadbalancers.ListOpts plus the
// parameters it lacks (fields, page_reverse). It implements
// loadbalancers.ListOptsBuilder, so it goes wherever ListOpts goes.
type LoadBalancerListOpts struct {
	loadbalancers.ListOpts
	PageOpts
}

// ToLoadBalancerListQuery implements loadbalancers.ListOptsBuilder.
func (o LoadBalancerListOpts) ToLoadBalancerListQuery() (string, error) {
	return o.PageOpts.query(o.ListOpts.ToLoadBalancerListQuery())
}

// Unset names attributes to clear, as the CLI's "unset" commands do
// ("loadbalancer unset --name --description"): each one is sent as JSON null
// in an update (PUT), and Octavia resets it to its default. Unset implements
// the UpdateOptsBuilder of every Octavia resource package, e.g.
//
//	c.UpdateLoadBalancer(ctx, id, octavia.Unset{"name", "vip_qos_policy_id"})
//
// Tags are changed with UpdateTags instead.
type Unset []string

// body returns {key: {attr: null, ...}}.
func (u Unset) body(key string) (map[string]any, error) {
	m := make(map[string]any, len(u))
	for _, attr := range u {
		m[attr] = nil
	}
	return map[string]any{key: m}, nil
}

// ToLoadBalancerUpdateMap implements loadbalancers.UpdateOptsBuilder.
func (u Unset) ToLoadBalancerUpdateMap() (map[string]any, error) { return u.body("loadbalancer") }

// LoadBalancers streams the load balancers matching opts
// (loadbalancers.ListOpts, or LoadBalancerListOpts for fields and
// page_reverse), page by page (page size opts.Limit; 0 = Octavia's default,
// 1000 at most).
func (c *Client) LoadBalancers(ctx context.Context, opts loadbalancers.ListOptsBuilder) iter.Seq2[loadbalancers.LoadBalancer, error] {
	const op = "list load balancers"
	q, err := opts.ToLoadBalancerListQuery()
	if err != nil {
		return errSeq[loadbalancers.LoadBalancer](op, err)
	}
	return list[loadbalancers.LoadBalancer](ctx, c, c.lb, op, c.collectionURL(KindLoadBalancer, ""), "loadbalancers", q)
}

// GetLoadBalancer reads one load balancer ("loadbalancer show").
func (c *Client) GetLoadBalancer(ctx context.Context, id string) (*loadbalancers.LoadBalancer, error) {
	return getOne[loadbalancers.LoadBalancer](ctx, c, "get load balancer "+id, c.collectionURL(KindLoadBalancer, "", id), "loadbalancer")
}

// CreateLoadBalancer creates a load balancer ("loadbalancer create"); with
// opts.Listeners and opts.Pools set it creates a fully populated one in a
// single call. The answer is in PENDING_CREATE: wait with WaitLoadBalancerActive.
func (c *Client) CreateLoadBalancer(ctx context.Context, opts loadbalancers.CreateOptsBuilder) (*loadbalancers.LoadBalancer, Accepted, error) {
	const op = "create load balancer"
	b, err := opts.ToLoadBalancerCreateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[loadbalancers.LoadBalancer](ctx, c, c.lb, op, http.MethodPost, c.collectionURL(KindLoadBalancer, ""), b, "loadbalancer")
}

// UpdateLoadBalancer changes a load balancer ("loadbalancer set" with
// loadbalancers.UpdateOpts, "loadbalancer unset" with Unset).
func (c *Client) UpdateLoadBalancer(ctx context.Context, id string, opts loadbalancers.UpdateOptsBuilder) (*loadbalancers.LoadBalancer, Accepted, error) {
	op := "update load balancer " + id
	b, err := opts.ToLoadBalancerUpdateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[loadbalancers.LoadBalancer](ctx, c, c.lb, op, http.MethodPut, c.collectionURL(KindLoadBalancer, "", id), b, "loadbalancer")
}

// DeleteLoadBalancer deletes a load balancer; cascade (sent as the query
// parameter cascade=true) deletes its listeners, pools and members too.
func (c *Client) DeleteLoadBalancer(ctx context.Context, id string, cascade bool) (Accepted, error) {
	op := "delete load balancer " + id
	q, err := loadbalancers.DeleteOpts{Cascade: cascade}.ToLoadBalancerDeleteQuery()
	if err != nil {
		return Accepted{}, mapError(op, err)
	}
	return c.del(ctx, op, c.collectionURL(KindLoadBalancer, "", id)+q)
}

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
	t.LoadBalancer.fillLists()
	return t, nil
}

// FailoverLoadBalancer starts a failover of the load balancer's amphorae
// ("loadbalancer failover"); the load balancer goes PENDING_UPDATE.
func (c *Client) FailoverLoadBalancer(ctx context.Context, id string) (Accepted, error) {
	return c.do(ctx, c.lb, "fail over load balancer "+id, http.MethodPut, c.collectionURL(KindLoadBalancer, "", id, "failover"), nil, nil, 202)
}
