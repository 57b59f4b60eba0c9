package labcloud

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"
)

// TestBatchUpdateMembersReplaces: a batch update replaces the listed
// members as Octavia does (checked against a real Zed, see
// TestFidelityMemberBatch): what a listed member's entry omits takes
// Octavia's default (enabled, weight 1, not backup, no monitor address or
// port) except its name, tags and subnet, which stay; an unlisted member is
// deleted.
func TestBatchUpdateMembersReplaces(t *testing.T) {
	c := New(Options{Seed: 1, Delay: 20 * time.Millisecond, Scenario: &Scenario{LoadBalancers: []ScenarioLB{
		{Project: "demo", Name: "demos", Listener: &ScenarioListener{Protocol: "HTTP", Port: 80}},
	}}})
	demo := login(t, c, "demo")
	pool := list(demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/pools", nil).json(t), "pools")[0].(map[string]any)["id"].(string)
	lbID := ids(t, demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers?name=demos", nil), "loadbalancers")[0]
	members := "/load-balancer/v2/lbaas/pools/" + pool + "/members"
	subnet := demo.subnetID()
	settle := func() {
		for i := 0; i < 500 && demo.lbStatus(lbID) != "ACTIVE"; i++ {
			time.Sleep(10 * time.Millisecond)
		}
	}
	batch := func(want int, body string) tresp {
		t.Helper()
		settle()
		var v any
		if err := json.Unmarshal([]byte(body), &v); err != nil {
			t.Fatal(err)
		}
		r := demo.must(want, http.MethodPut, members, v)
		settle()
		return r
	}
	// by address:port, the attributes a batch can change
	read := func() map[string]string {
		t.Helper()
		out := map[string]string{}
		for _, m := range list(demo.must(http.StatusOK, http.MethodGet, members, nil).json(t), "members") {
			m := m.(map[string]any)
			b, _ := json.Marshal(map[string]any{"name": m["name"], "admin_state_up": m["admin_state_up"], "weight": m["weight"],
				"backup": m["backup"], "monitor_address": m["monitor_address"], "monitor_port": m["monitor_port"],
				"tags": m["tags"], "subnet": m["subnet_id"] != nil, "status": m["provisioning_status"]})
			out[m["address"].(string)] = string(b)
		}
		return out
	}
	// the scenario's members go first
	batch(http.StatusAccepted, `{"members":[]}`)
	if got := read(); len(got) != 0 {
		t.Fatalf("after an empty batch: got %v, want no members", got)
	}
	batch(http.StatusAccepted, `{"members":[
		{"address":"192.0.2.1","protocol_port":80,"name":"dis","admin_state_up":false,"weight":5,"tags":["t1"],"subnet_id":"`+subnet+`"},
		{"address":"192.0.2.2","protocol_port":80,"name":"bak","backup":true,"monitor_address":"192.0.2.99","monitor_port":9000},
		{"address":"192.0.2.3","protocol_port":80,"name":"gone"}]}`)
	tests := []struct {
		name string
		body string
		want map[string]string
	}{
		{"omitted attributes take Octavia's defaults, name tags and subnet stay",
			`{"members":[{"address":"192.0.2.1","protocol_port":80},{"address":"192.0.2.2","protocol_port":80,"weight":3}]}`,
			map[string]string{
				"192.0.2.1": `{"admin_state_up":true,"backup":false,"monitor_address":null,"monitor_port":null,"name":"dis","status":"ACTIVE","subnet":true,"tags":["t1"],"weight":1}`,
				"192.0.2.2": `{"admin_state_up":true,"backup":false,"monitor_address":null,"monitor_port":null,"name":"bak","status":"ACTIVE","subnet":false,"tags":[],"weight":3}`,
			}},
		{"every attribute sent is kept, weight 0 and false included",
			`{"members":[{"address":"192.0.2.1","protocol_port":80,"name":"dis","admin_state_up":false,"weight":0,"backup":true,"tags":["t1"],"subnet_id":"` + subnet + `"},
				{"address":"192.0.2.2","protocol_port":80,"name":"bak","admin_state_up":true,"weight":1,"backup":false,"monitor_address":"192.0.2.7","monitor_port":81,"tags":[]}]}`,
			map[string]string{
				"192.0.2.1": `{"admin_state_up":false,"backup":true,"monitor_address":null,"monitor_port":null,"name":"dis","status":"ACTIVE","subnet":true,"tags":["t1"],"weight":0}`,
				"192.0.2.2": `{"admin_state_up":true,"backup":false,"monitor_address":"192.0.2.7","monitor_port":81,"name":"bak","status":"ACTIVE","subnet":false,"tags":[],"weight":1}`,
			}},
		{"a null name is empty, a null subnet none, a null tags kept, empty tags cleared",
			`{"members":[{"address":"192.0.2.1","protocol_port":80,"name":null,"subnet_id":null,"tags":null},{"address":"192.0.2.2","protocol_port":80,"tags":[],"name":"b"}]}`,
			map[string]string{
				"192.0.2.1": `{"admin_state_up":true,"backup":false,"monitor_address":null,"monitor_port":null,"name":"","status":"ACTIVE","subnet":false,"tags":["t1"],"weight":1}`,
				"192.0.2.2": `{"admin_state_up":true,"backup":false,"monitor_address":null,"monitor_port":null,"name":"b","status":"ACTIVE","subnet":false,"tags":[],"weight":1}`,
			}},
		{"an unlisted member is deleted, a new one created",
			`{"members":[{"address":"192.0.2.2","protocol_port":80,"name":"b"},{"address":"192.0.2.4","protocol_port":80}]}`,
			map[string]string{
				"192.0.2.2": `{"admin_state_up":true,"backup":false,"monitor_address":null,"monitor_port":null,"name":"b","status":"ACTIVE","subnet":false,"tags":[],"weight":1}`,
				"192.0.2.4": `{"admin_state_up":true,"backup":false,"monitor_address":null,"monitor_port":null,"name":"","status":"ACTIVE","subnet":false,"tags":[],"weight":1}`,
			}},
	}
	for i, tc := range tests {
		if i == 0 {
			// the three members as created, then the first case drops 192.0.2.3
			if got := read(); len(got) != 3 {
				t.Fatalf("setup: got %v, want 3 members", got)
			}
		}
		t.Run(tc.name, func(t *testing.T) {
			demo.t = t
			batch(http.StatusAccepted, tc.body)
			got := read()
			if len(got) != len(tc.want) {
				t.Errorf("got %d members %v, want %d", len(got), got, len(tc.want))
			}
			for addr, want := range tc.want {
				if got[addr] != want {
					t.Errorf("%s: got %s, want %s", addr, got[addr], want)
				}
			}
		})
	}
	demo.t = t
	// refused whole: nothing of a bad batch is applied
	before := read()
	for _, tc := range []struct{ body, fault string }{
		{`{"members":[{"address":"192.0.2.2","protocol_port":80,"description":"d"}]}`, "Unknown attribute for argument members_.members: description"},
		{`{"members":[{"address":"192.0.2.2","protocol_port":80,"name":"x"},{"address":"192.0.2.4","protocol_port":80,"weight":300}]}`,
			"Invalid input for field/attribute weight. Value: '300'. Value should be lower or equal to 256"},
	} {
		if got := batch(http.StatusBadRequest, tc.body).fault(t); got != tc.fault {
			t.Errorf("fault: got %q, want %q", got, tc.fault)
		}
	}
	if got := read(); len(got) != len(before) || got["192.0.2.2"] != before["192.0.2.2"] {
		t.Errorf("a refused batch changed members: got %v, want %v", got, before)
	}
}
