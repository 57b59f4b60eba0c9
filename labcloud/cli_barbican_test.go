package labcloud

import (
	"crypto/rand"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"slices"
	"strings"
	"testing"
	"time"

	"software.sslmate.com/src/go-pkcs12"
)

// TestCLIBarbican drives python3-barbicanclient's commands of the openstack
// CLI against the lab, as barbican_smoke.sh does against the real cloud:
// secrets (PKCS12, PEM, payloads), a certificate container, the ACL, and
// TERMINATED_HTTPS listeners that use them.
func TestCLIBarbican(t *testing.T) {
	o, url := cliLab(t, Options{Delay: 300 * time.Millisecond, Seed: 1})
	runCLIBarbican(t, o, o.subnet(t), url+"/key-manager")
}

// cliCertificate makes a certificate for host, its key in PEM, and both as
// a PKCS12 bundle without a passphrase (what `openssl pkcs12 -export
// -passout pass:` writes).
func cliCertificate(t *testing.T, host string) (certPEM, keyPEM, p12 []byte) {
	t.Helper()
	now := time.Now()
	caKey, ca, err := newLabCA("cli.test", now)
	if err != nil {
		t.Fatal(err)
	}
	key, der, err := newLabLeaf(host, caKey, ca, now.Add(-time.Hour), now.Add(30*24*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	if p12, err = pkcs12.Modern2023.Encode(key, mustParse(der), nil, ""); err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}), p12
}

// runCLIBarbican is the command chain of TestCLIBarbican (and of
// TestFidelityCLIBarbican, on the real cloud); base is the key-manager
// endpoint.
func runCLIBarbican(t *testing.T, o cliOSC, subnet, base string) {
	suffix := rand.Text()[:6]
	name := func(s string) string { return "cli-" + s + "-" + suffix }
	certPEM, keyPEM, p12 := cliCertificate(t, "www.cli.test")

	// a PKCS12 secret, as barbican_smoke.sh stores it
	s := o.show(t, "secret", "store", "--name", name("p12"), "-t", "application/octet-stream", "-e", "base64",
		"--payload", base64.StdEncoding.EncodeToString(p12))
	p12Ref := cliStr(s["Secret href"])
	if !strings.HasPrefix(p12Ref, base+"/v1/secrets/") {
		t.Fatalf("secret store: Secret href %q, want one under %s", p12Ref, base)
	}
	cliExpectRowBy(t, o.list(t, "secret", "list", "--name", name("p12")), "Secret href", p12Ref, cliFields{
		"Name": name("p12"), "Status": "ACTIVE", "Secret type": "opaque",
	})
	got := o.show(t, "secret", "get", p12Ref)
	if ct, _ := got["Content types"].(map[string]any); got["Name"] != name("p12") || ct["default"] != "application/octet-stream" {
		t.Errorf("secret get: got %v", got)
	}

	// PEM secrets: the payload comes back as stored
	crtRef := cliStr(o.show(t, "secret", "store", "--name", name("crt"), "-t", "text/plain", "--secret-type", "certificate",
		"--payload", string(certPEM))["Secret href"])
	keyRef := cliStr(o.show(t, "secret", "store", "--name", name("key"), "-t", "text/plain", "--secret-type", "private",
		"--payload", string(keyPEM))["Secret href"])
	if p := cliStr(o.show(t, "secret", "get", "--payload", crtRef)["Payload"]); strings.TrimSpace(p) != strings.TrimSpace(string(certPEM)) {
		t.Errorf("secret get --payload: got %q, want the certificate", p)
	}

	// a certificate container of both
	cont := o.show(t, "secret", "container", "create", "--name", name("cont"), "--type", "certificate",
		"--secret", "certificate="+crtRef, "--secret", "private_key="+keyRef)
	contRef := cliStr(cont["Container href"])
	cliExpectRowBy(t, o.list(t, "secret", "container", "list"), "Container href", contRef, cliFields{
		"Name": name("cont"), "Type": "certificate", "Status": "ACTIVE",
	})

	// the ACL: a user added, then Octavia's own by using the secret
	o.run(t, "acl", "user", "add", "--user", "cli-user-"+suffix, p12Ref)
	if users := cliACLUsers(t, o, p12Ref); !slices.Contains(users, "cli-user-"+suffix) {
		t.Errorf("acl get after acl user add: users %v", users)
	}
	lb := cliStr(o.show(t, "loadbalancer", "create", "--name", name("lb"), "--vip-subnet-id", subnet, "--wait")["id"])
	for i, ref := range []string{p12Ref, contRef} {
		l := o.show(t, "loadbalancer", "listener", "create", "--name", name("https")+itoa(i), "--protocol", "TERMINATED_HTTPS",
			"--protocol-port", itoa(443+i), "--default-tls-container-ref", ref, "--wait", lb)
		cliExpect(t, "listener create --default-tls-container-ref "+ref, l, cliFields{"provisioning_status": "ACTIVE", "default_tls_container_ref": ref})
	}
	if users := cliACLUsers(t, o, p12Ref); len(users) != 2 {
		t.Errorf("acl get after a listener used the secret: users %v, want the user added and Octavia's", users)
	}
	bogus := base + "/v1/secrets/00000000-0000-4000-8000-000000000000"
	if msg := o.fail(t, "loadbalancer", "listener", "create", "--protocol", "TERMINATED_HTTPS", "--protocol-port", "8443",
		"--default-tls-container-ref", bogus, lb); !strings.Contains(msg, "Could not retrieve certificate: ['"+bogus+"']") {
		t.Errorf("listener with a bogus ref: stderr %q, want Octavia's 400 naming it", msg)
	}

	o.run(t, "loadbalancer", "delete", "--cascade", "--wait", lb)
	o.run(t, "secret", "container", "delete", contRef)
	for _, ref := range []string{p12Ref, crtRef, keyRef} {
		o.run(t, "secret", "delete", ref)
	}
	if msg := o.fail(t, "secret", "get", p12Ref); !strings.Contains(msg, "Not Found") {
		t.Errorf("secret get after delete: stderr %q, want Not Found", msg)
	}
}

// cliACLUsers is the users of the read ACL, as `openstack acl get` prints.
func cliACLUsers(t *testing.T, o cliOSC, ref string) []string {
	t.Helper()
	for _, row := range o.list(t, "acl", "get", ref) {
		if row["Operation Type"] != "read" {
			continue
		}
		var users []string
		for _, u := range row["Users"].([]any) {
			users = append(users, cliStr(u))
		}
		return users
	}
	t.Fatalf("acl get %s: no read row", ref)
	return nil
}
