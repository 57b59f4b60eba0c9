// Package sample holds the trees the export writers are tested on, natively
// and in export/codecheck against the real tools' schemas: a rich existing
// load balancer with every kind and many attributes, and a plan from a
// wizard's create body, both with hostile names.
package sample

import (
	"encoding/json"

	"github.com/octaview/octaview/export"
	"github.com/octaview/octaview/octavia"
)

// Hostile is a name no writer may let escape its string: quotes, HCL's
// template sequences, YAML's and the shell's specials, a line break and a
// control character.
const Hostile = "we\"b ${var.x} %{ if true } {{ lookup('pipe', 'id') }} {% raw %}'\\ #: &a *b\n- [x] $(id) `id`\x7f"

// IDs of Existing's objects, as the import blocks name them.
const (
	LB         = "0b1e7a52-8c6b-4d6e-9f7a-111111111111"
	HTTP       = "1c2d3e4f-0000-4000-8000-222222222201"
	HTTPS      = "1c2d3e4f-0000-4000-8000-222222222202"
	WebPool    = "2a2b2c2d-0000-4000-8000-333333333301"
	ApiPool    = "2a2b2c2d-0000-4000-8000-333333333302"
	StaticPool = "2a2b2c2d-0000-4000-8000-333333333303"
	Member1    = "3f3f3f3f-0000-4000-8000-444444444401"
	Member2    = "3f3f3f3f-0000-4000-8000-444444444402"
	Member3    = "3f3f3f3f-0000-4000-8000-444444444403"
	Monitor    = "4d4d4d4d-0000-4000-8000-555555555501"
	Policy1    = "5e5e5e5e-0000-4000-8000-666666666601"
	Policy2    = "5e5e5e5e-0000-4000-8000-666666666602"
	Rule1      = "6f6f6f6f-0000-4000-8000-777777777701"
	Rule2      = "6f6f6f6f-0000-4000-8000-777777777702"
	Subnet     = "7a7a7a7a-0000-4000-8000-888888888801"
	ExtNet     = "8b8b8b8b-0000-4000-8000-999999999901"
)

// Existing is a load balancer as Fetch reads it: Octavia's GET objects.
func Existing() export.Tree {
	lb := obj(`{"id": "` + LB + `", "name": "", "description": "shop\nfront", "admin_state_up": true,
		"provisioning_status": "ACTIVE", "operating_status": "ONLINE", "project_id": "p1",
		"vip_address": "10.0.0.10", "vip_port_id": "port-1", "vip_subnet_id": "` + Subnet + `",
		"vip_network_id": "net-1", "vip_qos_policy_id": null, "provider": "amphora", "flavor_id": "",
		"availability_zone": null, "tags": ["prod", "team=web"],
		"listeners": [{"id": "` + HTTP + `"}, {"id": "` + HTTPS + `"}],
		"pools": [{"id": "` + WebPool + `"}, {"id": "` + ApiPool + `"}, {"id": "` + StaticPool + `"}],
		"created_at": "2026-11-30T14:55:14", "updated_at": null}`)
	lb["name"] = Hostile
	http := obj(`{"id": "` + HTTP + `", "name": "http", "description": "", "admin_state_up": true,
		"protocol": "HTTP", "protocol_port": 80, "connection_limit": 1000, "default_pool_id": "` + WebPool + `",
		"default_tls_container_ref": null, "sni_container_refs": [], "insert_headers": {"X-Forwarded-For": "true"},
		"timeout_client_data": 50000, "timeout_member_connect": 5000, "timeout_member_data": 50000,
		"timeout_tcp_inspect": 0, "allowed_cidrs": ["192.0.2.0/24"], "client_authentication": "NONE",
		"client_ca_tls_container_ref": null, "client_crl_container_ref": null, "tls_ciphers": null,
		"tls_versions": null, "alpn_protocols": null, "hsts_max_age": null, "hsts_include_subdomains": false,
		"hsts_preload": false, "tags": [], "loadbalancers": [{"id": "` + LB + `"}],
		"l7policies": [{"id": "` + Policy1 + `"}, {"id": "` + Policy2 + `"}],
		"provisioning_status": "ACTIVE", "operating_status": "ONLINE", "project_id": "p1"}`)
	https := obj(`{"id": "` + HTTPS + `", "name": "https", "description": "TLS ${here}", "admin_state_up": false,
		"protocol": "TERMINATED_HTTPS", "protocol_port": 443, "connection_limit": -1, "default_pool_id": "` + ApiPool + `",
		"default_tls_container_ref": "https://barbican.example/v1/containers/c1",
		"sni_container_refs": ["https://barbican.example/v1/containers/c2"], "insert_headers": {},
		"timeout_client_data": 30000, "timeout_member_connect": 5000, "timeout_member_data": 50000,
		"timeout_tcp_inspect": 0, "allowed_cidrs": [], "client_authentication": "OPTIONAL",
		"client_ca_tls_container_ref": "https://barbican.example/v1/secrets/ca", "client_crl_container_ref": null,
		"tls_ciphers": "ECDHE-RSA-AES256-GCM-SHA384", "tls_versions": ["TLSv1.3"], "alpn_protocols": ["h2"],
		"hsts_max_age": 31536000, "hsts_include_subdomains": true, "hsts_preload": false, "tags": ["tls"],
		"loadbalancers": [{"id": "` + LB + `"}], "l7policies": [],
		"provisioning_status": "ACTIVE", "operating_status": "ONLINE", "project_id": "p1"}`)
	web := pool(WebPool, "web", "HTTP", "ROUND_ROBIN", HTTP, `{"type": "APP_COOKIE", "cookie_name": "sid", "persistence_timeout": null, "persistence_granularity": null}`)
	web["healthmonitor_id"] = Monitor
	api := pool(ApiPool, "api", "HTTP", "LEAST_CONNECTIONS", HTTPS, `null`)
	api["tls_enabled"], api["tls_container_ref"] = true, "https://barbican.example/v1/containers/client"
	static := pool(StaticPool, "", "HTTP", "SOURCE_IP", "", `{"type": "SOURCE_IP", "cookie_name": null}`)
	static["description"] = "%{ for x in y }"
	m1 := member(Member1, "web-1", "10.0.1.11", 8080)
	m1["weight"], m1["monitor_address"], m1["monitor_port"] = 5.0, "10.0.1.111", 9090.0
	m2 := member(Member2, "", "10.0.1.12", 8080)
	m2["backup"], m2["admin_state_up"], m2["tags"] = true, false, []any{"canary"}
	m3 := member(Member3, Hostile, "2001:db8::13", 443)
	m3["subnet_id"] = nil
	mon := obj(`{"id": "` + Monitor + `", "name": "web-check", "type": "HTTP", "delay": 5, "timeout": 3,
		"max_retries": 3, "max_retries_down": 2, "http_method": "HEAD", "url_path": "/healthz?x=\"1\"",
		"expected_codes": "200-204", "http_version": 1.1, "domain_name": "shop.example", "admin_state_up": true,
		"tags": ["probe"], "pools": [{"id": "` + WebPool + `"}],
		"provisioning_status": "ACTIVE", "operating_status": "ONLINE", "project_id": "p1"}`)
	p1 := obj(`{"id": "` + Policy1 + `", "name": "static", "description": "", "admin_state_up": true,
		"action": "REDIRECT_TO_POOL", "position": 1, "listener_id": "` + HTTP + `", "redirect_pool_id": "` + StaticPool + `",
		"redirect_url": null, "redirect_prefix": null, "redirect_http_code": null, "tags": [],
		"rules": [{"id": "` + Rule1 + `"}, {"id": "` + Rule2 + `"}],
		"provisioning_status": "ACTIVE", "operating_status": "ONLINE", "project_id": "p1"}`)
	p2 := obj(`{"id": "` + Policy2 + `", "name": "old-site", "description": "moved", "admin_state_up": true,
		"action": "REDIRECT_TO_URL", "position": 2, "listener_id": "` + HTTP + `", "redirect_pool_id": null,
		"redirect_url": "https://new.example/?a=1&b=${x}", "redirect_prefix": null, "redirect_http_code": 301,
		"tags": ["legacy"], "rules": [],
		"provisioning_status": "ACTIVE", "operating_status": "ONLINE", "project_id": "p1"}`)
	r1 := obj(`{"id": "` + Rule1 + `", "type": "PATH", "compare_type": "STARTS_WITH", "key": null,
		"value": "/static", "invert": false, "admin_state_up": true, "tags": [],
		"provisioning_status": "ACTIVE", "operating_status": "ONLINE", "project_id": "p1"}`)
	r2 := obj(`{"id": "` + Rule2 + `", "type": "HEADER", "compare_type": "EQUAL_TO", "key": "X-Env",
		"value": "${prod}", "invert": true, "admin_state_up": true, "tags": [],
		"provisioning_status": "ACTIVE", "operating_status": "ONLINE", "project_id": "p1"}`)
	return export.Tree{
		LoadBalancer: lb,
		Listeners:    []octavia.Object{http, https},
		Pools:        []octavia.Object{web, api, static},
		Members:      map[string][]octavia.Object{WebPool: {m1, m2}, ApiPool: {m3}},
		Monitors:     []octavia.Object{mon},
		Policies:     []octavia.Object{p1, p2},
		Rules:        map[string][]octavia.Object{Policy1: {r1, r2}},
		FloatingIP:   "203.0.113.10", FloatingNetwork: ExtNet,
		Existing: true,
	}
}

// CreateBody is a wizard's create body: a load balancer with a listener,
// its default pool with members and a monitor, a pool for an L7 redirect,
// and L7 policies with rules, many attributes set away from Octavia's
// defaults.
func CreateBody() octavia.Object {
	b := obj(`{"name": "plan", "vip_subnet_id": "` + Subnet + `", "tags": ["new"],
		"listeners": [{"name": "web-80", "protocol": "HTTP", "protocol_port": 80, "description": "front",
			"connection_limit": 100, "timeout_client_data": 30000, "tags": ["edge"],
			"insert_headers": {"X-Forwarded-For": "true"}, "allowed_cidrs": ["192.0.2.0/24"],
			"default_pool": {"name": "web", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN",
				"session_persistence": {"type": "APP_COOKIE", "cookie_name": "sid"},
				"members": [{"name": "a", "address": "10.0.1.21", "protocol_port": 80, "weight": 3,
				             "monitor_address": "10.0.1.121", "monitor_port": 9090},
				            {"address": "10.0.1.22", "protocol_port": 80, "backup": true,
				             "admin_state_up": false, "tags": ["canary"]}],
				"healthmonitor": {"type": "HTTP", "delay": 10, "timeout": 5, "max_retries": 3,
					"max_retries_down": 2, "url_path": "/up", "http_method": "HEAD",
					"expected_codes": "200-204", "http_version": 1.1, "domain_name": "shop.example"}},
			"l7policies": [
				{"name": "block", "action": "REJECT",
					"rules": [{"type": "PATH", "compare_type": "REGEX", "value": "^/admin"}]},
				{"name": "static", "action": "REDIRECT_TO_POOL", "redirect_pool": {"name": "static"},
					"rules": [{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/static"},
					          {"type": "HEADER", "compare_type": "EQUAL_TO", "key": "X-Env", "value": "prod", "invert": true}]},
				{"name": "moved", "action": "REDIRECT_TO_URL", "redirect_url": "https://new.example/", "redirect_http_code": 301,
					"rules": [{"type": "HOST_NAME", "compare_type": "EQUAL_TO", "value": "old.example"}]}]}],
		"pools": [{"name": "static", "protocol": "HTTP", "lb_algorithm": "SOURCE_IP",
			"session_persistence": {"type": "SOURCE_IP"}}]}`)
	b["description"] = Hostile
	b["listeners"].([]any)[0].(map[string]any)["name"] = Hostile
	b["pools"].([]any)[0].(map[string]any)["description"] = "%{ for x in y }"
	return b
}

func pool(id, name, protocol, algorithm, listener, persistence string) octavia.Object {
	p := obj(`{"id": "` + id + `", "name": "", "description": "", "admin_state_up": true,
		"protocol": "` + protocol + `", "lb_algorithm": "` + algorithm + `", "session_persistence": ` + persistence + `,
		"loadbalancers": [{"id": "` + LB + `"}], "listeners": [], "members": [], "healthmonitor_id": null,
		"tls_enabled": false, "tls_container_ref": null, "ca_tls_container_ref": null, "crl_container_ref": null,
		"tls_ciphers": null, "tls_versions": null, "alpn_protocols": null, "tags": [],
		"provisioning_status": "ACTIVE", "operating_status": "ONLINE", "project_id": "p1"}`)
	p["name"] = name
	if listener != "" {
		p["listeners"] = []any{map[string]any{"id": listener}}
	}
	return p
}

func member(id, name, address string, port float64) octavia.Object {
	m := obj(`{"id": "` + id + `", "admin_state_up": true, "subnet_id": "` + Subnet + `", "weight": 1,
		"backup": false, "monitor_address": null, "monitor_port": null, "tags": [],
		"provisioning_status": "ACTIVE", "operating_status": "ONLINE", "project_id": "p1"}`)
	m["name"], m["address"], m["protocol_port"] = name, address, port
	return m
}

func obj(s string) octavia.Object {
	var o octavia.Object
	if err := json.Unmarshal([]byte(s), &o); err != nil {
		panic("sample: " + err.Error())
	}
	return o
}
