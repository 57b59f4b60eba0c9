package console

import (
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/octavia"
)

// listenerTLS reports whether the form's listener terminates TLS (its
// certificate fields apply).
func listenerTLS(v form.Values) bool { return v["protocol"] == "TERMINATED_HTTPS" }

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
	Fields: form.Labelled([]form.Field{
		{Key: "loadbalancer_id", Type: form.Ref, Ref: octavia.KindLoadBalancer, Only: form.Create, Required: true},
		{Key: "name"}, {Key: "description"},
		{Key: "protocol", Type: form.Choice, Only: form.Create, Required: true, Default: "HTTP",
			Choices: []string{"HTTP", "HTTPS", "TCP", "TERMINATED_HTTPS", "UDP", "SCTP", "PROMETHEUS"}},
		{Key: "protocol_port", Type: form.Int, Only: form.Create, Required: true, Default: "80"},
		{Key: "default_pool_id", Type: form.Ref, Ref: octavia.KindPool, RefBy: "loadbalancer_id", Null: true},
		{Key: "default_tls_container_ref", Label: "TLS certificate (Barbican container URL)", Show: listenerTLS,
			Hint: "This or SNI certificates: a TERMINATED_HTTPS listener needs one."},
		{Key: "sni_container_refs", Label: "SNI certificates (Barbican URLs)", Type: form.List, Hint: "One per line.", Show: listenerTLS, Null: true},
		{Key: "client_authentication", Type: form.Choice, Show: listenerTLS,
			Choices: []string{"NONE", "OPTIONAL", "MANDATORY"}},
		{Key: "client_ca_tls_container_ref", Label: "Client CA certificate (Barbican URL)", Show: listenerTLS, Null: true},
		{Key: "client_crl_container_ref", Label: "Client revocation list (Barbican URL)", Show: listenerTLS, Null: true},
		{Key: "connection_limit", Type: form.Int, Hint: "-1 or empty: no limit.", Null: true},
		{Key: "timeout_client_data", Type: form.Int, Null: true},
		{Key: "timeout_member_connect", Type: form.Int, Null: true},
		{Key: "timeout_member_data", Type: form.Int, Null: true},
		{Key: "timeout_tcp_inspect", Type: form.Int, Null: true},
		{Key: "allowed_cidrs", Type: form.List, Hint: "One per line; empty = everyone.", Null: true},
		{Key: "admin_state_up", Type: form.Bool, Default: "true"},
		{Key: "tags", Type: form.List, Only: form.Create, Hint: "One per line or comma-separated."},
	}),
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
