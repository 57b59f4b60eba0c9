package octavia

import (
	"context"
	"iter"
	"net/http"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/l7policies"
)

// L7RuleListOpts is gophercloud's l7policies.ListRulesOpts plus fields and
// page_reverse; it implements l7policies.ListRulesOptsBuilder.
type L7RuleListOpts struct {
	l7policies.ListRulesOpts
	PageOpts
}

// ToRulesListQuery implements l7policies.ListRulesOptsBuilder.
func (o L7RuleListOpts) ToRulesListQuery() (string, error) {
	return o.PageOpts.query(o.ListRulesOpts.ToRulesListQuery())
}

// ToRuleUpdateMap implements l7policies.UpdateRuleOptsBuilder ("l7rule unset").
func (u Unset) ToRuleUpdateMap() (map[string]any, error) { return u.body("rule") }

// L7Rules streams the rules of an L7 policy matching opts
// (l7policies.ListRulesOpts or L7RuleListOpts), page by page.
func (c *Client) L7Rules(ctx context.Context, policyID string, opts l7policies.ListRulesOptsBuilder) iter.Seq2[l7policies.Rule, error] {
	op := "list rules of L7 policy " + policyID
	q, err := opts.ToRulesListQuery()
	if err != nil {
		return errSeq[l7policies.Rule](op, err)
	}
	return list[l7policies.Rule](ctx, c, c.lb, op, c.collectionURL(KindL7Rule, policyID), "rules", q)
}

// GetL7Rule reads one rule of an L7 policy.
func (c *Client) GetL7Rule(ctx context.Context, policyID, id string) (*l7policies.Rule, error) {
	return getOne[l7policies.Rule](ctx, c, "get L7 rule "+id, c.collectionURL(KindL7Rule, policyID, id), "rule")
}

// CreateL7Rule adds a rule to an L7 policy; wait with WaitChildActive.
func (c *Client) CreateL7Rule(ctx context.Context, policyID string, opts l7policies.CreateRuleOptsBuilder) (*l7policies.Rule, Accepted, error) {
	op := "create L7 rule in policy " + policyID
	b, err := opts.ToRuleCreateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[l7policies.Rule](ctx, c, c.lb, op, http.MethodPost, c.collectionURL(KindL7Rule, policyID), b, "rule")
}

// UpdateL7Rule changes a rule (l7policies.UpdateRuleOpts, or Unset).
func (c *Client) UpdateL7Rule(ctx context.Context, policyID, id string, opts l7policies.UpdateRuleOptsBuilder) (*l7policies.Rule, Accepted, error) {
	op := "update L7 rule " + id
	b, err := opts.ToRuleUpdateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[l7policies.Rule](ctx, c, c.lb, op, http.MethodPut, c.collectionURL(KindL7Rule, policyID, id), b, "rule")
}

// DeleteL7Rule deletes a rule; wait with WaitChildDeleted.
func (c *Client) DeleteL7Rule(ctx context.Context, policyID, id string) (Accepted, error) {
	return c.del(ctx, "delete L7 rule "+id, c.collectionURL(KindL7Rule, policyID, id))
}
