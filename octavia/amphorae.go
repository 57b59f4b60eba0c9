package octavia

import (
	"context"
	"iter"
	"net/http"
	"net/url"
	"strings"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/amphorae"

	"github.com/octaview/octaview/octavia/amphoracontrol"
	"github.com/octaview/octaview/waiters"
)

// Amphorae are admin-only: Octavia answers 403 (EFORBIDDEN) to other roles.

// AmphoraListOpts is gophercloud's amphorae.ListOpts plus what it lacks:
// compute_id (the CLI's --compute-id), fields and page_reverse. It implements
// amphorae.ListOptsBuilder.
type AmphoraListOpts struct {
	amphorae.ListOpts
	ComputeID string // only the amphora running on this compute instance
	PageOpts
}

// ToAmphoraListQuery implements amphorae.ListOptsBuilder.
func (o AmphoraListOpts) ToAmphoraListQuery() (string, error) {
	q, err := o.ListOpts.ToAmphoraListQuery()
	if err == nil && o.ComputeID != "" {
		var v url.Values
		if v, err = url.ParseQuery(strings.TrimPrefix(q, "?")); err == nil {
			v.Set("compute_id", o.ComputeID)
			q = "?" + v.Encode()
		}
	}
	return o.PageOpts.query(q, err)
}

// Amphorae streams the amphorae matching opts (amphorae.ListOpts or
// AmphoraListOpts), page by page ("amphora list").
func (c *Client) Amphorae(ctx context.Context, opts amphorae.ListOptsBuilder) iter.Seq2[amphorae.Amphora, error] {
	const op = "list amphorae"
	q, err := opts.ToAmphoraListQuery()
	if err != nil {
		return errSeq[amphorae.Amphora](op, err)
	}
	return list[amphorae.Amphora](ctx, c, c.lb, op, c.collectionURL(KindAmphora, ""), "amphorae", q)
}

// GetAmphora reads one amphora ("amphora show").
func (c *Client) GetAmphora(ctx context.Context, id string) (*amphorae.Amphora, error) {
	return getOne[amphorae.Amphora](ctx, c, "get amphora "+id, c.collectionURL(KindAmphora, "", id), "amphora")
}

// ConfigureAmphora asks Octavia to push a fresh agent configuration to the
// amphora ("amphora configure"; 202). The CLI's --wait then waits for the
// amphora's load balancer, if it has one: WaitLoadBalancerActive.
func (c *Client) ConfigureAmphora(ctx context.Context, id string) (Accepted, error) {
	return accepted("configure amphora "+id, amphoracontrol.Configure(ctx, c.lb, id).ErrResult)
}

// FailoverAmphora replaces the amphora with a new one ("amphora failover";
// 202). Read the amphora first and wait with WaitAmphoraFailover, as the CLI
// does: the old amphora may be gone by the time the failover ends.
func (c *Client) FailoverAmphora(ctx context.Context, id string) (Accepted, error) {
	return c.do(ctx, c.lb, "fail over amphora "+id, http.MethodPut, c.collectionURL(KindAmphora, "", id, "failover"), nil, nil, 202)
}

// DeleteAmphora deletes a spare (READY) or failed (ERROR) amphora ("amphora
// delete"; 204); Octavia refuses others with 409. Wait with WaitAmphoraDeleted.
func (c *Client) DeleteAmphora(ctx context.Context, id string) (Accepted, error) {
	return accepted("delete amphora "+id, amphoracontrol.Delete(ctx, c.lb, id).ErrResult)
}

// AmphoraStats reads the amphora's counters, one entry per listener
// ("amphora stats show" prints amphoracontrol.Sum of them).
func (c *Client) AmphoraStats(ctx context.Context, id string) ([]amphoracontrol.Stats, error) {
	stats, err := amphoracontrol.GetStats(ctx, c.lb, id).Extract()
	if err != nil {
		return nil, mapError("get amphora stats "+id, err)
	}
	return stats, nil
}

// AmphoraStatusGetter returns a Getter reading the amphora's status field
// (an AmphoraStatus; amphorae have no provisioning_status), for waiters and
// waiters.Hub.
func (c *Client) AmphoraStatusGetter(id string) waiters.Getter {
	return func(ctx context.Context) (string, error) {
		a, err := c.GetAmphora(ctx, id)
		if err != nil {
			return "", err
		}
		return a.Status, nil
	}
}

// WaitAmphoraDeleted polls the amphora's status until it answers 404, as
// "amphora delete --wait" does: every opts.Interval (3 s by default), for at
// most opts.Timeout (300 s when 0, wall clock). ERROR fails with a
// *waiters.StatusError; any error other than 404 ends the wait. The
// Outcome's Status holds the amphora's status as read.
func (c *Client) WaitAmphoraDeleted(ctx context.Context, id string, opts waiters.Options) (Outcome, error) {
	t := newTracker(opts)
	err := c.poll(ctx, Ref{Kind: KindAmphora, ID: id}, t.options(opts), true, nil)
	if err == nil {
		t.out.Status = StatusDeleted
	}
	return t.done(), waitError("amphora "+id, err)
}

// WaitAmphoraFailover waits for the failover of amphora, as read before
// FailoverAmphora, the way "amphora failover --wait" does: with a load
// balancer, until that load balancer is ACTIVE again (WaitLoadBalancerActive:
// no time limit unless opts.Timeout is set); without one, until the amphora
// itself is gone (WaitAmphoraDeleted: 300 s by default).
func (c *Client) WaitAmphoraFailover(ctx context.Context, amphora amphorae.Amphora, opts waiters.Options) (Outcome, error) {
	if amphora.LoadbalancerID != "" {
		return c.WaitLoadBalancerActive(ctx, amphora.LoadbalancerID, opts)
	}
	return c.WaitAmphoraDeleted(ctx, amphora.ID, opts)
}
