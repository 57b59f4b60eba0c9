package app

import (
	"context"
	"iter"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/l7policies"

	"github.com/octaview/octaview/octavia"
)

// l7Action reports whether the form's L7 policy action is one of actions.
func l7Action(actions ...string) func(v formValues) bool {
	return func(v formValues) bool {
		for _, a := range actions {
			if v["action"] == a {
				return true
			}
		}
		return false
	}
}

// l7policyRes: L7 policies, a listener's content-based routing: when its
// rules match, the request is rejected, redirected or sent to another pool.
var l7policyRes = register(&resource{
	Kind: octavia.KindL7Policy, Prefix: "l7policy", Singular: "L7 policy", Plural: "L7 policies", Title: "L7 policies",
	Path: "/l7-policies", Envelope: "l7policy", Status: true, Paged: true,
	Intro: "An L7 policy routes a listener's HTTP requests that match its rules: reject them, redirect them, or send them to another pool.",
	Columns: []column{{Title: "Action", Key: "action", Width: "16%"}, {Title: "Position", Key: "position", Width: "7%"},
		{Title: "Listener", Key: "listener_id", Link: octavia.KindListener, Width: "12%"}},
	Props: []property{
		{Label: "Name", Key: "name"}, {Label: "ID", Key: "id", Mono: true}, {Label: "Description", Key: "description"},
		{Label: "Provisioning status", Key: "provisioning_status"}, {Label: "Operating status", Key: "operating_status"},
		{Label: "Listener", Key: "listener_id", Link: octavia.KindListener},
		{Label: "Action", Key: "action"}, {Label: "Position", Key: "position"},
		{Label: "Redirect pool", Key: "redirect_pool_id", Link: octavia.KindPool},
		{Label: "Redirect URL", Key: "redirect_url"}, {Label: "Redirect prefix", Key: "redirect_prefix"},
		{Label: "Redirect HTTP code", Key: "redirect_http_code"},
		{Label: "Rules", Key: "rules", Link: octavia.KindL7Rule},
		{Label: "Admin state up", Key: "admin_state_up"}, {Label: "Tags", Key: "tags"},
	},
	Fields: []formField{
		{Key: "listener_id", Label: "Listener", Type: fRef, Ref: octavia.KindListener, Only: "create", Required: true},
		{Key: "name", Label: "Name"}, {Key: "description", Label: "Description"},
		{Key: "action", Label: "Action", Type: fChoice, Required: true, Default: "REJECT",
			Choices: []string{"REJECT", "REDIRECT_TO_POOL", "REDIRECT_TO_URL", "REDIRECT_PREFIX"}},
		{Key: "redirect_pool_id", Label: "Redirect pool", Type: fRef, Ref: octavia.KindPool, Required: true,
			Show: l7Action("REDIRECT_TO_POOL")},
		{Key: "redirect_url", Label: "Redirect URL", Required: true, Show: l7Action("REDIRECT_TO_URL"), Hint: "http://… or https://…"},
		{Key: "redirect_prefix", Label: "Redirect prefix", Required: true, Show: l7Action("REDIRECT_PREFIX"), Hint: "https://example.com"},
		{Key: "redirect_http_code", Label: "Redirect HTTP code", Type: fChoice, Null: true, Show: l7Action("REDIRECT_TO_URL", "REDIRECT_PREFIX"),
			Choices: []string{"301", "302", "303", "307", "308"}},
		{Key: "position", Label: "Position", Type: fInt, Hint: "1 = evaluated first; empty = last."},
		{Key: "admin_state_up", Label: "Admin state up", Type: fBool, Default: "true"},
		{Key: "tags", Label: "Tags", Type: fList, Null: true},
	},
	Filters: []listFilter{{Key: "listener_id", Label: "Listener", Of: octavia.KindListener}},
	List: func(ctx context.Context, c *octavia.Client, q listQuery) iter.Seq2[object, error] {
		return func(yield func(object, error) bool) {
			for o, err := range objects(c.L7Policies(ctx, l7policies.ListOpts{ListenerID: q.get("listener_id"), Limit: q.Limit, Marker: q.Marker})) {
				if !yield(l7Object(o), err) || err != nil {
					return
				}
			}
		}
	},
	Get: func(ctx context.Context, c *octavia.Client, r octavia.Ref) (object, error) {
		o, err := one(c.GetL7Policy(ctx, r.ID))
		return l7Object(o), err
	},
	Create: func(ctx context.Context, c *octavia.Client, _ string, b requestBody) (object, octavia.Accepted, error) {
		o, acc, err := written(c.CreateL7Policy(ctx, b))
		return l7Object(o), acc, err
	},
	Update: func(ctx context.Context, c *octavia.Client, r octavia.Ref, b requestBody) (object, octavia.Accepted, error) {
		o, acc, err := written(c.UpdateL7Policy(ctx, r.ID, b))
		return l7Object(o), acc, err
	},
	Delete: func(ctx context.Context, c *octavia.Client, r octavia.Ref, _ bool) (octavia.Accepted, error) {
		return c.DeleteL7Policy(ctx, r.ID)
	},
	Validate: validateL7Policy,
	Children: []child{{Of: octavia.KindL7Rule}},
})

// l7Object: a redirect code of 0 is gophercloud's zero for Octavia's null
// (a policy that does not redirect by URL).
func l7Object(o object) object {
	if o != nil && o.str("redirect_http_code") == "0" {
		o["redirect_http_code"] = nil
	}
	return o
}
