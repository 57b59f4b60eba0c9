package export

import "github.com/octaview/octaview/octavia"

// ansibleModule is what the Ansible writer knows of one kind: the
// collection's module and its options written from Octavia's attributes
// (openstack.cloud 1.10's argument specs; export/codecheck holds them to
// the installed collection's).
type ansibleModule struct {
	name string
	opts []ansibleOpt
	// extra: the options the writer sets besides cloud, name and opts
	// (ansible.go): the ones naming a parent, the floating IP's
	extra []string
	needs []ansibleNeed
}

// ansibleOpt maps one attribute of Octavia's to one option of a module.
type ansibleOpt struct {
	key, name string
	// always: written whatever its value, as the module's own default
	// may differ from Octavia's (a listener's protocol_port is 80)
	always bool
	// choices the module accepts, when it restricts them
	choices []string
}

// ansibleNeed is an attribute Octavia requires of some objects and the
// module has no option for: such an object's task is left out.
type ansibleNeed struct {
	key  string
	when func(octavia.Object) bool
}

// ansibleModules is the table of the kinds the collection has modules
// for; L7 policies and rules have none.
var ansibleModules = map[octavia.Kind]ansibleModule{
	octavia.KindLoadBalancer: {name: "openstack.cloud.loadbalancer", opts: []ansibleOpt{
		{key: "vip_subnet_id", name: "vip_subnet"},
		{key: "vip_network_id", name: "vip_network"},
		{key: "vip_port_id", name: "vip_port"},
		{key: "vip_address", name: "vip_address"},
		{key: "flavor_id", name: "flavor"},
		{key: "availability_zone", name: "availability_zone"},
	}, extra: []string{"public_ip_address", "auto_public_ip", "public_network"}},
	octavia.KindListener: {name: "openstack.cloud.lb_listener", opts: []ansibleOpt{
		{key: "protocol", name: "protocol", always: true,
			choices: []string{"HTTP", "HTTPS", "TCP", "TERMINATED_HTTPS", "UDP", "SCTP"}},
		{key: "protocol_port", name: "protocol_port", always: true},
		{key: "timeout_client_data", name: "timeout_client_data"},
		{key: "timeout_member_data", name: "timeout_member_data"},
	}, extra: []string{"loadbalancer"}, needs: []ansibleNeed{{"default_tls_container_ref", terminatesTLS}}},
	octavia.KindPool: {name: "openstack.cloud.lb_pool", opts: []ansibleOpt{
		{key: "protocol", name: "protocol", always: true,
			choices: []string{"HTTP", "HTTPS", "PROXY", "TCP", "UDP"}},
		{key: "lb_algorithm", name: "lb_algorithm", always: true,
			choices: []string{"LEAST_CONNECTIONS", "ROUND_ROBIN", "SOURCE_IP"}},
	}, extra: []string{"loadbalancer", "listener"}},
	octavia.KindMember: {name: "openstack.cloud.lb_member", opts: []ansibleOpt{
		{key: "address", name: "address", always: true},
		{key: "protocol_port", name: "protocol_port", always: true},
		{key: "subnet_id", name: "subnet_id"},
		{key: "monitor_address", name: "monitor_address"},
		{key: "monitor_port", name: "monitor_port"},
	}, extra: []string{"pool"}},
	octavia.KindMonitor: {name: "openstack.cloud.lb_health_monitor", opts: []ansibleOpt{
		{key: "type", name: "type", always: true,
			choices: []string{"HTTP", "HTTPS", "PING", "SCTP", "TCP", "TLS-HELLO", "UDP-CONNECT"}},
		{key: "delay", name: "delay", always: true},
		{key: "timeout", name: "resp_timeout", always: true},
		{key: "max_retries", name: "max_retries", always: true},
		{key: "max_retries_down", name: "max_retries_down"},
		{key: "http_method", name: "http_method",
			choices: []string{"GET", "CONNECT", "DELETE", "HEAD", "OPTIONS", "PATCH", "POST", "PUT", "TRACE"}},
		{key: "url_path", name: "url_path"},
		{key: "expected_codes", name: "expected_codes"},
		{key: "admin_state_up", name: "admin_state_up"},
	}, extra: []string{"pool"}},
}

// AnsibleOption is one option the Ansible writer may write: the module,
// the option, and the choices it holds the value to.
type AnsibleOption struct {
	Module, Name string
	Choices      []string
}

// AnsibleOptions lists every option the writer may write, the options
// that name a parent and the ones every task has included
// (export/codecheck holds them to the collection's argument specs).
func AnsibleOptions() []AnsibleOption {
	out := []AnsibleOption{}
	for _, k := range []octavia.Kind{octavia.KindLoadBalancer, octavia.KindListener, octavia.KindPool,
		octavia.KindMember, octavia.KindMonitor} {
		m := ansibleModules[k]
		for _, name := range append([]string{"cloud", "name"}, m.extra...) {
			out = append(out, AnsibleOption{Module: m.name, Name: name})
		}
		for _, o := range m.opts {
			out = append(out, AnsibleOption{m.name, o.name, o.choices})
		}
	}
	return out
}
