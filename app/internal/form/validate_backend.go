// The back end's rules: a pool's protocol and session persistence, a
// member, a health monitor's type, timing and HTTP check.

package form

import "slices"

// takes (Octavia's VALID_LISTENER_POOL_PROTOCOL_MAP); known is false for a
// protocol the map does not hold.
func listenerPoolProtocols(lp string) (valid []string, known bool) {
	switch lp {
	case "TCP":
		return []string{"HTTP", "HTTPS", "PROXY", "PROXYV2", "TCP"}, true
	case "HTTP", "TERMINATED_HTTPS":
		return []string{"HTTP", "PROXY", "PROXYV2"}, true
	case "HTTPS":
		return []string{"HTTPS", "PROXY", "PROXYV2", "TCP"}, true
	case "UDP", "SCTP":
		return []string{lp}, true
	case "PROMETHEUS":
		return nil, true
	}
	return nil, false
}

// ValidatePool checks a pool form. The key "listener_protocol" (context,
// not an attribute) is the protocol of the pool's listener: with it the
// pool protocol is checked as Octavia's VALID_LISTENER_POOL_PROTOCOL_MAP.
func ValidatePool(v Values, create bool) Errs {
	f := objectForm(v, create)
	f.each(uuid, "listener_id", "loadbalancer_id")
	f.field("tls_enabled", boolean)
	f.each(text(maxName), "tls_container_ref", "ca_tls_container_ref", "crl_container_ref")
	f.tls()
	if _, ok := f.get("crl_container_ref"); ok && create {
		if _, ca := f.get("ca_tls_container_ref"); !ca {
			f.fail("crl_container_ref", "A revocation list needs the members' CA certificate.")
		}
	}
	_, lb := f.get("loadbalancer_id")
	_, ls := f.get("listener_id")
	if create && !lb && !ls {
		f.fail("listener_id", "Choose a listener or a load balancer for the pool.")
	}
	proto, _ := f.get("protocol")
	if lp, ok := f.get("listener_protocol"); ok && proto != "" {
		if valid, known := listenerPoolProtocols(lp); known && !slices.Contains(valid, proto) {
			if len(valid) == 0 {
				f.fail("protocol", "Listeners of protocol "+lp+" take no pool.")
			} else {
				f.fail("protocol", "Listeners of protocol "+lp+" take pools of protocol "+orList(valid)+".")
			}
		}
	}
	f.field("session_persistence.cookie_name", text(maxName), cookieName)
	f.field("session_persistence.persistence_timeout", seconds)
	f.field("session_persistence.persistence_granularity", ipAddress)
	sp, _ := f.get("session_persistence.type")
	udp := proto == "UDP" || proto == "SCTP"
	switch {
	case udp && (sp == "HTTP_COOKIE" || sp == "APP_COOKIE"):
		f.fail("session_persistence.type", "UDP and SCTP pools take SOURCE_IP session persistence only.")
	case udp:
		f.refuse("session_persistence.cookie_name", "UDP and SCTP pools take no cookie name.")
	case sp == "APP_COOKIE":
		if _, ok := f.get("session_persistence.cookie_name"); !ok {
			f.fail("session_persistence.cookie_name", "A cookie name is required with APP_COOKIE session persistence.")
		}
	case sp != "":
		f.refuse("session_persistence.cookie_name", "A cookie name goes with APP_COOKIE session persistence only.")
	}
	if !udp && proto != "" {
		for _, k := range []string{"session_persistence.persistence_timeout", "session_persistence.persistence_granularity"} {
			f.refuse(k, "This is for UDP and SCTP pools only.")
		}
	}
	return f.result()
}

// ValidateMember checks a member form.
func ValidateMember(v Values, create bool) Errs {
	f := objectForm(v, create)
	f.each(ipAddress, "address", "monitor_address")
	f.each(port, "protocol_port", "monitor_port")
	f.field("weight", memberWeight)
	f.field("subnet_id", uuid)
	f.field("backup", boolean)
	return f.result()
}

// ValidateMonitor checks a health monitor form. The key "pool_protocol"
// (context, not an attribute) is the protocol of the monitored pool: UDP
// and SCTP pools take UDP-CONNECT, SCTP, TCP or HTTP monitors only.
func ValidateMonitor(v Values, create bool) Errs {
	f := objectForm(v, create)
	f.field("pool_id", uuid)
	f.each(seconds, "delay", "timeout")
	f.each(retries, "max_retries", "max_retries_down")
	f.field("url_path", urlPath)
	f.field("expected_codes", expectedCodes)
	f.field("domain_name", domainName)
	d, dok := f.get("delay")
	t, tok := f.get("timeout")
	if _, bad := f.errs["delay"]; dok && tok && !bad {
		dn, _ := integer(d)
		if tn, ok := integer(t); ok && tn > dn {
			f.fail("timeout", "The timeout must not be longer than the delay.")
		}
	}
	if typ, ok := f.get("type"); ok && typ != "HTTP" && typ != "HTTPS" {
		for _, k := range []string{"http_method", "url_path", "expected_codes", "http_version", "domain_name"} {
			f.refuse(k, "This is for HTTP and HTTPS monitors only.")
		}
	}
	if _, ok := f.get("domain_name"); ok {
		if hv, ok := f.get("http_version"); !ok && create {
			f.fail("http_version", "Choose HTTP version 1.1 to send a domain name.")
		} else if hv == "1.0" {
			f.fail("http_version", "A domain name needs HTTP version 1.1.")
		}
	}
	if pp, ok := f.get("pool_protocol"); ok {
		typ, _ := f.get("type")
		udp := pp == "UDP" || pp == "SCTP"
		switch {
		case udp && typ != "" && !slices.Contains([]string{"UDP-CONNECT", "SCTP", "TCP", "HTTP"}, typ):
			f.fail("type", "Pools of protocol "+pp+" take UDP-CONNECT, SCTP, TCP or HTTP monitors.")
		case !udp && (typ == "UDP-CONNECT" || typ == "SCTP"):
			f.fail("type", typ+" monitors are for UDP and SCTP pools only.")
		}
	}
	return f.result()
}
