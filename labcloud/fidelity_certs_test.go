//go:build fidelity

// The certificate fidelity tests compare the lab's Barbican, and its
// Octavia's checks of certificate refs, with the real Barbican + Octavia
// (Zed) of ../shared/realcloud, as fidelity_test.go does for Octavia.

package labcloud

import (
	"encoding/base64"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestFidelityCerts sends the same Barbican and Octavia requests to both
// clouds: store a PKCS12 secret, list it, its ACL, a certificate
// container, TERMINATED_HTTPS listeners with good refs (accepted, ACTIVE)
// and bad ones (400), another project's secret (403), and a reader's
// rights.
func TestFidelityCerts(t *testing.T) {
	upstream, lab := fidTargets(t)

	// the lab's member and reader are Barbican's creator and observer: on
	// the real cloud (Barbican's legacy policy) demo needs the role
	upstream.ensureUser(t, "demo", "demo", "member", "load-balancer_member", "creator")
	upstream.ensureUser(t, "viewer", "demo", "reader", "load-balancer_observer", "observer")
	kmBase := map[*fidTarget]string{}
	for _, tg := range []*fidTarget{upstream, lab} {
		c := *tg
		kmBase[tg] = strings.TrimRight(c.login(t, "admin", "admin", "admin")["key-manager"], "/")
		if kmBase[tg] == "" {
			t.Fatalf("%s: no key-manager endpoint in the catalog", tg.name)
		}
		tg.users = map[string]fidUser{"demo": tg.userToken(t, "demo", "demo"), "viewer": tg.userToken(t, "viewer", "demo")}
	}
	certPEM, keyPEM, p12 := cliCertificate(t, "www.fidelity.test")
	script := func(tr *fidTranscript) { fidCertScript(tr, kmBase[tr.tg], certPEM, keyPEM, p12) }
	realRec, labRec := fidRunBoth(t, upstream, lab, script)
	for _, rec := range []*fidTranscript{realRec, labRec} {
		for i := range rec.steps {
			rec.steps[i].body = fidKMNormalize(rec.steps[i].body, kmBase[rec.tg])
		}
	}
	for _, why := range append(realRec.stopped, labRec.stopped...) {
		t.Errorf("a section of the script stopped early: %s", why)
	}
	// what the real Barbican + Octavia said, for the record
	for _, r := range realRec.steps {
		t.Logf("real: %-52s %d %s", r.step, r.code, fidShort(fidMessage(r.body)))
	}
	if n := fidCompareSteps(t, realRec, labRec, nil); n == 0 {
		t.Errorf("no step compared")
	}
}

// TestFidelityCLIBarbican runs TestCLIBarbican's commands against the real
// cloud: every command it asks of the lab is known to work on a real one.
func TestFidelityCLIBarbican(t *testing.T) {
	upstream := fidRealTarget(t)
	base := strings.TrimRight(upstream.login(t, "admin", "admin", "admin")["key-manager"], "/")
	o := newCLIOSC(t, "/usr/bin/openstack", upstream.authURL)
	runCLIBarbican(t, o, fidRandomUUID(), base)
}

// fidMessage is what a step's answer says: Barbican's description or
// Octavia's faultstring, else the body.
func fidMessage(body any) any {
	if m, ok := body.(map[string]any); ok {
		for _, k := range []string{"description", "faultstring"} {
			if s, ok := m[k]; ok {
				return s
			}
		}
	}
	return body
}

var fidHex32RE = regexp.MustCompile(`\b[0-9a-f]{32}\b`)

// fidKMNormalize replaces the key-manager endpoint by <key-manager> and
// Keystone ids (users, projects) by <id> in a normalised body, and orders
// a container's secret_refs by name (Barbican answers them in no set
// order).
func fidKMNormalize(v any, base string) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			v[k] = fidKMNormalize(x, base)
		}
		if refs, ok := v["secret_refs"].([]any); ok {
			slices.SortFunc(refs, func(a, b any) int {
				return strings.Compare(fidShort(a), fidShort(b))
			})
		}
		return v
	case []any:
		for i, x := range v {
			v[i] = fidKMNormalize(x, base)
		}
		return v
	case string:
		v = strings.ReplaceAll(v, base, "<key-manager>")
		return fidHex32RE.ReplaceAllString(v, "<id>")
	}
	return v
}

// fidCertScript is the certificate script; km is the cloud's key-manager
// endpoint.
func fidCertScript(tr *fidTranscript, km string, certPEM, keyPEM, p12 []byte) {
	n := func(s string) string { return "fid-" + s + "-" + tr.sfx }
	octavia := tr.tg.base
	onKM := func(f func()) {
		tr.tg.base = km
		defer func() { tr.tg.base = octavia }()
		f()
	}
	ref := func(obj map[string]any, key string) string {
		s := cliStr(obj[key])
		if s == "" {
			panic(fidStop{"no " + key + " in " + fidShort(obj)})
		}
		return s
	}
	path := func(href string) string { return strings.TrimPrefix(href, km) }
	var p12Ref, crtRef, keyRef, contRef, demoRef string
	var cleanup []string // Barbican hrefs to delete at the end
	defer func() {
		for _, h := range slices.Backward(cleanup) {
			tr.tg.do(http.MethodDelete, h, nil)
		}
	}()

	onKM(func() {
		tr.call("GET key-manager / (versions)", http.MethodGet, "/", nil)
		_, s := tr.call("POST secret (PKCS12, base64)", http.MethodPost, "/v1/secrets", map[string]any{
			"name": n("p12"), "payload": base64.StdEncoding.EncodeToString(p12),
			"payload_content_type": "application/octet-stream", "payload_content_encoding": "base64"})
		p12Ref = ref(s, "secret_ref")
		cleanup = append(cleanup, p12Ref)
		tr.call("GET secrets?name", http.MethodGet, "/v1/secrets?name="+n("p12"), nil)
		tr.call("GET secrets?name&limit=1&offset=1", http.MethodGet, "/v1/secrets?limit=1&offset=1&name="+n("p12"), nil)
		tr.call("GET secret", http.MethodGet, path(p12Ref), nil)
		tr.call("GET secret acl (default)", http.MethodGet, path(p12Ref)+"/acl", nil)
		tr.call("PUT secret acl", http.MethodPut, path(p12Ref)+"/acl", map[string]any{"read": map[string]any{"users": []string{"fid-user", "fid-user"}}})
		tr.call("GET secret acl after PUT", http.MethodGet, path(p12Ref)+"/acl", nil)
		tr.call("PATCH secret acl project-access", http.MethodPatch, path(p12Ref)+"/acl", map[string]any{"read": map[string]any{"project-access": false}})
		tr.call("GET secret acl after PATCH", http.MethodGet, path(p12Ref)+"/acl", nil)
		tr.call("PUT secret acl (bad)", http.MethodPut, path(p12Ref)+"/acl", map[string]any{"read": map[string]any{"users": "x"}})
		tr.call("DELETE secret acl", http.MethodDelete, path(p12Ref)+"/acl", nil)
		tr.call("GET secret acl after DELETE", http.MethodGet, path(p12Ref)+"/acl", nil)
		tr.call("POST secret without payload_content_type", http.MethodPost, "/v1/secrets", map[string]any{"name": n("x"), "payload": "x"})
		tr.call("POST secret with a bad secret_type", http.MethodPost, "/v1/secrets", map[string]any{"name": n("x"), "secret_type": "x"})
		tr.call("GET secret (not found)", http.MethodGet, "/v1/secrets/00000000-0000-4000-8000-000000000000", nil)

		_, s = tr.call("POST secret (PEM certificate)", http.MethodPost, "/v1/secrets", map[string]any{
			"name": n("crt"), "secret_type": "certificate", "payload": string(certPEM), "payload_content_type": "text/plain"})
		crtRef = ref(s, "secret_ref")
		_, s = tr.call("POST secret (PEM key)", http.MethodPost, "/v1/secrets", map[string]any{
			"name": n("key"), "secret_type": "private", "payload": string(keyPEM), "payload_content_type": "text/plain"})
		keyRef = ref(s, "secret_ref")
		cleanup = append(cleanup, crtRef, keyRef)
		_, s = tr.call("POST container (certificate)", http.MethodPost, "/v1/containers", map[string]any{
			"name": n("cont"), "type": "certificate", "secret_refs": []map[string]string{
				{"name": "certificate", "secret_ref": crtRef}, {"name": "private_key", "secret_ref": keyRef}}})
		contRef = ref(s, "container_ref")
		cleanup = append(cleanup, contRef)
		tr.call("GET containers?name", http.MethodGet, "/v1/containers?name="+n("cont"), nil)
		tr.call("GET secrets?name=LIKE pattern", http.MethodGet, "/v1/secrets?name="+url.QueryEscape(strings.ToUpper("fid-p1__"+tr.sfx+"%")), nil)
		tr.call("GET containers?name=LIKE pattern&type", http.MethodGet, "/v1/containers?type=certificate&name="+url.QueryEscape("fid-co_t-"+tr.sfx), nil)
		tr.call("POST container without certificate", http.MethodPost, "/v1/containers", map[string]any{
			"name": n("c"), "type": "certificate", "secret_refs": []map[string]string{{"name": "private_key", "secret_ref": keyRef}}})
	})

	const lbs, listeners = "/v2/lbaas/loadbalancers", "/v2/lbaas/listeners"
	lb := fidID(tr.write("POST loadbalancer", http.MethodPost, lbs, map[string]any{"loadbalancer": map[string]any{
		"name": n("lb"), "vip_subnet_id": tr.tg.subnet}}, 201, fidWatch{"lb", lbs + "/{self}", false}), "loadbalancer")
	defer tr.send(http.MethodDelete, lbs+"/"+lb+"?cascade=true", nil)
	L := lbs + "/" + lb
	listener := func(step string, port int, certRef string, want int) map[string]any {
		body := map[string]any{"listener": map[string]any{"name": n(step), "loadbalancer_id": lb,
			"protocol": "TERMINATED_HTTPS", "protocol_port": port, "default_tls_container_ref": certRef}}
		if want != 201 {
			_, obj := tr.call(step, http.MethodPost, listeners, body)
			return obj
		}
		return tr.write(step, http.MethodPost, listeners, body, want, fidWatch{"listener", listeners + "/{self}", false}, fidWatch{"lb", L, false})
	}
	LI := listeners + "/" + fidID(listener("POST listener TERMINATED_HTTPS (PKCS12)", 443, p12Ref, 201), "listener")
	onKM(func() { tr.call("GET secret acl (Octavia's user added)", http.MethodGet, path(p12Ref)+"/acl", nil) })
	listener("POST listener TERMINATED_HTTPS (container)", 8443, contRef, 201)
	onKM(func() {
		tr.call("GET certificate's acl (via its container)", http.MethodGet, path(crtRef)+"/acl", nil)
		tr.call("GET container's acl (used by a listener)", http.MethodGet, path(contRef)+"/acl", nil)
		tr.call("GET container (used by a listener)", http.MethodGet, path(contRef), nil)
	})
	tr.call("PUT listener with a bad ref", http.MethodPut, LI, map[string]any{"listener": map[string]any{"default_tls_container_ref": "not-a-ref"}})
	tr.write("PUT listener to the container", http.MethodPut, LI, map[string]any{"listener": map[string]any{"default_tls_container_ref": contRef}},
		200, fidWatch{"listener", LI, false}, fidWatch{"lb", L, false})
	tr.call("GET listener after PUT", http.MethodGet, LI, nil)
	listener("POST listener (no such secret)", 9443, km+"/v1/secrets/00000000-0000-4000-8000-000000000000", 400)
	listener("POST listener (not a URL)", 9443, "not-a-ref", 400)
	listener("POST listener (PEM, not PKCS12)", 9443, crtRef, 400)
	tr.call("POST listener TERMINATED_HTTPS without a certificate", http.MethodPost, listeners, map[string]any{"listener": map[string]any{
		"loadbalancer_id": lb, "protocol": "TERMINATED_HTTPS", "protocol_port": 9443}})
	clientCA := func(step string, port int, caRef string, want int) {
		body := map[string]any{"listener": map[string]any{"name": n(step), "loadbalancer_id": lb, "protocol": "TERMINATED_HTTPS",
			"protocol_port": port, "default_tls_container_ref": p12Ref, "client_authentication": "MANDATORY", "client_ca_tls_container_ref": caRef}}
		if want != 201 {
			tr.call(step, http.MethodPost, listeners, body)
			return
		}
		tr.write(step, http.MethodPost, listeners, body, want, fidWatch{"listener", listeners + "/{self}", false}, fidWatch{"lb", L, false})
	}
	clientCA("POST listener with a client CA (PEM)", 10443, crtRef, 201)
	clientCA("POST listener with a client CA that is PKCS12", 11443, p12Ref, 400)
	tr.call("POST listener with client authentication and no CA", http.MethodPost, listeners, map[string]any{"listener": map[string]any{
		"loadbalancer_id": lb, "protocol": "TERMINATED_HTTPS", "protocol_port": 11443, "default_tls_container_ref": p12Ref,
		"client_authentication": "OPTIONAL"}})
	tr.call("POST listener HTTP with a certificate", http.MethodPost, listeners, map[string]any{"listener": map[string]any{
		"loadbalancer_id": lb, "protocol": "HTTP", "protocol_port": 11080, "default_tls_container_ref": p12Ref}})
	const pools = "/v2/lbaas/pools"
	pool := func(step string, extra map[string]any, want int) {
		body := map[string]any{"name": n(step), "loadbalancer_id": lb, "protocol": "HTTPS", "lb_algorithm": "ROUND_ROBIN"}
		for k, v := range extra {
			body[k] = v
		}
		if want != 201 {
			tr.call(step, http.MethodPost, pools, map[string]any{"pool": body})
			return
		}
		tr.write(step, http.MethodPost, pools, map[string]any{"pool": body}, want, fidWatch{"pool", pools + "/{self}", false}, fidWatch{"lb", L, false})
	}
	pool("POST pool with a client certificate (PKCS12)", map[string]any{"tls_container_ref": p12Ref, "tls_enabled": true}, 201)
	pool("POST pool with a CA (PEM)", map[string]any{"ca_tls_container_ref": crtRef, "tls_enabled": true}, 201)
	pool("POST pool with a bad client certificate", map[string]any{"tls_container_ref": "not-a-ref"}, 400)
	pool("POST pool with a CRL and no CA", map[string]any{"crl_container_ref": crtRef}, 400)

	// another project
	tr.section(func() {
		tr.as("demo")
		defer tr.as("")
		onKM(func() {
			tr.call("GET admin's secret as demo (403)", http.MethodGet, path(p12Ref), nil)
			tr.call("GET admin's secret payload as demo (403)", http.MethodGet, path(p12Ref)+"/payload", nil)
			tr.call("GET admin's secret acl as demo (403)", http.MethodGet, path(p12Ref)+"/acl", nil)
			tr.call("GET secrets?name as demo (none of admin's)", http.MethodGet, "/v1/secrets?name="+n("p12"), nil)
			_, s := tr.call("POST secret as demo", http.MethodPost, "/v1/secrets", map[string]any{"name": n("demo"), "payload": "x", "payload_content_type": "text/plain"})
			demoRef = ref(s, "secret_ref")
		})
		dlb := fidID(tr.write("POST loadbalancer as demo", http.MethodPost, lbs, map[string]any{"loadbalancer": map[string]any{
			"name": n("demo-lb"), "vip_subnet_id": tr.tg.users["demo"].subnet}}, 201, fidWatch{"lb", lbs + "/{self}", false}), "loadbalancer")
		defer tr.send(http.MethodDelete, lbs+"/"+dlb+"?cascade=true", nil)
		tr.call("POST listener as demo with admin's secret (400)", http.MethodPost, listeners, map[string]any{"listener": map[string]any{
			"loadbalancer_id": dlb, "protocol": "TERMINATED_HTTPS", "protocol_port": 443, "default_tls_container_ref": p12Ref}})
		tr.settle(lbs + "/" + dlb)
	})
	if demoRef != "" {
		onKM(func() { tr.call("GET demo's secret as admin (403)", http.MethodGet, path(demoRef), nil) })
		tr.as("viewer")
		onKM(func() {
			tr.call("GET demo's secret as viewer (a reader of demo)", http.MethodGet, path(demoRef), nil)
			tr.call("GET demo's secret acl as viewer", http.MethodGet, path(demoRef)+"/acl", nil)
			tr.call("PUT demo's secret acl as viewer (403)", http.MethodPut, path(demoRef)+"/acl", map[string]any{"read": map[string]any{"users": []string{"x"}}})
			tr.call("POST secret as viewer (403)", http.MethodPost, "/v1/secrets", map[string]any{"name": n("viewer")})
			tr.call("DELETE demo's secret as viewer (403)", http.MethodDelete, path(demoRef), nil)
		})
		tr.as("")
		tr.as("demo")
		tr.tg.do(http.MethodDelete, demoRef, nil)
		tr.as("")
	}
	onKM(func() {
		tr.call("DELETE container", http.MethodDelete, path(contRef), nil)
		tr.call("GET deleted container", http.MethodGet, path(contRef), nil)
	})
}
