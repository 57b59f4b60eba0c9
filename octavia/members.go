package octavia

import (
	"context"
	"iter"
	"net/http"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/pools"
)

// MemberListOpts is gophercloud's pools.ListMembersOpts plus fields and
// page_reverse; it implements pools.ListMembersOptsBuilder.
type MemberListOpts struct {
	pools.ListMembersOpts
	PageOpts
}

// ToMembersListQuery implements pools.ListMembersOptsBuilder.
func (o MemberListOpts) ToMembersListQuery() (string, error) {
	return o.PageOpts.query(o.ListMembersOpts.ToMembersListQuery())
}

// ToMemberUpdateMap implements pools.UpdateMemberOptsBuilder ("member unset").
func (u Unset) ToMemberUpdateMap() (map[string]any, error) { return u.body("member") }

// Members streams the members of a pool matching opts (pools.ListMembersOpts
// or MemberListOpts), page by page.
func (c *Client) Members(ctx context.Context, poolID string, opts pools.ListMembersOptsBuilder) iter.Seq2[pools.Member, error] {
	op := "list members of pool " + poolID
	q, err := opts.ToMembersListQuery()
	if err != nil {
		return errSeq[pools.Member](op, err)
	}
	return list[pools.Member](ctx, c, c.lb, op, c.collectionURL(KindMember, poolID), "members", q)
}

// GetMember reads one member of a pool.
func (c *Client) GetMember(ctx context.Context, poolID, id string) (*pools.Member, error) {
	return getOne[pools.Member](ctx, c, "get member "+id, c.collectionURL(KindMember, poolID, id), "member")
}

// CreateMember adds a member to a pool; the load balancer goes
// PENDING_UPDATE: wait with WaitChildActive. A member with the same address
// and port is a permanent ECONFLICT.
func (c *Client) CreateMember(ctx context.Context, poolID string, opts pools.CreateMemberOptsBuilder) (*pools.Member, Accepted, error) {
	op := "create member in pool " + poolID
	b, err := opts.ToMemberCreateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[pools.Member](ctx, c, c.lb, op, http.MethodPost, c.collectionURL(KindMember, poolID), b, "member")
}

// UpdateMember changes a member (pools.UpdateMemberOpts, or Unset).
func (c *Client) UpdateMember(ctx context.Context, poolID, id string, opts pools.UpdateMemberOptsBuilder) (*pools.Member, Accepted, error) {
	op := "update member " + id
	b, err := opts.ToMemberUpdateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[pools.Member](ctx, c, c.lb, op, http.MethodPut, c.collectionURL(KindMember, poolID, id), b, "member")
}

// BatchUpdateMembers replaces the pool's whole member list with members
// (PUT .../members, 202): members not listed are deleted, new ones created,
// matching ones (same address and port) replaced: Octavia resets what a
// listed member's entry omits (admin_state_up, weight, backup, monitor
// address and port) to its default, so send every attribute of a member
// that is to stay as it is. An empty list removes every member.
func (c *Client) BatchUpdateMembers(ctx context.Context, poolID string, members []pools.BatchUpdateMemberOptsBuilder) (Accepted, error) {
	op := "batch update members of pool " + poolID
	body := make([]map[string]any, 0, len(members))
	for _, m := range members {
		b, err := m.ToBatchMemberUpdateMap()
		if err != nil {
			return Accepted{}, mapError(op, err)
		}
		body = append(body, b)
	}
	return c.do(ctx, c.lb, op, http.MethodPut, c.collectionURL(KindMember, poolID), map[string]any{"members": body}, nil, 202)
}

// DeleteMember removes a member from a pool; wait with WaitChildDeleted.
func (c *Client) DeleteMember(ctx context.Context, poolID, id string) (Accepted, error) {
	return c.del(ctx, "delete member "+id, c.collectionURL(KindMember, poolID, id))
}
