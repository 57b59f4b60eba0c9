package console

import (
	"path"
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
			if got := readOnlyFor(tt.cfg, tt.roles); got != tt.want {
				t.Errorf("readOnlyFor(%+v, %q): got %v, want %v", tt.cfg, tt.roles, got, tt.want)
			}
		})
	}
}

func TestSafeNext(t *testing.T) {
	tests := []struct {
		name, next, want string
	}{
		{"empty", "", ListPath},
		{"a page", "/load-balancers/abc", "/load-balancers/abc"},
		{"with a query", "/load-balancers?x=1", "/load-balancers?x=1"},
		{"another host", "https://evil.example/", ListPath},
		{"scheme-relative", "//evil.example/x", ListPath},
		{"three slashes (a browser reads a host after them)", "///evil.example", ListPath},
		{"three slashes and a path", "///evil.example/load-balancers", ListPath},
		{"four slashes", "////evil.example", ListPath},
		{"backslash trick", "/\\evil.example", ListPath},
		{"relative", "load-balancers", ListPath},
		{"login loops", "/login", ListPath},
		{"dot segments out of the login page to a host", "/login/../..//evil.example", ListPath},
		{"encoded dot segments", "/%2e%2e/%2e%2e//evil.example", ListPath},
		{"an empty segment", "/load-balancers//x", ListPath},
		{"a backslash further on", "/load-balancers/\\evil.example", ListPath},
		{"the login page, not clean", "/x/../login", ListPath},
		{"a trailing slash is clean", "/load-balancers/", "/load-balancers/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SafeNext(tt.next); got != tt.want {
				t.Errorf("safeNext(%q): got %q, want %q", tt.next, got, tt.want)
			}
		})
	}
}

// TestCleanPath checks cleanPath against the path.Clean test it replaces,
// for the paths safeNext gives it (empty or rooted: a next starts with /).
func TestCleanPath(t *testing.T) {
	for _, p := range []string{
		"", "/", "//", "///", "/.", "/..", "/./", "/../", "/a", "/a/", "/a//", "/a/b", "/a/b/",
		"/a//b", "/a/./b", "/a/../b", "/a/.", "/a/..", "/.a", "/..a/", "/a.", "/login", "/login/",
		"/a/b/c/", "/load-balancers/x/listeners", "/%2e%2e/x",
	} {
		clean := path.Clean(p)
		if got, want := cleanPath(p), clean == p || clean+"/" == p; got != want {
			t.Errorf("cleanPath(%q): got %v, want %v", p, got, want)
		}
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
