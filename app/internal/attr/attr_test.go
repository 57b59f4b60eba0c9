package attr

import (
	"encoding/json"
	"testing"
)

// TestText: values read as words, not JSON.
func TestText(t *testing.T) {
	tests := []struct {
		name, key string
		v         any
		want      string
	}{
		{"null", "default_pool_id", nil, ""},
		{"APP_COOKIE persistence", "session_persistence", map[string]any{"type": "APP_COOKIE", "cookie_name": "sid", "persistence_timeout": nil}, "APP_COOKIE, cookie sid"},
		{"HTTP_COOKIE persistence", "session_persistence", map[string]any{"type": "HTTP_COOKIE", "cookie_name": nil}, "HTTP_COOKIE"},
		{"UDP persistence", "session_persistence", map[string]any{"type": "SOURCE_IP", "persistence_timeout": 360.0, "persistence_granularity": "255.255.255.255"},
			"SOURCE_IP, timeout (s) 360, granularity 255.255.255.255"},
		{"no headers", "insert_headers", map[string]any{}, ""},
		{"headers", "insert_headers", map[string]any{"X-Forwarded-Port": "true", "X-Forwarded-For": "true"}, "X-Forwarded-For: true, X-Forwarded-Port: true"},
		{"additional VIPs", "additional_vips", []any{map[string]any{"subnet_id": "s2", "ip_address": "10.0.1.5"}, map[string]any{"subnet_id": "s3"}},
			"10.0.1.5 on subnet s2; on subnet s3"},
		{"ids", "listeners", []any{map[string]any{"id": "l1"}, map[string]any{"id": "l2"}}, "l1, l2"},
		{"strings", "allowed_cidrs", []any{"10.0.0.0/8", "192.0.2.0/24"}, "10.0.0.0/8, 192.0.2.0/24"},
		{"no limit", "connection_limit", -1.0, "no limit"},
		{"no limit, as a single read gives it", "connection_limit", json.Number("-1"), "no limit"},
		{"a limit, as a single read gives it", "connection_limit", json.Number("100"), "100"},
		{"a limit", "connection_limit", 100.0, "100"},
		{"a version", "http_version", 1.1, "1.1"},
		{"a boolean", "admin_state_up", false, "false"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Text(tt.key, tt.v); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestOf: every attribute of the dictionary has a label of its own, an
// attribute it lacks is labelled from its name, and links name kinds.
func TestOf(t *testing.T) {
	for _, k := range Known() {
		a, ok := Of(k)
		if !ok || a.Label == "" {
			t.Errorf("%s: got %+v, %v; want a label", k, a, ok)
		}
		if (a.Show == Linked) != (a.Link != "") || a.Link != "" && a.Link.IDKey() == "" {
			t.Errorf("%s: shown %v, links to %q; want a link to a kind exactly when linked", k, a.Show, a.Link)
		}
	}
	if a, ok := Of("vip_foo_ids"); ok || a.Label != "Vip foo IDs" {
		t.Errorf("an unknown attribute: got %+v, %v; want it labelled from its name", a, ok)
	}
	for _, k := range []string{"project_id", "vip_sg_ids", "additional_vips", "timeout_member_connect", "http_version", "created_at", "tenant_id"} {
		if _, ok := Of(k); !ok {
			t.Errorf("%s: no label", k)
		}
	}
	if a, _ := Of("timeout_client_data"); a.Label != "Client inactivity timeout (ms)" {
		t.Errorf("a timeout's label: got %q, want its unit in it", a.Label)
	}
}
