// The front end's rules: a load balancer's VIP, a listener's protocol,
// certificates, client authentication and inserted headers.

package form

import (
	"slices"
	"strings"
)

// ValidateLoadBalancer checks a load balancer form: on a create, one of
// vip_subnet_id, vip_network_id and vip_port_id (the error goes on
// vip_subnet_id); the VIP, flavor, zone and provider are set at creation.
func ValidateLoadBalancer(v Values, create bool) Errs {
	f := newForm(v, create)
	f.common()
	vips := []string{"vip_subnet_id", "vip_network_id", "vip_port_id"}
	f.each(uuid, vips...)
	f.field("vip_qos_policy_id", uuid)
	f.field("vip_address", ipAddress)
	if create && !slices.ContainsFunc(vips, func(k string) bool { _, ok := f.get(k); return ok }) {
		f.fail("vip_subnet_id", "Choose a subnet, a network or a port for the VIP.")
	}
	return f.result()
}

// httpHeader reports whether a listener of protocol HTTP inserts header h.
func httpHeader(h string) bool {
	return slices.Contains([]string{"X-Forwarded-For", "X-Forwarded-Port", "X-Forwarded-Proto"}, h)
}

// sslHeader reports whether a TERMINATED_HTTPS listener (only) inserts
// header h.
func sslHeader(h string) bool {
	return slices.Contains([]string{"X-SSL-Client-Verify", "X-SSL-Client-Has-Cert", "X-SSL-Client-DN", "X-SSL-Client-CN",
		"X-SSL-Issuer", "X-SSL-Client-SHA1", "X-SSL-Client-Not-Before", "X-SSL-Client-Not-After"}, h)
}

// ValidateListener checks a listener form. The rules that depend on the
// protocol (certificates, inserted headers) apply on a create, where the
// protocol is known; inserted headers come as "insert_headers.<Header>".
func ValidateListener(v Values, create bool) Errs {
	f := newForm(v, create)
	f.common()
	f.field("protocol_port", port)
	f.each(uuid, "loadbalancer_id", "default_pool_id")
	f.field("connection_limit", connLimit)
	f.each(timeoutMS, "timeout_client_data", "timeout_member_connect", "timeout_member_data", "timeout_tcp_inspect")
	f.field("allowed_cidrs", list(cidr))
	f.tls()
	f.field("tls_ciphers", text(2048))
	f.each(text(maxName), "default_tls_container_ref", "client_ca_tls_container_ref", "client_crl_container_ref")
	f.field("sni_container_refs", list(text(maxName)))
	refs := []string{"default_tls_container_ref", "sni_container_refs", "client_ca_tls_container_ref", "client_crl_container_ref"}
	proto, _ := f.get("protocol")
	_, hasCert := f.get("default_tls_container_ref")
	_, hasSNI := f.get("sni_container_refs")
	switch {
	case proto == "TERMINATED_HTTPS" && !hasCert && !hasSNI && create:
		f.fail("default_tls_container_ref", "A TERMINATED_HTTPS listener needs a certificate.")
	case proto != "" && proto != "TERMINATED_HTTPS" && proto != "PROMETHEUS":
		for _, k := range refs {
			f.refuse(k, "Certificates go with TERMINATED_HTTPS and PROMETHEUS listeners only.")
		}
	}
	if _, ok := f.get("client_ca_tls_container_ref"); ok && create && !hasCert && !hasSNI {
		f.fail("client_ca_tls_container_ref", "A client CA needs a listener certificate too.")
	}
	if a, ok := f.get("client_authentication"); ok && a != "NONE" && create {
		if _, ca := f.get("client_ca_tls_container_ref"); !ca {
			f.fail("client_authentication", "Client authentication "+a+" needs a client CA certificate.")
		}
	}
	if _, ok := f.get("client_crl_container_ref"); ok && create {
		if _, ca := f.get("client_ca_tls_container_ref"); !ca {
			f.fail("client_crl_container_ref", "A revocation list needs a client CA certificate.")
		}
	}
	for k := range v {
		h, ok := strings.CutPrefix(k, "insert_headers.")
		switch {
		case !ok || v[k] == "":
		case proto != "" && proto != "HTTP" && proto != "TERMINATED_HTTPS":
			f.fail(k, "Headers are inserted by HTTP and TERMINATED_HTTPS listeners only.")
		case sslHeader(h) && proto != "" && proto != "TERMINATED_HTTPS":
			f.fail(k, h+" is inserted by TERMINATED_HTTPS listeners only.")
		case !httpHeader(h) && !sslHeader(h):
			f.fail(k, "Octavia does not insert the header "+h+".")
		default:
			f.field(k, text(maxName))
		}
	}
	return f.result()
}
