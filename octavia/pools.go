package octavia

import (
	"context"
	"iter"
	"net/http"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/pools"
)

// PoolListOpts is gophercloud's pools.ListOpts plus fields and page_reverse;
// it implements pools.ListOptsBuilder.
type PoolListOpts struct {
	pools.ListOpts
	PageOpts
}

// ToPoolListQuery implements pools.ListOptsBuilder.
func (o PoolListOpts) ToPoolListQuery() (string, error) {
	return o.PageOpts.query(o.ListOpts.ToPoolListQuery())
}

// ToPoolUpdateMap implements pools.UpdateOptsBuilder ("pool unset").
func (u Unset) ToPoolUpdateMap() (map[string]any, error) { return u.body("pool") }

// Pools streams the pools matching opts (pools.ListOpts or PoolListOpts), page by page.
func (c *Client) Pools(ctx context.Context, opts pools.ListOptsBuilder) iter.Seq2[pools.Pool, error] {
	const op = "list pools"
	q, err := opts.ToPoolListQuery()
	if err != nil {
		return errSeq[pools.Pool](op, err)
	}
	return list[pools.Pool](ctx, c, c.lb, op, c.collectionURL(KindPool, ""), "pools", q)
}

// GetPool reads one pool.
func (c *Client) GetPool(ctx context.Context, id string) (*pools.Pool, error) {
	return getOne[pools.Pool](ctx, c, "get pool "+id, c.collectionURL(KindPool, "", id), "pool")
}

// CreatePool creates a pool; its load balancer goes PENDING_UPDATE: wait
// with WaitChildActive.
func (c *Client) CreatePool(ctx context.Context, opts pools.CreateOptsBuilder) (*pools.Pool, Accepted, error) {
	const op = "create pool"
	b, err := opts.ToPoolCreateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[pools.Pool](ctx, c, c.lb, op, http.MethodPost, c.collectionURL(KindPool, ""), b, "pool")
}

// UpdatePool changes a pool (pools.UpdateOpts, or Unset).
func (c *Client) UpdatePool(ctx context.Context, id string, opts pools.UpdateOptsBuilder) (*pools.Pool, Accepted, error) {
	op := "update pool " + id
	b, err := opts.ToPoolUpdateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[pools.Pool](ctx, c, c.lb, op, http.MethodPut, c.collectionURL(KindPool, "", id), b, "pool")
}

// DeletePool deletes a pool and its members; wait with WaitChildDeleted.
func (c *Client) DeletePool(ctx context.Context, id string) (Accepted, error) {
	return c.del(ctx, "delete pool "+id, c.collectionURL(KindPool, "", id))
}
