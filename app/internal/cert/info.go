package cert

import (
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// Info is what a page shows of a certificate.
type Info struct {
	Subject    string    // the subject's common name, or its whole DN when it has none
	SubjectDN  string    // the subject's distinguished name (RFC 2253 order)
	SANs       []string  // DNS names, IP addresses, e-mail addresses and URIs, in that order
	Issuer     string    // the issuer's common name, or its DN
	SelfSigned bool      // subject and issuer are the same name
	NotBefore  time.Time // UTC
	NotAfter   time.Time // UTC
	Serial     string    // hex, colon-separated as openssl prints it
}

// Describe returns c's Info.
func Describe(c *x509.Certificate) Info {
	in := Info{
		Subject:    nameOf(c.Subject),
		SubjectDN:  c.Subject.String(),
		Issuer:     nameOf(c.Issuer),
		SelfSigned: c.Subject.String() == c.Issuer.String(),
		NotBefore:  c.NotBefore.UTC(),
		NotAfter:   c.NotAfter.UTC(),
		Serial:     serialHex(c),
	}
	in.SANs = append(in.SANs, c.DNSNames...)
	for _, ip := range c.IPAddresses {
		in.SANs = append(in.SANs, ip.String())
	}
	in.SANs = append(in.SANs, c.EmailAddresses...)
	for _, u := range c.URIs {
		in.SANs = append(in.SANs, (*url.URL)(u).String())
	}
	return in
}

func nameOf(n pkix.Name) string {
	if n.CommonName != "" {
		return n.CommonName
	}
	return n.String()
}

func serialHex(c *x509.Certificate) string {
	if c.SerialNumber == nil {
		return ""
	}
	h := fmt.Sprintf("%X", c.SerialNumber)
	if len(h)%2 == 1 {
		h = "0" + h
	}
	var b strings.Builder
	for i := 0; i < len(h); i += 2 {
		if i > 0 {
			b.WriteByte(':')
		}
		b.WriteString(h[i : i+2])
	}
	return b.String()
}

// WarnDays is how close to its end a certificate warns: under 30 days.
const WarnDays = 30

// ExpiryState says where a certificate is in its validity period.
type ExpiryState int

// Expiry states.
const (
	Valid   ExpiryState = iota // more than WarnDays left
	Soon                       // valid, fewer than WarnDays days left: warn
	Expired                    // past NotAfter
	NotYet                     // before NotBefore
)

// Expiry is a certificate's validity seen at one instant.
type Expiry struct {
	State ExpiryState
	Days  int // whole days left (Valid, Soon), since the end (Expired) or until the start (NotYet)
}

// ExpiryAt returns the validity of [notBefore, notAfter] at now.
func ExpiryAt(notBefore, notAfter, now time.Time) Expiry {
	switch {
	case now.After(notAfter):
		return Expiry{State: Expired, Days: int(now.Sub(notAfter) / (24 * time.Hour))}
	case now.Before(notBefore):
		return Expiry{State: NotYet, Days: int(notBefore.Sub(now) / (24 * time.Hour))}
	}
	days := int(notAfter.Sub(now) / (24 * time.Hour))
	if days < WarnDays {
		return Expiry{State: Soon, Days: days}
	}
	return Expiry{State: Valid, Days: days}
}

// Warn reports whether the expiry needs the user's attention (Soon,
// Expired or NotYet).
func (e Expiry) Warn() bool { return e.State != Valid }

// String says it in words: "expires in 12 days", "expires today",
// "expired 3 days ago", "not valid yet: starts in 2 days".
func (e Expiry) String() string {
	switch e.State {
	case Expired:
		if e.Days == 0 {
			return "expired today"
		}
		return "expired " + days(e.Days) + " ago"
	case NotYet:
		if e.Days == 0 {
			return "not valid yet (starts today)"
		}
		return "not valid yet: starts in " + days(e.Days)
	}
	if e.Days == 0 {
		return "expires today"
	}
	return "expires in " + days(e.Days)
}

func days(n int) string {
	if n == 1 {
		return "1 day"
	}
	return fmt.Sprintf("%d days", n)
}
