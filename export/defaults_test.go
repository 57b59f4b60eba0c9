package export

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/octaview/octaview/octavia"
)

func TestSettable(t *testing.T) {
	tls := octavia.Object{"protocol": "TERMINATED_HTTPS", "protocol_port": 443.0, "connection_limit": -1.0,
		"timeout_client_data": 50000.0, "timeout_member_connect": 5000.0, "timeout_member_data": 50000.0,
		"timeout_tcp_inspect": 0.0, "tls_versions": []any{"TLSv1.2", "TLSv1.3"}, "alpn_protocols": []any{"h2", "http/1.1", "http/1.0"},
		"tls_ciphers": defaultTLSCiphers, "default_tls_container_ref": "https://kv/secrets/1", "admin_state_up": true,
		"id": "x", "provisioning_status": "ACTIVE", "created_at": "2026-01-01T00:00:00", "project_id": "p",
		"default_pool_id": "pool", "loadbalancers": []any{map[string]any{"id": "lb"}}, "insert_headers": map[string]any{},
		"allowed_cidrs": nil, "sni_container_refs": []any{}, "tags": []any{}, "name": "", "client_authentication": "NONE"}
	for _, c := range []struct {
		name string
		kind octavia.Kind
		obj  octavia.Object
		want []string
	}{
		{"TLS listener with Octavia's defaults", octavia.KindListener, tls,
			[]string{"default_tls_container_ref", "protocol", "protocol_port"}},
		{"TLS 1.3 only, a timeout, disabled", octavia.KindListener, with(tls, "tls_versions", []any{"TLSv1.3"},
			"timeout_client_data", 1000.0, "admin_state_up", false, "tags", []any{"a"}),
			[]string{"admin_state_up", "default_tls_container_ref", "protocol", "protocol_port", "tags", "timeout_client_data", "tls_versions"}},
		{"HTTP listener: TLS attributes are choices", octavia.KindListener, octavia.Object{"protocol": "HTTP", "protocol_port": 80.0,
			"tls_versions": []any{"TLSv1.2", "TLSv1.3"}}, []string{"protocol", "protocol_port", "tls_versions"}},
		{"member: weight 1, backup false left out", octavia.KindMember, octavia.Object{"address": "10.0.0.1", "protocol_port": 80.0,
			"weight": 1.0, "backup": false, "monitor_address": nil, "operating_status": "ONLINE"}, []string{"address", "protocol_port"}},
		{"member: int weight from a plan", octavia.KindMember, octavia.Object{"address": "10.0.0.1", "protocol_port": 80,
			"weight": 5, "backup": true}, []string{"address", "backup", "protocol_port", "weight"}},
		{"member read by Get: json.Numbers", octavia.KindMember, octavia.Object{"address": "10.0.0.1",
			"protocol_port": json.Number("80"), "weight": json.Number("1"), "monitor_port": json.Number("9000")},
			[]string{"address", "monitor_port", "protocol_port"}},
		{"monitor defaults", octavia.KindMonitor, octavia.Object{"type": "HTTP", "delay": 5.0, "timeout": 3.0, "max_retries": 3.0,
			"max_retries_down": 3.0, "http_method": "GET", "url_path": "/", "expected_codes": "200", "pools": []any{}},
			[]string{"delay", "max_retries", "timeout", "type"}},
		{"existing load balancer: subnet and address, not port or network", octavia.KindLoadBalancer, octavia.Object{
			"name": "web", "vip_subnet_id": "s", "vip_network_id": "n", "vip_port_id": "p", "vip_address": "10.0.0.9",
			"provider": "amphora", "admin_state_up": true, "listeners": []any{}, "flavor_id": nil},
			[]string{"name", "vip_address", "vip_subnet_id"}},
		{"plan on a port", octavia.KindLoadBalancer, octavia.Object{"vip_port_id": "p", "provider": "ovn"},
			[]string{"provider", "vip_port_id"}},
		{"plan on a network", octavia.KindLoadBalancer, octavia.Object{"vip_network_id": "n"}, []string{"vip_network_id"}},
		{"redirect code 302 is the default", octavia.KindL7Policy, octavia.Object{"action": "REDIRECT_TO_URL",
			"redirect_url": "https://x", "redirect_http_code": 302.0, "position": 1.0}, []string{"action", "redirect_url"}},
		{"rule inverted", octavia.KindL7Rule, octavia.Object{"type": "PATH", "compare_type": "EQUAL_TO", "value": "/",
			"invert": true, "key": nil}, []string{"compare_type", "invert", "type", "value"}},
	} {
		if got := Settable(c.kind, c.obj); !slices.Equal(got, c.want) {
			t.Errorf("%s: Settable = %v, want %v", c.name, got, c.want)
		}
	}
}

// with is a copy of o with key, value pairs set.
func with(o octavia.Object, kv ...any) octavia.Object {
	out := octavia.Object{}
	for k, v := range o {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i].(string)] = kv[i+1]
	}
	return out
}
