// The certificates the lab gives each project, so that the console's
// certificate pages have something to show: made with crypto/x509 the
// first time the project's Barbican is used, under names that depend only
// on the project.

package labcloud

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"math/big"
	"strings"
	"time"

	"software.sslmate.com/src/go-pkcs12"
)

// seedCert is one seeded certificate: its host name's first label and
// its validity around the seeding time.
type seedCert struct {
	label           string
	notBefore, life time.Duration // notBefore before now; life from notBefore
}

// seedCerts: one good for a year, one that expires in 10 days, one that
// expired 30 days ago. Each is a PKCS12 secret; the first is also a
// certificate container (PEM certificate and key secrets).
var seedCerts = []seedCert{
	{"www", 24 * time.Hour, 366 * 24 * time.Hour},
	{"soon", 80 * 24 * time.Hour, 90 * 24 * time.Hour},
	{"old", 400 * 24 * time.Hour, 370 * 24 * time.Hour},
}

// seedCertificates gives the project its sample certificates, once: a
// project whose seeds were deleted does not get them again. Caller holds
// c.mu.
func (c *Cloud) seedCertificates(projectID string, now time.Time) {
	p := c.projectsByID[projectID]
	if p == nil || c.keys.seeded[projectID] {
		return
	}
	c.keys.seeded[projectID] = true
	c.markChanged()
	creator := keystoneID("user", "admin")
	for _, u := range c.users {
		if u.project == p {
			creator = u.id
			break
		}
	}
	domain := dnsLabel(p.name) + ".lab.test"
	caKey, caCert, err := newLabCA(domain, now)
	if err != nil {
		c.opts.Logger.Error("seeding certificates", "project", p.name, "err", err)
		return
	}
	add := func(name, secretType, ctype string, payload []byte) *secret {
		s := &secret{id: seedID(projectID, name), projectID: projectID, creatorID: creator, name: &name,
			secretType: secretType, contentType: ctype, payload: payload, created: now, updated: now}
		c.keys.addSecret(s)
		return s
	}
	for i, sc := range seedCerts {
		host := sc.label + "." + domain
		key, der, err := newLabLeaf(host, caKey, caCert, now.Add(-sc.notBefore), now.Add(-sc.notBefore+sc.life))
		if err == nil {
			var p12 []byte
			if p12, err = pkcs12.Modern2023.Encode(key, mustParse(der), []*x509.Certificate{caCert}, ""); err == nil {
				add(host+".p12", "opaque", ctypeBinary, p12)
			}
		}
		if err != nil {
			c.opts.Logger.Error("seeding certificates", "project", p.name, "err", err)
			return
		}
		if i > 0 {
			continue
		}
		keyDER, err := x509.MarshalPKCS8PrivateKey(key)
		if err != nil {
			return
		}
		crt := add(host+".crt", "certificate", ctypeText, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}))
		k := add(host+".key", "private", ctypeText, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}))
		ca := add(domain+"-ca.crt", "certificate", ctypeText, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caCert.Raw}))
		cert, private, inter := "certificate", "private_key", "intermediates"
		c.keys.addContainer(&container{id: seedID(projectID, host+" container"), projectID: projectID, creatorID: creator,
			name: &host, typ: "certificate", created: now, updated: now,
			refs: []containerRef{{&cert, crt.id}, {&private, k.id}, {&inter, ca.id}}})
	}
}

func mustParse(der []byte) *x509.Certificate {
	c, _ := x509.ParseCertificate(der)
	return c
}

// newLabCA makes the project's certificate authority (ECDSA P-256, ten
// years).
func newLabCA(domain string, now time.Time) (*ecdsa.PrivateKey, *x509.Certificate, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber: serial(), Subject: pkix.Name{CommonName: "Octaview Lab CA " + domain, Organization: []string{"Octaview lab"}},
		NotBefore: now.Add(-500 * 24 * time.Hour), NotAfter: now.Add(3650 * 24 * time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, nil, err
	}
	cert, err := x509.ParseCertificate(der)
	return key, cert, err
}

// newLabLeaf makes a server certificate for host (and its SAN), signed by
// the CA.
func newLabLeaf(host string, caKey *ecdsa.PrivateKey, ca *x509.Certificate, notBefore, notAfter time.Time) (*ecdsa.PrivateKey, []byte, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber: serial(), Subject: pkix.Name{CommonName: host, Organization: []string{"Octaview lab"}},
		DNSNames: []string{host}, NotBefore: notBefore, NotAfter: notAfter,
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, &key.PublicKey, caKey)
	return key, der, err
}

func serial() *big.Int {
	n, _ := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 120))
	return n
}

// seedID is a UUID that depends only on the project and the seed's name
// (the seeded sequence of ids is left alone).
func seedID(projectID, name string) string {
	sum := sha256.Sum256([]byte("barbican-seed:" + projectID + ":" + name))
	b := sum[:16]
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b)
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// dnsLabel is a project name as a DNS label: lower case letters, digits and
// hyphens, at most 40, "project" when nothing is left.
func dnsLabel(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
		if b.Len() >= 40 {
			break
		}
	}
	s := strings.Trim(b.String(), "-")
	if s == "" {
		return "project"
	}
	return s
}
