package octavia

import (
	"context"
	"iter"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/quotas"

	"github.com/octaview/octaview/octavia/lbaasquotas"
)

// Quotas use Octavia's /v2/lbaas/quotas paths, as python-octaviaclient does
// (package lbaasquotas; gophercloud's quotas package uses the legacy
// /v2.0/quotas alias). A member sees only their own project's; an admin sees
// and sets any project's.

// ToQuotaUpdateMap implements quotas.UpdateOptsBuilder ("quota unset"): each
// named limit ("loadbalancer", "listener", "member", "pool",
// "healthmonitor", "l7policy", "l7rule") goes back to the deployment default.
func (u Unset) ToQuotaUpdateMap() (map[string]any, error) { return u.body("quota") }

// Quotas streams the projects that have quotas of their own ("quota list");
// in each entry a nil limit means the deployment default.
func (c *Client) Quotas(ctx context.Context, opts lbaasquotas.ListOptsBuilder) iter.Seq2[lbaasquotas.Quota, error] {
	const op = "list quotas"
	q, err := opts.ToQuotaListQuery()
	if err != nil {
		return errSeq[lbaasquotas.Quota](op, err)
	}
	return list[lbaasquotas.Quota](ctx, c, c.lb, op, lbaasquotas.ListURL(c.lb), "quotas", q)
}

// GetQuota reads a project's effective quota, defaults filled in ("quota
// show"); -1 means unlimited.
func (c *Client) GetQuota(ctx context.Context, projectID string) (*quotas.Quota, error) {
	r := lbaasquotas.Get(ctx, c.lb, projectID)
	q, _, err := extract("get quota of project "+projectID, "quota", r.Result, r.Extract)
	return q, err
}

// GetQuotaDefaults reads the deployment's default quota ("quota defaults show").
func (c *Client) GetQuotaDefaults(ctx context.Context) (*quotas.Quota, error) {
	r := lbaasquotas.GetDefaults(ctx, c.lb)
	q, _, err := extract("get default quota", "quota", r.Result, r.Extract)
	return q, err
}

// UpdateQuota sets limits of a project ("quota set" with quotas.UpdateOpts,
// "quota unset" with Unset) and returns the quota as it now is (202).
func (c *Client) UpdateQuota(ctx context.Context, projectID string, opts quotas.UpdateOptsBuilder) (*quotas.Quota, Accepted, error) {
	r := lbaasquotas.Update(ctx, c.lb, projectID, opts)
	return extract("update quota of project "+projectID, "quota", r.Result, r.Extract)
}

// ResetQuota puts every limit of a project back to the deployment default
// ("quota reset"; Octavia answers 202, its API reference says 204).
func (c *Client) ResetQuota(ctx context.Context, projectID string) (Accepted, error) {
	return accepted("reset quota of project "+projectID, lbaasquotas.Reset(ctx, c.lb, projectID).ErrResult)
}
