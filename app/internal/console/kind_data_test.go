package console

import (
	"maps"
	"testing"

	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/octavia"
)

// TestWrittenCells: a load balancer's answer gives its new row the VIP
// address; a cell already known stays; a kind with no Written column
// gives none.
func TestWrittenCells(t *testing.T) {
	o := octavia.Object{"vip_address": "10.0.0.7", "provider": "amphora"}
	if got := WrittenCells(LBResource, o, nil); !maps.Equal(got, map[string]string{"vip_address": "10.0.0.7"}) {
		t.Errorf("load balancer: %v, want only its VIP address", got)
	}
	if got := WrittenCells(LBResource, o, map[string]string{"vip_address": "10.0.0.1"}); got["vip_address"] != "10.0.0.1" {
		t.Errorf("a known cell was replaced: %v", got)
	}
	if got := WrittenCells(PoolRes, octavia.Object{"vip_address": "10.0.0.7"}, nil); got != nil {
		t.Errorf("pool: %v, want none", got)
	}
}

// TestKindData: what the generic pages once switched on by kind is the
// kind's data: a pool's one monitor, the kinds a provider restricts, the
// profiles' capabilities, a listener's protocol setting its port.
func TestKindData(t *testing.T) {
	for _, r := range Resources {
		if one := r.OnePer != ""; one != (r.Kind == octavia.KindMonitor) {
			t.Errorf("%s: OnePer %q", r.Kind, r.OnePer)
		}
		if want := r.Kind == octavia.KindPool || r.Kind == octavia.KindListener || r.Kind == octavia.KindMonitor; r.Restricted != want {
			t.Errorf("%s: Restricted %v, want %v", r.Kind, r.Restricted, want)
		}
		if want := r.Kind == octavia.KindFlavorProfile || r.Kind == octavia.KindAvailabilityZoneProfile; (r.Capabilities != nil) != want {
			t.Errorf("%s: Capabilities set %v, want %v", r.Kind, r.Capabilities != nil, want)
		}
	}
	v := form.Values{}
	ListenerRes.OnSet(v, "protocol", "HTTPS")
	if v["protocol_port"] != "443" {
		t.Errorf("listener protocol HTTPS: port %q, want 443", v["protocol_port"])
	}
	ListenerRes.OnSet(v, "protocol_port", "8443")
	ListenerRes.OnSet(v, "protocol", "HTTP")
	if v["protocol_port"] != "8443" {
		t.Errorf("a typed port was replaced: %q", v["protocol_port"])
	}
}

// TestTreeWords: a status tree's node says its kind with the kind table's
// words: "LB" and "MONITOR" on the box, its Singular in its label and
// class.
func TestTreeWords(t *testing.T) {
	for k, want := range map[octavia.Kind][2]string{
		octavia.KindLoadBalancer: {"LB", "load balancer"}, octavia.KindListener: {"LISTENER", "listener"},
		octavia.KindPool: {"POOL", "pool"}, octavia.KindMonitor: {"MONITOR", "health monitor"}, octavia.KindMember: {"MEMBER", "member"},
	} {
		if got := [2]string{treeLabel(k), treeWord(k)}; got != want {
			t.Errorf("%s: got %q, want %q", k, got, want)
		}
	}
}
