package console

import (
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/octavia"
)

// monitorHTTP reports whether a monitor of the form's type speaks HTTP (its
// method, URL path, expected codes, version and domain apply).
func monitorHTTP(v form.Values) bool { return v["type"] == "HTTP" || v["type"] == "HTTPS" }

// MonitorRes: health monitors, a pool's checks of its members (one per pool).
var MonitorRes = &Resource{
	Kind: octavia.KindMonitor, Prefix: "monitor", Singular: "health monitor", Plural: "health monitors", Title: "Health monitors",
	Path: "/health-monitors", Paged: true, Times: true, Create: true, Edit: true, Delete: true,
	OnePer: "pool_id", Restricted: true, TreeLabel: "MONITOR",
	Intro: "A health monitor checks a pool's members and takes those that fail out of rotation.",
	Columns: []Column{{Title: "Type", Key: "type", Width: "9%"}, {Title: "Delay (s)", Key: "delay", Width: "7%"},
		{Title: "Pool", Key: "pools", Link: octavia.KindPool, Width: "11%"}},
	Props: []property{
		{Key: "name"}, {Key: "id"}, {Key: "provisioning_status"}, {Key: "operating_status"},
		{Key: "pools", Label: "Pool"}, {Key: "type"}, {Key: "delay"}, {Key: "timeout"}, {Key: "max_retries"}, {Key: "max_retries_down"},
		{Key: "http_method"}, {Key: "url_path"}, {Key: "expected_codes"}, {Key: "http_version"}, {Key: "domain_name"},
		{Key: "admin_state_up"}, {Key: "tags"},
	},
	Fields: form.Labelled([]form.Field{
		{Key: "pool_id", Label: "Pool", Type: form.Ref, Ref: octavia.KindPool, Only: form.Create, Required: true},
		{Key: "name"},
		{Key: "type", Type: form.Choice, Only: form.Create, Required: true, Default: "HTTP",
			Choices: []string{"HTTP", "HTTPS", "PING", "TCP", "TLS-HELLO", "UDP-CONNECT", "SCTP"}},
		{Key: "delay", Type: form.Int, Required: true, Default: "5", Hint: "Between two checks of a member."},
		{Key: "timeout", Type: form.Int, Required: true, Default: "3", Hint: "At most the delay."},
		{Key: "max_retries", Type: form.Int, Required: true, Default: "3", Hint: "1–10 successes to bring a member ONLINE."},
		{Key: "max_retries_down", Type: form.Int, Null: true, Hint: "1–10 failures to take it ERROR (default 3)."},
		{Key: "http_method", Type: form.Choice, Default: "GET", Null: true, Show: monitorHTTP,
			Choices: []string{"GET", "HEAD", "POST", "PUT", "DELETE", "TRACE", "OPTIONS", "PATCH", "CONNECT"}},
		{Key: "url_path", Default: "/", Null: true, Show: monitorHTTP},
		{Key: "expected_codes", Default: "200", Null: true, Show: monitorHTTP, Hint: "200, 200,202 or 200-204."},
		{Key: "http_version", Type: form.Decimal, Null: true, Show: monitorHTTP, Choices: []string{"1.0", "1.1"},
			Hint: "1.1 to send a domain name."},
		{Key: "domain_name", Label: "Domain name (Host header)", Null: true, Show: monitorHTTP},
		{Key: "admin_state_up", Type: form.Bool, Default: "true"},
		{Key: "tags", Type: form.List, Only: form.Create, Hint: "One per line or comma-separated."},
	}),
	Filters:  []listFilter{{Key: "pool_id", Label: "Pool", Of: octavia.KindPool}, {Key: "tags", Label: "Tags"}},
	Validate: form.ValidateMonitor,
}
