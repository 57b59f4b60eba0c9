package export

import "github.com/octaview/octaview/octavia"

// tfAttr maps one attribute of Octavia's JSON to one of the provider's
// resource (terraform-provider-openstack v3).
type tfAttr struct {
	key  string // Octavia's
	name string // the provider's
	// req: Required by the provider: always written, whatever its value.
	req bool
	// pin: the provider's attribute is Optional without Computed (or has
	// a Default), so a value left out of the code is one the provider
	// would change on the next apply. An existing object's value is then
	// written even when it is Octavia's default, unless it is the
	// provider's own zero or Default, so that `terraform plan` after the
	// import blocks shows no change. codecheck holds this flag to the
	// provider's schema.
	pin bool
	// def is the provider's Default ("admin_state_up": true); nil when
	// the attribute has none (its zero is then "", 0, false or empty).
	def any
	// conflicts are the provider's ConflictsWith: when one of them is
	// written, this one is a comment (the provider refuses both).
	conflicts []string
}

// tfResource is what the Terraform writer knows of one kind: the
// provider's resource type and its attributes written from Octavia's.
// The references to parents (loadbalancer_id, pool_id, …) are written by
// the writer, not from this table.
type tfResource struct {
	typ   string
	attrs []tfAttr
}

// tfResources is the table of the kinds a tree holds. Attributes Octavia
// has and the provider lacks (a health monitor's or an L7 policy's tags,
// a pool's persistence timeout) are written as comments by the writer.
var tfResources = map[octavia.Kind]tfResource{
	octavia.KindLoadBalancer: {"openstack_lb_loadbalancer_v2", []tfAttr{
		{key: "name", name: "name", pin: true},
		{key: "description", name: "description", pin: true},
		{key: "vip_subnet_id", name: "vip_subnet_id"},
		{key: "vip_network_id", name: "vip_network_id"},
		{key: "vip_port_id", name: "vip_port_id"},
		{key: "vip_address", name: "vip_address"},
		{key: "vip_qos_policy_id", name: "vip_qos_policy_id", pin: true},
		{key: "flavor_id", name: "flavor_id"},
		{key: "availability_zone", name: "availability_zone", pin: true},
		{key: "provider", name: "loadbalancer_provider"},
		{key: "admin_state_up", name: "admin_state_up", pin: true, def: true},
		{key: "tags", name: "tags", pin: true},
	}},
	octavia.KindListener: {"openstack_lb_listener_v2", []tfAttr{
		{key: "name", name: "name"},
		{key: "description", name: "description", pin: true},
		{key: "protocol", name: "protocol", req: true},
		{key: "protocol_port", name: "protocol_port", req: true},
		{key: "connection_limit", name: "connection_limit"},
		{key: "default_tls_container_ref", name: "default_tls_container_ref", pin: true},
		{key: "sni_container_refs", name: "sni_container_refs", pin: true},
		{key: "client_authentication", name: "client_authentication", pin: true, def: "NONE"},
		{key: "client_ca_tls_container_ref", name: "client_ca_tls_container_ref", pin: true},
		{key: "client_crl_container_ref", name: "client_crl_container_ref", pin: true},
		{key: "timeout_client_data", name: "timeout_client_data"},
		{key: "timeout_member_connect", name: "timeout_member_connect"},
		{key: "timeout_member_data", name: "timeout_member_data"},
		{key: "timeout_tcp_inspect", name: "timeout_tcp_inspect"},
		{key: "insert_headers", name: "insert_headers", pin: true},
		{key: "allowed_cidrs", name: "allowed_cidrs", pin: true},
		{key: "tls_ciphers", name: "tls_ciphers"},
		{key: "tls_versions", name: "tls_versions"},
		{key: "alpn_protocols", name: "alpn_protocols"},
		{key: "hsts_max_age", name: "hsts_max_age", pin: true},
		{key: "hsts_include_subdomains", name: "hsts_include_subdomains", pin: true},
		{key: "hsts_preload", name: "hsts_preload", pin: true},
		{key: "admin_state_up", name: "admin_state_up", pin: true, def: true},
		{key: "tags", name: "tags", pin: true},
	}},
	octavia.KindPool: {"openstack_lb_pool_v2", []tfAttr{
		{key: "name", name: "name", pin: true},
		{key: "description", name: "description", pin: true},
		{key: "protocol", name: "protocol", req: true},
		{key: "lb_algorithm", name: "lb_method", req: true},
		{key: "tls_enabled", name: "tls_enabled", pin: true},
		{key: "tls_container_ref", name: "tls_container_ref", pin: true},
		{key: "ca_tls_container_ref", name: "ca_tls_container_ref", pin: true},
		{key: "crl_container_ref", name: "crl_container_ref", pin: true},
		{key: "tls_ciphers", name: "tls_ciphers"},
		{key: "tls_versions", name: "tls_versions"},
		{key: "alpn_protocols", name: "alpn_protocols"},
		{key: "admin_state_up", name: "admin_state_up", pin: true, def: true},
		{key: "tags", name: "tags", pin: true},
	}},
	octavia.KindMember: {"openstack_lb_member_v2", []tfAttr{
		{key: "name", name: "name", pin: true},
		{key: "address", name: "address", req: true},
		{key: "protocol_port", name: "protocol_port", req: true},
		{key: "subnet_id", name: "subnet_id", pin: true},
		{key: "weight", name: "weight"},
		{key: "backup", name: "backup", pin: true},
		{key: "monitor_address", name: "monitor_address", pin: true},
		{key: "monitor_port", name: "monitor_port", pin: true},
		{key: "admin_state_up", name: "admin_state_up", pin: true, def: true},
		{key: "tags", name: "tags", pin: true},
	}},
	octavia.KindMonitor: {"openstack_lb_monitor_v2", []tfAttr{
		{key: "name", name: "name", pin: true},
		{key: "type", name: "type", req: true},
		{key: "delay", name: "delay", req: true},
		{key: "timeout", name: "timeout", req: true},
		{key: "max_retries", name: "max_retries", req: true},
		{key: "max_retries_down", name: "max_retries_down"},
		{key: "http_method", name: "http_method"},
		{key: "http_version", name: "http_version", pin: true},
		{key: "url_path", name: "url_path"},
		{key: "expected_codes", name: "expected_codes"},
		{key: "domain_name", name: "domain_name", pin: true},
		{key: "admin_state_up", name: "admin_state_up", pin: true, def: true},
	}},
	octavia.KindL7Policy: {"openstack_lb_l7policy_v2", []tfAttr{
		{key: "name", name: "name", pin: true},
		{key: "description", name: "description", pin: true},
		{key: "action", name: "action", req: true},
		{key: "position", name: "position"},
		{key: "redirect_url", name: "redirect_url", pin: true, conflicts: []string{"redirect_pool_id", "redirect_prefix"}},
		{key: "redirect_prefix", name: "redirect_prefix", pin: true, conflicts: []string{"redirect_url", "redirect_pool_id"}},
		// provider v3 refuses a redirect_http_code beside a redirect_url,
		// which Octavia takes: the code is then a comment
		{key: "redirect_http_code", name: "redirect_http_code", conflicts: []string{"redirect_url", "redirect_pool_id"}},
		{key: "admin_state_up", name: "admin_state_up", pin: true, def: true},
	}},
	octavia.KindL7Rule: {"openstack_lb_l7rule_v2", []tfAttr{
		{key: "type", name: "type", req: true},
		{key: "compare_type", name: "compare_type", req: true},
		{key: "key", name: "key", pin: true},
		{key: "value", name: "value", req: true},
		{key: "invert", name: "invert", pin: true, def: false},
		{key: "admin_state_up", name: "admin_state_up", pin: true, def: true},
	}},
}

// tfRelations are Octavia's attributes that relate objects of a tree or
// describe their state: the writer writes the relations as references and
// never writes the others (ids, statuses, times, the project).
var tfRelations = map[string]bool{
	"id": true, "project_id": true, "tenant_id": true, "provisioning_status": true,
	"operating_status": true, "created_at": true, "updated_at": true,
	"loadbalancers": true, "listeners": true, "pools": true, "members": true,
	"l7policies": true, "rules": true, "healthmonitor_id": true, "healthmonitor": true,
	"loadbalancer_id": true, "listener_id": true, "pool_id": true, "default_pool_id": true,
	"redirect_pool_id": true, "l7policy_id": true, "default_pool": true,
}

// tfPersistence is the pool's session_persistence as the provider's
// persistence block: only its type and cookie_name exist there.
var tfPersistence = []string{"type", "cookie_name"}

// TerraformAttribute is one attribute the Terraform writer writes from
// Octavia's: the provider's resource type and attribute name, whether the
// writer holds it Required (always written) or Pinned (written for an
// existing object unless it is the provider's zero or Default), and that
// Default. export/codecheck holds each to the provider's own schema.
type TerraformAttribute struct {
	Resource, Name   string
	Required, Pinned bool
	Default          any
	Conflicts        []string
}

// TerraformAttributes lists the attributes of tfResources, kind by kind.
func TerraformAttributes() []TerraformAttribute {
	var out []TerraformAttribute
	for _, k := range []octavia.Kind{octavia.KindLoadBalancer, octavia.KindListener, octavia.KindPool,
		octavia.KindMember, octavia.KindMonitor, octavia.KindL7Policy, octavia.KindL7Rule} {
		res := tfResources[k]
		for _, a := range res.attrs {
			out = append(out, TerraformAttribute{res.typ, a.name, a.req, a.pin, a.def, a.conflicts})
		}
	}
	return out
}
