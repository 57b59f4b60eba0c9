package app

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
)

const (
	testID  = "6f1a0c1e-7d2b-4a5e-9f3c-2b1d0e4c8a7f"
	testID2 = "0b3f5a8c-1e2d-4c6b-8a9f-7d6e5c4b3a21"
)

// Barbican refs as a certificate field takes them: the URL of a secret or a container.
const (
	certRef  = "https://barbican.example:9311/v1/secrets/" + testID
	certRef2 = "https://barbican.example:9311/v1/containers/" + testID2
)

// longRef is a valid ref of about 200 characters (Octavia's limit is 255 each).
func longRef(host string) string {
	return "https://" + strings.Repeat(host, 140) + ".example/v1/secrets/" + testID
}

// validateCase is a form and the fields it must flag (none: valid).
type validateCase struct {
	name   string
	v      form.Values
	create bool
	want   []string
}

// over returns a case's form: base (a valid form of a kind) with the
// case's extra values set over it.
func over(base form.Values) func(extra form.Values) form.Values {
	return func(extra form.Values) form.Values {
		v := maps.Clone(base)
		maps.Copy(v, extra)
		return v
	}
}

func runValidate(t *testing.T, res *console.Resource, cases []validateCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			errs := kindErrs(res, tc.v, tc.create)
			got := slices.Sorted(maps.Keys(errs))
			want := slices.Sorted(slices.Values(tc.want))
			if !slices.Equal(got, want) {
				t.Errorf("fields in error: got %q (%v), want %q", got, errs, want)
			}
			for k, msg := range errs {
				if msg == "" || !strings.HasSuffix(msg, ".") {
					t.Errorf("%s: got message %q, want a sentence", k, msg)
				}
			}
		})
	}
}

// kindErrs is what res's form says of values v sent as they are: its
// fields' required ones left empty on a create (form.Check), an attribute
// set at creation only sent on an edit (the edit form has no such field),
// and res.Validate's value checks and cross-field rules on v.
func kindErrs(res *console.Resource, v form.Values, create bool) form.Errs {
	errs := form.Errs{}
	maps.Copy(errs, res.Validate(v, create))
	maps.Copy(errs, form.Check(res.Fields, v, nil, create, nil))
	for _, f := range res.Fields {
		if _, sent := v[f.Key]; sent && !create && !f.On(false) {
			errs[f.Key] = "This cannot be changed after creation."
		}
	}
	return errs
}

func TestValidateLoadBalancer(t *testing.T) {
	runValidate(t, console.LBResource, []validateCase{
		{"create with a subnet", form.Values{"name": "web", "vip_subnet_id": testID, "vip_address": "10.0.0.5", "admin_state_up": "true", "tags": "a,b"}, true, nil},
		{"create with a port (the wizard's choice)", form.Values{"_vip": "port", "vip_port_id": testID}, true, nil},
		{"create with a port not given", form.Values{"_vip": "port"}, true, []string{"vip_port_id", "vip_subnet_id"}},
		{"create with an IPv6 VIP", form.Values{"vip_subnet_id": testID, "vip_address": "2001:db8::5"}, true, nil},
		{"create without a VIP", form.Values{"name": "web"}, true, []string{"vip_subnet_id"}},
		{"create with an empty subnet", form.Values{"vip_subnet_id": ""}, true, []string{"vip_subnet_id"}},
		{"subnet not a UUID", form.Values{"vip_subnet_id": "private-subnet"}, true, []string{"vip_subnet_id"}},
		{"UUID without dashes", form.Values{"vip_subnet_id": strings.ReplaceAll(testID, "-", "")}, true, nil},
		{"bad VIP address", form.Values{"vip_subnet_id": testID, "vip_address": "10.0.0.256"}, true, []string{"vip_address"}},
		{"VIP address with a zone", form.Values{"vip_subnet_id": testID, "vip_address": "fe80::1%eth0"}, true, []string{"vip_address"}},
		{"name of 255 characters", form.Values{"vip_subnet_id": testID, "name": strings.Repeat("é", 255)}, true, nil},
		{"name of 256 characters", form.Values{"vip_subnet_id": testID, "name": strings.Repeat("é", 256)}, true, []string{"name"}},
		{"description too long", form.Values{"vip_subnet_id": testID, "description": strings.Repeat("x", 256)}, true, []string{"description"}},
		{"admin_state_up not a boolean", form.Values{"vip_subnet_id": testID, "admin_state_up": "yes"}, true, []string{"admin_state_up"}},
		{"admin_state_up capitalised", form.Values{"vip_subnet_id": testID, "admin_state_up": "True"}, true, []string{"admin_state_up"}},
		{"tags one a line", form.Values{"vip_subnet_id": testID, "tags": "prod\nweb\n"}, true, nil},
		{"tag with a comma on its line", form.Values{"vip_subnet_id": testID, "tags": "prod\na,b"}, true, []string{"tags"}},
		{"tag too long", form.Values{"vip_subnet_id": testID, "tags": "ok," + strings.Repeat("t", 256)}, true, []string{"tags"}},
		{"edit name only", form.Values{"name": "renamed", "description": ""}, false, nil},
		{"edit without a VIP is fine", form.Values{"admin_state_up": "false"}, false, nil},
		{"edit the VIP", form.Values{"vip_subnet_id": testID, "vip_address": "10.0.0.6"}, false, []string{"vip_address", "vip_subnet_id"}},
	})
}

// TestValidateLoadBalancerNetwork: Octavia takes a VIP network alone (the
// console's create offers a subnet or a port).
func TestValidateLoadBalancerNetwork(t *testing.T) {
	if errs := form.ValidateLoadBalancer(form.Values{"vip_network_id": testID}, true); errs != nil {
		t.Errorf("got %v, want none", errs)
	}
}

func TestValidateListener(t *testing.T) {
	base := over(form.Values{"protocol": "HTTP", "protocol_port": "80", "loadbalancer_id": testID})
	runValidate(t, console.ListenerRes, []validateCase{
		{"minimal HTTP", base(nil), true, nil},
		{"everything valid", base(form.Values{"name": "l", "connection_limit": "-1", "timeout_client_data": "50000", "timeout_member_connect": "0",
			"timeout_member_data": "2073600000", "timeout_tcp_inspect": "0", "allowed_cidrs": "10.0.0.0/8\n2001:db8::/32\n192.0.2.1",
			"insert_headers.X-Forwarded-For": "true", "default_pool_id": testID2}), true, nil},
		{"missing everything", form.Values{}, true, []string{"loadbalancer_id", "protocol", "protocol_port"}},
		{"unknown protocol", base(form.Values{"protocol": "FTP"}), true, []string{"protocol"}},
		{"pool protocol PROXY is no listener protocol", base(form.Values{"protocol": "PROXY"}), true, []string{"protocol"}},
		{"port 0", base(form.Values{"protocol_port": "0"}), true, []string{"protocol_port"}},
		{"port 65536", base(form.Values{"protocol_port": "65536"}), true, []string{"protocol_port"}},
		{"port with a space", base(form.Values{"protocol_port": " 80"}), true, []string{"protocol_port"}},
		{"port with a plus", base(form.Values{"protocol_port": "+80"}), true, []string{"protocol_port"}},
		{"port 65535", base(form.Values{"protocol_port": "65535"}), true, nil},
		{"connection limit -2", base(form.Values{"connection_limit": "-2"}), true, []string{"connection_limit"}},
		{"connection limit 0", base(form.Values{"connection_limit": "0"}), true, nil},
		{"timeout negative", base(form.Values{"timeout_client_data": "-1"}), true, []string{"timeout_client_data"}},
		{"timeout over the maximum", base(form.Values{"timeout_member_data": "2073600001"}), true, []string{"timeout_member_data"}},
		{"timeout not a number", base(form.Values{"timeout_tcp_inspect": "1s"}), true, []string{"timeout_tcp_inspect"}},
		{"bad CIDR", base(form.Values{"allowed_cidrs": "10.0.0.0/24, nope"}), true, []string{"allowed_cidrs"}},
		{"CIDR with a netmask", base(form.Values{"allowed_cidrs": "10.0.0.0/255.255.255.0"}), true, nil},
		{"CIDR with a broken netmask", base(form.Values{"allowed_cidrs": "10.0.0.0/255.0.255.0"}), true, []string{"allowed_cidrs"}},
		{"CIDR prefix too long", base(form.Values{"allowed_cidrs": "10.0.0.0/33"}), true, []string{"allowed_cidrs"}},
		{"TERMINATED_HTTPS with a certificate", base(form.Values{"protocol": "TERMINATED_HTTPS", "protocol_port": "443", "default_tls_container_ref": "https://barbican/v1/containers/x"}), true, nil},
		{"two long SNI refs", base(form.Values{"protocol": "TERMINATED_HTTPS", "sni_container_refs": longRef("a") + "\n" + longRef("b")}), true, nil},
		{"SNI ref too long", base(form.Values{"protocol": "TERMINATED_HTTPS", "sni_container_refs": strings.Repeat("a", 256)}), true, []string{"sni_container_refs"}},
		{"TERMINATED_HTTPS with SNI only", base(form.Values{"protocol": "TERMINATED_HTTPS", "sni_container_refs": certRef + "\n" + certRef2}), true, nil},
		{"an SNI ref that is not a URL", base(form.Values{"protocol": "TERMINATED_HTTPS", "sni_container_refs": certRef + "\nwww-cert"}), true, []string{"sni_container_refs"}},
		{"a certificate named, not its URL", base(form.Values{"protocol": "TERMINATED_HTTPS", "default_tls_container_ref": "www-cert"}), true, []string{"default_tls_container_ref"}},
		{"TERMINATED_HTTPS without a certificate", base(form.Values{"protocol": "TERMINATED_HTTPS"}), true, []string{"default_tls_container_ref"}},
		{"certificate on HTTP", base(form.Values{"default_tls_container_ref": certRef}), true, []string{"default_tls_container_ref"}},
		{"certificate on TCP", base(form.Values{"protocol": "TCP", "default_tls_container_ref": certRef}), true, []string{"default_tls_container_ref"}},
		{"certificate on PROMETHEUS", base(form.Values{"protocol": "PROMETHEUS", "default_tls_container_ref": certRef}), true, nil},
		{"client CA without a certificate", base(form.Values{"protocol": "TERMINATED_HTTPS", "sni_container_refs": "", "default_tls_container_ref": "", "client_ca_tls_container_ref": certRef2}), true, []string{"client_ca_tls_container_ref", "default_tls_container_ref"}},
		{"client authentication without a CA", base(form.Values{"protocol": "TERMINATED_HTTPS", "default_tls_container_ref": certRef, "client_authentication": "MANDATORY"}), true, []string{"client_authentication"}},
		{"client authentication NONE", base(form.Values{"client_authentication": "NONE"}), true, nil},
		{"CRL without a CA", base(form.Values{"protocol": "TERMINATED_HTTPS", "default_tls_container_ref": certRef, "client_crl_container_ref": certRef2}), true, []string{"client_crl_container_ref"}},
		{"TLS versions", base(form.Values{"tls_versions": "TLSv1.2, TLSv1.3"}), true, nil},
		{"bad TLS version", base(form.Values{"protocol": "TERMINATED_HTTPS", "default_tls_container_ref": certRef, "tls_versions": "TLSv1.4"}), true, []string{"tls_versions"}},
		{"bad ALPN protocol", base(form.Values{"protocol": "TERMINATED_HTTPS", "default_tls_container_ref": certRef, "alpn_protocols": "h3"}), true, []string{"alpn_protocols"}},
		{"insert headers on TCP", base(form.Values{"protocol": "TCP", "insert_headers.X-Forwarded-For": "true"}), true, []string{"insert_headers.X-Forwarded-For"}},
		{"insert headers on UDP", base(form.Values{"protocol": "UDP", "insert_headers.X-Forwarded-Port": "true"}), true, []string{"insert_headers.X-Forwarded-Port"}},
		{"SSL header on HTTP", base(form.Values{"insert_headers.X-SSL-Client-CN": "true"}), true, []string{"insert_headers.X-SSL-Client-CN"}},
		{"SSL header on TERMINATED_HTTPS", base(form.Values{"protocol": "TERMINATED_HTTPS", "default_tls_container_ref": certRef, "insert_headers.X-SSL-Client-CN": "true"}), true, nil},
		{"unknown header", base(form.Values{"insert_headers.X-Real-IP": "true"}), true, []string{"insert_headers.X-Real-IP"}},
		{"edit timeouts and name", form.Values{"name": "x", "timeout_client_data": "1000", "connection_limit": "100"}, false, nil},
		{"edit protocol and port", form.Values{"protocol": "TCP", "protocol_port": "81", "loadbalancer_id": testID}, false, []string{"loadbalancer_id", "protocol", "protocol_port"}},
		{"edit certificate: protocol unknown", form.Values{"default_tls_container_ref": "ref"}, false, nil},
	})
}

func TestValidatePool(t *testing.T) {
	base := over(form.Values{"lb_algorithm": "ROUND_ROBIN", "protocol": "HTTP", "listener_id": testID})
	runValidate(t, console.PoolRes, []validateCase{
		{"on a listener", base(nil), true, nil},
		{"on a load balancer", form.Values{"lb_algorithm": "SOURCE_IP_PORT", "protocol": "TCP", "loadbalancer_id": testID}, true, nil},
		{"on neither", form.Values{"lb_algorithm": "ROUND_ROBIN", "protocol": "HTTP"}, true, []string{"listener_id"}},
		{"missing algorithm and protocol", form.Values{"listener_id": testID}, true, []string{"lb_algorithm", "protocol"}},
		{"unknown algorithm", base(form.Values{"lb_algorithm": "RANDOM"}), true, []string{"lb_algorithm"}},
		{"TERMINATED_HTTPS is no pool protocol", base(form.Values{"protocol": "TERMINATED_HTTPS"}), true, []string{"protocol"}},
		{"PROXYV2 pool", base(form.Values{"protocol": "PROXYV2"}), true, nil},
		{"HTTP pool on a TCP listener", base(form.Values{"listener_protocol": "TCP"}), true, nil},
		{"TCP pool on an HTTP listener", base(form.Values{"protocol": "TCP", "listener_protocol": "HTTP"}), true, []string{"protocol"}},
		{"HTTPS pool on a TERMINATED_HTTPS listener", base(form.Values{"protocol": "HTTPS", "listener_protocol": "TERMINATED_HTTPS"}), true, []string{"protocol"}},
		{"TCP pool on an HTTPS listener", base(form.Values{"protocol": "TCP", "listener_protocol": "HTTPS"}), true, nil},
		{"UDP pool on a UDP listener", base(form.Values{"protocol": "UDP", "listener_protocol": "UDP"}), true, nil},
		{"any pool on a PROMETHEUS listener", base(form.Values{"listener_protocol": "PROMETHEUS"}), true, []string{"protocol"}},
		{"APP_COOKIE with a cookie", base(form.Values{"session_persistence.type": "APP_COOKIE", "session_persistence.cookie_name": "JSESSIONID"}), true, nil},
		{"APP_COOKIE without a cookie", base(form.Values{"session_persistence.type": "APP_COOKIE"}), true, []string{"session_persistence.cookie_name"}},
		{"HTTP_COOKIE with a cookie", base(form.Values{"session_persistence.type": "HTTP_COOKIE", "session_persistence.cookie_name": "c"}), true, []string{"session_persistence.cookie_name"}},
		{"SOURCE_IP with an empty cookie", base(form.Values{"session_persistence.type": "SOURCE_IP", "session_persistence.cookie_name": ""}), true, nil},
		{"unknown persistence", base(form.Values{"session_persistence.type": "STICKY"}), true, []string{"session_persistence.type"}},
		{"bad cookie name", base(form.Values{"session_persistence.type": "APP_COOKIE", "session_persistence.cookie_name": "my cookie"}), true, []string{"session_persistence.cookie_name"}},
		{"cookie name with non-ASCII letters", base(form.Values{"session_persistence.type": "APP_COOKIE", "session_persistence.cookie_name": "café☕"}), true, nil},
		{"cookie name with a semicolon", base(form.Values{"session_persistence.type": "APP_COOKIE", "session_persistence.cookie_name": "a;b"}), true, []string{"session_persistence.cookie_name"}},
		{"UDP pool with HTTP_COOKIE", base(form.Values{"protocol": "UDP", "session_persistence.type": "HTTP_COOKIE"}), true, []string{"session_persistence.type"}},
		{"UDP pool with SOURCE_IP and timeout", base(form.Values{"protocol": "UDP", "session_persistence.type": "SOURCE_IP", "session_persistence.persistence_timeout": "360", "session_persistence.persistence_granularity": "255.255.255.0"}), true, nil},
		{"persistence timeout on an HTTP pool", base(form.Values{"session_persistence.type": "SOURCE_IP", "session_persistence.persistence_timeout": "360"}), true, []string{"session_persistence.persistence_timeout"}},
		{"edit algorithm and persistence", form.Values{"lb_algorithm": "LEAST_CONNECTIONS", "session_persistence.type": "APP_COOKIE", "session_persistence.cookie_name": "s"}, false, nil},
		{"edit protocol", form.Values{"protocol": "TCP"}, false, []string{"protocol"}},
		{"edit without required fields", form.Values{"name": "p"}, false, nil},
	})
}

func TestValidateMember(t *testing.T) {
	runValidate(t, console.MemberRes, []validateCase{
		{"IPv4 member", form.Values{"address": "192.0.2.10", "protocol_port": "8080", "weight": "1", "subnet_id": testID, "backup": "false"}, true, nil},
		{"IPv6 member with monitor", form.Values{"address": "2001:db8::10", "protocol_port": "80", "monitor_address": "2001:db8::11", "monitor_port": "9000"}, true, nil},
		{"missing address and port", form.Values{"weight": "1"}, true, []string{"address", "protocol_port"}},
		{"address with leading zeros", form.Values{"address": "010.0.0.1", "protocol_port": "80"}, true, []string{"address"}},
		{"IPv4-mapped IPv6 address", form.Values{"address": "::ffff:10.0.0.1", "protocol_port": "80"}, true, nil},
		{"host name as address", form.Values{"address": "web1.example.com", "protocol_port": "80"}, true, []string{"address"}},
		{"weight 0 and 256", form.Values{"address": "192.0.2.1", "protocol_port": "80", "weight": "256", "monitor_port": "1"}, true, nil},
		{"weight 257", form.Values{"address": "192.0.2.1", "protocol_port": "80", "weight": "257"}, true, []string{"weight"}},
		{"weight negative", form.Values{"address": "192.0.2.1", "protocol_port": "80", "weight": "-1"}, true, []string{"weight"}},
		{"bad monitor fields", form.Values{"address": "192.0.2.1", "protocol_port": "80", "monitor_address": "x", "monitor_port": "70000", "backup": "1"}, true, []string{"backup", "monitor_address", "monitor_port"}},
		{"bad subnet", form.Values{"address": "192.0.2.1", "protocol_port": "80", "subnet_id": "123"}, true, []string{"subnet_id"}},
		{"edit weight", form.Values{"weight": "5", "admin_state_up": "false", "name": "m"}, false, nil},
		{"edit address", form.Values{"address": "192.0.2.2", "protocol_port": "81"}, false, []string{"address", "protocol_port"}},
	})
}

func TestValidateMonitor(t *testing.T) {
	base := over(form.Values{"type": "HTTP", "delay": "5", "timeout": "3", "max_retries": "3", "pool_id": testID})
	runValidate(t, console.MonitorRes, []validateCase{
		{"HTTP monitor", base(form.Values{"http_method": "GET", "url_path": "/health?full=1", "expected_codes": "200-204", "max_retries_down": "10"}), true, nil},
		{"HTTP 1.1 with a domain", base(form.Values{"http_version": "1.1", "domain_name": "www.example.com"}), true, nil},
		{"TCP monitor", base(form.Values{"type": "TCP"}), true, nil},
		{"missing everything", form.Values{}, true, []string{"delay", "max_retries", "pool_id", "timeout", "type"}},
		{"unknown type", base(form.Values{"type": "ICMP"}), true, []string{"type"}},
		{"timeout equals delay", base(form.Values{"timeout": "5"}), true, nil},
		{"timeout over delay", base(form.Values{"timeout": "6"}), true, []string{"timeout"}},
		{"negative delay", base(form.Values{"delay": "-1"}), true, []string{"delay"}},
		{"max retries 0", base(form.Values{"max_retries": "0"}), true, []string{"max_retries"}},
		{"max retries down 11", base(form.Values{"max_retries_down": "11"}), true, []string{"max_retries_down"}},
		{"unknown method", base(form.Values{"http_method": "FETCH"}), true, []string{"http_method"}},
		{"path without slash", base(form.Values{"url_path": "health"}), true, []string{"url_path"}},
		{"path with a space", base(form.Values{"url_path": "/a b"}), true, []string{"url_path"}},
		{"path with brackets", base(form.Values{"url_path": "/a[1]"}), true, []string{"url_path"}},
		{"query with brackets", base(form.Values{"url_path": "/a?x=[1]"}), true, nil},
		{"path of two slashes", base(form.Values{"url_path": "//host/a"}), true, []string{"url_path"}},
		{"path as URL", base(form.Values{"url_path": "http://example.com/health"}), true, []string{"url_path"}},
		{"expected codes list", base(form.Values{"expected_codes": "200, 202"}), true, nil},
		{"expected codes 2xx", base(form.Values{"expected_codes": "2xx"}), true, []string{"expected_codes"}},
		{"expected codes with a space only", base(form.Values{"expected_codes": "200 201"}), true, []string{"expected_codes"}},
		{"expected codes open range", base(form.Values{"expected_codes": "200-"}), true, []string{"expected_codes"}},
		{"HTTP fields on TCP", base(form.Values{"type": "TCP", "url_path": "/", "http_method": "GET", "expected_codes": "200"}), true, []string{"expected_codes", "http_method", "url_path"}},
		{"HTTP fields empty on PING", base(form.Values{"type": "PING", "url_path": ""}), true, nil},
		{"bad HTTP version", base(form.Values{"http_version": "2"}), true, []string{"http_version"}},
		{"domain without version", base(form.Values{"domain_name": "example.com"}), true, []string{"http_version"}},
		{"domain with HTTP 1.0", base(form.Values{"domain_name": "example.com", "http_version": "1.0"}), true, []string{"http_version"}},
		{"bad domain", base(form.Values{"domain_name": "-bad-.example.com", "http_version": "1.1"}), true, []string{"domain_name"}},
		{"domain with leading underscore label", base(form.Values{"domain_name": "_srv.example.com", "http_version": "1.1"}), true, nil},
		{"domain with inner underscore", base(form.Values{"domain_name": "a_b.example.com", "http_version": "1.1"}), true, []string{"domain_name"}},
		{"UDP-CONNECT on a UDP pool", base(form.Values{"type": "UDP-CONNECT", "pool_protocol": "UDP"}), true, nil},
		{"UDP-CONNECT on an HTTP pool", base(form.Values{"type": "UDP-CONNECT", "pool_protocol": "HTTP"}), true, []string{"type"}},
		{"HTTPS monitor on a UDP pool", base(form.Values{"type": "HTTPS", "pool_protocol": "UDP"}), true, []string{"type"}},
		{"edit delay and path", form.Values{"delay": "10", "timeout": "5", "url_path": "/ping"}, false, nil},
		{"edit type and pool", form.Values{"type": "TCP", "pool_id": testID}, false, []string{"pool_id", "type"}},
		{"edit domain only", form.Values{"domain_name": "example.org"}, false, nil},
	})
}

func TestValidateL7Policy(t *testing.T) {
	runValidate(t, console.L7policyRes, []validateCase{
		{"reject", form.Values{"action": "REJECT", "listener_id": testID, "position": "1"}, true, nil},
		{"redirect to URL", form.Values{"action": "REDIRECT_TO_URL", "listener_id": testID, "redirect_url": "https://example.com/new", "redirect_http_code": "301"}, true, nil},
		{"redirect to pool", form.Values{"action": "REDIRECT_TO_POOL", "listener_id": testID, "redirect_pool_id": testID2}, true, nil},
		{"redirect prefix", form.Values{"action": "REDIRECT_PREFIX", "listener_id": testID, "redirect_prefix": "http://example.com", "redirect_http_code": "308"}, true, nil},
		{"missing action and listener", form.Values{}, true, []string{"action", "listener_id"}},
		{"unknown action", form.Values{"action": "DROP", "listener_id": testID}, true, []string{"action"}},
		{"URL missing", form.Values{"action": "REDIRECT_TO_URL", "listener_id": testID}, true, []string{"redirect_url"}},
		{"pool missing", form.Values{"action": "REDIRECT_TO_POOL", "listener_id": testID, "redirect_pool_id": ""}, true, []string{"redirect_pool_id"}},
		{"prefix missing", form.Values{"action": "REDIRECT_PREFIX", "listener_id": testID}, true, []string{"redirect_prefix"}},
		{"ftp URL", form.Values{"action": "REDIRECT_TO_URL", "listener_id": testID, "redirect_url": "ftp://example.com/"}, true, []string{"redirect_url"}},
		{"URL without scheme", form.Values{"action": "REDIRECT_TO_URL", "listener_id": testID, "redirect_url": "example.com"}, true, []string{"redirect_url"}},
		{"URL with an upper-case scheme", form.Values{"action": "REDIRECT_TO_URL", "listener_id": testID, "redirect_url": "HTTP://example.com"}, true, []string{"redirect_url"}},
		{"URL without a host", form.Values{"action": "REDIRECT_TO_URL", "listener_id": testID, "redirect_url": "http:example.com"}, true, []string{"redirect_url"}},
		{"URL with a space", form.Values{"action": "REDIRECT_TO_URL", "listener_id": testID, "redirect_url": "http://example.com/a b"}, true, []string{"redirect_url"}},
		{"URL with a port and query", form.Values{"action": "REDIRECT_TO_URL", "listener_id": testID, "redirect_url": "http://[2001:db8::1]:8080/?a=%zz"}, true, nil},
		{"javascript URL", form.Values{"action": "REDIRECT_TO_URL", "listener_id": testID, "redirect_url": "javascript:alert(1)"}, true, []string{"redirect_url"}},
		{"pool with a URL", form.Values{"action": "REDIRECT_TO_POOL", "listener_id": testID, "redirect_pool_id": testID2, "redirect_url": "http://x"}, true, []string{"redirect_url"}},
		{"code with REJECT", form.Values{"action": "REJECT", "listener_id": testID, "redirect_http_code": "302"}, true, []string{"redirect_http_code"}},
		{"code 304", form.Values{"action": "REDIRECT_TO_URL", "listener_id": testID, "redirect_url": "http://x", "redirect_http_code": "304"}, true, []string{"redirect_http_code"}},
		{"position 0", form.Values{"action": "REJECT", "listener_id": testID, "position": "0"}, true, []string{"position"}},
		{"position too big", form.Values{"action": "REJECT", "listener_id": testID, "position": "2147483648"}, true, []string{"position"}},
		{"edit position", form.Values{"position": "3", "name": "p"}, false, nil},
		{"edit URL without action", form.Values{"redirect_url": "https://example.com"}, false, nil},
		{"edit listener", form.Values{"listener_id": testID}, false, []string{"listener_id"}},
	})
}

func TestValidateL7Rule(t *testing.T) {
	runValidate(t, console.L7ruleRes, []validateCase{
		{"path starts with", form.Values{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/api"}, true, nil},
		{"host name equal", form.Values{"type": "HOST_NAME", "compare_type": "EQUAL_TO", "value": "www.example.com", "invert": "true"}, true, nil},
		{"header", form.Values{"type": "HEADER", "compare_type": "CONTAINS", "key": "X-Env", "value": "prod"}, true, nil},
		{"header quoted value with space", form.Values{"type": "HEADER", "compare_type": "EQUAL_TO", "key": "X-Env", "value": `"a b"`}, true, nil},
		{"header value with space", form.Values{"type": "HEADER", "compare_type": "EQUAL_TO", "key": "X-Env", "value": "a b"}, true, []string{"value"}},
		{"header without key", form.Values{"type": "HEADER", "compare_type": "EQUAL_TO", "value": "x"}, true, []string{"key"}},
		{"header bad key", form.Values{"type": "HEADER", "compare_type": "EQUAL_TO", "key": "X Env", "value": "x"}, true, []string{"key"}},
		{"cookie", form.Values{"type": "COOKIE", "compare_type": "EQUAL_TO", "key": "session", "value": "abc=="}, true, nil},
		{"cookie value with a semicolon", form.Values{"type": "COOKIE", "compare_type": "EQUAL_TO", "key": "session", "value": "a;b"}, true, []string{"value"}},
		{"cookie regex", form.Values{"type": "COOKIE", "compare_type": "REGEX", "key": "s", "value": "^a;b$"}, true, nil},
		{"bad regex", form.Values{"type": "PATH", "compare_type": "REGEX", "value": "^/api/(v1"}, true, []string{"value"}},
		{"look-behind regex passes", form.Values{"type": "PATH", "compare_type": "REGEX", "value": "(?<!/admin)/x"}, true, nil},
		{"possessive regex passes", form.Values{"type": "PATH", "compare_type": "REGEX", "value": "^/a++"}, true, nil},
		{"regex with nothing to repeat", form.Values{"type": "HOST_NAME", "compare_type": "REGEX", "value": "*.example.com"}, true, []string{"value"}},
		{"look-ahead regex passes", form.Values{"type": "PATH", "compare_type": "REGEX", "value": "^/(?!admin)"}, true, nil},
		{"path with a key", form.Values{"type": "PATH", "compare_type": "EQUAL_TO", "value": "/", "key": "k"}, true, []string{"key"}},
		{"file type contains", form.Values{"type": "FILE_TYPE", "compare_type": "CONTAINS", "value": "jpg"}, true, []string{"compare_type"}},
		{"file type equal", form.Values{"type": "FILE_TYPE", "compare_type": "EQUAL_TO", "value": "jpg"}, true, nil},
		{"has cert True", form.Values{"type": "SSL_CONN_HAS_CERT", "compare_type": "EQUAL_TO", "value": "True"}, true, nil},
		{"has cert false", form.Values{"type": "SSL_CONN_HAS_CERT", "compare_type": "EQUAL_TO", "value": "false"}, true, []string{"value"}},
		{"has cert regex", form.Values{"type": "SSL_CONN_HAS_CERT", "compare_type": "REGEX", "value": "true"}, true, []string{"compare_type"}},
		{"has cert with key", form.Values{"type": "SSL_CONN_HAS_CERT", "compare_type": "EQUAL_TO", "value": "true", "key": "k"}, true, []string{"key"}},
		{"verify result 0", form.Values{"type": "SSL_VERIFY_RESULT", "compare_type": "EQUAL_TO", "value": "0"}, true, nil},
		{"verify result negative", form.Values{"type": "SSL_VERIFY_RESULT", "compare_type": "EQUAL_TO", "value": "-1"}, true, []string{"value"}},
		{"DN field", form.Values{"type": "SSL_DN_FIELD", "compare_type": "ENDS_WITH", "key": "CN", "value": "example.com"}, true, nil},
		{"DN field bad key", form.Values{"type": "SSL_DN_FIELD", "compare_type": "EQUAL_TO", "key": "1CN", "value": "x"}, true, []string{"key"}},
		{"missing everything", form.Values{}, true, []string{"compare_type", "type", "value"}},
		{"unknown type and compare", form.Values{"type": "QUERY", "compare_type": "LIKE", "value": "x"}, true, []string{"compare_type", "type"}},
		{"value too long", form.Values{"type": "PATH", "compare_type": "CONTAINS", "value": "/" + strings.Repeat("a", 255)}, true, []string{"value"}},
		{"edit value", form.Values{"value": "/v2"}, false, nil},
		{"edit value to empty", form.Values{"value": ""}, false, []string{"value"}},
		{"edit to HEADER, key unchanged", form.Values{"type": "HEADER", "compare_type": "EQUAL_TO", "value": "x"}, false, nil},
		{"edit HEADER with the key emptied", form.Values{"type": "HEADER", "compare_type": "EQUAL_TO", "key": "", "value": "x"}, false, []string{"key"}},
	})
}

func TestValidateQuota(t *testing.T) {
	runValidate(t, console.QuotaRes, []validateCase{
		{"limits", form.Values{"loadbalancer": "10", "listener": "-1", "member": "0", "pool": "2000000000", "healthmonitor": "", "l7policy": "5", "l7rule": "50"}, false, nil},
		{"below -1", form.Values{"pool": "-2"}, false, []string{"pool"}},
		{"above the maximum", form.Values{"member": "2000000001"}, false, []string{"member"}},
		{"not whole", form.Values{"l7rule": "1.5", "listener": "ten"}, false, []string{"l7rule", "listener"}},
	})
}

func TestValidateFlavor(t *testing.T) {
	runValidate(t, console.FlavorRes, []validateCase{
		{"create", form.Values{"name": "small", "description": "d", "flavor_profile_id": testID, "enabled": "true"}, true, nil},
		{"create without name and profile", form.Values{"enabled": "true"}, true, []string{"flavor_profile_id", "name"}},
		{"bad enabled", form.Values{"name": "s", "flavor_profile_id": testID, "enabled": "on"}, true, []string{"enabled"}},
		{"edit", form.Values{"name": "big", "enabled": "false"}, false, nil},
		{"edit the profile", form.Values{"flavor_profile_id": testID}, false, []string{"flavor_profile_id"}},
	})
}

func TestValidateFlavorProfile(t *testing.T) {
	runValidate(t, console.FlavorProfileRes, []validateCase{
		{"create", form.Values{"name": "p", "provider_name": "amphora", "flavor_data": `{"loadbalancer_topology": "SINGLE"}`}, true, nil},
		{"create without fields", form.Values{}, true, []string{"flavor_data", "name", "provider_name"}},
		{"data not JSON", form.Values{"name": "p", "provider_name": "amphora", "flavor_data": "topology=SINGLE"}, true, []string{"flavor_data"}},
		{"data a JSON list", form.Values{"name": "p", "provider_name": "amphora", "flavor_data": `["a"]`}, true, []string{"flavor_data"}},
		{"data null", form.Values{"name": "p", "provider_name": "amphora", "flavor_data": "null"}, true, []string{"flavor_data"}},
		{"data too long", form.Values{"name": "p", "provider_name": "amphora", "flavor_data": `{"a":"` + strings.Repeat("x", 4096) + `"}`}, true, []string{"flavor_data"}},
		{"edit data", form.Values{"flavor_data": "{}"}, false, nil},
	})
}

func TestValidateAvailabilityZone(t *testing.T) {
	runValidate(t, console.AzRes, []validateCase{
		{"create", form.Values{"name": "az1", "availability_zone_profile_id": testID, "enabled": "true"}, true, nil},
		{"create without fields", form.Values{"description": "d"}, true, []string{"availability_zone_profile_id", "name"}},
		{"edit description", form.Values{"description": "new", "enabled": "false"}, false, nil},
		{"edit name and profile", form.Values{"name": "az2", "availability_zone_profile_id": testID}, false, []string{"availability_zone_profile_id", "name"}},
	})
}

func TestValidateAvailabilityZoneProfile(t *testing.T) {
	runValidate(t, console.AzProfileRes, []validateCase{
		{"create", form.Values{"name": "p", "provider_name": "amphora", "availability_zone_data": `{"compute_zone": "nova"}`}, true, nil},
		{"create without data", form.Values{"name": "p", "provider_name": "amphora"}, true, []string{"availability_zone_data"}},
		{"bad data", form.Values{"availability_zone_data": "{compute_zone: nova}"}, false, []string{"availability_zone_data"}},
		{"edit name", form.Values{"name": "q"}, false, nil},
	})
}

// TestValidateMessages pins a few messages the user reads.
func TestValidateMessages(t *testing.T) {
	for _, tc := range []struct {
		name  string
		errs  form.Errs
		field string
		want  string
	}{
		{"port", form.ValidateMember(form.Values{"address": "192.0.2.1", "protocol_port": "99999"}, true), "protocol_port", "The port must be a whole number from 1 to 65535."},
		{"required", kindErrs(console.MemberRes, form.Values{"protocol_port": "80"}, true), "address", "Address is required."},
		{"create only", kindErrs(console.MemberRes, form.Values{"address": "192.0.2.1"}, false), "address", "This cannot be changed after creation."},
		{"one of", kindErrs(console.PoolRes, form.Values{"lb_algorithm": "X"}, false), "lb_algorithm", "Choose one of: ROUND_ROBIN, LEAST_CONNECTIONS, SOURCE_IP, SOURCE_IP_PORT."},
		{"list item", form.ValidateListener(form.Values{"allowed_cidrs": "10.0.0.0/8,nope"}, false), "allowed_cidrs", `"nope": Enter a CIDR such as 203.0.113.0/24 or 2001:db8::/64.`},
		{"quota", form.ValidateQuota(form.Values{"pool": "-5"}, false), "pool", "-1 (unlimited) or a whole number from 0 to 2000000000."},
		{"name length", form.ValidateFlavor(form.Values{"name": strings.Repeat("n", 256)}, false), "name", "At most 255 characters."},
		{"listener pool protocols", form.ValidatePool(form.Values{"lb_algorithm": "ROUND_ROBIN", "protocol": "UDP", "listener_id": testID, "listener_protocol": "HTTP"}, true), "protocol", "Listeners of protocol HTTP take pools of protocol HTTP, PROXY or PROXYV2."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.errs[tc.field]; got != tc.want {
				t.Errorf("%s: got %q, want %q", tc.field, got, tc.want)
			}
		})
	}
}

func TestValidateValidFormHasNoErrors(t *testing.T) {
	if errs := form.ValidateMember(form.Values{"address": "192.0.2.1", "protocol_port": "80"}, true); errs != nil {
		t.Errorf("got %v, want nil", errs)
	}
}

func TestFaultField(t *testing.T) {
	listener := []string{"name", "description", "protocol", "protocol_port", "connection_limit", "allowed_cidrs", "default_tls_container_ref", "loadbalancer_id"}
	pool := []string{"name", "lb_algorithm", "protocol", "listener_id", "loadbalancer_id", "session_persistence.type", "session_persistence.cookie_name"}
	monitor := []string{"type", "delay", "timeout", "max_retries", "http_method", "url_path", "expected_codes", "http_version", "domain_name", "pool_id"}
	policy := []string{"action", "redirect_url", "redirect_prefix", "redirect_pool_id", "position", "listener_id"}
	rule := []string{"type", "compare_type", "key", "value"}
	for _, tc := range []struct {
		name, fault string
		names       []string
		want        string
	}{
		{"wsme range", "Invalid input for field/attribute protocol_port. Value: '99999'. Value should be lower or equal to 65535", listener, "protocol_port"},
		{"wsme type", "Invalid input for field/attribute protocol_port. Value: 'string'. Value should be int", listener, "protocol_port"},
		{"wsme enum", "Invalid input for field/attribute protocol. Value: 'FTP'. Value should be one of: 'HTTP', 'HTTPS', 'TCP'", listener, "protocol"},
		{"wsme CIDR list", "Invalid input for field/attribute allowed_cidrs. Value: '['10.0.0.0/24', 'nope']'. Value should be IPv4 or IPv6 CIDR format", listener, "allowed_cidrs"},
		{"wsme connection limit", "Invalid input for field/attribute connection_limit. Value: '-2'. Value should be greater or equal to -1", listener, "connection_limit"},
		{"wsme mandatory", "Invalid input for field/attribute loadbalancer_id. Value: 'None'. Mandatory field missing.", listener, "loadbalancer_id"},
		{"wsme name length", "Invalid input for field/attribute name. Value: 'xxx'. Value should have a maximum character requirement of 255", listener, "name"},
		{"nested wsme", "Invalid input for field/attribute type. Value: 'STICKY'. Value should be one of: HTTP_COOKIE, SOURCE_IP, APP_COOKIE", pool, "session_persistence.type"},
		{"nested wsme length", "Invalid input for field/attribute cookie_name. Value: 'xxx'. Value should have a maximum character requirement of 255", pool, "session_persistence.cookie_name"},
		{"timeout maximum", "Invalid input for field/attribute timeout_client_data. Value: '2073600001'. Value should be lower or equal to 2073600000", []string{"timeout_client_data"}, "timeout_client_data"},
		{"url path", "Invalid input for field/attribute url_path. Value: '/a b'. Value must be a valid URL Path string", monitor, "url_path"},
		{"http version", "Invalid input for field/attribute http_version. Value: '2.0'. Value should be one of: 1.0, 1.1", monitor, "http_version"},
		{"domain name", "Invalid input for field/attribute domain_name. Value: 'a_b.com'. Value should match the pattern ^(?=.{1,253}\\.?$)(?:(?!-|[^.]+_)[A-Za-z0-9-_]{1,63}(?<!-)(?:\\.|$))+$", monitor, "domain_name"},
		{"quota", "Invalid input for field/attribute pool. Value: '-2'. Value should be greater or equal to -1", []string{"loadbalancer", "pool", "member"}, "pool"},
		{"member address", "Invalid input for field/attribute address. Value: '010.0.0.1'. Value should be IPv4 or IPv6 format", []string{"address", "protocol_port"}, "address"},
		{"redirect code", "Invalid input for field/attribute redirect_http_code. Value: '304'. Value should be one of: 301, 302, 303, 307, 308", []string{"action", "redirect_http_code"}, "redirect_http_code"},
		{"expected codes", "Invalid input for field/attribute expected_codes. Value: '2xx'. Value should match the pattern ^(\\d{3}(\\s*,\\s*\\d{3})*)$|^(\\d{3}-\\d{3})$", monitor, "expected_codes"},
		{"redirect URL", "Invalid input for field/attribute redirect_url. Value: 'ftp://example.com/'. Value must be a valid URL string", policy, "redirect_url"},
		{"missing argument", `Missing argument: "pool_id"`, monitor, "pool_id"},
		{"unknown attribute", "Unknown attribute for argument healthmonitor: bogus", monitor, ""},
		{"invalid option", "http_method is not a valid option for health monitors of type TCP", monitor, "http_method"},
		{"invalid option None", "None is not a valid option for delay", monitor, "delay"},
		{"domain needs version", "Validation failure: 'http_version' must be specified when 'domain_name' is provided.", monitor, "http_version"},
		{"timeout over delay", "Validation failure: The timeout value must be less than or equal to the delay value.", monitor, "timeout"},
		{"cookie name", `Validation failure: Field "cookie_name" must be specified when using the "APP_COOKIE" session persistence type.`, pool, "session_persistence.cookie_name"},
		{"pool protocol", "Validation failure: The pool protocol 'TCP' is invalid while the listener protocol is 'HTTP'.", pool, "protocol"},
		{"no listener or LB", "Validation failure: Either loadbalancer_id or listener_id must be specified.", pool, "loadbalancer_id"},
		{"redirect pool", "Invalid L7 Policy arguments: A redirect_pool_id must be provided with a REDIRECT_TO_POOL action.", policy, "redirect_pool_id"},
		{"rule key", "Error parsing L7Rule: key must be specified when using the HEADER type.", rule, "key"},
		{"rule value chars", "Error parsing L7Rule: Invalid characters in header value", rule, "value"},
		{"rule key chars", "Error parsing L7Rule: Invalid characters in key", rule, "key"},
		{"rule needs a key", "Error parsing L7Rule: Invalid L7 Rule: L7 rule type requires a key", rule, "key"},
		{"rule takes no key", `Error parsing L7Rule: Invalid L7 Rule: L7rule type SSL_CONN_HAS_CERT does not use the "key" field.`, rule, "key"},
		{"rule DN field", "Error parsing L7Rule: Invalid L7 Rule: Invalid L7rule distinguished name field.", rule, "key"},
		{"rule regex", "Error parsing L7Rule: Unable to parse regular expression: missing ), unterminated subpattern at position 0", rule, "value"},
		{"rule has cert", "Error parsing L7Rule: Invalid L7 Rule: L7rule value false is not a boolean True string.", rule, "value"},
		{"rule verify result", "Error parsing L7Rule: Invalid L7 Rule: L7rule type SSL_VERIFY_RESULT needs a int value, which is >= 0", rule, "value"},
		{"rule compare type", "Error parsing L7Rule: Invalid L7 Rule: invalid comparison type for rule type", rule, "compare_type"},
		{"certificates", "Validation failure: Certificate container references are not allowed on HTTP protocol listeners.", listener, "default_tls_container_ref"},
		{"not a field", "Quota has been met for resources: Listener", listener, ""},
		{"no word inside a longer name", "Validation failure: the listener_protocol_x is odd", []string{"protocol"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := form.FaultField(tc.fault, tc.names); got != tc.want {
				t.Errorf("form.FaultField(%q): got %q, want %q", tc.fault, got, tc.want)
			}
		})
	}
}
