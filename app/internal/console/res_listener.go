package console

import (
	"slices"

	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/octavia"
)

// listenerTLS reports whether the form's listener terminates TLS (its
// certificate fields apply).
func listenerTLS(v form.Values) bool { return v["protocol"] == "TERMINATED_HTTPS" }

// clientAuth is when a listener form shows its client CA or revocation
// list (key): a TLS listener that authenticates its clients (OPTIONAL,
// MANDATORY), or one that holds a value there already (an edit keeps
// showing what Octavia has).
func clientAuth(key string) func(form.Values) bool {
	return func(v form.Values) bool {
		a := v["client_authentication"]
		return listenerTLS(v) && (a == "OPTIONAL" || a == "MANDATORY" || v[key] != "")
	}
}

// listenerHSTS reports whether the form's listener may set HSTS: it
// terminates TLS and the cloud speaks HSTS (Octavia API 2.27, after Zed:
// the page says so with form.HSTSKnown).
func listenerHSTS(v form.Values) bool { return listenerTLS(v) && v[form.HSTSKnown] == "true" }

// insertHeaderFields are a listener's insert_headers, one checkbox each:
// the X-Forwarded-* headers on HTTP and TERMINATED_HTTPS listeners, the
// client certificate's X-SSL-* headers on TERMINATED_HTTPS only
// (form.InsertHeaders, octavia-lib's lists).
func insertHeaderFields() []form.Field {
	var out []form.Field
	for _, h := range form.InsertHeaders() {
		show := listenerHeaders
		if h.TLS {
			show = listenerTLS
		}
		out = append(out, form.Field{Key: "insert_headers." + h.Name, Label: "Insert " + h.Name, Type: form.Bool, AsText: true, Show: show, Hint: h.Hint})
	}
	return out
}

// listenerHeaders reports whether the form's listener inserts headers
// (HTTP and TERMINATED_HTTPS).
func listenerHeaders(v form.Values) bool {
	return v["protocol"] == "HTTP" || v["protocol"] == "TERMINATED_HTTPS"
}

// ListenerRes: listeners, a load balancer's protocol ports.
var ListenerRes = &Resource{
	Kind: octavia.KindListener, Prefix: "listener", Singular: "listener", Plural: "listeners", Title: "Listeners",
	Path: "/listeners", Paged: true, Times: true, Create: true, Edit: true, Delete: true, Restricted: true,
	OnSet: setListener,
	Intro: "A listener takes a load balancer's traffic on one protocol and port and hands it to a pool.",
	Columns: []Column{{Title: "Protocol", Key: "protocol", Width: "9%"}, {Title: "Port", Key: "protocol_port", Width: "6%"},
		{Title: "Default pool", Key: "default_pool_id", Link: octavia.KindPool, Width: "11%"}},
	Props: []property{
		{Key: "name"}, {Key: "id"}, {Key: "description"}, {Key: "provisioning_status"}, {Key: "operating_status"},
		{Key: "loadbalancers", Label: "Load balancer"}, {Key: "protocol"}, {Key: "protocol_port"}, {Key: "default_pool_id"},
		{Key: "l7policies"}, {Key: "connection_limit"}, {Key: "allowed_cidrs"}, {Key: "admin_state_up"}, {Key: "tags"},
	},
	Fields: form.Labelled(slices.Concat([]form.Field{
		{Key: "loadbalancer_id", Type: form.Ref, Ref: octavia.KindLoadBalancer, Only: form.Create, Required: true},
		{Key: "name"}, {Key: "description"},
		{Key: "protocol", Type: form.Choice, Only: form.Create, Required: true, Default: "HTTP",
			Choices: []string{"HTTP", "HTTPS", "TCP", "TERMINATED_HTTPS", "UDP", "SCTP", "PROMETHEUS"}},
		{Key: "protocol_port", Type: form.Int, Only: form.Create, Required: true, Default: "80"},
		{Key: "default_pool_id", Type: form.Ref, Ref: octavia.KindPool, RefBy: "loadbalancer_id", Null: true},
		{Key: "default_tls_container_ref", Label: "Default certificate", Show: listenerTLS, Cert: form.CertKeyed, Null: true,
			Hint: "This or SNI certificates: a TERMINATED_HTTPS listener needs one."},
		{Key: "sni_container_refs", Label: "SNI certificates", Type: form.List, Show: listenerTLS, Cert: form.CertKeyed, Null: true,
			Hint: "Served by the name the client asks for (SNI); one per line."},
		{Key: "client_authentication", Type: form.Choice, Show: listenerTLS, Null: true,
			Choices: []string{"NONE", "OPTIONAL", "MANDATORY"}, Hint: "Whether clients must show a certificate signed by the client CA."},
		{Key: "client_ca_tls_container_ref", Label: "Client CA certificate", Show: clientAuth("client_ca_tls_container_ref"), Cert: form.CertCA, Null: true},
		{Key: "client_crl_container_ref", Label: "Client revocation list", Show: clientAuth("client_crl_container_ref"), Cert: form.CertCRL, Null: true},
		{Key: "tls_versions", Type: form.List, Choices: form.TLSVersions(), Show: listenerTLS, Null: true, Hint: "None ticked: the cloud's default."},
		{Key: "tls_ciphers", Show: listenerTLS, Null: true, Hint: "An OpenSSL cipher string (ECDHE-RSA-AES256-GCM-SHA384:…); empty: the cloud's default."},
		{Key: "alpn_protocols", Type: form.List, Choices: form.ALPNProtocols(), Show: listenerTLS, Null: true, Hint: "None ticked: the cloud's default."},
		{Key: "hsts_max_age", Type: form.Int, Show: listenerHSTS, Null: true, Hint: "Seconds a browser keeps to HTTPS (Strict-Transport-Security); empty: no HSTS."},
		{Key: "hsts_include_subdomains", Type: form.Bool, Show: listenerHSTS},
		{Key: "hsts_preload", Type: form.Bool, Show: listenerHSTS},
	}, insertHeaderFields(), []form.Field{
		{Key: "connection_limit", Type: form.Int, Hint: "-1 or empty: no limit.", Null: true},
		{Key: "timeout_client_data", Type: form.Int, Null: true},
		{Key: "timeout_member_connect", Type: form.Int, Null: true},
		{Key: "timeout_member_data", Type: form.Int, Null: true},
		{Key: "timeout_tcp_inspect", Type: form.Int, Null: true},
		{Key: "allowed_cidrs", Type: form.List, Hint: "One per line; empty = everyone.", Null: true},
		{Key: "admin_state_up", Type: form.Bool, Default: "true"},
		{Key: "tags", Type: form.List, Only: form.Create, Hint: "One per line or comma-separated."},
	})),
	Filters:  []listFilter{{Key: "loadbalancer_id", Label: "Load balancer", Of: octavia.KindLoadBalancer}, {Key: "tags", Label: "Tags"}},
	Validate: form.ValidateListener,
	Children: []child{{Of: octavia.KindL7Policy, Filter: "listener_id"}},
	Sections: []Section{SectionCerts, SectionStats},
}

// setListener follows a listener form's protocol and port: 443 for TLS, 80
// for HTTP, unless a port was typed.
func setListener(v form.Values, key, value string) {
	switch key {
	case "protocol":
		form.SetProtocol(v, value, nil)
	case "protocol_port":
		form.SetPort(v, value)
	}
}
