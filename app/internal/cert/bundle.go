package cert

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"math/big"

	"software.sslmate.com/src/go-pkcs12"
)

// Bundle is an upload, parsed: the server's certificate, its chain
// (intermediates, leaf first) and its private key. Its owner calls Forget
// once the bundle is stored.
type Bundle struct {
	Leaf  *x509.Certificate
	Chain []*x509.Certificate
	Key   crypto.PrivateKey
}

// PKCS12 encodes the bundle as the one Barbican secret Octavia reads for a
// listener: a PKCS#12 file with no password (Octavia opens it without one),
// encoded with the legacy 3DES/SHA-1 algorithms that every PKCS#12 reader
// takes (OpenSSL 1.1 and 3, Octavia's pyOpenSSL, Go's x/crypto/pkcs12); a
// password-less file has nothing for stronger ciphers to protect, Barbican
// encrypts what it stores. Returned as base64, Barbican's
// payload_content_encoding; the caller zeroes it after the upload.
func (b *Bundle) PKCS12() ([]byte, error) {
	der, err := pkcs12.LegacyDES.Encode(b.Key, b.Leaf, b.Chain, "")
	if err != nil {
		return nil, err
	}
	out := make([]byte, base64.StdEncoding.EncodedLen(len(der)))
	base64.StdEncoding.Encode(out, der)
	clear(der)
	return out, nil
}

// Forget zeroes the private key's secret numbers (what Go lets us reach:
// the big.Int words of RSA's and ECDSA's, Ed25519's bytes) and drops it.
// Copies made by the runtime or the crypto packages are beyond it.
func (b *Bundle) Forget() {
	switch k := b.Key.(type) {
	case *rsa.PrivateKey:
		zero(k.D)
		for _, p := range k.Primes {
			zero(p)
		}
		zero(k.Precomputed.Dp)
		zero(k.Precomputed.Dq)
		zero(k.Precomputed.Qinv)
	case *ecdsa.PrivateKey:
		zero(k.D)
	case ed25519.PrivateKey:
		clear(k)
	}
	b.Key = nil
}

func zero(n *big.Int) {
	if n != nil {
		clear(n.Bits())
		n.SetInt64(0)
	}
}
