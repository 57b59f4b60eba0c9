package octavia

import (
	"context"
	"iter"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/quotas"

	"github.com/octaview/octaview/octavia/quotaops"
)

// Quotas use Octavia's /v2/lbaas/quotas paths, as python-octaviaclient does
// (gophercloud's quotas package uses the legacy /v2.0/quotas alias). A member
// sees only their own project's; an admin sees and sets any project's.

// ToQuotaUpdateMap implements quotas.UpdateOptsBuilder ("quota unset"): each
// named limit ("loadbalancer", "listener", "member", "pool",
// "healthmonitor", "l7policy", "l7rule") goes back to the deployment default.
func (u Unset) ToQuotaUpdateMap() (map[string]any, error) { return u.body("quota") }

func quotaURL(c *Client, parts ...string) string {
	return c.lb.ServiceURL(append([]string{"lbaas", "quotas"}, parts...)...)
}

// Quotas streams the projects that have quotas of their own ("quota list");
// in each entry a nil limit means the deployment default.
func (c *Client) Quotas(ctx context.Context, opts quotaops.ListOptsBuilder) iter.Seq2[quotaops.Quota, error] {
	const op = "list quotas"
	q, err := opts.ToQuotaListQuery()
	if err != nil {
		return errSeq[quotaops.Quota](op, err)
	}
	return list[quotaops.Quota](ctx, c, c.lb, op, quotaURL(c), "quotas", q)
}

// GetQuota reads a project's effective quota, defaults filled in ("quota
// show"); -1 means unlimited.
func (c *Client) GetQuota(ctx context.Context, projectID string) (*quotas.Quota, error) {
	return getOne[quotas.Quota](ctx, c, "get quota of project "+projectID, quotaURL(c, projectID), "quota")
}

// QuotaDefaults reads the deployment's default quota ("quota defaults show").
func (c *Client) QuotaDefaults(ctx context.Context) (*quotas.Quota, error) {
	return getOne[quotas.Quota](ctx, c, "get default quota", quotaURL(c, "defaults"), "quota")
}

// UpdateQuota sets limits of a project ("quota set" with quotas.UpdateOpts,
// "quota unset" with Unset) and returns the quota as it now is (202).
func (c *Client) UpdateQuota(ctx context.Context, projectID string, opts quotas.UpdateOptsBuilder) (*quotas.Quota, Accepted, error) {
	op := "update quota of project " + projectID
	b, err := opts.ToQuotaUpdateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[quotas.Quota](ctx, c, c.lb, op, "PUT", quotaURL(c, projectID), b, "quota")
}

// ResetQuota puts every limit of a project back to the deployment default
// ("quota reset"; Octavia answers 202, its API reference says 204).
func (c *Client) ResetQuota(ctx context.Context, projectID string) (Accepted, error) {
	return c.del(ctx, "reset quota of project "+projectID, quotaURL(c, projectID))
}
