// Package cert is the model of the certificate pages: it reads TLS
// certificates as Barbican stores them for Octavia and as a user uploads
// them, with no go-app and no network (tested natively).
//
//	parse.go    ParsePEM (certificate, key, chain pasted or from files) and
//	            ParsePKCS12 (a .p12/.pfx and its password) into a Bundle,
//	            ParseCA (CA certificates, no key), each refusal a
//	            *FieldError naming the field; MaxFileBytes
//	payload.go  ReadPayload: the certificate(s) of a secret's payload
//	            (DER, PEM or PKCS12), the key bytes zeroed at once
//	fetch.go    Fetch: read a ref's certificate (or CRL) through the client
//	bundle.go   Bundle: PKCS12 (the one secret Octavia reads), Forget
//	            (zero the private key's bytes)
//	info.go     Info (subject, SANs, issuer, dates) and Expiry ("expires in
//	            N days", a warning under 30 days, "expired")
//	entries.go  Entries: the project's certificates among its secrets and
//	            containers (Unread: the payloads still to read)
//	uses.go     Slots (the listeners' and pools' ref attributes), Uses: which
//	            listeners and pools hold a ref (RefKey: whatever its host)
//
// The private key lives only in a Bundle, from the parse to the upload;
// nothing here logs or formats it.
package cert
