package cert

import (
	"bytes"
	"crypto/x509"
	"errors"
)

// ReadPayload returns the certificate of a secret's payload and the chain
// after it: DER, PEM (a certificate secret, or Octavia's legacy PEM with key and
// chain in one) or a PKCS#12 file without a password (what Octavia and
// `openstack secret store` use). A private key in it is zeroed at once and
// never returned.
func ReadPayload(payload []byte) (*x509.Certificate, []*x509.Certificate, error) {
	if len(payload) == 0 {
		return nil, nil, errors.New("the secret has no payload")
	}
	if bytes.HasPrefix(bytes.TrimSpace(payload), []byte("-----BEGIN ")) {
		blocks, err := pemBlocks("payload", payload)
		if err != nil {
			return nil, nil, err
		}
		var certs []*x509.Certificate
		for _, b := range blocks {
			if b.Type != "CERTIFICATE" {
				clear(b.Bytes)
				continue
			}
			c, err := x509.ParseCertificate(b.Bytes)
			if err != nil {
				return nil, nil, err
			}
			certs = append(certs, c)
		}
		if len(certs) == 0 {
			return nil, nil, errors.New("the payload holds no certificate")
		}
		return certs[0], certs[1:], nil
	}
	if c, err := x509.ParseCertificate(payload); err == nil { // DER
		return c, nil, nil
	}
	b, err := ParsePKCS12(payload, "")
	if err != nil {
		var fe *FieldError
		if errors.As(err, &fe) {
			err = fe.Err
		}
		return nil, nil, errors.New("the payload is neither PEM nor a PKCS#12 file without a password: " + err.Error())
	}
	b.Forget()
	return b.Leaf, b.Chain, nil
}
