package form

import (
	"slices"
	"strings"
	"testing"

	"github.com/octaview/octaview/octavia"
)

var (
	algorithm = Field{Key: "lb_algorithm", Type: Choice, Required: true, Default: "ROUND_ROBIN",
		Choices: []string{"ROUND_ROBIN", "LEAST_CONNECTIONS", "SOURCE_IP", "SOURCE_IP_PORT"}}
	poolProtocol = Field{Key: "protocol", Type: Choice, Required: true, Default: "HTTP",
		Choices: []string{"HTTP", "HTTPS", "PROXY", "PROXYV2", "TCP", "UDP", "SCTP"}}
)

// TestProviderChoices: a pool's form offers only the algorithms and
// protocols its load balancer's provider takes, and says why the others
// are missing; a provider the console does not know offers everything.
func TestProviderChoices(t *testing.T) {
	for _, tt := range []struct {
		name       string
		support    Support
		algorithms []string
		def        string
		protocols  []string
		hint       string
	}{
		{"amphora", mustSupport(t, "amphora"), []string{"ROUND_ROBIN", "LEAST_CONNECTIONS", "SOURCE_IP"}, "ROUND_ROBIN", poolProtocol.Choices,
			"The amphora provider does not support SOURCE_IP_PORT."},
		{"octavia, amphora's alias", mustSupport(t, "octavia"), []string{"ROUND_ROBIN", "LEAST_CONNECTIONS", "SOURCE_IP"}, "ROUND_ROBIN", poolProtocol.Choices,
			"The octavia provider does not support SOURCE_IP_PORT."},
		{"ovn", mustSupport(t, "ovn"), []string{"SOURCE_IP_PORT"}, "SOURCE_IP_PORT", []string{"TCP", "UDP", "SCTP"},
			"The ovn provider does not support ROUND_ROBIN, LEAST_CONNECTIONS, SOURCE_IP."},
		{"no provider named, the lab's", Supported("amphora", "octavia"), []string{"ROUND_ROBIN", "LEAST_CONNECTIONS", "SOURCE_IP"}, "ROUND_ROBIN", poolProtocol.Choices,
			"This cloud's providers (amphora, octavia) do not support SOURCE_IP_PORT."},
		{"no provider named, amphora and ovn", Supported("amphora", "ovn"), algorithm.Choices, "ROUND_ROBIN", poolProtocol.Choices, ""},
		{"an unknown provider", Supported("amphora", "vendor-x"), algorithm.Choices, "ROUND_ROBIN", poolProtocol.Choices, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.support.Narrow(octavia.KindPool, []Field{algorithm, poolProtocol})
			if !slices.Equal(got[0].Choices, tt.algorithms) || got[0].Default != tt.def {
				t.Errorf("algorithms: got %v (default %s), want %v (default %s)", got[0].Choices, got[0].Default, tt.algorithms, tt.def)
			}
			if !slices.Equal(got[1].Choices, tt.protocols) {
				t.Errorf("protocols: got %v, want %v", got[1].Choices, tt.protocols)
			}
			if got[0].Hint != tt.hint {
				t.Errorf("hint: got %q, want %q", got[0].Hint, tt.hint)
			}
		})
	}
	if len(algorithm.Choices) != 4 {
		t.Errorf("Narrow changed the field it was given: %v", algorithm.Choices)
	}
}

func mustSupport(t *testing.T, name string) Support {
	t.Helper()
	s, ok := ProviderSupport(name)
	if !ok {
		t.Fatalf("%s: unknown provider", name)
	}
	return s
}

// TestProviderFix: values a provider picked afterwards does not take go
// to its first choice; others stay.
func TestProviderFix(t *testing.T) {
	ovn := mustSupport(t, "ovn")
	v := Values{"lb_algorithm": "ROUND_ROBIN", "protocol": "TCP", "name": "web"}
	changed := ovn.Fix(octavia.KindPool, []Field{algorithm, poolProtocol}, v)
	if !slices.Equal(changed, []string{"lb_algorithm"}) || v["lb_algorithm"] != "SOURCE_IP_PORT" || v["protocol"] != "TCP" {
		t.Errorf("got %v changed, values %v", changed, v)
	}
	if !ovn.NoL7 || mustSupport(t, "amphora").NoL7 || Supported("amphora", "ovn").NoL7 || !Supported("ovn").NoL7 {
		t.Errorf("L7: ovn has none, amphora has them, a cloud with both may")
	}
}

// TestProviderFault: a provider's 501 names the field it refuses.
func TestProviderFault(t *testing.T) {
	fault := "Provider 'amphora' does not support a requested option: Amphora provider does not support SOURCE_IP_PORT algorithm."
	if got := FaultField(fault, []string{"name", "protocol", "lb_algorithm", "session_persistence.type"}); got != "lb_algorithm" {
		t.Errorf("got %q, want lb_algorithm", got)
	}
	fault = "Provider 'amphora' does not support a requested option: This provider doesn't support mixing IPv4 and IPv6 addresses for its VIP and members in TCP load balancers."
	if got := FaultField(fault, []string{"name", "address", "protocol_port"}); got != "address" {
		t.Errorf("got %q, want address", got)
	}
	fault = "Provider 'amphora' does not support a requested option: Additional properties are not allowed ('bogus' was unexpected)"
	if got := FaultField(fault, []string{"name", "provider_name", "flavor_data"}); got != "flavor_data" {
		t.Errorf("a flavor profile's data: got %q, want flavor_data", got)
	}
	if got := FaultField(fault, []string{"name", "provider_name", "availability_zone_data"}); got != "availability_zone_data" {
		t.Errorf("a zone profile's data: got %q, want availability_zone_data", got)
	}
	if !strings.Contains(fault, "not allowed") {
		t.Fatal("the phrase")
	}
}

func TestDefaultProvider(t *testing.T) {
	for _, tt := range []struct {
		name  string
		cloud []string
		want  string
	}{
		{"the real Zed's", []string{"noop_driver", "amphora"}, "amphora"},
		{"the alias alone", []string{"octavia", "ovn"}, "octavia"},
		{"one provider", []string{"ovn"}, "ovn"},
		{"several, no amphora: the cloud's default", []string{"ovn", "vendor-x"}, ""},
		{"unknown", nil, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := DefaultProvider(tt.cloud); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
