package console

import (
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/octavia"
)

// poolTLS reports whether the form's pool speaks TLS to its members (its
// certificate fields apply).
func poolTLS(v form.Values) bool { return v["tls_enabled"] == "true" }

// PoolRes: pools, the members a listener (or an L7 policy) hands traffic to.
// Octavia filters pools by load balancer but not by listener (a pool names
// its listeners in a list): the listener filter is the console's own
// (Local), on the pools Octavia lists.
var PoolRes = &Resource{
	Kind: octavia.KindPool, Prefix: "pool", Singular: "pool", Plural: "pools", Title: "Pools",
	Path: "/pools", Paged: true, Times: true, Create: true, Edit: true, Delete: true, Restricted: true,
	Intro: "A pool is a set of members (backend servers) and the algorithm that spreads traffic over them.",
	Columns: []Column{{Title: "Protocol", Key: "protocol", Width: "8%"}, {Title: "Algorithm", Key: "lb_algorithm", Width: "12%"},
		{Title: "Load balancer", Key: "loadbalancers", Link: octavia.KindLoadBalancer, Width: "11%"}},
	Props: []property{
		{Key: "name"}, {Key: "id"}, {Key: "description"}, {Key: "provisioning_status"}, {Key: "operating_status"},
		{Key: "loadbalancers", Label: "Load balancer"}, {Key: "listeners"}, {Key: "healthmonitor_id"}, {Key: "members"},
		{Key: "protocol"}, {Key: "lb_algorithm"}, {Key: "session_persistence"}, {Key: "admin_state_up"}, {Key: "tags"},
	},
	Fields: form.Labelled([]form.Field{
		{Key: "loadbalancer_id", Type: form.Ref, Ref: octavia.KindLoadBalancer, Only: form.Create,
			Hint: "Or a listener: the pool becomes its default pool."},
		{Key: "listener_id", Type: form.Ref, Ref: octavia.KindListener, RefBy: "loadbalancer_id", Only: form.Create},
		{Key: "name"}, {Key: "description"},
		{Key: "protocol", Type: form.Choice, Only: form.Create, Required: true, Default: "HTTP",
			Choices: []string{"HTTP", "HTTPS", "PROXY", "PROXYV2", "TCP", "UDP", "SCTP"}},
		{Key: "lb_algorithm", Type: form.Choice, Required: true, Default: "ROUND_ROBIN",
			Choices: []string{"ROUND_ROBIN", "LEAST_CONNECTIONS", "SOURCE_IP", "SOURCE_IP_PORT"}},
		{Key: "session_persistence.type", Label: "Session persistence", Type: form.Choice, Null: true,
			Choices: []string{"SOURCE_IP", "HTTP_COOKIE", "APP_COOKIE"}},
		{Key: "session_persistence.cookie_name", Label: "Cookie name", Required: true,
			Show: func(v form.Values) bool { return v["session_persistence.type"] == "APP_COOKIE" }},
		{Key: "tls_enabled", Type: form.Bool},
		{Key: "tls_container_ref", Label: "Client certificate to the members", Show: poolTLS, Cert: form.CertKeyed, Null: true},
		{Key: "ca_tls_container_ref", Label: "CA of the members", Show: poolTLS, Cert: form.CertCA, Null: true,
			Hint: "The members' certificates are checked against it; empty: not checked."},
		{Key: "crl_container_ref", Label: "Revocation list of the members", Show: poolTLS, Cert: form.CertCRL, Null: true},
		{Key: "tls_versions", Type: form.List, Choices: form.TLSVersions(), Show: poolTLS, Null: true, Hint: "None ticked: the cloud's default."},
		{Key: "tls_ciphers", Show: poolTLS, Null: true, Hint: "An OpenSSL cipher string; empty: the cloud's default."},
		{Key: "alpn_protocols", Type: form.List, Choices: form.ALPNProtocols(), Show: poolTLS, Null: true, Hint: "None ticked: the cloud's default."},
		{Key: "admin_state_up", Type: form.Bool, Default: "true"},
		{Key: "tags", Type: form.List, Only: form.Create, Hint: "One per line or comma-separated."},
	}),
	Filters: []listFilter{{Key: "loadbalancer_id", Label: "Load balancer", Of: octavia.KindLoadBalancer},
		{Key: "listener_id", Label: "Listener", Of: octavia.KindListener, Local: "listeners"}, {Key: "tags", Label: "Tags"}},
	Validate: form.ValidatePool,
	Children: []child{{Of: octavia.KindMember}, {Of: octavia.KindMonitor, Filter: "pool_id"}},
	Sections: []Section{SectionMembers},
}
