package export

import "github.com/octaview/octaview/octavia"

// How python-octaviaclient's create commands take each attribute an
// export writes (openstack loadbalancer … create --help; the test
// TestCLIFlagsExist checks each against the installed CLI's own help).

// flagForm is how an attribute's value becomes arguments.
type flagForm int

const (
	one      flagForm = iota // --flag=value
	each                     // --flag=v1 --flag=v2 (a list, the option repeated)
	many                     // --flag v1 v2 (a list, one option of nargs "*")
	keyValue                 // --flag=k1=v1,k2=v2 (an object)
	ifTrue                   // --flag when the value is true
	ifFalse                  // --flag when the value is false
	vips                     // --flag=subnet-id=…,ip-address=… per additional VIP
)

// cliFlag is one attribute's option.
type cliFlag struct {
	key, flag string
	form      flagForm
}

// cliCommand is a kind's create command: its words after "openstack",
// its options, and the parent a positional argument names ("" none).
type cliCommand struct {
	kind  octavia.Kind
	words []string
	flags []cliFlag
}

// cliCommands are the create commands of a load balancer's tree. Static
// data.
var cliCommands = []cliCommand{
	{octavia.KindLoadBalancer, []string{"loadbalancer", "create"}, []cliFlag{
		{"name", "--name", one}, {"description", "--description", one}, {"admin_state_up", "--disable", ifFalse},
		{"vip_subnet_id", "--vip-subnet-id", one}, {"vip_network_id", "--vip-network-id", one},
		{"vip_port_id", "--vip-port-id", one}, {"vip_address", "--vip-address", one},
		{"vip_qos_policy_id", "--vip-qos-policy-id", one}, {"additional_vips", "--additional-vip", vips},
		{"provider", "--provider", one}, {"flavor_id", "--flavor", one},
		{"availability_zone", "--availability-zone", one}, {"tags", "--tag", each},
	}},
	{octavia.KindPool, []string{"loadbalancer", "pool", "create"}, []cliFlag{
		{"name", "--name", one}, {"description", "--description", one}, {"admin_state_up", "--disable", ifFalse},
		{"protocol", "--protocol", one}, {"lb_algorithm", "--lb-algorithm", one},
		{"session_persistence", "--session-persistence", keyValue},
		{"tls_enabled", "--enable-tls", ifTrue}, {"tls_container_ref", "--tls-container-ref", one},
		{"ca_tls_container_ref", "--ca-tls-container-ref", one}, {"crl_container_ref", "--crl-container-ref", one},
		{"tls_ciphers", "--tls-ciphers", one}, {"tls_versions", "--tls-version", each},
		{"alpn_protocols", "--alpn-protocol", each}, {"tags", "--tag", each},
	}},
	{octavia.KindMember, []string{"loadbalancer", "member", "create"}, []cliFlag{
		{"name", "--name", one}, {"admin_state_up", "--disable", ifFalse},
		{"address", "--address", one}, {"protocol_port", "--protocol-port", one}, {"subnet_id", "--subnet-id", one},
		{"weight", "--weight", one}, {"backup", "--enable-backup", ifTrue},
		{"monitor_address", "--monitor-address", one}, {"monitor_port", "--monitor-port", one}, {"tags", "--tag", each},
	}},
	{octavia.KindMonitor, []string{"loadbalancer", "healthmonitor", "create"}, []cliFlag{
		{"name", "--name", one}, {"admin_state_up", "--disable", ifFalse},
		{"type", "--type", one}, {"delay", "--delay", one}, {"timeout", "--timeout", one},
		{"max_retries", "--max-retries", one}, {"max_retries_down", "--max-retries-down", one},
		{"http_method", "--http-method", one}, {"url_path", "--url-path", one},
		{"expected_codes", "--expected-codes", one}, {"http_version", "--http-version", one},
		{"domain_name", "--domain-name", one}, {"tags", "--tag", each},
	}},
	{octavia.KindListener, []string{"loadbalancer", "listener", "create"}, []cliFlag{
		{"name", "--name", one}, {"description", "--description", one}, {"admin_state_up", "--disable", ifFalse},
		{"protocol", "--protocol", one}, {"protocol_port", "--protocol-port", one},
		{"connection_limit", "--connection-limit", one},
		{"default_tls_container_ref", "--default-tls-container-ref", one},
		{"sni_container_refs", "--sni-container-refs", many},
		{"client_ca_tls_container_ref", "--client-ca-tls-container-ref", one},
		{"client_authentication", "--client-authentication", one},
		{"client_crl_container_ref", "--client-crl-container-ref", one},
		{"insert_headers", "--insert-headers", keyValue},
		{"timeout_client_data", "--timeout-client-data", one}, {"timeout_member_connect", "--timeout-member-connect", one},
		{"timeout_member_data", "--timeout-member-data", one}, {"timeout_tcp_inspect", "--timeout-tcp-inspect", one},
		{"allowed_cidrs", "--allowed-cidr", each}, {"tls_ciphers", "--tls-ciphers", one},
		{"tls_versions", "--tls-version", each}, {"alpn_protocols", "--alpn-protocol", each}, {"tags", "--tag", each},
	}},
	{octavia.KindL7Policy, []string{"loadbalancer", "l7policy", "create"}, []cliFlag{
		{"name", "--name", one}, {"description", "--description", one}, {"admin_state_up", "--disable", ifFalse},
		{"action", "--action", one}, {"redirect_url", "--redirect-url", one},
		{"redirect_prefix", "--redirect-prefix", one}, {"redirect_http_code", "--redirect-http-code", one},
		{"tags", "--tag", each},
	}},
	{octavia.KindL7Rule, []string{"loadbalancer", "l7rule", "create"}, []cliFlag{
		{"admin_state_up", "--disable", ifFalse}, {"type", "--type", one}, {"compare_type", "--compare-type", one},
		{"key", "--key", one}, {"value", "--value", one}, {"invert", "--invert", ifTrue}, {"tags", "--tag", each},
	}},
}

// The options that name another object of the tree (or ask for --wait
// and the captured id), beside each kind's cliFlags.
const (
	flagProject      = "--project"       // loadbalancer create: Tree.Project
	flagLoadBalancer = "--loadbalancer"  // pool create
	flagDefaultPool  = "--default-pool"  // listener create
	flagRedirectPool = "--redirect-pool" // l7policy create
	flagWait         = "--wait"
)

// commandOf is kind k's create command.
func commandOf(k octavia.Kind) (cliCommand, bool) {
	for _, c := range cliCommands {
		if c.kind == k {
			return c, true
		}
	}
	return cliCommand{}, false
}
