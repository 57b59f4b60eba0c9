// Package attr is the console's dictionary of Octavia's attributes: for
// every attribute any kind's answer holds (Zed's, and the later releases'
// the console knows), its label in words (with its unit: "Delay (s)",
// "Client inactivity timeout (ms)"), what it links to, how it is shown, and
// its value as readable text (a session persistence as "APP_COOKIE, cookie
// sid", not JSON). Detail pages label every attribute from it, so none
// shows raw. Pure data and functions: no go-app.
package attr

import (
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

func plain(label string) Attr                { return Attr{Label: label} }
func mono(label string) Attr                 { return Attr{Label: label, Show: Mono} }
func link(label string, k octavia.Kind) Attr { return Attr{Label: label, Show: Linked, Link: k} }

// dictionary holds every attribute of Octavia's answers (v2 API: Zed, and
// the attributes later releases add), by name. A kind that calls an
// attribute otherwise (a monitor's "pools" is its one pool) says so in its
// own properties (app/res_*.go).
var dictionary = map[string]Attr{
	// Every kind.
	"id": mono("ID"), "name": plain("Name"), "description": plain("Description"),
	"provisioning_status": {Label: "Provisioning status", Show: Badge}, "operating_status": {Label: "Operating status", Show: Badge},
	"admin_state_up": plain("Admin state up"), "project_id": mono("Project"), "tenant_id": mono("Project (tenant_id, its old name)"),
	"created_at": {Label: "Created (UTC)", Show: Time}, "updated_at": {Label: "Updated (UTC)", Show: Time}, "tags": plain("Tags"),

	// Load balancers.
	"vip_address": mono("VIP address"), "vip_port_id": mono("VIP port"), "vip_subnet_id": mono("VIP subnet"),
	"vip_network_id": mono("VIP network"), "vip_qos_policy_id": mono("VIP QoS policy"), "additional_vips": plain("Additional VIPs"),
	"vip_vnic_type": plain("VIP vNIC type"), "vip_sg_ids": mono("VIP security groups"),
	"listeners": link("Listeners", octavia.KindListener), "pools": link("Pools", octavia.KindPool), "provider": plain("Provider"),
	"flavor_id": link("Flavor", octavia.KindFlavor), "availability_zone": link("Availability zone", octavia.KindAvailabilityZone),

	// Listeners.
	"protocol": plain("Protocol"), "protocol_port": plain("Port"), "connection_limit": plain("Connection limit"),
	"default_tls_container_ref": mono("TLS certificate"), "sni_container_refs": mono("SNI certificates"),
	"default_pool_id": link("Default pool", octavia.KindPool), "l7policies": link("L7 policies", octavia.KindL7Policy),
	"insert_headers": plain("Inserted headers"), "loadbalancers": link("Load balancers", octavia.KindLoadBalancer),
	"timeout_client_data": plain("Client inactivity timeout (ms)"), "timeout_member_connect": plain("Member connect timeout (ms)"),
	"timeout_member_data": plain("Member inactivity timeout (ms)"), "timeout_tcp_inspect": plain("TCP inspect timeout (ms)"),
	"client_ca_tls_container_ref": mono("Client CA certificate"), "client_authentication": plain("Client authentication"),
	"client_crl_container_ref": mono("Client revocation list"), "allowed_cidrs": mono("Allowed CIDRs"),
	"tls_ciphers": mono("TLS ciphers"), "tls_versions": plain("TLS versions"), "alpn_protocols": plain("ALPN protocols"),
	"hsts_max_age": plain("HSTS max age (s)"), "hsts_include_subdomains": plain("HSTS includes subdomains"), "hsts_preload": plain("HSTS preload"),

	// Pools.
	"lb_algorithm": plain("Algorithm"), "session_persistence": plain("Session persistence"),
	"healthmonitor_id": link("Health monitor", octavia.KindMonitor), "members": link("Members", octavia.KindMember),
	"tls_container_ref": mono("TLS client certificate"), "ca_tls_container_ref": mono("CA certificate (members')"),
	"crl_container_ref": mono("Revocation list (members')"), "tls_enabled": plain("TLS to the members"),

	// Members.
	"address": mono("Address"), "weight": plain("Weight"), "backup": plain("Backup"), "subnet_id": mono("Subnet"),
	"monitor_address": mono("Monitor address"), "monitor_port": plain("Monitor port"), "vnic_type": plain("vNIC type"),

	// Health monitors.
	"type": plain("Type"), "delay": plain("Delay (s)"), "timeout": plain("Timeout (s)"), "max_retries": plain("Max retries"),
	"max_retries_down": plain("Max retries down"), "http_method": plain("HTTP method"), "url_path": mono("URL path"),
	"expected_codes": plain("Expected codes"), "http_version": plain("HTTP version"), "domain_name": mono("Domain name"),

	// L7 policies and rules.
	"action": plain("Action"), "listener_id": link("Listener", octavia.KindListener), "position": plain("Position"),
	"redirect_pool_id": link("Redirect pool", octavia.KindPool), "redirect_url": mono("Redirect URL"),
	"redirect_prefix": mono("Redirect prefix"), "redirect_http_code": plain("Redirect HTTP code"),
	"rules": link("Rules", octavia.KindL7Rule), "compare_type": plain("Compare type"), "key": mono("Key"),
	"value": mono("Value"), "invert": plain("Invert"),

	// Amphorae.
	"loadbalancer_id": link("Load balancer", octavia.KindLoadBalancer), "compute_id": mono("Compute ID"),
	"lb_network_ip": mono("Management IP (lb_network_ip)"), "vrrp_ip": mono("VRRP IP"), "ha_ip": mono("VIP (ha_ip)"),
	"vrrp_port_id": mono("VRRP port"), "ha_port_id": mono("VIP port (ha_port_id)"),
	"cert_expiration": {Label: "Certificate expires (UTC)", Show: Time}, "cert_busy": plain("Certificate being rotated"),
	"role": plain("Role"), "status": {Label: "Status", Show: Badge}, "vrrp_interface": plain("VRRP interface"),
	"vrrp_id": plain("VRRP ID"), "vrrp_priority": plain("VRRP priority"), "cached_zone": plain("Compute zone"),
	"image_id": mono("Image"), "compute_flavor": mono("Compute flavor"),

	// Quotas (Octavia answers each limit under two names, the old and the new).
	"loadbalancer": plain("Load balancers"), "load_balancer": plain("Load balancers"), "listener": plain("Listeners"),
	"pool": plain("Pools"), "member": plain("Members"), "healthmonitor": plain("Health monitors"),
	"health_monitor": plain("Health monitors"), "l7policy": plain("L7 policies"), "l7rule": plain("L7 rules"),

	// Flavors, zones, their profiles, providers.
	"enabled": plain("Enabled"), "flavor_profile_id": link("Flavor profile", octavia.KindFlavorProfile),
	"provider_name": plain("Provider"), "flavor_data": mono("Flavor data"),
	"availability_zone_profile_id": link("Profile", octavia.KindAvailabilityZoneProfile),
	"availability_zone_data":       mono("Zone data"),
}

// Of is what the dictionary says of attribute key; an attribute it lacks
// (a release newer than the console) is shown plain, labelled from its
// name ("vip_foo_ids" reads "Vip foo IDs"), and ok is false.
func Of(key string) (a Attr, ok bool) {
	if a, ok := dictionary[key]; ok {
		return a, true
	}
	return plain(Humanize(key)), false
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
// "-1 (no limit)".
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
			return "-1 (no limit)"
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
