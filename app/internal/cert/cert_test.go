package cert

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"math/big"
	"net"
	"strings"
	"testing"
	"time"

	"software.sslmate.com/src/go-pkcs12"
)

// issue makes a certificate for cn valid until notAfter, signed by parent
// (nil: self-signed), with a new ECDSA key; it returns both as PEM.
func issue(t *testing.T, cn string, notAfter time.Time, parent *x509.Certificate, parentKey any) (*x509.Certificate, *ecdsa.PrivateKey, []byte, []byte) {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(0x1f2e3d),
		Subject:      pkix.Name{CommonName: cn, Organization: []string{"Octaview"}},
		DNSNames:     []string{cn, "www." + cn},
		IPAddresses:  []net.IP{net.ParseIP("203.0.113.7")},
		NotBefore:    notAfter.Add(-90 * 24 * time.Hour),
		NotAfter:     notAfter,
		IsCA:         parent == nil, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
	}
	if parent == nil {
		parent, parentKey = tmpl, k
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, &k.PublicKey, parentKey)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := x509.ParseCertificate(der)
	kd, _ := x509.MarshalPKCS8PrivateKey(k)
	return c, k, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: kd})
}

func TestParsePEM(t *testing.T) {
	end := time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC)
	ca, caKey, caPEM, _ := issue(t, "Octaview Test CA", end.AddDate(1, 0, 0), nil, nil)
	_, _, leafPEM, keyPEM := issue(t, "web.example.com", end, ca, caKey)
	_, _, otherPEM, otherKey := issue(t, "other.example.com", end, nil, nil)
	rsaKey, _ := rsa.GenerateKey(rand.Reader, 1024)
	rsaPEM := pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(rsaKey)})
	join := func(b ...[]byte) []byte { return bytes.Join(b, nil) }

	tests := []struct {
		name              string
		cert, key, chain  []byte
		wantField, wantIn string // the refusal, "" = accepted
		wantChain         int
	}{
		{name: "pair", cert: leafPEM, key: keyPEM},
		{name: "pair and chain", cert: leafPEM, key: keyPEM, chain: caPEM, wantChain: 1},
		{name: "fullchain in the certificate field", cert: join(leafPEM, caPEM), key: keyPEM, wantChain: 1},
		{name: "CRLF and blank lines", cert: []byte("\r\n" + strings.ReplaceAll(string(leafPEM), "\n", "\r\n") + "\n\n"), key: keyPEM},
		{name: "key of another certificate", cert: leafPEM, key: otherKey, wantField: FieldKey, wantIn: "does not match the certificate (web.example.com)"},
		{name: "RSA key for an ECDSA certificate", cert: leafPEM, key: rsaPEM, wantField: FieldKey, wantIn: "does not match"},
		{name: "garbage before", cert: join([]byte("hello\n"), leafPEM), key: keyPEM, wantField: FieldCert, wantIn: "line 1 is not part"},
		{name: "garbage after", cert: join(leafPEM, []byte("\n<script>alert(1)</script>\n")), key: keyPEM, wantField: FieldCert, wantIn: "is not part"},
		{name: "garbage in the chain", cert: leafPEM, key: keyPEM, chain: join(caPEM, []byte("x")), wantField: FieldChain, wantIn: "not PEM"},
		{name: "broken base64", cert: []byte(strings.Replace(string(leafPEM), "M", "!", 3)), key: keyPEM, wantField: FieldCert, wantIn: "broken"},
		{name: "no certificate", key: keyPEM, wantField: FieldCert, wantIn: "paste or choose the certificate"},
		{name: "no key", cert: leafPEM, wantField: FieldKey, wantIn: "paste or choose the private key"},
		{name: "key in the certificate field", cert: keyPEM, key: keyPEM, wantField: FieldCert, wantIn: "is a private key"},
		{name: "certificate in the key field", cert: leafPEM, key: otherPEM, wantField: FieldKey, wantIn: "not a private key"},
		{name: "two keys", cert: leafPEM, key: join(keyPEM, keyPEM), wantField: FieldKey, wantIn: "2 PEM blocks"},
		{name: "encrypted key", cert: leafPEM, key: pem.EncodeToMemory(&pem.Block{Type: "ENCRYPTED PRIVATE KEY", Bytes: []byte{1}}), wantField: FieldKey, wantIn: "encrypted"},
		{name: "5 MB certificate", cert: bytes.Repeat([]byte("A"), 5<<20), key: keyPEM, wantField: FieldCert, wantIn: "5.0 MiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := ParsePEM(tt.cert, tt.key, tt.chain)
			if tt.wantField == "" {
				if err != nil {
					t.Fatalf("got %v; want accepted", err)
				}
				if got := Describe(b.Leaf).Subject; got != "web.example.com" || len(b.Chain) != tt.wantChain {
					t.Fatalf("got %q with %d in the chain; want web.example.com with %d", got, len(b.Chain), tt.wantChain)
				}
				return
			}
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Field != tt.wantField || !strings.Contains(fe.Err.Error(), tt.wantIn) {
				t.Fatalf("got %v; want a refusal at %s saying %q", err, tt.wantField, tt.wantIn)
			}
			if strings.Contains(err.Error(), string(keyPEM[30:60])) {
				t.Fatalf("the error quotes the key: %v", err)
			}
		})
	}
}

func TestPKCS12RoundTrip(t *testing.T) {
	end := time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC)
	ca, caKey, caPEM, _ := issue(t, "Octaview Test CA", end.AddDate(1, 0, 0), nil, nil)
	_, _, leafPEM, keyPEM := issue(t, "web.example.com", end, ca, caKey)
	b, err := ParsePEM(leafPEM, keyPEM, caPEM)
	if err != nil {
		t.Fatal(err)
	}
	b64, err := b.PKCS12()
	if err != nil {
		t.Fatal(err)
	}
	der, err := base64.StdEncoding.DecodeString(string(b64))
	if err != nil {
		t.Fatal(err)
	}
	// what a listener's page reads back from Barbican
	leaf, chain, err := ReadPayload(der)
	if err != nil || leaf.Subject.CommonName != "web.example.com" || len(chain) != 1 || chain[0].Subject.CommonName != "Octaview Test CA" {
		t.Fatalf("ReadPayload: got %v, %d in the chain, %v", leaf, len(chain), err)
	}
	// the PEM secret of a certificate, a key in it skipped
	if leaf, _, err := ReadPayload(append(leafPEM, keyPEM...)); err != nil || leaf.Subject.CommonName != "web.example.com" {
		t.Fatalf("ReadPayload PEM: got %v, %v", leaf, err)
	}
	if _, _, err := ReadPayload([]byte("garbage")); err == nil || !strings.Contains(err.Error(), "neither PEM nor") {
		t.Fatalf("ReadPayload garbage: got %v", err)
	}

	// an upload of a .p12 with a password
	k := b.Key.(*ecdsa.PrivateKey)
	p12, err := pkcs12.Modern2023.Encode(k, b.Leaf, b.Chain, "s3cret")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, password, wantField string
		data                      []byte
	}{
		{"right password", "s3cret", "", p12},
		{"wrong password", "nope", FieldPassword, p12},
		{"no password", "", FieldPassword, p12},
		{"not PKCS12", "", FieldPKCS12, leafPEM},
		{"empty", "", FieldPKCS12, nil},
		{"5 MB", "", FieldPKCS12, make([]byte, 5<<20)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParsePKCS12(tt.data, tt.password)
			var fe *FieldError
			switch {
			case tt.wantField == "" && (err != nil || len(got.Chain) != 1):
				t.Fatalf("got %v; want the bundle", err)
			case tt.wantField != "" && (!errors.As(err, &fe) || fe.Field != tt.wantField):
				t.Fatalf("got %v; want a refusal at %s", err, tt.wantField)
			}
		})
	}

	// Forget zeroes the key's secret and drops it
	d := k.D
	b.Forget()
	if b.Key != nil || d.Sign() != 0 {
		t.Fatalf("after Forget: key %v, D %v; want nil and zero", b.Key, d)
	}
}

func TestDescribeAndExpiry(t *testing.T) {
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	c, _, _, _ := issue(t, "web.example.com", now.Add(10*24*time.Hour+time.Hour), nil, nil)
	in := Describe(c)
	if in.Subject != "web.example.com" || in.Issuer != "web.example.com" || !in.SelfSigned ||
		strings.Join(in.SANs, ",") != "web.example.com,www.web.example.com,203.0.113.7" || in.Serial != "1F:2E:3D" {
		t.Fatalf("got %+v", in)
	}
	day := 24 * time.Hour
	start, end := now.Add(-day), now.Add(100*day)
	tests := []struct {
		name     string
		at       time.Time
		want     string
		wantWarn bool
	}{
		{"valid", now, "expires in 100 days", false},
		{"30 days left", end.Add(-30*day - time.Minute), "expires in 30 days", false},
		{"29 days left", end.Add(-29*day - time.Minute), "expires in 29 days", true},
		{"10 days left", end.Add(-10*day - time.Hour), "expires in 10 days", true},
		{"1 day left", end.Add(-day - time.Hour), "expires in 1 day", true},
		{"hours left", end.Add(-time.Hour), "expires today", true},
		{"just expired", end.Add(time.Hour), "expired today", true},
		{"expired", end.Add(3*day + time.Hour), "expired 3 days ago", true},
		{"not yet", start.Add(-2*day - time.Hour), "not valid yet: starts in 2 days", true},
	}
	for _, tt := range tests {
		e := ExpiryAt(start, end, tt.at)
		if e.String() != tt.want || e.Warn() != tt.wantWarn {
			t.Errorf("%s: got %q (warn %v); want %q (warn %v)", tt.name, e, e.Warn(), tt.want, tt.wantWarn)
		}
	}
}

func TestParseCA(t *testing.T) {
	end := time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC)
	_, _, caPEM, keyPEM := issue(t, "Octaview Test CA", end, nil, nil)
	_, _, otherPEM, _ := issue(t, "Other CA", end, nil, nil)
	certs, out, err := ParseCA(append(append([]byte("\n"), caPEM...), otherPEM...))
	if err != nil || len(certs) != 2 || string(out) != string(caPEM)+string(otherPEM) {
		t.Fatalf("got %d certificates, %q, %v; want both, as PEM", len(certs), out, err)
	}
	for name, text := range map[string][]byte{"a key": keyPEM, "garbage": []byte("x"), "nothing": nil} {
		var fe *FieldError
		if _, _, err := ParseCA(text); !errors.As(err, &fe) || fe.Field != FieldCA {
			t.Errorf("%s: got %v; want a refusal at the CA field", name, err)
		}
	}
}
