package form

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/octaview/octaview/octavia"
)

// tlsListener is a listener form's TLS fields as the kinds declare them
// (the console's res_listener.go holds the real ones; these are the
// shapes the checks depend on).
func tlsListener() []Field {
	tls := func(v Values) bool { return v["protocol"] == "TERMINATED_HTTPS" }
	hdrs := func(v Values) bool { return v["protocol"] == "HTTP" || tls(v) }
	fields := []Field{
		{Key: "protocol", Type: Choice, Choices: []string{"HTTP", "HTTPS", "TERMINATED_HTTPS"}, Required: true},
		{Key: "protocol_port", Type: Int, Required: true},
		{Key: "default_tls_container_ref", Show: tls, Cert: CertKeyed, Null: true},
		{Key: "sni_container_refs", Type: List, Show: tls, Cert: CertKeyed, Null: true},
		{Key: "client_authentication", Type: Choice, Show: tls, Null: true, Choices: []string{"NONE", "OPTIONAL", "MANDATORY"}},
		{Key: "client_ca_tls_container_ref", Show: tls, Cert: CertCA, Null: true},
		{Key: "client_crl_container_ref", Show: tls, Cert: CertCRL, Null: true},
		{Key: "tls_versions", Type: List, Choices: TLSVersions(), Show: tls, Null: true},
		{Key: "tls_ciphers", Show: tls, Null: true},
		{Key: "alpn_protocols", Type: List, Choices: ALPNProtocols(), Show: tls, Null: true},
		{Key: "hsts_max_age", Type: Int, Show: func(v Values) bool { return tls(v) && v[HSTSKnown] == "true" }, Null: true},
		{Key: "hsts_preload", Type: Bool, Show: func(v Values) bool { return tls(v) && v[HSTSKnown] == "true" }},
	}
	for _, h := range InsertHeaders() {
		show := hdrs
		if h.TLS {
			show = tls
		}
		fields = append(fields, Field{Key: "insert_headers." + h.Name, Type: Bool, AsText: true, Show: show})
	}
	return Labelled(fields)
}

const (
	refA = "https://barbican.test:9311/v1/secrets/0b5b2a9e-6f41-4b8e-9d59-3c1c4b0f7e01"
	refB = "https://barbican.test:9311/v1/containers/7c1d2e3f-1111-4a2b-8c3d-4e5f6a7b8c9d"
)

// TestCheckTLSListener: what a TERMINATED_HTTPS listener's form says at
// its fields before sending (a ref that is not a URL, a missing
// certificate, Octavia's TLS rules).
func TestCheckTLSListener(t *testing.T) {
	base := func(kv ...string) Values {
		v := Values{"protocol": "TERMINATED_HTTPS", "protocol_port": "443", "default_tls_container_ref": refA}
		for i := 0; i+1 < len(kv); i += 2 {
			v[kv[i]] = kv[i+1]
		}
		return v
	}
	for _, tt := range []struct {
		name      string
		v         Values
		key, want string // want: a part of the error at key ("" = none at all)
	}{
		{"a picked certificate", base(), "", ""},
		{"a name is not a ref", base("default_tls_container_ref", "my-cert"), "default_tls_container_ref", "Barbican URL"},
		{"a bare UUID is not a ref", base("default_tls_container_ref", "0b5b2a9e-6f41-4b8e-9d59-3c1c4b0f7e01"), "default_tls_container_ref", "Barbican URL"},
		{"ftp is not http(s)", base("client_ca_tls_container_ref", "ftp://barbican.test/v1/secrets/x", "client_authentication", "MANDATORY"), "client_ca_tls_container_ref", "Barbican URL"},
		{"one bad SNI line names it", base("sni_container_refs", refB+"\n<img src=x onerror=alert(1)>"), "sni_container_refs", `"<img src=x onerror=alert(1)>"`},
		{"no certificate at all", base("default_tls_container_ref", ""), "default_tls_container_ref", "needs a certificate"},
		{"SNI alone will do", base("default_tls_container_ref", "", "sni_container_refs", refB), "", ""},
		{"MANDATORY needs a client CA", base("client_authentication", "MANDATORY"), "client_authentication", "client CA"},
		{"a CRL needs a client CA", base("client_crl_container_ref", refB), "client_crl_container_ref", "client CA"},
		{"a TLS version Octavia lacks", base("tls_versions", "TLSv1.2\nTLSv9"), "tls_versions", "TLSv9"},
		{"an ALPN protocol Octavia lacks", base("alpn_protocols", "h3"), "alpn_protocols", "h3"},
		{"a cipher string with a space", base("tls_ciphers", "ECDHE-RSA-AES256 ; rm"), "tls_ciphers", "OpenSSL cipher string"},
		{"HSTS preload without a max age", base(HSTSKnown, "true", "hsts_preload", "true"), "hsts_preload", "max age"},
		{"HSTS with its max age", base(HSTSKnown, "true", "hsts_preload", "true", "hsts_max_age", "31536000"), "", ""},
		{"a client certificate header on TLS", base("insert_headers.X-SSL-Client-DN", "true"), "", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			errs := Check(tlsListener(), tt.v, nil, true, ValidateListener)
			if tt.key == "" {
				if len(errs) > 0 {
					t.Fatalf("got %v, want no error", errs)
				}
				return
			}
			if got := errs[tt.key]; !strings.Contains(got, tt.want) {
				t.Errorf("error at %s: got %q, want it to say %q (all: %v)", tt.key, got, tt.want, errs)
			}
		})
	}
}

// TestBodyTLSListener: the request a TLS listener's form sends: refs as
// typed, insert_headers as Octavia's strings (only the ticked on a create),
// and an edit only what changed, a header group whole.
func TestBodyTLSListener(t *testing.T) {
	fields := tlsListener()
	for _, tt := range []struct {
		name   string
		v, was Values
		create bool
		want   string
	}{
		{"create: the ticked headers only, as strings",
			Values{"protocol": "TERMINATED_HTTPS", "protocol_port": "443", "default_tls_container_ref": refA, "sni_container_refs": refB,
				"insert_headers.X-Forwarded-For": "true", "insert_headers.X-SSL-Client-CN": "false", "tls_versions": "TLSv1.2, TLSv1.3"},
			nil, true,
			`{"default_tls_container_ref":"` + refA + `","insert_headers":{"X-Forwarded-For":"true"},"protocol":"TERMINATED_HTTPS","protocol_port":443,"sni_container_refs":["` + refB + `"],"tls_versions":["TLSv1.2","TLSv1.3"]}`},
		{"create HTTP: no TLS field even if typed before",
			Values{"protocol": "HTTP", "protocol_port": "80", "default_tls_container_ref": refA, "insert_headers.X-SSL-Client-DN": "true"},
			nil, true, `{"protocol":"HTTP","protocol_port":80}`},
		{"edit: a new certificate only",
			Values{"protocol": "TERMINATED_HTTPS", "default_tls_container_ref": refB, "tls_versions": "TLSv1.2\nTLSv1.3"},
			Values{"protocol": "TERMINATED_HTTPS", "default_tls_container_ref": refA, "tls_versions": "TLSv1.2\nTLSv1.3"}, false,
			`{"default_tls_container_ref":"` + refB + `"}`},
		{"edit: a header ticked sends the group whole (Octavia replaces it)",
			Values{"protocol": "HTTP", "insert_headers.X-Forwarded-For": "true", "insert_headers.X-Forwarded-Port": "true"},
			Values{"protocol": "HTTP", "insert_headers.X-Forwarded-For": "true"}, false,
			`{"insert_headers":{"X-Forwarded-For":"true","X-Forwarded-Port":"true"}}`},
		{"edit: a header unticked says false",
			Values{"protocol": "HTTP", "insert_headers.X-Forwarded-For": "false"},
			Values{"protocol": "HTTP", "insert_headers.X-Forwarded-For": "true"}, false,
			`{"insert_headers":{"X-Forwarded-For":"false"}}`},
		{"edit: the client CA cleared is null",
			Values{"protocol": "TERMINATED_HTTPS", "default_tls_container_ref": refA, "client_ca_tls_container_ref": ""},
			Values{"protocol": "TERMINATED_HTTPS", "default_tls_container_ref": refA, "client_ca_tls_container_ref": refB}, false,
			`{"client_ca_tls_container_ref":null}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			body, err := Body(fields, tt.v, tt.was, tt.create)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(body)
			if string(b) != tt.want {
				t.Errorf("got  %s\nwant %s", b, tt.want)
			}
		})
	}
}

// TestFixKeepsTLSLists: a provider's narrowing moves a single choice to
// one it takes, never a ticked list (TLS versions, ALPN protocols).
func TestFixKeepsTLSLists(t *testing.T) {
	v := Values{"protocol": "TERMINATED_HTTPS", "tls_versions": "TLSv1.2\nTLSv1.3", "alpn_protocols": "h2\nhttp/1.1"}
	Supported("amphora").Fix(octavia.KindListener, tlsListener(), v)
	if v["tls_versions"] != "TLSv1.2\nTLSv1.3" || v["alpn_protocols"] != "h2\nhttp/1.1" {
		t.Errorf("got %q and %q, want the lists as ticked", v["tls_versions"], v["alpn_protocols"])
	}
}
