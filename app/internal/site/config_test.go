package site

import (
	"testing"

	"github.com/octaview/octaview/app/serverapi"
)

func TestReadOnlyFor(t *testing.T) {
	tests := []struct {
		name  string
		cfg   serverapi.Config
		roles []string
		want  bool
	}{
		{"member writes", serverapi.Config{}, []string{"member", "reader"}, false},
		{"admin writes", serverapi.Config{}, []string{"admin"}, false},
		{"octavia role writes", serverapi.Config{}, []string{"load-balancer_member"}, false},
		{"reader only reads", serverapi.Config{}, []string{"reader"}, true},
		{"unknown roles keep the controls", serverapi.Config{}, nil, false},
		{"read-only server", serverapi.Config{ReadOnly: true}, []string{"admin"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ReadOnlyFor(tt.cfg, tt.roles); got != tt.want {
				t.Errorf("readOnlyFor(%+v, %q): got %v, want %v", tt.cfg, tt.roles, got, tt.want)
			}
		})
	}
}

func TestClientConfig(t *testing.T) {
	cfg := ClientConfig("http://127.0.0.1:8080/", "demo", "pw", "", "demo")
	checks := []struct{ name, got, want string }{
		{"AuthURL", cfg.AuthURL, "http://127.0.0.1:8080/identity/v3"},
		{"LoadBalancerEndpoint", cfg.LoadBalancerEndpoint, "http://127.0.0.1:8080/load-balancer/"},
		{"NetworkEndpoint", cfg.NetworkEndpoint, "http://127.0.0.1:8080/network/"},
		{"UserDomainName", cfg.UserDomainName, "Default"},
		{"ProjectDomainName", cfg.ProjectDomainName, "Default"},
		{"ProjectName", cfg.ProjectName, "demo"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, c.got, c.want)
		}
	}
}
