package cert

import (
	"context"
	"crypto/x509"
	"encoding/pem"

	"github.com/octaview/octaview/octavia"
)

// Fetch reads and parses the certificate ref names (a secret, or a
// certificate container's "certificate" secret); crl reads it as a
// certificate revocation list (a listener's client_crl_container_ref):
// Info's Issuer, NotBefore (this update) and NotAfter (next update). The
// payload's bytes are zeroed once parsed. Blocks: call it off the UI
// goroutine.
func Fetch(ctx context.Context, c *octavia.Client, ref string, crl bool) Parsed {
	secret, contentType := ref, ""
	switch octavia.RefKind(ref) {
	case "containers":
		ct, err := c.KeyManager().Container(ctx, ref)
		if err != nil {
			return Parsed{Read: true, Err: octavia.Message(err)}
		}
		secret, contentType = "", "text/plain"
		for _, s := range ct.SecretRefs {
			if s.Name == "certificate" {
				secret = s.SecretRef
			}
		}
		if secret == "" {
			return Parsed{Read: true, Err: "the container has no certificate secret"}
		}
	case "secrets":
		s, err := c.KeyManager().Secret(ctx, ref)
		if err != nil {
			return Parsed{Read: true, Err: octavia.Message(err)}
		}
		contentType = s.ContentTypes["default"]
	default:
		_, err := octavia.RefID(ref, "secrets")
		return Parsed{Read: true, Err: octavia.Message(err)}
	}
	b, err := c.KeyManager().SecretPayload(ctx, secret, contentType)
	if err != nil {
		return Parsed{Read: true, Err: octavia.Message(err)}
	}
	defer clear(b)
	if crl {
		return ParsedCRL(b)
	}
	return ParsedOf(b)
}

// ParsedCRL reads a certificate revocation list (PEM "X509 CRL" or DER).
func ParsedCRL(payload []byte) Parsed {
	der := payload
	if b, _ := pem.Decode(payload); b != nil {
		der = b.Bytes
	}
	l, err := x509.ParseRevocationList(der)
	if err != nil {
		return Parsed{Read: true, Err: "not a certificate revocation list: " + err.Error()}
	}
	return Parsed{Read: true, Info: Info{Subject: "CRL of " + nameOf(l.Issuer), SubjectDN: l.Issuer.String(), Issuer: nameOf(l.Issuer),
		NotBefore: l.ThisUpdate.UTC(), NotAfter: l.NextUpdate.UTC()}}
}
