package form

import (
	"fmt"
	"net/url"
)

// CertUse is what a certificate field's Barbican ref holds, so that its
// picker offers what fits.
type CertUse string

const (
	// CertKeyed: a certificate with its private key (and chain), as
	// Octavia serves it: a PKCS12 secret or a certificate container (a
	// listener's default and SNI certificates, a pool's client
	// certificate).
	CertKeyed CertUse = "keyed"
	// CertCA: a CA certificate, a PEM certificate secret (a listener's
	// client CA, a pool's members' CA).
	CertCA CertUse = "ca"
	// CertCRL: a certificate revocation list, an opaque secret Barbican
	// has no type for, found by parsing it.
	CertCRL CertUse = "crl"
)

// refuseRefs says what is wrong with a certificate field's value s (list:
// several refs, one per line or comma-separated): each must be a Barbican
// ref, an http or https URL with a host, as Octavia's cert manager reads
// it ("https://barbican.example:9311/v1/secrets/<uuid>"); "" when none is.
// A name or a bare UUID is refused here rather than by Octavia's 400.
func refuseRefs(list bool, s string) string {
	refs := []string{s}
	if list {
		refs = SplitList(s)
	}
	for _, ref := range refs {
		if msg := refuseRef(ref); msg != "" {
			if list {
				return fmt.Sprintf("%q: %s", ref, msg)
			}
			return msg
		}
	}
	return ""
}

func refuseRef(ref string) string {
	u, err := url.Parse(ref)
	if err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return "Pick a certificate, or type its Barbican URL (https://…/v1/secrets/… or …/v1/containers/…)."
	}
	return ""
}
