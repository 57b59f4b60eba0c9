package octavia

import (
	"context"
	"iter"
	"net/http"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/pools"
)

// Members streams the members of a pool matching opts (gophercloud's
// pools.ListMembersOpts), page by page, for the member batch, which reads
// and writes gophercloud's member types.
func (c *Client) Members(ctx context.Context, poolID string, opts pools.ListMembersOptsBuilder) iter.Seq2[pools.Member, error] {
	op := "list members of pool " + poolID
	q, err := opts.ToMembersListQuery()
	if err != nil {
		return errSeq[pools.Member](op, err)
	}
	return list[pools.Member](ctx, c.lb, op, c.collectionURL(KindMember, poolID), "members", q)
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
	return do(ctx, c.lb, op, http.MethodPut, c.collectionURL(KindMember, poolID), map[string]any{"members": body}, nil, 202)
}
