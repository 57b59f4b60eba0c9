package cert

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/keymanager/v1/containers"
	"github.com/gophercloud/gophercloud/v2/openstack/keymanager/v1/secrets"
)

// Entry types, as the list shows them.
const (
	TypePKCS12    = "PKCS12"
	TypePEM       = "certificate"
	TypeContainer = "container"
)

// Entry is a certificate of the project: a row of the list, the head of
// its page.
type Entry struct {
	Ref     string // the secret's or container's ref: what a listener holds
	Name    string
	Type    string // TypePKCS12, TypePEM or TypeContainer
	Created time.Time
	Parsed  Parsed // zero until its payload was read
	UsedBy  []Use
}

// Parsed is what the payload of a certificate said: its Info, how many
// certificates follow it, or why it cannot be read.
type Parsed struct {
	Read    bool // the payload was read (or its read failed)
	Info    Info
	Chain   int
	Err     string // the read or the parse failed: why
	NotCert bool   // an opaque secret that is no certificate (hidden)
}

// ParsedOf reads payload (ReadPayload).
func ParsedOf(payload []byte) Parsed {
	leaf, chain, err := ReadPayload(payload)
	if err != nil {
		return Parsed{Read: true, Err: err.Error()}
	}
	return Parsed{Read: true, Info: Describe(leaf), Chain: len(chain)}
}

// Read is a payload the list has yet to read: the entry's Ref (the key of
// what it gives) and the secret that holds the certificate (a container's
// "certificate" secret), with the content type to ask for.
type Read struct {
	Ref, Secret, ContentType string
	Opaque                   bool // an opaque secret: hidden when it is no certificate
}

// Parse is what the read of r gave: payload, or the read's failure err
// (its message, readErr).
func (r Read) Parse(payload []byte, readErr string) Parsed {
	if readErr != "" {
		return Parsed{Read: true, Err: readErr}
	}
	p := ParsedOf(payload)
	if p.Err != "" && r.Opaque {
		p.NotCert = true
	}
	return p
}

// certificateSecretOf is a certificate container's "certificate" secret.
func certificateSecretOf(c containers.Container) string {
	for _, r := range c.SecretRefs {
		if r.Name == "certificate" {
			return r.SecretRef
		}
	}
	return ""
}

// isListed reports whether secret s may be a certificate: a certificate
// secret, or an opaque one (PKCS12, as Octavia's cookbook stores them).
func isListed(s secrets.Secret) bool {
	return s.SecretType == string(secrets.CertificateSecret) || s.SecretType == string(secrets.OpaqueSecret)
}

// Unread are the payloads of ss and cs that parsed does not hold yet.
func Unread(ss []secrets.Secret, cs []containers.Container, parsed map[string]Parsed) []Read {
	var out []Read
	for _, s := range ss {
		if isListed(s) && !parsed[s.SecretRef].Read {
			ct := s.ContentTypes["default"]
			if ct == "" {
				ct = "application/octet-stream"
			}
			out = append(out, Read{Ref: s.SecretRef, Secret: s.SecretRef, ContentType: ct, Opaque: s.SecretType == string(secrets.OpaqueSecret)})
		}
	}
	for _, c := range cs {
		if c.Type == string(containers.CertificateContainer) && !parsed[c.ContainerRef].Read {
			// a certificate container's certificate is PEM (text/plain), as Octavia reads it
			out = append(out, Read{Ref: c.ContainerRef, Secret: certificateSecretOf(c), ContentType: "text/plain"})
		}
	}
	return out
}

// Entries are the project's certificates among its secrets and containers,
// by name: certificate secrets, opaque secrets that hold a certificate
// (parsed says so once read), certificate containers; each with the
// listeners and pools that use it (uses, by RefKey). hidden counts the
// opaque secrets that are not certificates.
func Entries(ss []secrets.Secret, cs []containers.Container, parsed map[string]Parsed, uses map[string][]Use) (out []Entry, hidden int) {
	for _, s := range ss {
		if !isListed(s) {
			continue
		}
		p := parsed[s.SecretRef]
		if p.NotCert {
			hidden++
			continue
		}
		typ := TypePEM
		if s.SecretType == string(secrets.OpaqueSecret) {
			typ = TypePKCS12
		}
		out = append(out, Entry{Ref: s.SecretRef, Name: s.Name, Type: typ, Created: s.Created, Parsed: p, UsedBy: uses[RefKey(s.SecretRef)]})
	}
	for _, c := range cs {
		if c.Type != string(containers.CertificateContainer) {
			continue
		}
		out = append(out, Entry{Ref: c.ContainerRef, Name: c.Name, Type: TypeContainer, Created: c.Created, Parsed: parsed[c.ContainerRef], UsedBy: uses[RefKey(c.ContainerRef)]})
	}
	slices.SortFunc(out, func(a, b Entry) int {
		return cmp.Or(cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)), cmp.Compare(a.Ref, b.Ref))
	})
	return out, hidden
}

// Expiry is e's validity at now (zero State Valid with Days 0 while its
// payload is unread: check e.Parsed first).
func (e Entry) Expiry(now time.Time) Expiry {
	return ExpiryAt(e.Parsed.Info.NotBefore, e.Parsed.Info.NotAfter, now)
}
