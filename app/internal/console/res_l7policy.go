package console

import (
	"slices"

	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/octavia"
)

// l7Action reports whether the form's L7 policy action is one of actions.
func l7Action(actions ...string) func(v form.Values) bool {
	return func(v form.Values) bool { return slices.Contains(actions, v["action"]) }
}

// L7policyRes: L7 policies, a listener's content-based routing: when its
// rules match, the request is rejected, redirected or sent to another pool.
var L7policyRes = &Resource{
	Kind: octavia.KindL7Policy, Prefix: "l7policy", Singular: "L7 policy", Plural: "L7 policies", Title: "L7 policies",
	Path: "/l7-policies", Paged: true, Times: true, Create: true, Edit: true, Delete: true,
	Intro: "An L7 policy routes a listener's HTTP requests that match its rules: reject them, redirect them, or send them to another pool.",
	Columns: []Column{{Title: "Action", Key: "action", Width: "13%"}, {Title: "Position", Key: "position", Width: "6%"},
		{Title: "Listener", Key: "listener_id", Link: octavia.KindListener, Width: "11%"}},
	Props: []property{
		{Key: "name"}, {Key: "id"}, {Key: "description"}, {Key: "provisioning_status"}, {Key: "operating_status"},
		{Key: "listener_id"}, {Key: "action"}, {Key: "position"}, {Key: "redirect_pool_id"}, {Key: "redirect_url"},
		{Key: "redirect_prefix"}, {Key: "redirect_http_code"}, {Key: "rules"}, {Key: "admin_state_up"}, {Key: "tags"},
	},
	Fields: form.Labelled([]form.Field{
		{Key: "listener_id", Type: form.Ref, Ref: octavia.KindListener, Only: form.Create, Required: true},
		{Key: "name"}, {Key: "description"},
		{Key: "action", Type: form.Choice, Required: true, Default: "REJECT",
			Choices: []string{"REJECT", "REDIRECT_TO_POOL", "REDIRECT_TO_URL", "REDIRECT_PREFIX"}},
		{Key: "redirect_pool_id", Type: form.Ref, Ref: octavia.KindPool, Required: true,
			Show: l7Action("REDIRECT_TO_POOL")},
		{Key: "redirect_url", Required: true, Show: l7Action("REDIRECT_TO_URL"), Hint: "http://… or https://…"},
		{Key: "redirect_prefix", Required: true, Show: l7Action("REDIRECT_PREFIX"), Hint: "https://example.com"},
		{Key: "redirect_http_code", Type: form.Choice, Null: true, Show: l7Action("REDIRECT_TO_URL", "REDIRECT_PREFIX"),
			Choices: []string{"301", "302", "303", "307", "308"}, Hint: "Empty: 302."},
		{Key: "position", Type: form.Int, Hint: "1 = evaluated first; empty = last."},
		{Key: "admin_state_up", Type: form.Bool, Default: "true"},
		{Key: "tags", Type: form.List, Only: form.Create, Hint: "One per line or comma-separated."},
	}),
	Filters:  []listFilter{{Key: "listener_id", Label: "Listener", Of: octavia.KindListener}, {Key: "tags", Label: "Tags"}},
	Validate: form.ValidateL7Policy,
	Children: []child{{Of: octavia.KindL7Rule}},
}
