package octavia

import (
	"context"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/listeners"
)

// ListenerStats reads a listener's traffic counters ("listener stats show").
func (c *Client) ListenerStats(ctx context.Context, id string) (*listeners.Stats, error) {
	return getOne[listeners.Stats](ctx, c, "get listener stats "+id, c.collectionURL(KindListener, "", id, "stats"), "stats")
}
