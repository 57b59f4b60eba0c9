package export

import (
	"maps"
	"testing"

	"github.com/octaview/octaview/octavia"
)

func TestLocalNames(t *testing.T) {
	tree := Tree{
		LoadBalancer: octavia.Object{"id": "lb", "name": "Web front-end"},
		Pools: []octavia.Object{
			{"id": "p1", "name": "web", "protocol": "HTTP"},
			{"id": "p2", "name": "WEB!", "protocol": "HTTP"},
			{"id": "p3", "name": "", "protocol": "HTTP"},
			{"id": "p4", "name": "2024", "protocol": "TCP"},
		},
		Members: map[string][]octavia.Object{"p1": {
			{"id": "m1", "address": "10.0.0.5", "protocol_port": 80.0},
			{"id": "m2", "name": "$(rm -rf /)\n'x'", "address": "10.0.0.6", "protocol_port": 80.0},
		}},
		Monitors:  []octavia.Object{{"id": "h1", "type": "HTTP", "pools": []any{map[string]any{"id": "p1"}}}},
		Listeners: []octavia.Object{{"id": "l1", "protocol": "HTTPS", "protocol_port": 443.0}, {"id": "l2", "name": "web"}},
		Policies:  []octavia.Object{{"id": "r1", "listener_id": "l2", "action": "REJECT", "name": "élan"}},
		Rules:     map[string][]octavia.Object{"r1": {{"id": "u1", "type": "PATH"}}},
	}
	want := map[string]string{
		"lb": "web_front_end", "p1": "web", "p2": "web_2", "p3": "pool_http", "p4": "pool_2024",
		"m1": "member_10_0_0_5_80", "m2": "rm_rf_x", "h1": "monitor_http",
		"l1": "listener_https_443", "l2": "web_3", "r1": "lan", "u1": "l7rule_path",
	}
	got := LocalNames(tree)
	if !maps.Equal(got, want) {
		t.Errorf("LocalNames:\n got %v\nwant %v", got, want)
	}
	if again := LocalNames(tree); !maps.Equal(again, got) {
		t.Errorf("LocalNames twice: got %v then %v", got, again)
	}
}
