package app

import (
	"context"
	"iter"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/monitors"

	"github.com/octaview/octaview/octavia"
)

// monitorHTTP reports whether a monitor of the form's type speaks HTTP (its
// method, URL path, expected codes and domain apply).
func monitorHTTP(v formValues) bool { return v["type"] == "HTTP" || v["type"] == "HTTPS" }

// monitorRes: health monitors, a pool's checks of its members (one per pool).
var monitorRes = register(&resource{
	Kind: octavia.KindMonitor, Prefix: "monitor", Singular: "health monitor", Plural: "health monitors", Title: "Health monitors",
	Path: "/health-monitors", Envelope: "healthmonitor", Status: true, Paged: true,
	Intro: "A health monitor checks a pool's members and takes those that fail out of rotation.",
	Columns: []column{{Title: "Type", Key: "type", Width: "10%"}, {Title: "Delay (s)", Key: "delay", Width: "8%"},
		{Title: "Pool", Key: "pools", Link: octavia.KindPool, Width: "12%"}},
	Props: []property{
		{Label: "Name", Key: "name"}, {Label: "ID", Key: "id", Mono: true},
		{Label: "Provisioning status", Key: "provisioning_status"}, {Label: "Operating status", Key: "operating_status"},
		{Label: "Pool", Key: "pools", Link: octavia.KindPool},
		{Label: "Type", Key: "type"}, {Label: "Delay (s)", Key: "delay"}, {Label: "Timeout (s)", Key: "timeout"},
		{Label: "Max retries", Key: "max_retries"}, {Label: "Max retries down", Key: "max_retries_down"},
		{Label: "HTTP method", Key: "http_method"}, {Label: "URL path", Key: "url_path"},
		{Label: "Expected codes", Key: "expected_codes"}, {Label: "Domain name", Key: "domain_name"},
		{Label: "Admin state up", Key: "admin_state_up"}, {Label: "Tags", Key: "tags"},
	},
	Fields: []formField{
		{Key: "pool_id", Label: "Pool", Type: fRef, Ref: octavia.KindPool, Only: "create", Required: true},
		{Key: "name", Label: "Name"},
		{Key: "type", Label: "Type", Type: fChoice, Only: "create", Required: true, Default: "HTTP",
			Choices: []string{"HTTP", "HTTPS", "PING", "TCP", "TLS-HELLO", "UDP-CONNECT", "SCTP"}},
		{Key: "delay", Label: "Delay (s)", Type: fInt, Required: true, Default: "5", Hint: "Between two checks of a member."},
		{Key: "timeout", Label: "Timeout (s)", Type: fInt, Required: true, Default: "5", Hint: "At most the delay."},
		{Key: "max_retries", Label: "Max retries", Type: fInt, Required: true, Default: "3", Hint: "1–10 successes to bring a member ONLINE."},
		{Key: "max_retries_down", Label: "Max retries down", Type: fInt, Null: true, Hint: "1–10 failures to take it ERROR (default 3)."},
		{Key: "http_method", Label: "HTTP method", Type: fChoice, Null: true, Show: monitorHTTP,
			Choices: []string{"GET", "HEAD", "POST", "PUT", "DELETE", "TRACE", "OPTIONS", "PATCH", "CONNECT"}},
		{Key: "url_path", Label: "URL path", Null: true, Show: monitorHTTP, Hint: "Default /."},
		{Key: "expected_codes", Label: "Expected codes", Null: true, Show: monitorHTTP, Hint: "200, 200,202 or 200-204 (default 200)."},
		{Key: "domain_name", Label: "Domain name (Host header)", Null: true, Show: monitorHTTP},
		{Key: "admin_state_up", Label: "Admin state up", Type: fBool, Default: "true"},
		{Key: "tags", Label: "Tags", Type: fList, Null: true},
	},
	Filters: []listFilter{{Key: "pool_id", Label: "Pool", Of: octavia.KindPool}, {Key: "tags", Label: "Tags"}},
	List: func(ctx context.Context, c *octavia.Client, q listQuery) iter.Seq2[object, error] {
		return objects(c.Monitors(ctx, monitors.ListOpts{PoolID: q.get("pool_id"), Tags: splitList(q.get("tags")),
			Limit: q.Limit, Marker: q.Marker}))
	},
	Get: func(ctx context.Context, c *octavia.Client, r octavia.Ref) (object, error) {
		return one(c.GetMonitor(ctx, r.ID))
	},
	Create: func(ctx context.Context, c *octavia.Client, _ string, b requestBody) (object, octavia.Accepted, error) {
		return written(c.CreateMonitor(ctx, b))
	},
	Update: func(ctx context.Context, c *octavia.Client, r octavia.Ref, b requestBody) (object, octavia.Accepted, error) {
		return written(c.UpdateMonitor(ctx, r.ID, b))
	},
	Delete: func(ctx context.Context, c *octavia.Client, r octavia.Ref, _ bool) (octavia.Accepted, error) {
		return c.DeleteMonitor(ctx, r.ID)
	},
	Validate: validateMonitor,
})
