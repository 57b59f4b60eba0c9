package console

import (
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/octavia"
)

// l7RuleKeyed reports whether a rule of the form's type takes a key (a
// header's or cookie's name, a DN field).
func l7RuleKeyed(v form.Values) bool {
	return v["type"] == "HEADER" || v["type"] == "COOKIE" || v["type"] == "SSL_DN_FIELD"
}

// L7ruleRes: L7 rules, the conditions of an L7 policy (all must match),
// listed on their policy's page (/l7-policies/{policy}/rules/{id}).
var L7ruleRes = &Resource{
	Kind: octavia.KindL7Rule, Prefix: "l7rule", Singular: "L7 rule", Plural: "L7 rules", Title: "L7 rules",
	Path: "/rules", Paged: true, Times: true, NoNav: true, Unnamed: true, Create: true, Edit: true, Delete: true,
	Intro: "An L7 rule is one condition of its policy: a part of the request compared with a value.",
	Columns: []Column{{Title: "Type", Key: "type", Width: "10%"}, {Title: "Compare", Key: "compare_type", Width: "10%"},
		{Title: "Key", Key: "key", Width: "8%"}, {Title: "Value", Key: "value", Mono: true, Width: "12%"}, {Title: "Invert", Key: "invert", Width: "6%"}},
	Props: []property{
		{Key: "id"}, {Key: "provisioning_status"}, {Key: "operating_status"},
		{Key: "type"}, {Key: "compare_type"}, {Key: "key"}, {Key: "value"}, {Key: "invert"}, {Key: "admin_state_up"}, {Key: "tags"},
	},
	Fields: form.Labelled([]form.Field{
		{Key: "type", Type: form.Choice, Required: true, Default: "PATH",
			Choices: []string{"HOST_NAME", "PATH", "FILE_TYPE", "HEADER", "COOKIE", "SSL_CONN_HAS_CERT", "SSL_VERIFY_RESULT", "SSL_DN_FIELD"}},
		{Key: "compare_type", Type: form.Choice, Required: true, Default: "STARTS_WITH",
			Choices: []string{"EQUAL_TO", "STARTS_WITH", "ENDS_WITH", "CONTAINS", "REGEX"}},
		{Key: "key", Required: true, Null: true, Hint: "The header's or cookie's name, or the DN field.", Show: l7RuleKeyed},
		{Key: "value", Required: true},
		{Key: "invert", Label: "Invert (match when it does not)", Type: form.Bool},
		{Key: "admin_state_up", Type: form.Bool, Default: "true"},
		{Key: "tags", Type: form.List, Only: form.Create, Hint: "One per line or comma-separated."},
	}),
	Validate: form.ValidateL7Rule,
}
