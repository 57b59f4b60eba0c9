package wizard

import (
	"slices"
	"testing"

	"github.com/octaview/octaview/octavia"
)

// TestReview: what the review and the journal say of a request, objects
// named, the subnet by its name before its id.
func TestReview(t *testing.T) {
	pool := octavia.Object{"name": "web-pool", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN",
		"members": []any{octavia.Object{"address": "10.0.0.1"}, octavia.Object{"address": "10.0.0.2"}}, "healthmonitor": octavia.Object{"type": "HTTP"}}
	body := octavia.Object{"name": "web", "vip_subnet_id": "s1", "listeners": []any{
		octavia.Object{"name": "front", "protocol": "HTTP", "protocol_port": 80, "default_pool": pool,
			"l7policies": []any{octavia.Object{"action": "REJECT", "rules": []any{octavia.Object{"type": "PATH"}}}}},
		octavia.Object{"protocol": "HTTP", "protocol_port": 8080, "default_pool": octavia.Object{"name": "web-pool"}},
	}, "pools": []any{octavia.Object{"name": "spare", "protocol": "TCP", "lb_algorithm": "SOURCE_IP"}}}
	names := func(id string) string { return map[string]string{"s1": "private — 10.0.0.0/24"}[id] }
	if got, want := Written(body, names), `POST load balancer "web", VIP subnet private — 10.0.0.0/24 (s1) with 2 listeners, 2 pools, 2 members, 1 health monitor, 1 L7 policy, 1 rule`; got != want {
		t.Errorf("Written: got %q, want %q", got, want)
	}
	if got := Written(octavia.Object{"name": "bare", "vip_subnet_id": "s9"}, names); got != `POST load balancer "bare", VIP subnet s9` {
		t.Errorf("Written of an unknown subnet: got %q, want its id alone", got)
	}
	want := []string{
		`Listener 1 "front": HTTP :80 → pool "web-pool" (HTTP, ROUND_ROBIN, 2 members, HTTP monitor), 1 L7 policy`,
		`Listener 2: HTTP :8080 → pool "web-pool" (above)`,
		`No listener's default: pool "spare" (TCP, SOURCE_IP, 0 members)`,
	}
	if got := Tree(body); !slices.Equal(got, want) {
		t.Errorf("Tree: got %q, want %q", got, want)
	}
}

// TestInputID: the inputs' DOM ids, the VIP subnet keeping the quick
// create's.
func TestInputID(t *testing.T) {
	for _, c := range []struct{ item, key, want string }{
		{"create", "vip_subnet_id", "create-subnet"}, {"create", "name", "create-name"},
		{"wz-pool-0", "session_persistence.type", "wz-pool-0-session-persistence-type"}, {MemberID(1, 2), "protocol_port", "wz-member-1-2-protocol-port"},
	} {
		if got := InputID(c.item, c.key); got != c.want {
			t.Errorf("InputID(%q, %q): got %q, want %q", c.item, c.key, got, c.want)
		}
	}
}

// TestTreeTLS: the review's outline says what a TLS listener serves and
// asks of its clients, and a pool that speaks TLS to its members.
func TestTreeTLS(t *testing.T) {
	pool := octavia.Object{"name": "app", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN", "tls_enabled": true}
	body := octavia.Object{"listeners": []any{
		octavia.Object{"protocol": "TERMINATED_HTTPS", "protocol_port": 443, "default_tls_container_ref": "https://b/v1/secrets/a",
			"sni_container_refs": []any{"https://b/v1/secrets/b", "https://b/v1/secrets/c"}, "client_authentication": "MANDATORY", "default_pool": pool},
		octavia.Object{"protocol": "TERMINATED_HTTPS", "protocol_port": 8443, "sni_container_refs": []any{"https://b/v1/secrets/b"}, "client_authentication": "NONE"},
	}}
	want := []string{
		`Listener 1: TERMINATED_HTTPS :443 (default certificate, 2 SNI, client authentication MANDATORY) → pool "app" (HTTP, ROUND_ROBIN, 0 members, TLS to the members)`,
		`Listener 2: TERMINATED_HTTPS :8443 (1 SNI)`,
	}
	if got := Tree(body); !slices.Equal(got, want) {
		t.Errorf("Tree:\ngot  %q\nwant %q", got, want)
	}
}

// TestTreeTLSOfTheForm: the outline of the wizard's own body, whose list
// fields the form gives as []string, counts a listener's SNI certificates
// as it does a read object's (it left them out).
func TestTreeTLSOfTheForm(t *testing.T) {
	w := tlsWizard()
	w.Listeners[0]["default_tls_container_ref"], w.Listeners[0]["sni_container_refs"] = testRef, testRef+"\n"+testRef
	body, err := w.Body()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`Listener 1: TERMINATED_HTTPS :443 (default certificate, 2 SNI)`}
	if got := Tree(body); !slices.Equal(got, want) {
		t.Errorf("Tree of the form's body:\ngot  %q\nwant %q", got, want)
	}
}
