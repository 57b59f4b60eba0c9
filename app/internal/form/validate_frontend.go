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
	f := objectForm(v, create)
	vips := []string{"vip_subnet_id", "vip_network_id", "vip_port_id"}
	f.each(uuid, vips...)
	f.field("vip_qos_policy_id", uuid)
	f.field("vip_address", ipAddress)
	if create && !slices.ContainsFunc(vips, func(k string) bool { _, ok := f.get(k); return ok }) {
		f.fail("vip_subnet_id", "Choose a subnet, a network or a port for the VIP.")
	}
	return f.result()
}

// ValidateListener checks a listener form. The rules that depend on the
// protocol (certificates, inserted headers) apply on a create, where the
// protocol is known; inserted headers come as "insert_headers.<Header>".
func ValidateListener(v Values, create bool) Errs {
	f := objectForm(v, create)
	f.field("protocol_port", port)
	f.each(uuid, "loadbalancer_id", "default_pool_id")
	f.field("connection_limit", connLimit)
	f.each(timeoutMS, "timeout_client_data", "timeout_member_connect", "timeout_member_data", "timeout_tcp_inspect")
	f.field("allowed_cidrs", list(cidr))
	f.tls()
	f.field("hsts_max_age", seconds)
	f.each(boolean, "hsts_include_subdomains", "hsts_preload")
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
	if _, age := f.get("hsts_max_age"); !age {
		for _, k := range []string{"hsts_include_subdomains", "hsts_preload"} {
			if s, _ := f.get(k); s == "true" {
				f.fail(k, "Set the HSTS max age too: this goes with it.")
			}
		}
	}
	for k := range v {
		h, ok := strings.CutPrefix(k, "insert_headers.")
		hdr, known := insertHeader(h)
		switch {
		case !ok || v[k] == "":
		case !known:
			f.fail(k, "Octavia does not insert the header "+h+".")
		case proto != "" && proto != "HTTP" && proto != "TERMINATED_HTTPS":
			f.fail(k, "Headers are inserted by HTTP and TERMINATED_HTTPS listeners only.")
		case hdr.TLS && proto != "" && proto != "TERMINATED_HTTPS":
			f.fail(k, h+" is inserted by TERMINATED_HTTPS listeners only.")
		default:
			f.field(k, boolean)
		}
	}
	return f.result()
}
