package app

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

const (
	testID  = "6f1a0c1e-7d2b-4a5e-9f3c-2b1d0e4c8a7f"
	testID2 = "0b3f5a8c-1e2d-4c6b-8a9f-7d6e5c4b3a21"
)

// validateCase is a form and the fields it must flag (none: valid).
type validateCase struct {
	name   string
	v      formValues
	create bool
	want   []string
}

func runValidate(t *testing.T, validate func(formValues, bool) fieldErrs, cases []validateCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			errs := validate(tc.v, tc.create)
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

func TestValidateLoadBalancer(t *testing.T) {
	runValidate(t, validateLoadBalancer, []validateCase{
		{"create with a subnet", formValues{"name": "web", "vip_subnet_id": testID, "vip_address": "10.0.0.5", "admin_state_up": "true", "tags": "a,b"}, true, nil},
		{"create with a network", formValues{"vip_network_id": testID}, true, nil},
		{"create with a port", formValues{"vip_port_id": testID}, true, nil},
		{"create with an IPv6 VIP", formValues{"vip_subnet_id": testID, "vip_address": "2001:db8::5"}, true, nil},
		{"create without a VIP", formValues{"name": "web"}, true, []string{"vip_subnet_id"}},
		{"create with an empty subnet", formValues{"vip_subnet_id": ""}, true, []string{"vip_subnet_id"}},
		{"subnet not a UUID", formValues{"vip_subnet_id": "private-subnet"}, true, []string{"vip_subnet_id"}},
		{"UUID without dashes", formValues{"vip_subnet_id": strings.ReplaceAll(testID, "-", "")}, true, nil},
		{"bad VIP address", formValues{"vip_subnet_id": testID, "vip_address": "10.0.0.256"}, true, []string{"vip_address"}},
		{"VIP address with a zone", formValues{"vip_subnet_id": testID, "vip_address": "fe80::1%eth0"}, true, []string{"vip_address"}},
		{"name of 255 characters", formValues{"vip_subnet_id": testID, "name": strings.Repeat("é", 255)}, true, nil},
		{"name of 256 characters", formValues{"vip_subnet_id": testID, "name": strings.Repeat("é", 256)}, true, []string{"name"}},
		{"description too long", formValues{"vip_subnet_id": testID, "description": strings.Repeat("x", 256)}, true, []string{"description"}},
		{"admin_state_up not a boolean", formValues{"vip_subnet_id": testID, "admin_state_up": "yes"}, true, []string{"admin_state_up"}},
		{"admin_state_up capitalised", formValues{"vip_subnet_id": testID, "admin_state_up": "True"}, true, []string{"admin_state_up"}},
		{"tags one a line", formValues{"vip_subnet_id": testID, "tags": "prod\nweb\n"}, true, nil},
		{"tag with a comma on its line", formValues{"vip_subnet_id": testID, "tags": "prod\na,b"}, true, []string{"tags"}},
		{"tag too long", formValues{"vip_subnet_id": testID, "tags": "ok," + strings.Repeat("t", 256)}, true, []string{"tags"}},
		{"edit name only", formValues{"name": "renamed", "description": ""}, false, nil},
		{"edit without a VIP is fine", formValues{"admin_state_up": "false"}, false, nil},
		{"edit the VIP", formValues{"vip_subnet_id": testID, "vip_address": "10.0.0.6"}, false, []string{"vip_address", "vip_subnet_id"}},
	})
}

func TestValidateListener(t *testing.T) {
	base := func(extra formValues) formValues {
		v := formValues{"protocol": "HTTP", "protocol_port": "80", "loadbalancer_id": testID}
		maps.Copy(v, extra)
		return v
	}
	runValidate(t, validateListener, []validateCase{
		{"minimal HTTP", base(nil), true, nil},
		{"everything valid", base(formValues{"name": "l", "connection_limit": "-1", "timeout_client_data": "50000", "timeout_member_connect": "0",
			"timeout_member_data": "2073600000", "timeout_tcp_inspect": "0", "allowed_cidrs": "10.0.0.0/8\n2001:db8::/32\n192.0.2.1",
			"insert_headers.X-Forwarded-For": "true", "default_pool_id": testID2}), true, nil},
		{"missing everything", formValues{}, true, []string{"loadbalancer_id", "protocol", "protocol_port"}},
		{"unknown protocol", base(formValues{"protocol": "FTP"}), true, []string{"protocol"}},
		{"pool protocol PROXY is no listener protocol", base(formValues{"protocol": "PROXY"}), true, []string{"protocol"}},
		{"port 0", base(formValues{"protocol_port": "0"}), true, []string{"protocol_port"}},
		{"port 65536", base(formValues{"protocol_port": "65536"}), true, []string{"protocol_port"}},
		{"port with a space", base(formValues{"protocol_port": " 80"}), true, []string{"protocol_port"}},
		{"port with a plus", base(formValues{"protocol_port": "+80"}), true, []string{"protocol_port"}},
		{"port 65535", base(formValues{"protocol_port": "65535"}), true, nil},
		{"connection limit -2", base(formValues{"connection_limit": "-2"}), true, []string{"connection_limit"}},
		{"connection limit 0", base(formValues{"connection_limit": "0"}), true, nil},
		{"timeout negative", base(formValues{"timeout_client_data": "-1"}), true, []string{"timeout_client_data"}},
		{"timeout over the maximum", base(formValues{"timeout_member_data": "2073600001"}), true, []string{"timeout_member_data"}},
		{"timeout not a number", base(formValues{"timeout_tcp_inspect": "1s"}), true, []string{"timeout_tcp_inspect"}},
		{"bad CIDR", base(formValues{"allowed_cidrs": "10.0.0.0/24, nope"}), true, []string{"allowed_cidrs"}},
		{"CIDR with a netmask", base(formValues{"allowed_cidrs": "10.0.0.0/255.255.255.0"}), true, nil},
		{"CIDR with a broken netmask", base(formValues{"allowed_cidrs": "10.0.0.0/255.0.255.0"}), true, []string{"allowed_cidrs"}},
		{"CIDR prefix too long", base(formValues{"allowed_cidrs": "10.0.0.0/33"}), true, []string{"allowed_cidrs"}},
		{"TERMINATED_HTTPS with a certificate", base(formValues{"protocol": "TERMINATED_HTTPS", "protocol_port": "443", "default_tls_container_ref": "https://barbican/v1/containers/x"}), true, nil},
		{"two long SNI refs", base(formValues{"protocol": "TERMINATED_HTTPS", "sni_container_refs": strings.Repeat("a", 200) + "\n" + strings.Repeat("b", 200)}), true, nil},
		{"SNI ref too long", base(formValues{"protocol": "TERMINATED_HTTPS", "sni_container_refs": strings.Repeat("a", 256)}), true, []string{"sni_container_refs"}},
		{"TERMINATED_HTTPS with SNI only", base(formValues{"protocol": "TERMINATED_HTTPS", "sni_container_refs": "a\nb"}), true, nil},
		{"TERMINATED_HTTPS without a certificate", base(formValues{"protocol": "TERMINATED_HTTPS"}), true, []string{"default_tls_container_ref"}},
		{"certificate on HTTP", base(formValues{"default_tls_container_ref": "ref"}), true, []string{"default_tls_container_ref"}},
		{"certificate on TCP", base(formValues{"protocol": "TCP", "default_tls_container_ref": "ref"}), true, []string{"default_tls_container_ref"}},
		{"certificate on PROMETHEUS", base(formValues{"protocol": "PROMETHEUS", "default_tls_container_ref": "ref"}), true, nil},
		{"client CA without a certificate", base(formValues{"protocol": "TERMINATED_HTTPS", "sni_container_refs": "", "default_tls_container_ref": "", "client_ca_tls_container_ref": "ca"}), true, []string{"client_ca_tls_container_ref", "default_tls_container_ref"}},
		{"client authentication without a CA", base(formValues{"protocol": "TERMINATED_HTTPS", "default_tls_container_ref": "c", "client_authentication": "MANDATORY"}), true, []string{"client_authentication"}},
		{"client authentication NONE", base(formValues{"client_authentication": "NONE"}), true, nil},
		{"CRL without a CA", base(formValues{"protocol": "TERMINATED_HTTPS", "default_tls_container_ref": "c", "client_crl_container_ref": "crl"}), true, []string{"client_crl_container_ref"}},
		{"TLS versions", base(formValues{"tls_versions": "TLSv1.2, TLSv1.3"}), true, nil},
		{"bad TLS version", base(formValues{"tls_versions": "TLSv1.4"}), true, []string{"tls_versions"}},
		{"bad ALPN protocol", base(formValues{"alpn_protocols": "h3"}), true, []string{"alpn_protocols"}},
		{"insert headers on TCP", base(formValues{"protocol": "TCP", "insert_headers.X-Forwarded-For": "true"}), true, []string{"insert_headers.X-Forwarded-For"}},
		{"insert headers on UDP", base(formValues{"protocol": "UDP", "insert_headers.X-Forwarded-Port": "true"}), true, []string{"insert_headers.X-Forwarded-Port"}},
		{"SSL header on HTTP", base(formValues{"insert_headers.X-SSL-Client-CN": "true"}), true, []string{"insert_headers.X-SSL-Client-CN"}},
		{"SSL header on TERMINATED_HTTPS", base(formValues{"protocol": "TERMINATED_HTTPS", "default_tls_container_ref": "c", "insert_headers.X-SSL-Client-CN": "true"}), true, nil},
		{"unknown header", base(formValues{"insert_headers.X-Real-IP": "true"}), true, []string{"insert_headers.X-Real-IP"}},
		{"edit timeouts and name", formValues{"name": "x", "timeout_client_data": "1000", "connection_limit": "100"}, false, nil},
		{"edit protocol and port", formValues{"protocol": "TCP", "protocol_port": "81", "loadbalancer_id": testID}, false, []string{"loadbalancer_id", "protocol", "protocol_port"}},
		{"edit certificate: protocol unknown", formValues{"default_tls_container_ref": "ref"}, false, nil},
	})
}

func TestValidatePool(t *testing.T) {
	base := func(extra formValues) formValues {
		v := formValues{"lb_algorithm": "ROUND_ROBIN", "protocol": "HTTP", "listener_id": testID}
		maps.Copy(v, extra)
		return v
	}
	runValidate(t, validatePool, []validateCase{
		{"on a listener", base(nil), true, nil},
		{"on a load balancer", formValues{"lb_algorithm": "SOURCE_IP_PORT", "protocol": "TCP", "loadbalancer_id": testID}, true, nil},
		{"on neither", formValues{"lb_algorithm": "ROUND_ROBIN", "protocol": "HTTP"}, true, []string{"listener_id"}},
		{"missing algorithm and protocol", formValues{"listener_id": testID}, true, []string{"lb_algorithm", "protocol"}},
		{"unknown algorithm", base(formValues{"lb_algorithm": "RANDOM"}), true, []string{"lb_algorithm"}},
		{"TERMINATED_HTTPS is no pool protocol", base(formValues{"protocol": "TERMINATED_HTTPS"}), true, []string{"protocol"}},
		{"PROXYV2 pool", base(formValues{"protocol": "PROXYV2"}), true, nil},
		{"HTTP pool on a TCP listener", base(formValues{"listener_protocol": "TCP"}), true, nil},
		{"TCP pool on an HTTP listener", base(formValues{"protocol": "TCP", "listener_protocol": "HTTP"}), true, []string{"protocol"}},
		{"HTTPS pool on a TERMINATED_HTTPS listener", base(formValues{"protocol": "HTTPS", "listener_protocol": "TERMINATED_HTTPS"}), true, []string{"protocol"}},
		{"TCP pool on an HTTPS listener", base(formValues{"protocol": "TCP", "listener_protocol": "HTTPS"}), true, nil},
		{"UDP pool on a UDP listener", base(formValues{"protocol": "UDP", "listener_protocol": "UDP"}), true, nil},
		{"any pool on a PROMETHEUS listener", base(formValues{"listener_protocol": "PROMETHEUS"}), true, []string{"protocol"}},
		{"APP_COOKIE with a cookie", base(formValues{"session_persistence.type": "APP_COOKIE", "session_persistence.cookie_name": "JSESSIONID"}), true, nil},
		{"APP_COOKIE without a cookie", base(formValues{"session_persistence.type": "APP_COOKIE"}), true, []string{"session_persistence.cookie_name"}},
		{"HTTP_COOKIE with a cookie", base(formValues{"session_persistence.type": "HTTP_COOKIE", "session_persistence.cookie_name": "c"}), true, []string{"session_persistence.cookie_name"}},
		{"SOURCE_IP with an empty cookie", base(formValues{"session_persistence.type": "SOURCE_IP", "session_persistence.cookie_name": ""}), true, nil},
		{"unknown persistence", base(formValues{"session_persistence.type": "STICKY"}), true, []string{"session_persistence.type"}},
		{"bad cookie name", base(formValues{"session_persistence.type": "APP_COOKIE", "session_persistence.cookie_name": "my cookie"}), true, []string{"session_persistence.cookie_name"}},
		{"cookie name with non-ASCII letters", base(formValues{"session_persistence.type": "APP_COOKIE", "session_persistence.cookie_name": "café☕"}), true, nil},
		{"cookie name with a semicolon", base(formValues{"session_persistence.type": "APP_COOKIE", "session_persistence.cookie_name": "a;b"}), true, []string{"session_persistence.cookie_name"}},
		{"UDP pool with HTTP_COOKIE", base(formValues{"protocol": "UDP", "session_persistence.type": "HTTP_COOKIE"}), true, []string{"session_persistence.type"}},
		{"UDP pool with SOURCE_IP and timeout", base(formValues{"protocol": "UDP", "session_persistence.type": "SOURCE_IP", "session_persistence.persistence_timeout": "360", "session_persistence.persistence_granularity": "255.255.255.0"}), true, nil},
		{"persistence timeout on an HTTP pool", base(formValues{"session_persistence.type": "SOURCE_IP", "session_persistence.persistence_timeout": "360"}), true, []string{"session_persistence.persistence_timeout"}},
		{"edit algorithm and persistence", formValues{"lb_algorithm": "LEAST_CONNECTIONS", "session_persistence.type": "APP_COOKIE", "session_persistence.cookie_name": "s"}, false, nil},
		{"edit protocol", formValues{"protocol": "TCP"}, false, []string{"protocol"}},
		{"edit without required fields", formValues{"name": "p"}, false, nil},
	})
}

func TestValidateMember(t *testing.T) {
	runValidate(t, validateMember, []validateCase{
		{"IPv4 member", formValues{"address": "192.0.2.10", "protocol_port": "8080", "weight": "1", "subnet_id": testID, "backup": "false"}, true, nil},
		{"IPv6 member with monitor", formValues{"address": "2001:db8::10", "protocol_port": "80", "monitor_address": "2001:db8::11", "monitor_port": "9000"}, true, nil},
		{"missing address and port", formValues{"weight": "1"}, true, []string{"address", "protocol_port"}},
		{"address with leading zeros", formValues{"address": "010.0.0.1", "protocol_port": "80"}, true, []string{"address"}},
		{"IPv4-mapped IPv6 address", formValues{"address": "::ffff:10.0.0.1", "protocol_port": "80"}, true, nil},
		{"host name as address", formValues{"address": "web1.example.com", "protocol_port": "80"}, true, []string{"address"}},
		{"weight 0 and 256", formValues{"address": "192.0.2.1", "protocol_port": "80", "weight": "256", "monitor_port": "1"}, true, nil},
		{"weight 257", formValues{"address": "192.0.2.1", "protocol_port": "80", "weight": "257"}, true, []string{"weight"}},
		{"weight negative", formValues{"address": "192.0.2.1", "protocol_port": "80", "weight": "-1"}, true, []string{"weight"}},
		{"bad monitor fields", formValues{"address": "192.0.2.1", "protocol_port": "80", "monitor_address": "x", "monitor_port": "70000", "backup": "1"}, true, []string{"backup", "monitor_address", "monitor_port"}},
		{"bad subnet", formValues{"address": "192.0.2.1", "protocol_port": "80", "subnet_id": "123"}, true, []string{"subnet_id"}},
		{"edit weight", formValues{"weight": "5", "admin_state_up": "false", "name": "m"}, false, nil},
		{"edit address", formValues{"address": "192.0.2.2", "protocol_port": "81"}, false, []string{"address", "protocol_port"}},
	})
}

func TestValidateMonitor(t *testing.T) {
	base := func(extra formValues) formValues {
		v := formValues{"type": "HTTP", "delay": "5", "timeout": "3", "max_retries": "3", "pool_id": testID}
		maps.Copy(v, extra)
		return v
	}
	runValidate(t, validateMonitor, []validateCase{
		{"HTTP monitor", base(formValues{"http_method": "GET", "url_path": "/health?full=1", "expected_codes": "200-204", "max_retries_down": "10"}), true, nil},
		{"HTTP 1.1 with a domain", base(formValues{"http_version": "1.1", "domain_name": "www.example.com"}), true, nil},
		{"TCP monitor", base(formValues{"type": "TCP"}), true, nil},
		{"missing everything", formValues{}, true, []string{"delay", "max_retries", "pool_id", "timeout", "type"}},
		{"unknown type", base(formValues{"type": "ICMP"}), true, []string{"type"}},
		{"timeout equals delay", base(formValues{"timeout": "5"}), true, nil},
		{"timeout over delay", base(formValues{"timeout": "6"}), true, []string{"timeout"}},
		{"negative delay", base(formValues{"delay": "-1"}), true, []string{"delay"}},
		{"max retries 0", base(formValues{"max_retries": "0"}), true, []string{"max_retries"}},
		{"max retries down 11", base(formValues{"max_retries_down": "11"}), true, []string{"max_retries_down"}},
		{"unknown method", base(formValues{"http_method": "FETCH"}), true, []string{"http_method"}},
		{"path without slash", base(formValues{"url_path": "health"}), true, []string{"url_path"}},
		{"path with a space", base(formValues{"url_path": "/a b"}), true, []string{"url_path"}},
		{"path with brackets", base(formValues{"url_path": "/a[1]"}), true, []string{"url_path"}},
		{"query with brackets", base(formValues{"url_path": "/a?x=[1]"}), true, nil},
		{"path of two slashes", base(formValues{"url_path": "//host/a"}), true, []string{"url_path"}},
		{"path as URL", base(formValues{"url_path": "http://example.com/health"}), true, []string{"url_path"}},
		{"expected codes list", base(formValues{"expected_codes": "200, 202"}), true, nil},
		{"expected codes 2xx", base(formValues{"expected_codes": "2xx"}), true, []string{"expected_codes"}},
		{"expected codes with a space only", base(formValues{"expected_codes": "200 201"}), true, []string{"expected_codes"}},
		{"expected codes open range", base(formValues{"expected_codes": "200-"}), true, []string{"expected_codes"}},
		{"HTTP fields on TCP", base(formValues{"type": "TCP", "url_path": "/", "http_method": "GET", "expected_codes": "200"}), true, []string{"expected_codes", "http_method", "url_path"}},
		{"HTTP fields empty on PING", base(formValues{"type": "PING", "url_path": ""}), true, nil},
		{"bad HTTP version", base(formValues{"http_version": "2"}), true, []string{"http_version"}},
		{"domain without version", base(formValues{"domain_name": "example.com"}), true, []string{"http_version"}},
		{"domain with HTTP 1.0", base(formValues{"domain_name": "example.com", "http_version": "1.0"}), true, []string{"http_version"}},
		{"bad domain", base(formValues{"domain_name": "-bad-.example.com", "http_version": "1.1"}), true, []string{"domain_name"}},
		{"domain with leading underscore label", base(formValues{"domain_name": "_srv.example.com", "http_version": "1.1"}), true, nil},
		{"domain with inner underscore", base(formValues{"domain_name": "a_b.example.com", "http_version": "1.1"}), true, []string{"domain_name"}},
		{"UDP-CONNECT on a UDP pool", base(formValues{"type": "UDP-CONNECT", "pool_protocol": "UDP"}), true, nil},
		{"UDP-CONNECT on an HTTP pool", base(formValues{"type": "UDP-CONNECT", "pool_protocol": "HTTP"}), true, []string{"type"}},
		{"HTTPS monitor on a UDP pool", base(formValues{"type": "HTTPS", "pool_protocol": "UDP"}), true, []string{"type"}},
		{"edit delay and path", formValues{"delay": "10", "timeout": "5", "url_path": "/ping"}, false, nil},
		{"edit type and pool", formValues{"type": "TCP", "pool_id": testID}, false, []string{"pool_id", "type"}},
		{"edit domain only", formValues{"domain_name": "example.org"}, false, nil},
	})
}

func TestValidateL7Policy(t *testing.T) {
	runValidate(t, validateL7Policy, []validateCase{
		{"reject", formValues{"action": "REJECT", "listener_id": testID, "position": "1"}, true, nil},
		{"redirect to URL", formValues{"action": "REDIRECT_TO_URL", "listener_id": testID, "redirect_url": "https://example.com/new", "redirect_http_code": "301"}, true, nil},
		{"redirect to pool", formValues{"action": "REDIRECT_TO_POOL", "listener_id": testID, "redirect_pool_id": testID2}, true, nil},
		{"redirect prefix", formValues{"action": "REDIRECT_PREFIX", "listener_id": testID, "redirect_prefix": "http://example.com", "redirect_http_code": "308"}, true, nil},
		{"missing action and listener", formValues{}, true, []string{"action", "listener_id"}},
		{"unknown action", formValues{"action": "DROP", "listener_id": testID}, true, []string{"action"}},
		{"URL missing", formValues{"action": "REDIRECT_TO_URL", "listener_id": testID}, true, []string{"redirect_url"}},
		{"pool missing", formValues{"action": "REDIRECT_TO_POOL", "listener_id": testID, "redirect_pool_id": ""}, true, []string{"redirect_pool_id"}},
		{"prefix missing", formValues{"action": "REDIRECT_PREFIX", "listener_id": testID}, true, []string{"redirect_prefix"}},
		{"ftp URL", formValues{"action": "REDIRECT_TO_URL", "listener_id": testID, "redirect_url": "ftp://example.com/"}, true, []string{"redirect_url"}},
		{"URL without scheme", formValues{"action": "REDIRECT_TO_URL", "listener_id": testID, "redirect_url": "example.com"}, true, []string{"redirect_url"}},
		{"URL with an upper-case scheme", formValues{"action": "REDIRECT_TO_URL", "listener_id": testID, "redirect_url": "HTTP://example.com"}, true, []string{"redirect_url"}},
		{"URL without a host", formValues{"action": "REDIRECT_TO_URL", "listener_id": testID, "redirect_url": "http:example.com"}, true, []string{"redirect_url"}},
		{"URL with a space", formValues{"action": "REDIRECT_TO_URL", "listener_id": testID, "redirect_url": "http://example.com/a b"}, true, []string{"redirect_url"}},
		{"URL with a port and query", formValues{"action": "REDIRECT_TO_URL", "listener_id": testID, "redirect_url": "http://[2001:db8::1]:8080/?a=%zz"}, true, nil},
		{"javascript URL", formValues{"action": "REDIRECT_TO_URL", "listener_id": testID, "redirect_url": "javascript:alert(1)"}, true, []string{"redirect_url"}},
		{"pool with a URL", formValues{"action": "REDIRECT_TO_POOL", "listener_id": testID, "redirect_pool_id": testID2, "redirect_url": "http://x"}, true, []string{"redirect_url"}},
		{"code with REJECT", formValues{"action": "REJECT", "listener_id": testID, "redirect_http_code": "302"}, true, []string{"redirect_http_code"}},
		{"code 304", formValues{"action": "REDIRECT_TO_URL", "listener_id": testID, "redirect_url": "http://x", "redirect_http_code": "304"}, true, []string{"redirect_http_code"}},
		{"position 0", formValues{"action": "REJECT", "listener_id": testID, "position": "0"}, true, []string{"position"}},
		{"position too big", formValues{"action": "REJECT", "listener_id": testID, "position": "2147483648"}, true, []string{"position"}},
		{"edit position", formValues{"position": "3", "name": "p"}, false, nil},
		{"edit URL without action", formValues{"redirect_url": "https://example.com"}, false, nil},
		{"edit listener", formValues{"listener_id": testID}, false, []string{"listener_id"}},
	})
}

func TestValidateL7Rule(t *testing.T) {
	runValidate(t, validateL7Rule, []validateCase{
		{"path starts with", formValues{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/api"}, true, nil},
		{"host name equal", formValues{"type": "HOST_NAME", "compare_type": "EQUAL_TO", "value": "www.example.com", "invert": "true"}, true, nil},
		{"header", formValues{"type": "HEADER", "compare_type": "CONTAINS", "key": "X-Env", "value": "prod"}, true, nil},
		{"header quoted value with space", formValues{"type": "HEADER", "compare_type": "EQUAL_TO", "key": "X-Env", "value": `"a b"`}, true, nil},
		{"header value with space", formValues{"type": "HEADER", "compare_type": "EQUAL_TO", "key": "X-Env", "value": "a b"}, true, []string{"value"}},
		{"header without key", formValues{"type": "HEADER", "compare_type": "EQUAL_TO", "value": "x"}, true, []string{"key"}},
		{"header bad key", formValues{"type": "HEADER", "compare_type": "EQUAL_TO", "key": "X Env", "value": "x"}, true, []string{"key"}},
		{"cookie", formValues{"type": "COOKIE", "compare_type": "EQUAL_TO", "key": "session", "value": "abc=="}, true, nil},
		{"cookie value with a semicolon", formValues{"type": "COOKIE", "compare_type": "EQUAL_TO", "key": "session", "value": "a;b"}, true, []string{"value"}},
		{"cookie regex", formValues{"type": "COOKIE", "compare_type": "REGEX", "key": "s", "value": "^a;b$"}, true, nil},
		{"bad regex", formValues{"type": "PATH", "compare_type": "REGEX", "value": "^/api/(v1"}, true, []string{"value"}},
		{"look-behind regex passes", formValues{"type": "PATH", "compare_type": "REGEX", "value": "(?<!/admin)/x"}, true, nil},
		{"possessive regex passes", formValues{"type": "PATH", "compare_type": "REGEX", "value": "^/a++"}, true, nil},
		{"regex with nothing to repeat", formValues{"type": "HOST_NAME", "compare_type": "REGEX", "value": "*.example.com"}, true, []string{"value"}},
		{"look-ahead regex passes", formValues{"type": "PATH", "compare_type": "REGEX", "value": "^/(?!admin)"}, true, nil},
		{"path with a key", formValues{"type": "PATH", "compare_type": "EQUAL_TO", "value": "/", "key": "k"}, true, []string{"key"}},
		{"file type contains", formValues{"type": "FILE_TYPE", "compare_type": "CONTAINS", "value": "jpg"}, true, []string{"compare_type"}},
		{"file type equal", formValues{"type": "FILE_TYPE", "compare_type": "EQUAL_TO", "value": "jpg"}, true, nil},
		{"has cert True", formValues{"type": "SSL_CONN_HAS_CERT", "compare_type": "EQUAL_TO", "value": "True"}, true, nil},
		{"has cert false", formValues{"type": "SSL_CONN_HAS_CERT", "compare_type": "EQUAL_TO", "value": "false"}, true, []string{"value"}},
		{"has cert regex", formValues{"type": "SSL_CONN_HAS_CERT", "compare_type": "REGEX", "value": "true"}, true, []string{"compare_type"}},
		{"has cert with key", formValues{"type": "SSL_CONN_HAS_CERT", "compare_type": "EQUAL_TO", "value": "true", "key": "k"}, true, []string{"key"}},
		{"verify result 0", formValues{"type": "SSL_VERIFY_RESULT", "compare_type": "EQUAL_TO", "value": "0"}, true, nil},
		{"verify result negative", formValues{"type": "SSL_VERIFY_RESULT", "compare_type": "EQUAL_TO", "value": "-1"}, true, []string{"value"}},
		{"DN field", formValues{"type": "SSL_DN_FIELD", "compare_type": "ENDS_WITH", "key": "CN", "value": "example.com"}, true, nil},
		{"DN field bad key", formValues{"type": "SSL_DN_FIELD", "compare_type": "EQUAL_TO", "key": "1CN", "value": "x"}, true, []string{"key"}},
		{"missing everything", formValues{}, true, []string{"compare_type", "type", "value"}},
		{"unknown type and compare", formValues{"type": "QUERY", "compare_type": "LIKE", "value": "x"}, true, []string{"compare_type", "type"}},
		{"value too long", formValues{"type": "PATH", "compare_type": "CONTAINS", "value": "/" + strings.Repeat("a", 255)}, true, []string{"value"}},
		{"edit value", formValues{"value": "/v2"}, false, nil},
		{"edit value to empty", formValues{"value": ""}, false, []string{"value"}},
		{"edit to HEADER, key unchanged", formValues{"type": "HEADER", "compare_type": "EQUAL_TO", "value": "x"}, false, nil},
		{"edit HEADER with the key emptied", formValues{"type": "HEADER", "compare_type": "EQUAL_TO", "key": "", "value": "x"}, false, []string{"key"}},
	})
}

func TestValidateQuota(t *testing.T) {
	runValidate(t, validateQuota, []validateCase{
		{"limits", formValues{"loadbalancer": "10", "listener": "-1", "member": "0", "pool": "2000000000", "healthmonitor": "", "l7policy": "5", "l7rule": "50"}, false, nil},
		{"below -1", formValues{"pool": "-2"}, false, []string{"pool"}},
		{"above the maximum", formValues{"member": "2000000001"}, false, []string{"member"}},
		{"not whole", formValues{"l7rule": "1.5", "listener": "ten"}, false, []string{"l7rule", "listener"}},
	})
}

func TestValidateFlavor(t *testing.T) {
	runValidate(t, validateFlavor, []validateCase{
		{"create", formValues{"name": "small", "description": "d", "flavor_profile_id": testID, "enabled": "true"}, true, nil},
		{"create without name and profile", formValues{"enabled": "true"}, true, []string{"flavor_profile_id", "name"}},
		{"bad enabled", formValues{"name": "s", "flavor_profile_id": testID, "enabled": "on"}, true, []string{"enabled"}},
		{"edit", formValues{"name": "big", "enabled": "false"}, false, nil},
		{"edit the profile", formValues{"flavor_profile_id": testID}, false, []string{"flavor_profile_id"}},
	})
}

func TestValidateFlavorProfile(t *testing.T) {
	runValidate(t, validateFlavorProfile, []validateCase{
		{"create", formValues{"name": "p", "provider_name": "amphora", "flavor_data": `{"loadbalancer_topology": "SINGLE"}`}, true, nil},
		{"create without fields", formValues{}, true, []string{"flavor_data", "name", "provider_name"}},
		{"data not JSON", formValues{"name": "p", "provider_name": "amphora", "flavor_data": "topology=SINGLE"}, true, []string{"flavor_data"}},
		{"data a JSON list", formValues{"name": "p", "provider_name": "amphora", "flavor_data": `["a"]`}, true, []string{"flavor_data"}},
		{"data null", formValues{"name": "p", "provider_name": "amphora", "flavor_data": "null"}, true, []string{"flavor_data"}},
		{"data too long", formValues{"name": "p", "provider_name": "amphora", "flavor_data": `{"a":"` + strings.Repeat("x", 4096) + `"}`}, true, []string{"flavor_data"}},
		{"edit data", formValues{"flavor_data": "{}"}, false, nil},
	})
}

func TestValidateAvailabilityZone(t *testing.T) {
	runValidate(t, validateAvailabilityZone, []validateCase{
		{"create", formValues{"name": "az1", "availability_zone_profile_id": testID, "enabled": "true"}, true, nil},
		{"create without fields", formValues{"description": "d"}, true, []string{"availability_zone_profile_id", "name"}},
		{"edit description", formValues{"description": "new", "enabled": "false"}, false, nil},
		{"edit name and profile", formValues{"name": "az2", "availability_zone_profile_id": testID}, false, []string{"availability_zone_profile_id", "name"}},
	})
}

func TestValidateAvailabilityZoneProfile(t *testing.T) {
	runValidate(t, validateAvailabilityZoneProfile, []validateCase{
		{"create", formValues{"name": "p", "provider_name": "amphora", "availability_zone_data": `{"compute_zone": "nova"}`}, true, nil},
		{"create without data", formValues{"name": "p", "provider_name": "amphora"}, true, []string{"availability_zone_data"}},
		{"bad data", formValues{"availability_zone_data": "{compute_zone: nova}"}, false, []string{"availability_zone_data"}},
		{"edit name", formValues{"name": "q"}, false, nil},
	})
}

// TestValidateMessages pins a few messages the user reads.
func TestValidateMessages(t *testing.T) {
	for _, tc := range []struct {
		name  string
		errs  fieldErrs
		field string
		want  string
	}{
		{"port", validateMember(formValues{"address": "192.0.2.1", "protocol_port": "99999"}, true), "protocol_port", "The port must be a whole number from 1 to 65535."},
		{"required", validateMember(formValues{"protocol_port": "80"}, true), "address", "This field is required."},
		{"create only", validateMember(formValues{"address": "192.0.2.1"}, false), "address", "This cannot be changed after creation."},
		{"one of", validatePool(formValues{"lb_algorithm": "X"}, false), "lb_algorithm", "Choose one of: ROUND_ROBIN, LEAST_CONNECTIONS, SOURCE_IP, SOURCE_IP_PORT."},
		{"list item", validateListener(formValues{"allowed_cidrs": "10.0.0.0/8,nope"}, false), "allowed_cidrs", `"nope": Enter a CIDR such as 203.0.113.0/24 or 2001:db8::/64.`},
		{"quota", validateQuota(formValues{"pool": "-5"}, false), "pool", "-1 (unlimited) or a whole number from 0 to 2000000000."},
		{"name length", validateFlavor(formValues{"name": strings.Repeat("n", 256)}, false), "name", "At most 255 characters."},
		{"listener pool protocols", validatePool(formValues{"lb_algorithm": "ROUND_ROBIN", "protocol": "UDP", "listener_id": testID, "listener_protocol": "HTTP"}, true), "protocol", "Listeners of protocol HTTP take pools of protocol HTTP, PROXY or PROXYV2."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.errs[tc.field]; got != tc.want {
				t.Errorf("%s: got %q, want %q", tc.field, got, tc.want)
			}
		})
	}
}

func TestValidateValidFormHasNoErrors(t *testing.T) {
	if errs := validateMember(formValues{"address": "192.0.2.1", "protocol_port": "80"}, true); errs != nil {
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
			if got := faultField(tc.fault, tc.names); got != tc.want {
				t.Errorf("faultField(%q): got %q, want %q", tc.fault, got, tc.want)
			}
		})
	}
}
