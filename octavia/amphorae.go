package octavia

import (
	"context"
	"net/http"

	"github.com/octaview/octaview/octavia/amphoracontrol"
)

// Amphorae are admin-only: Octavia answers 403 (EFORBIDDEN) to other roles.

// ConfigureAmphora asks Octavia to push a fresh agent configuration to the
// amphora ("amphora configure"; 202). The CLI's --wait then waits for the
// amphora's load balancer, if it has one: WaitLoadBalancerActive.
func (c *Client) ConfigureAmphora(ctx context.Context, id string) (Accepted, error) {
	return accepted("configure amphora "+id, amphoracontrol.Configure(ctx, c.lb, id).ErrResult)
}

// FailoverAmphora replaces the amphora with a new one ("amphora failover";
// 202). Wait for its load balancer with WaitLoadBalancerActive, as the CLI
// does: the old amphora may be gone by the time the failover ends.
func (c *Client) FailoverAmphora(ctx context.Context, id string) (Accepted, error) {
	return do(ctx, c.lb, "fail over amphora "+id, http.MethodPut, c.collectionURL(KindAmphora, "", id, "failover"), nil, nil, 202)
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
