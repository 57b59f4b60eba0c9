package labcloud

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"
)

// seedRef is the href of one of project's seeded secrets (or containers).
func seedRef(project, name string, container bool) string {
	kind := "/secrets/"
	if container {
		kind = "/containers/"
		name += " container"
	}
	return "http://lab.example/key-manager/v1" + kind + seedID(keystoneID("project", project), name)
}

// activeLB makes a load balancer of c's project and waits for it to be
// ACTIVE (inside a synctest bubble).
func (c *tclient) activeLB(name string) string {
	c.t.Helper()
	id := c.createLB(name, nil)["id"].(string)
	time.Sleep(3 * time.Second)
	if s := c.lbStatus(id); s != statusActive {
		c.t.Fatalf("load balancer %s: %s, want ACTIVE", name, s)
	}
	return id
}

// aclUsers is the read ACL's users of a Barbican href.
func (c *tclient) aclUsers(href string) []string {
	c.t.Helper()
	path := href[strings.Index(href, "/key-manager/"):]
	read := obj(c.must(http.StatusOK, http.MethodGet, path+"/acl", nil).json(c.t), "read")
	var out []string
	for _, u := range list(read, "users") {
		out = append(out, u.(string))
	}
	return out
}

// certLab is a new lab with demo signed in and its certificates seeded
// (its first read of its secrets seeds them), and the href of its
// www.demo.lab.test PKCS12 secret.
func certLab(t *testing.T) (*Cloud, *tclient, string) {
	t.Helper()
	lab := New(Options{})
	demo := login(t, lab, "demo")
	demo.must(http.StatusOK, http.MethodGet, "/key-manager/v1/secrets", nil)
	return lab, demo, seedRef("demo", "www.demo.lab.test.p12", false)
}

func TestTLSRefsListener(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		lab := New(Options{})
		demo, admin := login(t, lab, "demo"), login(t, lab, "admin")
		demo.must(http.StatusOK, http.MethodGet, "/key-manager/v1/secrets", nil) // seeds demo's certificates
		admin.must(http.StatusOK, http.MethodGet, "/key-manager/v1/secrets", nil)
		lb := demo.activeLB("tls")
		www, soon, old := seedRef("demo", "www.demo.lab.test.p12", false), seedRef("demo", "soon.demo.lab.test.p12", false), seedRef("demo", "old.demo.lab.test.p12", false)
		pem := seedRef("demo", "www.demo.lab.test.crt", false)
		cont := seedRef("demo", "www.demo.lab.test", true)
		foreign := seedRef("admin", "www.admin.lab.test.p12", false)
		missing := "http://lab.example/key-manager/v1/secrets/00000000-0000-4000-8000-000000000000"
		port := 442
		create := func(extra map[string]any) tresp {
			port++
			l := map[string]any{"loadbalancer_id": lb, "protocol": "TERMINATED_HTTPS", "protocol_port": port}
			for k, v := range extra {
				l[k] = v
			}
			r := demo.do(http.MethodPost, "/load-balancer/v2/lbaas/listeners", map[string]any{"listener": l})
			time.Sleep(3 * time.Second)
			return r
		}
		for _, tc := range []struct {
			name  string
			extra map[string]any
			want  int
			fault string
		}{
			{"a PKCS12 secret", map[string]any{"default_tls_container_ref": www}, 201, ""},
			{"an expired certificate (Octavia does not look)", map[string]any{"default_tls_container_ref": old}, 201, ""},
			{"a certificate container", map[string]any{"default_tls_container_ref": cont}, 201, ""},
			{"no such secret", map[string]any{"default_tls_container_ref": missing}, 400, "Could not retrieve certificate: ['" + missing + "']"},
			{"not a URL", map[string]any{"default_tls_container_ref": "foo"}, 400, "Could not retrieve certificate: ['foo']"},
			{"a hostile ref", map[string]any{"default_tls_container_ref": "x' <b>"}, 400, `Could not retrieve certificate: ["x' <b>"]`},
			{"another project's secret", map[string]any{"default_tls_container_ref": foreign}, 400, "Could not retrieve certificate: ['" + foreign + "']"},
			{"a PEM, not PKCS12", map[string]any{"default_tls_container_ref": pem}, 400, "The PKCS12 bundle is unreadable. Please check the PKCS12 bundle validity. In addition, make sure it does not require a pass phrase. Error: [('asn1 encoding routines', '', 'wrong tag'), ('asn1 encoding routines', '', 'nested asn1 error')]"},
			{"SNI before default, every bad one", map[string]any{"default_tls_container_ref": missing, "sni_container_refs": []string{"a", soon, "b"}}, 400, "Could not retrieve certificate: ['a', 'b', '" + missing + "']"},
			{"client auth without a CA", map[string]any{"default_tls_container_ref": www, "client_authentication": "MANDATORY"}, 400, "Validation failure: Client authentication setting MANDATORY requires a client CA container reference."},
			{"a CRL without a CA", map[string]any{"default_tls_container_ref": www, "client_crl_container_ref": www}, 400, "Validation failure: A client authentication CA reference is required to specify a client authentication revocation list."},
			{"a client CA", map[string]any{"default_tls_container_ref": www, "client_authentication": "MANDATORY", "client_ca_tls_container_ref": seedRef("demo", "demo.lab.test-ca.crt", false)}, 201, ""},
			{"a client CA and its CRL", map[string]any{"default_tls_container_ref": www, "client_authentication": "OPTIONAL",
				"client_ca_tls_container_ref": seedRef("demo", "demo.lab.test-ca.crt", false), "client_crl_container_ref": seedRef("demo", "demo.lab.test-ca.crl", false)}, 201, ""},
			{"a CRL of another CA", map[string]any{"default_tls_container_ref": www, "client_ca_tls_container_ref": seedRef("demo", "www.demo.lab.test.crt", false),
				"client_crl_container_ref": seedRef("demo", "demo.lab.test-ca.crl", false)}, 400, "Validation failure: The CRL specified is not valid for client certificate authority reference supplied."},
			{"a CRL that is a certificate", map[string]any{"default_tls_container_ref": www, "client_ca_tls_container_ref": seedRef("demo", "demo.lab.test-ca.crt", false),
				"client_crl_container_ref": seedRef("demo", "www.demo.lab.test.crt", false)}, 400, ""},
			{"a client CA that is a PKCS12", map[string]any{"default_tls_container_ref": www, "client_ca_tls_container_ref": soon}, 400, "Validation failure: The client authentication CA certificate is invalid. It must be a valid x509 PEM format certificate. Error: Unable to load PEM file. See https://cryptography.io/en/latest/faq/#why-can-t-i-import-my-pem-file for more details. MalformedFraming"},
		} {
			r := create(tc.extra)
			if r.status != tc.want || (tc.fault != "" && r.fault(t) != tc.fault) {
				t.Errorf("%s: got %d %s, want %d %q", tc.name, r.status, r.body, tc.want, tc.fault)
			}
		}
		// Octavia's service user is now on the read ACL of what it was given,
		// a container's secrets included; never on another project's secret
		for _, href := range []string{www, old, cont, pem, seedRef("demo", "www.demo.lab.test.key", false)} {
			if !slices.Contains(demo.aclUsers(href), octaviaUserID()) {
				t.Errorf("%s: Octavia's user is not on the read ACL", href)
			}
		}
		if slices.Contains(admin.aclUsers(foreign), octaviaUserID()) {
			t.Errorf("demo's listener put Octavia on admin's secret's ACL")
		}
		if s := demo.lbStatus(lb); s != statusActive {
			t.Errorf("load balancer after the listeners: %s", s)
		}
		r := demo.do(http.MethodPost, "/load-balancer/v2/lbaas/listeners", map[string]any{"listener": map[string]any{
			"loadbalancer_id": lb, "protocol": "HTTP", "protocol_port": 8080, "default_tls_container_ref": www}})
		if want := "Validation failure: Certificate container references are not allowed on HTTP protocol listeners."; r.status != 400 || r.fault(t) != want {
			t.Errorf("an HTTP listener with a certificate: got %d %s", r.status, r.body)
		}
	})
}

func TestTLSRefsUpdateAndPool(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		_, demo, www := certLab(t)
		lb := demo.activeLB("tls")
		l := obj(demo.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/listeners", map[string]any{"listener": map[string]any{
			"loadbalancer_id": lb, "protocol": "TERMINATED_HTTPS", "protocol_port": 443, "default_tls_container_ref": www}}).json(t), "listener")
		time.Sleep(3 * time.Second)
		r := demo.do(http.MethodPut, "/load-balancer/v2/lbaas/listeners/"+l["id"].(string), map[string]any{"listener": map[string]any{"default_tls_container_ref": "nope"}})
		if r.status != 400 || r.fault(t) != "Could not retrieve certificate: ['nope']" {
			t.Errorf("update with a bad ref: got %d %s", r.status, r.body)
		}
		got := obj(demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/listeners/"+l["id"].(string), nil).json(t), "listener")
		if got["default_tls_container_ref"] != www {
			t.Errorf("a refused update changed the listener: %v", got["default_tls_container_ref"])
		}
		pool := func(extra map[string]any) tresp {
			p := map[string]any{"loadbalancer_id": lb, "protocol": "HTTPS", "lb_algorithm": "ROUND_ROBIN"}
			for k, v := range extra {
				p[k] = v
			}
			r := demo.do(http.MethodPost, "/load-balancer/v2/lbaas/pools", map[string]any{"pool": p})
			time.Sleep(3 * time.Second)
			return r
		}
		if r := pool(map[string]any{"tls_container_ref": "bad"}); r.status != 400 || r.fault(t) != "Could not retrieve certificate: ['bad']" {
			t.Errorf("pool with a bad client certificate: got %d %s", r.status, r.body)
		}
		if r := pool(map[string]any{"crl_container_ref": www}); r.status != 400 || r.fault(t) != "Validation failure: A CA certificate reference is required to specify a revocation list." {
			t.Errorf("pool with a CRL and no CA: got %d %s", r.status, r.body)
		}
		if r := pool(map[string]any{"tls_container_ref": www, "ca_tls_container_ref": seedRef("demo", "demo.lab.test-ca.crt", false)}); r.status != 201 {
			t.Errorf("pool with a certificate and a CA: got %d %s", r.status, r.body)
		}
	})
}

func TestTLSRefsBarbicanDown(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		lab, demo, www := certLab(t)
		lb := demo.activeLB("tls")
		if err := lab.SetProjectFaults([]string{"demo"}, Faults{Barbican: Outage503}); err != nil {
			t.Fatal(err)
		}
		r := demo.do(http.MethodPost, "/load-balancer/v2/lbaas/listeners", map[string]any{"listener": map[string]any{
			"loadbalancer_id": lb, "protocol": "TERMINATED_HTTPS", "protocol_port": 443, "default_tls_container_ref": www}})
		if r.status != 400 || r.fault(t) != "Could not retrieve certificate: ['"+www+"']" {
			t.Errorf("Barbican down: got %d %s, want Octavia's 400", r.status, r.body)
		}
		if r := demo.do(http.MethodGet, "/key-manager/v1/secrets", nil); r.status != http.StatusServiceUnavailable {
			t.Errorf("Barbican down, its API: got %d, want 503", r.status)
		}
	})
}

func TestTLSRefsFullyPopulated(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		_, demo, www := certLab(t)
		graph := func(ref string) map[string]any {
			return map[string]any{"listeners": []map[string]any{{"protocol": "TERMINATED_HTTPS", "protocol_port": 443,
				"default_tls_container_ref": ref, "default_pool": map[string]any{"name": "p", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"}}}}
		}
		r := demo.do(http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", map[string]any{"loadbalancer": func() map[string]any {
			m := graph("nope")
			m["name"], m["vip_subnet_id"] = "bad", demo.subnetID()
			return m
		}()})
		if r.status != 400 || r.fault(t) != "Could not retrieve certificate: ['nope']" {
			t.Errorf("fully populated, bad ref: got %d %s", r.status, r.body)
		}
		if n := len(list(demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers?name=bad", nil).json(t), "loadbalancers")); n != 0 {
			t.Errorf("a refused create left %d load balancers", n)
		}
		lb := demo.createLB("good", graph(www))
		time.Sleep(3 * time.Second)
		if s := demo.lbStatus(lb["id"].(string)); s != statusActive {
			t.Errorf("fully populated with a good ref: %s", s)
		}
	})
}
