//go:build !js

package proxy

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestIdentityRewriter(t *testing.T) {
	rw := identityRewriter{keystoneBase: "http://keystone.internal:5000"}
	const origin = "https://console.example.com"
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"token catalog: proxied services here, others as they were",
			`{"token":{"catalog":[` +
				`{"type":"identity","endpoints":[{"interface":"public","url":"http://keystone.internal:5000/v3"}]},` +
				`{"type":"load-balancer","endpoints":[{"interface":"public","url":"http://10.0.0.5:9876"}]},` +
				`{"type":"network","endpoints":[{"interface":"internal","url":"http://10.0.0.6:9696/"}]},` +
				`{"type":"key-manager","endpoints":[{"interface":"public","url":"http://barbican.internal:9311"}]},` +
				`{"type":"compute","endpoints":[{"interface":"public","url":"http://nova.internal:8774/v2.1"}]},` +
				`{"type":"image","endpoints":[{"interface":"public","url":"http://glance.internal:9292"}]}]}}`,
			`{"token":{"catalog":[` +
				`{"endpoints":[{"interface":"public","url":"https://console.example.com/identity/v3"}],"type":"identity"},` +
				`{"endpoints":[{"interface":"public","url":"https://console.example.com/load-balancer"}],"type":"load-balancer"},` +
				`{"endpoints":[{"interface":"internal","url":"https://console.example.com/network"}],"type":"network"},` +
				`{"endpoints":[{"interface":"public","url":"https://console.example.com/key-manager"}],"type":"key-manager"},` +
				`{"endpoints":[{"interface":"public","url":"https://console.example.com/compute"}],"type":"compute"},` +
				`{"endpoints":[{"interface":"public","url":"http://glance.internal:9292"}],"type":"image"}]}}`},
		{"links into Keystone", `{"version":{"links":[{"rel":"self","href":"http://keystone.internal:5000/v3/"}]}}`,
			`{"version":{"links":[{"href":"https://console.example.com/identity/v3/","rel":"self"}]}}`},
		{"links elsewhere stay", `{"links":{"self":"http://other.example/v3/x"}}`, `{"links":{"self":"http://other.example/v3/x"}}`},
		{"a lookalike host stays", `{"links":{"self":"http://keystone.internal:50000/v3"}}`, `{"links":{"self":"http://keystone.internal:50000/v3"}}`},
		{"not JSON: as it was", `not json`, `not json`},
		{"numbers keep their digits", `{"links":{"self":"http://keystone.internal:5000/v3"},"n":12345678901234567890}`,
			`{"links":{"self":"https://console.example.com/identity/v3"},"n":12345678901234567890}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := string(rw.rewrite([]byte(tt.in), origin))
			if got != tt.want && !sameJSON(got, tt.want) {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

// sameJSON reports whether a and b are the same JSON document, numbers compared digit by digit.
func sameJSON(a, b string) bool {
	canon := func(s string) (string, bool) {
		dec := json.NewDecoder(strings.NewReader(s))
		dec.UseNumber()
		var v any
		if dec.Decode(&v) != nil {
			return "", false
		}
		out, _ := json.Marshal(v)
		return string(out), true
	}
	x, okx := canon(a)
	y, oky := canon(b)
	return okx && oky && x == y
}
