package export

import (
	"encoding/json"
	"maps"
	"reflect"
	"slices"

	"github.com/octaview/octaview/octavia"
)

// What an export writes of an object: its settable attributes that were
// set and differ from Octavia's defaults (Octavia v2 API reference, Zed;
// python-octaviaclient's create options). Never what Octavia computes (id,
// statuses, times, project_id, the VIP's port), and never a reference to
// another object of the tree: those are the writers' own, by the local
// names of LocalNames (a listener's default_pool_id, a pool's listener or
// load balancer, a member's pool, a monitor's "pools", a policy's
// listener_id and redirect_pool_id, a rule's policy). An L7 policy's
// position is the order in which a writer creates the listener's policies
// (Tree.Policies is in position order), not an attribute.

// attr is one settable attribute of a kind and Octavia's default for it.
type attr struct {
	key string
	// def is Octavia's default: the attribute is left out when it equals
	// it (nil: no default besides unset). when, if set, says the default
	// applies only to objects it accepts (the TLS defaults of a
	// TERMINATED_HTTPS listener).
	def  any
	when func(octavia.Object) bool
	// only, if set, says the attribute is written only for the objects it
	// accepts (a load balancer's vip_network_id: when it has no subnet).
	only func(octavia.Object) bool
}

// kindAttrs is, per kind, its settable attributes. Unset values (null,
// "", [], {}) are never written. Static data, like octavia's kind table.
var kindAttrs = []struct {
	kind  octavia.Kind
	attrs []attr
}{
	{octavia.KindLoadBalancer, []attr{
		{key: "name"}, {key: "description"}, {key: "admin_state_up", def: true},
		{key: "vip_subnet_id"}, {key: "vip_network_id", only: noVIPSubnet},
		{key: "vip_port_id", only: noVIPSubnetOrNetwork}, {key: "vip_address"},
		{key: "vip_qos_policy_id"}, {key: "additional_vips"},
		{key: "provider", def: "amphora"}, {key: "flavor_id"}, {key: "availability_zone"}, {key: "tags"},
	}},
	{octavia.KindListener, []attr{
		{key: "name"}, {key: "description"}, {key: "admin_state_up", def: true},
		{key: "protocol"}, {key: "protocol_port"}, {key: "connection_limit", def: -1.0},
		{key: "default_tls_container_ref"}, {key: "sni_container_refs"},
		{key: "client_ca_tls_container_ref"}, {key: "client_authentication", def: "NONE"},
		{key: "client_crl_container_ref"}, {key: "insert_headers"},
		{key: "timeout_client_data", def: 50000.0}, {key: "timeout_member_connect", def: 5000.0},
		{key: "timeout_member_data", def: 50000.0}, {key: "timeout_tcp_inspect", def: 0.0},
		{key: "allowed_cidrs"},
		{key: "tls_ciphers", def: defaultTLSCiphers, when: terminatesTLS},
		{key: "tls_versions", def: defaultTLSVersions, when: terminatesTLS},
		{key: "alpn_protocols", def: defaultALPN, when: terminatesTLS},
		{key: "tags"},
	}},
	{octavia.KindPool, []attr{
		{key: "name"}, {key: "description"}, {key: "admin_state_up", def: true},
		{key: "protocol"}, {key: "lb_algorithm"}, {key: "session_persistence"},
		{key: "tls_enabled", def: false}, {key: "tls_container_ref"},
		{key: "ca_tls_container_ref"}, {key: "crl_container_ref"},
		{key: "tls_ciphers", def: defaultTLSCiphers, when: reencrypts},
		{key: "tls_versions", def: defaultTLSVersions, when: reencrypts},
		{key: "alpn_protocols", def: defaultALPN, when: reencrypts},
		{key: "tags"},
	}},
	{octavia.KindMember, []attr{
		{key: "name"}, {key: "admin_state_up", def: true},
		{key: "address"}, {key: "protocol_port"}, {key: "subnet_id"},
		{key: "weight", def: 1.0}, {key: "backup", def: false},
		{key: "monitor_address"}, {key: "monitor_port"}, {key: "tags"},
	}},
	{octavia.KindMonitor, []attr{
		{key: "name"}, {key: "admin_state_up", def: true},
		{key: "type"}, {key: "delay"}, {key: "timeout"}, {key: "max_retries"},
		{key: "max_retries_down", def: 3.0},
		{key: "http_method", def: "GET"}, {key: "url_path", def: "/"}, {key: "expected_codes", def: "200"},
		{key: "http_version"}, {key: "domain_name"}, {key: "tags"},
	}},
	{octavia.KindL7Policy, []attr{
		{key: "name"}, {key: "description"}, {key: "admin_state_up", def: true},
		{key: "action"}, {key: "redirect_url"}, {key: "redirect_prefix"},
		{key: "redirect_http_code", def: 302.0, when: redirects},
		{key: "tags"},
	}},
	{octavia.KindL7Rule, []attr{
		{key: "admin_state_up", def: true},
		{key: "type"}, {key: "compare_type"}, {key: "key"}, {key: "value"},
		{key: "invert", def: false}, {key: "tags"},
	}},
}

// attrsOf is kind k's row of kindAttrs.
func attrsOf(k octavia.Kind) []attr {
	for _, row := range kindAttrs {
		if row.kind == k {
			return row.attrs
		}
	}
	return nil
}

// Octavia's defaults for a TERMINATED_HTTPS listener and a pool with
// tls_enabled (octavia.conf [api_settings] default_listener_ciphers,
// default_listener_tls_versions, and the listener's ALPN default).
const defaultTLSCiphers = "TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256:TLS_AES_128_GCM_SHA256:" +
	"DHE-RSA-AES256-GCM-SHA384:DHE-RSA-AES128-GCM-SHA256:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-RSA-AES128-GCM-SHA256:" +
	"DHE-RSA-AES256-SHA256:DHE-RSA-AES128-SHA256:ECDHE-RSA-AES256-SHA384:ECDHE-RSA-AES128-SHA256"

// The list defaults, as octavia.ValueText writes a list.
const (
	defaultTLSVersions = "TLSv1.2, TLSv1.3"
	defaultALPN        = "h2, http/1.1, http/1.0"
)

func terminatesTLS(o octavia.Object) bool { return o.Text("protocol") == "TERMINATED_HTTPS" }
func reencrypts(o octavia.Object) bool    { return o["tls_enabled"] == true }
func noVIPSubnet(o octavia.Object) bool   { return o.Text("vip_subnet_id") == "" }
func noVIPSubnetOrNetwork(o octavia.Object) bool {
	return noVIPSubnet(o) && o.Text("vip_network_id") == ""
}
func redirects(o octavia.Object) bool {
	a := o.Text("action")
	return a == "REDIRECT_TO_URL" || a == "REDIRECT_PREFIX"
}

// Settable returns the attributes of o, an object of kind k, that an
// export writes, sorted: those of the kind's settable attributes that o
// sets to a value other than Octavia's default. A load balancer's
// vip_network_id is written only when it has no vip_subnet_id (Octavia
// derives it from the subnet), its vip_port_id only when it has neither
// (a plan on a port of the user's: an existing load balancer always names
// its subnet, and the port Octavia made for it is not written; the
// rebuilt one gets its own). Nil for a kind outside a load balancer's
// tree.
func Settable(k octavia.Kind, o octavia.Object) []string {
	var keys []string
	for _, a := range attrsOf(k) {
		if written(a, o) {
			keys = append(keys, a.key)
		}
	}
	slices.Sort(keys)
	return keys
}

// Written is Settable's attributes of o with their values, a map a writer
// reads in its own order; an object value without its null members.
func Written(k octavia.Kind, o octavia.Object) octavia.Object {
	out := octavia.Object{}
	for _, key := range Settable(k, o) {
		out[key] = withoutNulls(o[key])
	}
	return out
}

// withoutNulls is v, or for an object (a pool's session_persistence) a
// copy without its null members: Octavia answers every member, null for
// those not set, a create sends those set.
func withoutNulls(v any) any {
	m, ok := asMap(v)
	if !ok {
		return v
	}
	out := map[string]any{}
	for k, e := range m {
		if e != nil {
			out[k] = e
		}
	}
	return out
}

// SettableKeys returns every attribute an export may write for kind k,
// sorted (the checks against the tools' own schemas range over them).
func SettableKeys(k octavia.Kind) []string {
	var keys []string
	for _, a := range attrsOf(k) {
		keys = append(keys, a.key)
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// written says whether attribute a of o is written.
func written(a attr, o octavia.Object) bool {
	v, ok := o[a.key]
	if !ok || unset(v) || a.only != nil && !a.only(o) {
		return false
	}
	if a.when != nil && !a.when(o) {
		return true // the default does not apply: a value is a choice
	}
	return a.def == nil || !sameValue(v, a.def)
}

// unset says whether v is null or empty: "", [], {}.
func unset(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case []any:
		return len(x) == 0
	case []string:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	case octavia.Object:
		return len(x) == 0
	}
	return false
}

// sameValue compares two JSON values, numbers as float64 whatever their Go
// type (a plan's body may hold ints).
func sameValue(a, b any) bool {
	if s, ok := b.(string); ok {
		if _, list := normal(a).([]any); list {
			return octavia.ValueText(a) == s
		}
	}
	return reflect.DeepEqual(normal(a), normal(b))
}

// normal is v with numbers as float64 (Get's objects hold json.Numbers,
// List's float64s, a plan's ints), lists as []any and objects as
// map[string]any, recursively.
func normal(v any) any {
	switch x := v.(type) {
	case json.Number:
		if f, err := x.Float64(); err == nil {
			return f
		}
		return x.String()
	case int:
		return float64(x)
	case int64:
		return float64(x)
	case []string:
		out := make([]any, len(x))
		for i, s := range x {
			out[i] = s
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = normal(e)
		}
		return out
	case octavia.Object:
		return normal(map[string]any(x))
	case map[string]any:
		out := make(map[string]any, len(x))
		for _, k := range slices.Sorted(maps.Keys(x)) {
			out[k] = normal(x[k])
		}
		return out
	}
	return v
}
