package octavia

import (
	"context"
	"iter"
	"net/http"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/l7policies"
)

// L7PolicyListOpts is gophercloud's l7policies.ListOpts plus fields and
// page_reverse; it implements l7policies.ListOptsBuilder.
type L7PolicyListOpts struct {
	l7policies.ListOpts
	PageOpts
}

// ToL7PolicyListQuery implements l7policies.ListOptsBuilder.
func (o L7PolicyListOpts) ToL7PolicyListQuery() (string, error) {
	return o.PageOpts.query(o.ListOpts.ToL7PolicyListQuery())
}

// ToL7PolicyUpdateMap implements l7policies.UpdateOptsBuilder ("l7policy unset").
func (u Unset) ToL7PolicyUpdateMap() (map[string]any, error) { return u.body("l7policy") }

// L7Policies streams the L7 policies matching opts (l7policies.ListOpts or
// L7PolicyListOpts), page by page.
func (c *Client) L7Policies(ctx context.Context, opts l7policies.ListOptsBuilder) iter.Seq2[l7policies.L7Policy, error] {
	const op = "list L7 policies"
	q, err := opts.ToL7PolicyListQuery()
	if err != nil {
		return errSeq[l7policies.L7Policy](op, err)
	}
	return list[l7policies.L7Policy](ctx, c, c.lb, op, c.collectionURL(KindL7Policy, ""), "l7policies", q)
}

// GetL7Policy reads one L7 policy.
func (c *Client) GetL7Policy(ctx context.Context, id string) (*l7policies.L7Policy, error) {
	return getOne[l7policies.L7Policy](ctx, c, "get L7 policy "+id, c.collectionURL(KindL7Policy, "", id), "l7policy")
}

// CreateL7Policy creates an L7 policy on a listener; wait with WaitChildActive.
func (c *Client) CreateL7Policy(ctx context.Context, opts l7policies.CreateOptsBuilder) (*l7policies.L7Policy, Accepted, error) {
	const op = "create L7 policy"
	b, err := opts.ToL7PolicyCreateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[l7policies.L7Policy](ctx, c, c.lb, op, http.MethodPost, c.collectionURL(KindL7Policy, ""), b, "l7policy")
}

// UpdateL7Policy changes an L7 policy (l7policies.UpdateOpts, or Unset).
func (c *Client) UpdateL7Policy(ctx context.Context, id string, opts l7policies.UpdateOptsBuilder) (*l7policies.L7Policy, Accepted, error) {
	op := "update L7 policy " + id
	b, err := opts.ToL7PolicyUpdateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[l7policies.L7Policy](ctx, c, c.lb, op, http.MethodPut, c.collectionURL(KindL7Policy, "", id), b, "l7policy")
}

// DeleteL7Policy deletes an L7 policy and its rules; wait with WaitChildDeleted.
func (c *Client) DeleteL7Policy(ctx context.Context, id string) (Accepted, error) {
	return c.del(ctx, "delete L7 policy "+id, c.collectionURL(KindL7Policy, "", id))
}
