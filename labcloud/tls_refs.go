// Octavia's checks of certificate references (Zed's _validate_tls_refs
// and _validate_client_ca_and_crl_refs with barbican_acl_auth): each ref is
// read with the caller's token, Octavia's service user is added to its read
// ACL, and it is read again as that user and parsed. A ref that fails is
// 400 "Could not retrieve certificate: ['<ref>']".

package labcloud

import (
	"crypto"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"software.sslmate.com/src/go-pkcs12"
)

// octaviaUserID is the id of Octavia's service user, the one its
// barbican_acl_auth adds to a certificate's read ACL.
func octaviaUserID() string { return keystoneID("user", "octavia") }

// tlsCheck is one check of certificate refs: who asks, through which
// Barbican endpoint, at when.
type tlsCheck struct {
	c    *Cloud
	k    *kmCaller
	base string // the lab's Barbican endpoint as the request sees it
	down bool   // Barbican is unreachable
	now  time.Time
}

// newTLSCheck is a check for the Octavia caller k of request r. Caller
// holds c.mu.
func (c *Cloud) newTLSCheck(r *http.Request, k *caller, now time.Time) *tlsCheck {
	kc := &kmCaller{user: k.tok.user.id, project: k.project, admin: k.admin, creator: k.member, observer: k.tok.hasRole(roleReader)}
	return &tlsCheck{c: c, k: kc, base: c.barbicanBase(r), down: c.faults.of(k.project).Barbican != OutageNone, now: now}
}

// octaviaCaller is Barbican's view of Octavia's service user (admin of
// the service project: it reads another project's secret only through an
// ACL).
func octaviaCaller() *kmCaller {
	return &kmCaller{user: octaviaUserID(), project: keystoneID("project", "service"), admin: true}
}

// checkTLSRefs checks the refs of a listener's certificates (SNI then
// default) or a pool's: every ref that cannot be read is named in one 400;
// a readable secret that is not a PKCS12 bundle is Octavia's own 400.
func (t *tlsCheck) checkTLSRefs(refs ...string) *apiError {
	var bad []string
	for _, ref := range refs {
		if !t.grant(ref) {
			bad = append(bad, ref)
			continue
		}
		ok, err := t.readCert(ref)
		if err != nil {
			return err
		}
		if !ok {
			bad = append(bad, ref)
		}
	}
	return certRetrieval(bad)
}

// checkClientCA checks a client CA ref and an optional CRL ref: both
// readable secrets, the CA a PEM certificate, the CRL a PEM CRL signed by
// it.
func (t *tlsCheck) checkClientCA(caRef, crlRef string) *apiError {
	var bad []string
	var caPEM, crlPEM []byte
	var ok bool
	if caPEM, ok = t.secretPayload(caRef); !ok {
		bad = append(bad, caRef)
	}
	if crlRef != "" {
		if crlPEM, ok = t.secretPayload(crlRef); !ok {
			bad = append(bad, crlRef)
		}
	}
	if err := certRetrieval(bad); err != nil {
		return err
	}
	ca, err := parsePEMCert(caPEM)
	if err != nil {
		return validation("The client authentication CA certificate is invalid. It must be a valid x509 PEM format certificate. Error: %s", err)
	}
	if crlPEM == nil {
		return nil
	}
	block, _ := pem.Decode(crlPEM)
	if block == nil || block.Type != "X509 CRL" {
		return validation("The client authentication certificate revocation list is invalid. It must be a valid x509 PEM format certificate revocation list. Error: Unable to load CRL")
	}
	crl, cerr := x509.ParseRevocationList(block.Bytes)
	if cerr != nil {
		return validation("The client authentication certificate revocation list is invalid. It must be a valid x509 PEM format certificate revocation list. Error: %s", cerr)
	}
	if crl.CheckSignatureFrom(ca) != nil {
		return validation("The CRL specified is not valid for client certificate authority reference supplied.")
	}
	return nil
}

// certRetrieval is Octavia's CertificateRetrievalException for the refs
// (nil for none), the list as Python prints it.
func certRetrieval(refs []string) *apiError {
	if len(refs) == 0 {
		return nil
	}
	quoted := make([]string, len(refs))
	for i, r := range refs {
		quoted[i] = pyRepr(r)
	}
	return errorf(http.StatusBadRequest, "Could not retrieve certificate: [%s]", strings.Join(quoted, ", "))
}

// entity is what a ref names in the lab's Barbican: its owner, creator
// and ACL, and the secret or container itself.
type entity struct {
	secret    *secret
	container *container
}

func (e entity) acl() *kmACL {
	if e.secret != nil {
		return &e.secret.acl
	}
	return &e.container.acl
}

func (e entity) owner() (project, creator string) {
	if e.secret != nil {
		return e.secret.projectID, e.secret.creatorID
	}
	return e.container.projectID, e.container.creatorID
}

// lookup resolves a ref of this Barbican: .../v1/secrets/{uuid} or
// .../v1/containers/{uuid}, existing and not expired.
func (t *tlsCheck) lookup(ref string) (entity, bool) {
	if t.down {
		return entity{}, false
	}
	u, err := url.Parse(ref)
	if err != nil || u.Host == "" || !strings.HasPrefix(ref, t.base+"/v1/") {
		return entity{}, false
	}
	kind, id, _ := strings.Cut(strings.TrimSuffix(strings.TrimPrefix(ref, t.base+"/v1/"), "/"), "/")
	switch ks := t.c.keys; kind {
	case "secrets":
		if s := ks.secrets[id]; s != nil && !s.expired(t.now) {
			return entity{secret: s}, true
		}
	case "containers":
		if ct := ks.containers[id]; ct != nil {
			return entity{container: ct}, true
		}
	}
	return entity{}, false
}

// grant is barbican_acl_auth's ensure_secret_access with the caller's
// token (read the ACL; add Octavia's user when missing), then, for a
// certificate container, the same on its certificate, key, passphrase and
// intermediates. It reports whether every step succeeded; what it granted
// stays granted, as in Octavia.
func (t *tlsCheck) grant(ref string) bool {
	e, ok := t.lookup(ref)
	if !ok || !t.grantOne(e) {
		return false
	}
	if e.container == nil || !octaviaCaller().canRead(e.container.projectID, e.container.creatorID, &e.container.acl) {
		return true // legacy set_acls skips what is not a readable container
	}
	for _, name := range []string{"certificate", "private_key", "private_key_passphrase", "intermediates"} {
		id := e.container.secret(name)
		if id == "" {
			if name == "certificate" || name == "private_key" {
				return false
			}
			continue
		}
		s := t.c.keys.secrets[id]
		if s == nil || s.expired(t.now) || !t.grantOne(entity{secret: s}) {
			return false
		}
	}
	return true
}

// grantOne reads e's ACL as the caller and, if Octavia's user is not on
// it, sets it as the caller (who must be allowed to).
func (t *tlsCheck) grantOne(e entity) bool {
	project, creator := e.owner()
	if !(t.k.admin || t.k.creator || t.k.observer) || t.k.project != project {
		return false
	}
	a := e.acl()
	if a.names(octaviaUserID()) {
		return true
	}
	if !t.k.canManage(project, creator, a) {
		return false
	}
	a.grant(octaviaUserID(), t.now)
	t.c.markChanged()
	return true
}

// readCert is get_cert as Octavia's user, false when the ref cannot be
// read: a secret's payload must be a PKCS12 bundle without a passphrase
// (else Octavia's UnreadablePKCS12, a 400 of its own); a container's
// certificate and key must be PEM and match.
func (t *tlsCheck) readCert(ref string) (bool, *apiError) {
	e, ok := t.lookup(ref)
	if !ok {
		return false, nil
	}
	oc := octaviaCaller()
	if s := e.secret; s != nil {
		if !oc.canRead(s.projectID, s.creatorID, &s.acl) || s.contentType == "" {
			return false, nil
		}
		if _, _, _, err := pkcs12.DecodeChain(s.payload, ""); err != nil {
			return false, errorf(http.StatusBadRequest, "The PKCS12 bundle is unreadable. Please check the PKCS12 bundle validity. "+
				"In addition, make sure it does not require a pass phrase. Error: %s", pkcs12Error(err))
		}
		return true, nil
	}
	ct := e.container
	if !oc.canRead(ct.projectID, ct.creatorID, &ct.acl) {
		return false, nil
	}
	payload := func(name string) []byte {
		s := t.c.keys.secrets[ct.secret(name)]
		if s == nil || !oc.canRead(s.projectID, s.creatorID, &s.acl) {
			return nil
		}
		return s.payload
	}
	cert, err := parsePEMCert(payload("certificate"))
	if err != nil {
		return false, nil
	}
	key := parsePEMKey(payload("private_key"))
	pub, ok := cert.PublicKey.(interface{ Equal(crypto.PublicKey) bool })
	return key != nil && ok && pub.Equal(key.Public()), nil
}

// secretPayload is get_secret after set_acls: the payload of a secret ref,
// read as Octavia's user.
func (t *tlsCheck) secretPayload(ref string) ([]byte, bool) {
	if !t.grant(ref) {
		return nil, false
	}
	e, ok := t.lookup(ref)
	if !ok || e.secret == nil || e.secret.contentType == "" ||
		!octaviaCaller().canRead(e.secret.projectID, e.secret.creatorID, &e.secret.acl) {
		return nil, false
	}
	return e.secret.payload, true
}

// pkcs12Error is OpenSSL's error list for bytes that are not PKCS12, as
// pyOpenSSL prints it: what a PEM text (the usual mistake) gives, or a
// wrong passphrase.
func pkcs12Error(err error) string {
	if strings.Contains(err.Error(), "password") || strings.Contains(err.Error(), "mac") {
		return "[('PKCS12 routines', '', 'mac verify failure')]"
	}
	return "[('asn1 encoding routines', '', 'wrong tag'), ('asn1 encoding routines', '', 'nested asn1 error')]"
}

func parsePEMCert(b []byte) (*x509.Certificate, error) {
	block, _ := pem.Decode(b)
	if block == nil || block.Type != "CERTIFICATE" {
		// what cryptography says of bytes that are not a PEM certificate
		return nil, errors.New("Unable to load PEM file. See https://cryptography.io/en/latest/faq/#why-can-t-i-import-my-pem-file for more details. MalformedFraming")
	}
	return x509.ParseCertificate(block.Bytes)
}

// parsePEMKey reads a PEM private key (PKCS8, PKCS1 or EC); nil if none.
func parsePEMKey(b []byte) crypto.Signer {
	block, _ := pem.Decode(b)
	if block == nil {
		return nil
	}
	if k, err := x509.ParsePKCS8PrivateKey(block.Bytes); err == nil {
		s, _ := k.(crypto.Signer)
		return s
	}
	if k, err := x509.ParsePKCS1PrivateKey(block.Bytes); err == nil {
		return k
	}
	if k, err := x509.ParseECPrivateKey(block.Bytes); err == nil {
		return k
	}
	return nil
}
