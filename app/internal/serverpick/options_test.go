package serverpick

import (
	"testing"

	"github.com/octaview/octaview/octavia"
)

func TestOptions(t *testing.T) {
	servers := []octavia.ServerOnSubnet{
		{ID: "w1", Name: "worker-1", Status: "ACTIVE"},
		{ID: "a1", Name: "app-1", Status: "SHUTOFF", Addresses: []string{"10.1.128.13"}},
		{ID: "e1", Name: "edge-1", Status: "ACTIVE", Elsewhere: []string{"public 172.24.4.9"}},
		{ID: "w2", Name: "web-2", Status: "ACTIVE", Addresses: []string{"10.1.128.11", "10.1.128.99"}},
		{ID: "b1", Name: "", Status: "BUILD", Addresses: []string{"10.1.0.7"}},
	}
	want := []Option{
		{Label: "worker-1 — no address on demo-subnet (no network)", Disabled: true},
		{Value: "a1 10.1.128.13", Label: "app-1 — 10.1.128.13 — SHUTOFF: a member on it stays offline until the server starts", Shutoff: true},
		{Label: "edge-1 — no address on demo-subnet (only on public 172.24.4.9)", Disabled: true},
		{Value: "w2 10.1.128.11", Label: "web-2 — 10.1.128.11"},
		{Value: "w2 10.1.128.99", Label: "web-2 — 10.1.128.99"},
		{Value: "b1 10.1.0.7", Label: "b1 — 10.1.0.7 — BUILD"},
	}
	got := Options(servers, "demo-subnet")
	if len(got) != len(want) {
		t.Fatalf("got %d options %+v, want %d", len(got), got, len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("option %d: got %+v, want %+v", i, got[i], want[i])
		}
	}

	for _, tc := range []struct {
		name, value string
		want        Choice
		ok          bool
	}{
		{"an address", "w2 10.1.128.99", Choice{ServerID: "w2", Name: "web-2", Address: "10.1.128.99", SubnetID: "sub"}, true},
		{"shut off", "a1 10.1.128.13", Choice{ServerID: "a1", Name: "app-1", Address: "10.1.128.13", SubnetID: "sub", Shutoff: true}, true},
		{"an address the server no longer has", "w2 10.1.128.12", Choice{}, false},
		{"a server gone", "zz 10.1.128.11", Choice{}, false},
		{"the empty choice", "", Choice{}, false},
	} {
		got, ok := Pick(servers, "sub", tc.value)
		if got != tc.want || ok != tc.ok {
			t.Errorf("%s: Pick(%q) = %+v, %v; want %+v, %v", tc.name, tc.value, got, ok, tc.want, tc.ok)
		}
	}
}
