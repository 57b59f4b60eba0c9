package app

import (
	"context"
	"iter"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/l7policies"

	"github.com/octaview/octaview/octavia"
)

// l7ruleRes: L7 rules, the conditions of an L7 policy (all must match),
// listed on their policy's page (/l7-policies/{policy}/rules/{id}). The
// journal finds their load balancer through the policy.
var l7ruleRes = register(&resource{
	Kind: octavia.KindL7Rule, Prefix: "l7rule", Singular: "L7 rule", Plural: "L7 rules", Title: "L7 rules",
	Path: "/rules", Parent: octavia.KindL7Policy, Envelope: "rule", Status: true, Paged: true, NoNav: true,
	Intro: "An L7 rule is one condition of its policy: a part of the request compared with a value.",
	Columns: []column{{Title: "Type", Key: "type", Width: "12%"}, {Title: "Compare", Key: "compare_type", Width: "12%"},
		{Title: "Key", Key: "key", Width: "10%"}, {Title: "Value", Key: "value", Mono: true, Width: "16%"}, {Title: "Invert", Key: "invert", Width: "7%"}},
	Props: []property{
		{Label: "ID", Key: "id", Mono: true}, {Label: "L7 policy", Key: "l7policy_id", Link: octavia.KindL7Policy},
		{Label: "Provisioning status", Key: "provisioning_status"}, {Label: "Operating status", Key: "operating_status"},
		{Label: "Type", Key: "type"}, {Label: "Compare type", Key: "compare_type"}, {Label: "Key", Key: "key"},
		{Label: "Value", Key: "value", Mono: true}, {Label: "Invert", Key: "invert"},
		{Label: "Admin state up", Key: "admin_state_up"}, {Label: "Tags", Key: "tags"},
	},
	Fields: []formField{
		{Key: "type", Label: "Type", Type: fChoice, Required: true, Default: "PATH",
			Choices: []string{"HOST_NAME", "PATH", "FILE_TYPE", "HEADER", "COOKIE", "SSL_CONN_HAS_CERT", "SSL_VERIFY_RESULT", "SSL_DN_FIELD"}},
		{Key: "compare_type", Label: "Compare type", Type: fChoice, Required: true, Default: "STARTS_WITH",
			Choices: []string{"EQUAL_TO", "STARTS_WITH", "ENDS_WITH", "CONTAINS", "REGEX"}},
		{Key: "key", Label: "Key", Required: true, Null: true, Hint: "The header's or cookie's name, or the DN field.",
			Show: func(v formValues) bool {
				return v["type"] == "HEADER" || v["type"] == "COOKIE" || v["type"] == "SSL_DN_FIELD"
			}},
		{Key: "value", Label: "Value", Required: true},
		{Key: "invert", Label: "Invert (match when it does not)", Type: fBool},
		{Key: "admin_state_up", Label: "Admin state up", Type: fBool, Default: "true"},
		{Key: "tags", Label: "Tags", Type: fList, Null: true},
	},
	List: func(ctx context.Context, c *octavia.Client, q listQuery) iter.Seq2[object, error] {
		return func(yield func(object, error) bool) {
			for o, err := range objects(c.L7Rules(ctx, q.Parent, l7policies.ListRulesOpts{Limit: q.Limit, Marker: q.Marker})) {
				if !yield(inPolicy(o, q.Parent), err) || err != nil {
					return
				}
			}
		}
	},
	Get: func(ctx context.Context, c *octavia.Client, r octavia.Ref) (object, error) {
		o, err := one(c.GetL7Rule(ctx, r.ParentID, r.ID))
		return inPolicy(o, r.ParentID), err
	},
	Create: func(ctx context.Context, c *octavia.Client, policyID string, b requestBody) (object, octavia.Accepted, error) {
		o, acc, err := written(c.CreateL7Rule(ctx, policyID, b))
		return inPolicy(o, policyID), acc, err
	},
	Update: func(ctx context.Context, c *octavia.Client, r octavia.Ref, b requestBody) (object, octavia.Accepted, error) {
		o, acc, err := written(c.UpdateL7Rule(ctx, r.ParentID, r.ID, b))
		return inPolicy(o, r.ParentID), acc, err
	},
	Delete: func(ctx context.Context, c *octavia.Client, r octavia.Ref, _ bool) (octavia.Accepted, error) {
		return c.DeleteL7Rule(ctx, r.ParentID, r.ID)
	},
	Validate: validateL7Rule,
})

// inPolicy names a rule's L7 policy: Octavia's rule has none (its URL does).
func inPolicy(o object, policyID string) object {
	if o != nil && o.str("l7policy_id") == "" {
		o["l7policy_id"] = policyID
	}
	return o
}
