package form

import "github.com/octaview/octaview/app/internal/lazyregexp"

// HSTSKnown is the key of a listener's Values that says the cloud speaks
// HSTS ("true": Octavia API 2.27, after Zed; the edit form knows it from
// the listener read, which then carries hsts_max_age): only then are the
// HSTS fields shown. Keys starting with "_" are never sent.
const HSTSKnown = "_hsts"

// HSTSMinor is the Octavia API version (v2.27) that brought HSTS.
const HSTSMinor = 27

// Header is a header a listener can insert into the requests it hands to
// its members (insert_headers).
type Header struct {
	Name string
	TLS  bool // TERMINATED_HTTPS listeners only (the client certificate's)
	Hint string
}

// InsertHeaders are the headers Octavia inserts (octavia-lib's
// SUPPORTED_HTTP_HEADERS, on HTTP and TERMINATED_HTTPS listeners, then
// SUPPORTED_SSL_HEADERS, on TERMINATED_HTTPS only), in its order.
func InsertHeaders() []Header {
	return []Header{
		{Name: "X-Forwarded-For", Hint: "The client's address."},
		{Name: "X-Forwarded-Port", Hint: "The listener's port."},
		{Name: "X-Forwarded-Proto", Hint: "http or https."},
		{Name: "X-SSL-Client-Verify", TLS: true, Hint: "0 when the client certificate was verified."},
		{Name: "X-SSL-Client-Has-Cert", TLS: true, Hint: "Whether the client showed a certificate."},
		{Name: "X-SSL-Client-DN", TLS: true, Hint: "The client certificate's subject."},
		{Name: "X-SSL-Client-CN", TLS: true, Hint: "The client certificate's common name."},
		{Name: "X-SSL-Issuer", TLS: true, Hint: "The client certificate's issuer."},
		{Name: "X-SSL-Client-SHA1", TLS: true, Hint: "The client certificate's SHA-1 fingerprint."},
		{Name: "X-SSL-Client-Not-Before", TLS: true, Hint: "The client certificate's start of validity."},
		{Name: "X-SSL-Client-Not-After", TLS: true, Hint: "The client certificate's end of validity."},
	}
}

// insertHeader is the header named h (ok false: Octavia inserts none of
// that name).
func insertHeader(h string) (Header, bool) {
	for _, x := range InsertHeaders() {
		if x.Name == h {
			return x, true
		}
	}
	return Header{}, false
}

// cipherString is Octavia's VALID_CIPHER_RE: the characters of an OpenSSL
// cipher string.
var cipherString = lazyregexp.New(`^[A-Za-z0-9\-+!:@=_.]+$`)

// ciphers: a listener's or pool's tls_ciphers.
func ciphers(s string) string {
	if !cipherString.MatchString(s) {
		return "Only letters, digits and - + ! : @ = _ . (an OpenSSL cipher string such as ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-AES256-GCM-SHA384)."
	}
	return text(2048)(s)
}
