package console

import (
	"testing"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/extensions/layer3/floatingips"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/extensions/qos/policies"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/networks"
)

// TestFIPChoices: the project's unassociated addresses come first (they
// cost nothing more), then a new address from each external network, each
// said by name; a choice that is gone is not picked.
func TestFIPChoices(t *testing.T) {
	spare := []floatingips.FloatingIP{{ID: "f1", FloatingIP: "172.24.0.7", FloatingNetworkID: "n1"}}
	nets := []networks.Network{{ID: "n1", Name: "public"}, {ID: "n2"}}
	got := FIPChoices(spare, nets)
	want := []struct{ value, text string }{
		{"fip:f1", "Use 172.24.0.7 (unassociated, public)"},
		{"net:n1", "Allocate a new address from public"},
		{"net:n2", "Allocate a new address from (no name) n2"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d choices, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		if got[i].Value != w.value || got[i].Text != w.text {
			t.Errorf("choice %d: got %q %q, want %q %q", i, got[i].Value, got[i].Text, w.value, w.text)
		}
	}
	if c := PickFIP(got, "net:n1"); c == nil || c.Network != "n1" || c.FIP != nil {
		t.Errorf("PickFIP(net:n1): got %+v, want the network n1", c)
	}
	if c := PickFIP(got, "fip:f1"); c == nil || c.FIP == nil || c.FIP.ID != "f1" {
		t.Errorf("PickFIP(fip:f1): got %+v, want the floating IP f1", c)
	}
	if c := PickFIP(got, "fip:gone"); c != nil {
		t.Errorf("PickFIP of a choice that is gone: got %+v, want nil", c)
	}
}

// TestQoSChoiceLabels: a QoS policy is offered by name and short id, a
// shared one says so.
func TestQoSChoiceLabels(t *testing.T) {
	got := qosChoices([]policies.Policy{
		{ID: "0123456789abcdef", Name: "bronze"},
		{ID: "fedcba9876543210", Name: "public-default", Shared: true},
	})
	want := []string{"bronze (" + Shorten("0123456789abcdef", 13) + ")", "public-default (" + Shorten("fedcba9876543210", 13) + ", shared)"}
	if len(got) != len(want) {
		t.Fatalf("got %+v, want %q", got, want)
	}
	for i := range want {
		if got[i].Label != want[i] {
			t.Errorf("choice %d: got %q, want %q", i, got[i].Label, want[i])
		}
	}
}
