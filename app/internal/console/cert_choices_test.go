package console

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/keymanager/v1/secrets"

	"github.com/octaview/octaview/app/internal/cert"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
)

// testCert is a self-signed certificate for cn valid from now to now+life,
// as PEM, with its key.
func testCert(t *testing.T, cn string, now time.Time, life time.Duration) (certPEM, keyPEM []byte) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(now.UnixNano()), Subject: pkix.Name{CommonName: cn}, DNSNames: []string{cn},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(life)}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: kder})
}

// testCRL is a PEM revocation list of the CA (certificate and key as PEM)
// issued at now, next update in a week.
func testCRL(t *testing.T, caPEM, keyPEM []byte, now time.Time) []byte {
	t.Helper()
	cb, _ := pem.Decode(caPEM)
	kb, _ := pem.Decode(keyPEM)
	ca, err := x509.ParseCertificate(cb.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	key, err := x509.ParsePKCS8PrivateKey(kb.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	ca.KeyUsage |= x509.KeyUsageCRLSign
	if len(ca.SubjectKeyId) == 0 {
		ca.SubjectKeyId = []byte{1, 2, 3, 4} // CreateRevocationList names it; a test CA has none
	}
	der, err := x509.CreateRevocationList(rand.Reader, &x509.RevocationList{Number: big.NewInt(1), ThisUpdate: now.Add(-time.Hour), NextUpdate: now.Add(7*24*time.Hour - 2*time.Hour)},
		ca, key.(*ecdsa.PrivateKey))
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "X509 CRL", Bytes: der})
}

// TestReadCertChoices, on the lab's Barbican: the form's certificate
// pickers get the project's PKCS12 secrets as certificates with their key
// and its certificate secrets as CAs, each with its subject and expiry
// (one that ends in 10 days warns), an opaque secret holding a CRL as a
// revocation list; an opaque secret that is neither is left out; one GET
// per payload.
func TestReadCertChoices(t *testing.T) {
	cloud := labcloud.New(labcloud.Options{Delay: time.Millisecond, Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{
		{Project: "demo", Name: "web"},
	}}})
	c, rec := labtest.Record(t, cloud, "demo", "demo")
	now := time.Now()
	store := func(name string, opts secrets.CreateOpts) string {
		t.Helper()
		opts.Name = name
		ref, _, err := c.KeyManager().StoreSecret(t.Context(), opts)
		if err != nil {
			t.Fatalf("store %s: %v", name, err)
		}
		return ref
	}
	p12 := func(name, cn string, life time.Duration) string {
		t.Helper()
		cp, kp := testCert(t, cn, now, life)
		b, err := cert.ParsePEM(cp, kp, nil)
		if err != nil {
			t.Fatal(err)
		}
		payload, err := b.PKCS12()
		b.Forget()
		if err != nil {
			t.Fatal(err)
		}
		return store(name, secrets.CreateOpts{SecretType: secrets.OpaqueSecret, Payload: string(payload),
			PayloadContentType: "application/octet-stream", PayloadContentEncoding: "base64"})
	}
	web := p12("web <b>", "www.example.test", 365*24*time.Hour)
	soon := p12("soon", "soon.example.test", 10*24*time.Hour+time.Hour)
	caPEM, caKeyPEM := testCert(t, "Example CA", now, 3*365*24*time.Hour)
	ca := store("ca", secrets.CreateOpts{SecretType: secrets.CertificateSecret, Payload: string(caPEM), PayloadContentType: "text/plain"})
	crl := store("ca.crl", secrets.CreateOpts{SecretType: secrets.OpaqueSecret, Payload: string(testCRL(t, caPEM, caKeyPEM, now)), PayloadContentType: "text/plain"})
	blob := store("blob", secrets.CreateOpts{SecretType: secrets.OpaqueSecret, Payload: base64.StdEncoding.EncodeToString([]byte("not a certificate")),
		PayloadContentType: "application/octet-stream", PayloadContentEncoding: "base64"})

	rec.Reset()
	got, err := ReadCertChoices(t.Context(), c, now)
	if err != nil {
		t.Fatal(err)
	}
	byRef := map[string]ui.CertOption{}
	for _, o := range got {
		byRef[o.Ref] = o
	}
	for _, tt := range []struct {
		ref, name, subject string
		use                form.CertUse
		warn               bool
		expiry             string
	}{
		{web, "web <b>", "www.example.test", form.CertKeyed, false, "expires in 364 days"},
		{soon, "soon", "soon.example.test", form.CertKeyed, true, "expires in 10 days"},
		{ca, "ca", "Example CA", form.CertCA, false, "expires in "},
		{crl, "ca.crl", "CRL of Example CA", form.CertCRL, false, "next update in 6 days"},
	} {
		o, ok := byRef[tt.ref]
		if !ok {
			t.Errorf("%s: not offered (got %+v)", tt.name, got)
			continue
		}
		if o.Name != tt.name || o.Subject != tt.subject || o.Use != tt.use || o.Warn != tt.warn || !strings.HasPrefix(o.Expiry, tt.expiry) || o.Err != "" {
			t.Errorf("%s: got %+v, want subject %q, use %s, warn %v, %q", tt.name, o, tt.subject, tt.use, tt.warn, tt.expiry)
		}
	}
	if _, ok := byRef[blob]; ok {
		t.Error("an opaque secret that is no certificate is offered")
	}
	if n := len(rec.Matching("GET", "/payload")); n != len(got)+1 {
		t.Errorf("payload GETs: got %d, want %d (one per candidate: %d offered and the blob)", n, len(got)+1, len(got))
	}
	if l := byRef[soon].Label(); !strings.HasPrefix(l, "⚠ soon — soon.example.test, expires in 10 days") {
		t.Errorf("the warned label: got %q", l)
	}

}

// TestCertsUnread: a certificate field says in plain words why it has no
// list: no Barbican in the catalog, or the read's failure.
func TestCertsUnread(t *testing.T) {
	for _, tt := range []struct {
		name string
		err  error
		want string
	}{
		{"read", nil, ""},
		{"no key-manager", &octavia.Error{Code: octavia.EUNAVAILABLE, Op: "list secrets", Err: octavia.ErrNoKeyManager}, "This cloud has no Barbican (key-manager) in its catalog"},
		{"Barbican down", &octavia.Error{Code: octavia.EUNAVAILABLE, StatusCode: 503, Fault: "Service Unavailable"}, "could not be listed: The service could not be reached. Service Unavailable."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := certsUnread(tt.err); tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
