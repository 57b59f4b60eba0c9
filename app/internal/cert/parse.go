package cert

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"strings"

	"software.sslmate.com/src/go-pkcs12"
)

// The fields of an upload, as FieldError names them.
const (
	FieldCert     = "certificate"
	FieldKey      = "key"
	FieldChain    = "chain"
	FieldPKCS12   = "pkcs12"
	FieldPassword = "password"
	FieldCA       = "ca"
)

// MaxFileBytes bounds each field of an upload: 64 KiB, far above a
// certificate with its chain (a few KiB) and under what Barbican stores
// (its default max_allowed_secret_in_bytes is 20,000 bytes; a larger bundle
// is refused by Barbican, which says so). The page checks a chosen file's
// size against it before reading the file.
const MaxFileBytes = 64 << 10

// FieldError is a refusal of one field of an upload: the page shows Err at
// Field.
type FieldError struct {
	Field string // FieldCert, FieldKey, ...
	Err   error
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Err.Error() }
func (e *FieldError) Unwrap() error { return e.Err }

func fieldErr(field, format string, args ...any) error {
	return &FieldError{Field: field, Err: fmt.Errorf(format, args...)}
}

// TooLarge is the refusal of a field of n bytes over MaxFileBytes, or nil.
func TooLarge(field string, n int64) error {
	if n > MaxFileBytes {
		return fieldErr(field, "the file is %s, over the %d KiB a certificate, key or chain needs: is it the right file?", size(n), MaxFileBytes>>10)
	}
	return nil
}

func size(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// ParsePEM reads an upload of PEM text: cert holds the server's
// certificate, possibly followed by its chain (as a fullchain.pem does);
// key its private key (PKCS#1, SEC 1 or PKCS#8, not encrypted); chain
// (optional) the intermediate certificates. Each refusal is a *FieldError:
// a field over MaxFileBytes, anything but PEM blocks and blank lines, a
// block of the wrong type, an encrypted key, a key that does not match the
// certificate.
func ParsePEM(cert, key, chain []byte) (*Bundle, error) {
	for _, f := range []struct {
		name string
		b    []byte
	}{{FieldCert, cert}, {FieldKey, key}, {FieldChain, chain}} {
		if err := TooLarge(f.name, int64(len(f.b))); err != nil {
			return nil, err
		}
	}
	certs, err := pemCerts(FieldCert, cert)
	if err != nil {
		return nil, err
	}
	if len(certs) == 0 {
		return nil, fieldErr(FieldCert, "paste or choose the certificate (PEM, -----BEGIN CERTIFICATE-----)")
	}
	more, err := pemCerts(FieldChain, chain)
	if err != nil {
		return nil, err
	}
	k, err := pemKey(key)
	if err != nil {
		return nil, err
	}
	b := &Bundle{Leaf: certs[0], Chain: append(certs[1:], more...), Key: k}
	if err := b.check(FieldKey); err != nil {
		b.Forget()
		return nil, err
	}
	return b, nil
}

// pemBlocks splits text into its PEM blocks, refusing anything else but
// white space around them.
func pemBlocks(field string, text []byte) ([]*pem.Block, error) {
	var blocks []*pem.Block
	rest := bytes.TrimSpace(text)
	for len(rest) > 0 {
		if !bytes.HasPrefix(rest, []byte("-----BEGIN ")) {
			return nil, fieldErr(field, "not PEM: %s", garbageAt(text, rest))
		}
		var b *pem.Block
		b, rest = pem.Decode(rest)
		if b == nil {
			return nil, fieldErr(field, "a PEM block is broken (its END line or its base64 is wrong): %s", garbageAt(text, rest))
		}
		blocks = append(blocks, b)
		rest = bytes.TrimSpace(rest)
	}
	return blocks, nil
}

// garbageAt names the line of text where rest starts.
func garbageAt(text, rest []byte) string {
	line := 1 + bytes.Count(text[:len(text)-len(rest)], []byte("\n"))
	return fmt.Sprintf("line %d is not part of a -----BEGIN … -----END block", line)
}

func pemCerts(field string, text []byte) ([]*x509.Certificate, error) {
	blocks, err := pemBlocks(field, text)
	if err != nil {
		return nil, err
	}
	var certs []*x509.Certificate
	for i, b := range blocks {
		if b.Type != "CERTIFICATE" {
			if strings.Contains(b.Type, "PRIVATE KEY") {
				clear(b.Bytes)
				return nil, fieldErr(field, "block %d is a private key: paste it in the key field", i+1)
			}
			return nil, fieldErr(field, "block %d is %q, not a CERTIFICATE", i+1, b.Type)
		}
		c, err := x509.ParseCertificate(b.Bytes)
		if err != nil {
			return nil, fieldErr(field, "certificate %d cannot be read: %v", i+1, err)
		}
		certs = append(certs, c)
	}
	return certs, nil
}

// pemKey reads the one private key of text; the DER bytes are zeroed once
// parsed.
func pemKey(text []byte) (crypto.PrivateKey, error) {
	blocks, err := pemBlocks(FieldKey, text)
	if err != nil {
		return nil, err
	}
	defer func() {
		for _, b := range blocks {
			clear(b.Bytes)
		}
	}()
	switch {
	case len(blocks) == 0:
		return nil, fieldErr(FieldKey, "paste or choose the private key (PEM, -----BEGIN PRIVATE KEY-----)")
	case len(blocks) > 1:
		return nil, fieldErr(FieldKey, "%d PEM blocks: the key field takes the one private key", len(blocks))
	}
	b := blocks[0]
	var k any
	switch b.Type {
	case "PRIVATE KEY":
		k, err = x509.ParsePKCS8PrivateKey(b.Bytes)
	case "RSA PRIVATE KEY":
		if _, enc := b.Headers["DEK-Info"]; enc {
			return nil, fieldErr(FieldKey, "the key is encrypted: decrypt it first (openssl pkey -in key.pem -out plain.pem)")
		}
		k, err = x509.ParsePKCS1PrivateKey(b.Bytes)
	case "EC PRIVATE KEY":
		if _, enc := b.Headers["DEK-Info"]; enc {
			return nil, fieldErr(FieldKey, "the key is encrypted: decrypt it first (openssl pkey -in key.pem -out plain.pem)")
		}
		k, err = x509.ParseECPrivateKey(b.Bytes)
	case "ENCRYPTED PRIVATE KEY":
		return nil, fieldErr(FieldKey, "the key is encrypted: decrypt it first (openssl pkey -in key.pem -out plain.pem)")
	case "CERTIFICATE":
		return nil, fieldErr(FieldKey, "this is a certificate, not a private key")
	default:
		return nil, fieldErr(FieldKey, "a %q block is not a private key", b.Type)
	}
	if err != nil {
		return nil, fieldErr(FieldKey, "the private key cannot be read: %v", err)
	}
	return k, nil
}

// ParseCA reads an upload of CA certificates (PEM, one or more, no key):
// what a listener's client_ca_tls_container_ref or a pool's
// ca_tls_container_ref names. It returns them and their PEM text written
// anew (only the certificates, without what surrounded them); each
// refusal is a *FieldError at FieldCA.
func ParseCA(text []byte) ([]*x509.Certificate, []byte, error) {
	if err := TooLarge(FieldCA, int64(len(text))); err != nil {
		return nil, nil, err
	}
	certs, err := pemCerts(FieldCA, text)
	if err != nil {
		return nil, nil, err
	}
	if len(certs) == 0 {
		return nil, nil, fieldErr(FieldCA, "paste or choose the CA certificate (PEM, -----BEGIN CERTIFICATE-----)")
	}
	var out []byte
	for _, c := range certs {
		out = append(out, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: c.Raw})...)
	}
	return certs, out, nil
}

// ParsePKCS12 reads a PKCS#12 file (.p12, .pfx) and its password ("" for
// none): its key, its certificate and its CA certificates. A wrong password
// is a *FieldError at FieldPassword, anything else at FieldPKCS12.
func ParsePKCS12(data []byte, password string) (*Bundle, error) {
	if err := TooLarge(FieldPKCS12, int64(len(data))); err != nil {
		return nil, err
	}
	if len(data) == 0 {
		return nil, fieldErr(FieldPKCS12, "choose the PKCS#12 file (.p12 or .pfx)")
	}
	k, leaf, chain, err := pkcs12.DecodeChain(data, password)
	switch {
	case errors.Is(err, pkcs12.ErrIncorrectPassword):
		if password == "" {
			return nil, fieldErr(FieldPassword, "the file has a password: type it")
		}
		return nil, fieldErr(FieldPassword, "the password is not the file's")
	case err != nil:
		return nil, fieldErr(FieldPKCS12, "not a PKCS#12 file with one key and its certificate: %v", err)
	}
	b := &Bundle{Leaf: leaf, Chain: chain, Key: k}
	if err := b.check(FieldPKCS12); err != nil {
		b.Forget()
		return nil, err
	}
	return b, nil
}

// publicKey is what every crypto private key's Public returns.
type publicKey interface{ Equal(crypto.PublicKey) bool }

// check refuses a bundle whose key does not sign for its certificate, at
// field, or whose key is of a kind TLS does not use.
func (b *Bundle) check(field string) error {
	var pub crypto.PublicKey
	switch k := b.Key.(type) {
	case *rsa.PrivateKey:
		pub = k.Public()
	case *ecdsa.PrivateKey:
		pub = k.Public()
	case ed25519.PrivateKey:
		pub = k.Public()
	default:
		return fieldErr(field, "a %T key: TLS takes RSA, ECDSA or Ed25519 keys", b.Key)
	}
	if !pub.(publicKey).Equal(b.Leaf.PublicKey) {
		return fieldErr(field, "this key does not match the certificate (%s): it is the key of another certificate", Describe(b.Leaf).Subject)
	}
	return nil
}
