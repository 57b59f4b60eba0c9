// Package attr is the console's dictionary of Octavia's attributes: for
// every attribute any kind's answer holds (Zed's, and the later releases'
// the console knows), its label in words (with its unit: "Delay (s)",
// "Client inactivity timeout (ms)"), what it links to, how it is shown, and
// its value as readable text (a session persistence as "APP_COOKIE, cookie
// sid", not JSON). Detail pages label every attribute from it, so none
// shows raw. Pure data and functions: no go-app.
package attr

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/octaview/octaview/octavia"
)

// Show is how a value is shown.
type Show int

const (
	Plain  Show = iota
	Mono        // an id, an address, JSON text
	Badge       // a status: a coloured badge
	Time        // Octavia's time, shown in UTC to the second
	Linked      // the id (or {"id"} list) of objects of Attr.Link
)

// Attr is what the console knows of one attribute.
type Attr struct {
	Label string
	Show  Show
	Link  octavia.Kind // Linked: the kind its ids name
}

// dictionary holds every attribute of Octavia's answers (v2 API: Zed, and
// the attributes later releases add), by name. A kind that calls an
// attribute otherwise (a monitor's "pools" is its one pool) says so in its
// own properties (app/res_*.go).
var dictionary = map[string]Attr{
	// Every kind.
	"id": {Label: "ID", Show: Mono}, "name": {Label: "Name"}, "description": {Label: "Description"},
	"provisioning_status": {Label: "Provisioning status", Show: Badge}, "operating_status": {Label: "Operating status", Show: Badge},
	"admin_state_up": {Label: "Admin state up"}, "project_id": {Label: "Project", Show: Mono}, "tenant_id": {Label: "Project (tenant_id, its old name)", Show: Mono},
	"created_at": {Label: "Created (UTC)", Show: Time}, "updated_at": {Label: "Updated (UTC)", Show: Time}, "tags": {Label: "Tags"},

	// Load balancers.
	"vip_address": {Label: "VIP address", Show: Mono}, "vip_port_id": {Label: "VIP port", Show: Mono}, "vip_subnet_id": {Label: "VIP subnet", Show: Mono},
	"vip_network_id": {Label: "VIP network", Show: Mono}, "vip_qos_policy_id": {Label: "VIP QoS policy", Show: Mono}, "additional_vips": {Label: "Additional VIPs"},
	"vip_vnic_type": {Label: "VIP vNIC type"}, "vip_sg_ids": {Label: "VIP security groups", Show: Mono},
	"listeners": {Label: "Listeners", Show: Linked, Link: octavia.KindListener}, "pools": {Label: "Pools", Show: Linked, Link: octavia.KindPool}, "provider": {Label: "Provider"},
	"flavor_id": {Label: "Flavor", Show: Linked, Link: octavia.KindFlavor}, "availability_zone": {Label: "Availability zone", Show: Linked, Link: octavia.KindAvailabilityZone},

	// Listeners.
	"protocol": {Label: "Protocol"}, "protocol_port": {Label: "Port"}, "connection_limit": {Label: "Connection limit"},
	"default_tls_container_ref": {Label: "TLS certificate", Show: Mono}, "sni_container_refs": {Label: "SNI certificates", Show: Mono},
	"default_pool_id": {Label: "Default pool", Show: Linked, Link: octavia.KindPool}, "l7policies": {Label: "L7 policies", Show: Linked, Link: octavia.KindL7Policy},
	"insert_headers": {Label: "Inserted headers"}, "loadbalancers": {Label: "Load balancers", Show: Linked, Link: octavia.KindLoadBalancer},
	"timeout_client_data": {Label: "Client inactivity timeout (ms)"}, "timeout_member_connect": {Label: "Member connect timeout (ms)"},
	"timeout_member_data": {Label: "Member inactivity timeout (ms)"}, "timeout_tcp_inspect": {Label: "TCP inspect timeout (ms)"},
	"client_ca_tls_container_ref": {Label: "Client CA certificate", Show: Mono}, "client_authentication": {Label: "Client authentication"},
	"client_crl_container_ref": {Label: "Client revocation list", Show: Mono}, "allowed_cidrs": {Label: "Allowed CIDRs", Show: Mono},
	"tls_ciphers": {Label: "TLS ciphers", Show: Mono}, "tls_versions": {Label: "TLS versions"}, "alpn_protocols": {Label: "ALPN protocols"},
	"hsts_max_age": {Label: "HSTS max age (s)"}, "hsts_include_subdomains": {Label: "HSTS includes subdomains"}, "hsts_preload": {Label: "HSTS preload"},

	// Pools.
	"lb_algorithm": {Label: "Algorithm"}, "session_persistence": {Label: "Session persistence"},
	"healthmonitor_id": {Label: "Health monitor", Show: Linked, Link: octavia.KindMonitor}, "members": {Label: "Members", Show: Linked, Link: octavia.KindMember},
	"tls_container_ref": {Label: "TLS client certificate", Show: Mono}, "ca_tls_container_ref": {Label: "CA certificate (members')", Show: Mono},
	"crl_container_ref": {Label: "Revocation list (members')", Show: Mono}, "tls_enabled": {Label: "TLS to the members"},

	// Members.
	"address": {Label: "Address", Show: Mono}, "weight": {Label: "Weight"}, "backup": {Label: "Backup"}, "subnet_id": {Label: "Subnet", Show: Mono},
	"monitor_address": {Label: "Monitor address", Show: Mono}, "monitor_port": {Label: "Monitor port"}, "vnic_type": {Label: "vNIC type"},

	// Health monitors.
	"type": {Label: "Type"}, "delay": {Label: "Delay (s)"}, "timeout": {Label: "Timeout (s)"}, "max_retries": {Label: "Max retries"},
	"max_retries_down": {Label: "Max retries down"}, "http_method": {Label: "HTTP method"}, "url_path": {Label: "URL path", Show: Mono},
	"expected_codes": {Label: "Expected codes"}, "http_version": {Label: "HTTP version"}, "domain_name": {Label: "Domain name", Show: Mono},

	// L7 policies and rules.
	"action": {Label: "Action"}, "listener_id": {Label: "Listener", Show: Linked, Link: octavia.KindListener}, "position": {Label: "Position"},
	"redirect_pool_id": {Label: "Redirect pool", Show: Linked, Link: octavia.KindPool}, "redirect_url": {Label: "Redirect URL", Show: Mono},
	"redirect_prefix": {Label: "Redirect prefix", Show: Mono}, "redirect_http_code": {Label: "Redirect HTTP code"},
	"rules": {Label: "Rules", Show: Linked, Link: octavia.KindL7Rule}, "compare_type": {Label: "Compare type"}, "key": {Label: "Key", Show: Mono},
	"value": {Label: "Value", Show: Mono}, "invert": {Label: "Invert"},

	// Amphorae.
	"loadbalancer_id": {Label: "Load balancer", Show: Linked, Link: octavia.KindLoadBalancer}, "compute_id": {Label: "Compute ID", Show: Mono},
	"lb_network_ip": {Label: "Management IP (lb_network_ip)", Show: Mono}, "vrrp_ip": {Label: "VRRP IP", Show: Mono}, "ha_ip": {Label: "VIP (ha_ip)", Show: Mono},
	"vrrp_port_id": {Label: "VRRP port", Show: Mono}, "ha_port_id": {Label: "VIP port (ha_port_id)", Show: Mono},
	"cert_expiration": {Label: "Certificate expires (UTC)", Show: Time}, "cert_busy": {Label: "Certificate being rotated"},
	"role": {Label: "Role"}, "status": {Label: "Status", Show: Badge}, "vrrp_interface": {Label: "VRRP interface"},
	"vrrp_id": {Label: "VRRP ID"}, "vrrp_priority": {Label: "VRRP priority"}, "cached_zone": {Label: "Compute zone"},
	"image_id": {Label: "Image", Show: Mono}, "compute_flavor": {Label: "Compute flavor", Show: Mono},

	// Quotas (Octavia answers each limit under two names, the old and the new).
	"loadbalancer": {Label: "Load balancers"}, "load_balancer": {Label: "Load balancers"}, "listener": {Label: "Listeners"},
	"pool": {Label: "Pools"}, "member": {Label: "Members"}, "healthmonitor": {Label: "Health monitors"},
	"health_monitor": {Label: "Health monitors"}, "l7policy": {Label: "L7 policies"}, "l7rule": {Label: "L7 rules"},

	// Flavors, zones, their profiles, providers.
	"enabled": {Label: "Enabled"}, "flavor_profile_id": {Label: "Flavor profile", Show: Linked, Link: octavia.KindFlavorProfile},
	"provider_name": {Label: "Provider"}, "flavor_data": {Label: "Flavor data", Show: Mono},
	"availability_zone_profile_id": {Label: "Profile", Show: Linked, Link: octavia.KindAvailabilityZoneProfile},
	"availability_zone_data":       {Label: "Zone data", Show: Mono},
}

// Of is what the dictionary says of attribute key; an attribute it lacks
// (a release newer than the console) is shown plain, labelled from its
// name ("vip_foo_ids" reads "Vip foo IDs"), and ok is false.
func Of(key string) (a Attr, ok bool) {
	if a, ok := dictionary[key]; ok {
		return a, true
	}
	return Attr{Label: Humanize(key)}, false
}

// Known are the attributes of the dictionary, sorted.
func Known() []string {
	out := make([]string, 0, len(dictionary))
	for k := range dictionary {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Humanize writes an attribute's name as words: "vip_sg_ids" -> "Vip sg IDs".
func Humanize(key string) string {
	words := strings.Split(key, "_")
	for i, w := range words {
		switch w {
		case "id":
			words[i] = "ID"
		case "ids":
			words[i] = "IDs"
		}
	}
	s := strings.Join(words, " ")
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// Text is the value v of attribute key as readable text: "" for null or an
// empty list or object (the page shows "—"); a list joined with ", " (ids
// for a list of {"id": …}); a session persistence, inserted headers,
// additional VIPs and other objects in words; a connection limit of -1 as
// "no limit", as docs/user-guide.md promises.
func Text(key string, v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case map[string]any:
		return objectText(key, x)
	case []any:
		if len(x) > 0 {
			if m, ok := x[0].(map[string]any); ok && m["id"] == nil {
				parts := make([]string, 0, len(x))
				for _, e := range x {
					m, _ := e.(map[string]any)
					parts = append(parts, objectText(key, m))
				}
				return strings.Join(parts, "; ")
			}
		}
	case float64:
		if key == "connection_limit" && x == -1 {
			return "no limit"
		}
	case json.Number: // a single object's read keeps Octavia's numbers as written
		if key == "connection_limit" && x.String() == "-1" {
			return "no limit"
		}
	}
	return octavia.ValueText(v)
}

// objectText writes a nested object in words: a session persistence as
// "APP_COOKIE, cookie sid" (its type first, then its other members), an
// additional VIP as "10.0.0.5 on subnet …", any other as "key: value, …" in
// the order of its keys.
func objectText(key string, m map[string]any) string {
	if len(m) == 0 {
		return ""
	}
	var parts []string
	add := func(k, label string) {
		if s := octavia.ValueText(m[k]); s != "" {
			parts = append(parts, strings.TrimSpace(label+" "+s))
		}
	}
	seen := map[string]bool{}
	switch key {
	case "session_persistence":
		add("type", "")
		add("cookie_name", "cookie")
		add("persistence_timeout", "timeout (s)")
		add("persistence_granularity", "granularity")
		seen = map[string]bool{"type": true, "cookie_name": true, "persistence_timeout": true, "persistence_granularity": true}
	case "additional_vips":
		if s := octavia.ValueText(m["ip_address"]); s != "" {
			parts = append(parts, s)
		}
		if s := octavia.ValueText(m["subnet_id"]); s != "" {
			parts = append(parts, "on subnet "+s)
		}
		seen = map[string]bool{"ip_address": true, "subnet_id": true}
		if len(parts) == 2 {
			parts = []string{parts[0] + " " + parts[1]}
		}
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		if !seen[k] {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s: %s", k, octavia.ValueText(m[k])))
	}
	return strings.Join(parts, ", ")
}
