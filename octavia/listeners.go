package octavia

import (
	"context"
	"iter"
	"net/http"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/listeners"
)

// ListenerListOpts is gophercloud's listeners.ListOpts plus fields and
// page_reverse; it implements listeners.ListOptsBuilder.
type ListenerListOpts struct {
	listeners.ListOpts
	PageOpts
}

// ToListenerListQuery implements listeners.ListOptsBuilder.
func (o ListenerListOpts) ToListenerListQuery() (string, error) {
	return o.PageOpts.query(o.ListOpts.ToListenerListQuery())
}

// ToListenerUpdateMap implements listeners.UpdateOptsBuilder ("listener unset").
func (u Unset) ToListenerUpdateMap() (map[string]any, error) { return u.body("listener") }

// Listeners streams the listeners matching opts (listeners.ListOpts or
// ListenerListOpts), page by page.
func (c *Client) Listeners(ctx context.Context, opts listeners.ListOptsBuilder) iter.Seq2[listeners.Listener, error] {
	const op = "list listeners"
	q, err := opts.ToListenerListQuery()
	if err != nil {
		return errSeq[listeners.Listener](op, err)
	}
	return list[listeners.Listener](ctx, c, c.lb, op, c.collectionURL(KindListener, ""), "listeners", q)
}

// GetListener reads one listener.
func (c *Client) GetListener(ctx context.Context, id string) (*listeners.Listener, error) {
	return getOne[listeners.Listener](ctx, c, "get listener "+id, c.collectionURL(KindListener, "", id), "listener")
}

// CreateListener creates a listener; its load balancer goes PENDING_UPDATE:
// wait with WaitChildActive.
func (c *Client) CreateListener(ctx context.Context, opts listeners.CreateOptsBuilder) (*listeners.Listener, Accepted, error) {
	const op = "create listener"
	b, err := opts.ToListenerCreateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[listeners.Listener](ctx, c, c.lb, op, http.MethodPost, c.collectionURL(KindListener, ""), b, "listener")
}

// UpdateListener changes a listener (listeners.UpdateOpts, or Unset).
func (c *Client) UpdateListener(ctx context.Context, id string, opts listeners.UpdateOptsBuilder) (*listeners.Listener, Accepted, error) {
	op := "update listener " + id
	b, err := opts.ToListenerUpdateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[listeners.Listener](ctx, c, c.lb, op, http.MethodPut, c.collectionURL(KindListener, "", id), b, "listener")
}

// DeleteListener deletes a listener; wait with WaitChildDeleted.
func (c *Client) DeleteListener(ctx context.Context, id string) (Accepted, error) {
	return c.del(ctx, "delete listener "+id, c.collectionURL(KindListener, "", id))
}

// ListenerStats reads a listener's traffic counters ("listener stats show").
func (c *Client) ListenerStats(ctx context.Context, id string) (*listeners.Stats, error) {
	return getOne[listeners.Stats](ctx, c, "get listener stats "+id, c.collectionURL(KindListener, "", id, "stats"), "stats")
}
