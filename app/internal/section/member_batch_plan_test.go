package section

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/pools"
)

// batchPool is a pool's members as Octavia lists them: one disabled, one
// backup with a monitor address and port, one plain, one IPv6.
var batchPool = []pools.Member{
	{ID: "m1", Address: "10.0.0.1", ProtocolPort: 80, Weight: 3, Name: "web1", SubnetID: "sn", AdminStateUp: false, Tags: []string{"blue"}},
	{ID: "m2", Address: "10.0.0.2", ProtocolPort: 80, Weight: 1, AdminStateUp: true, Backup: true, MonitorAddress: "10.0.9.2", MonitorPort: 9000},
	{ID: "m3", Address: "10.0.0.3", ProtocolPort: 80, Weight: 0, AdminStateUp: true},
	{ID: "m4", Address: "fd00::1", ProtocolPort: 80, Weight: 1, AdminStateUp: true},
}

// TestMemberPlan previews a batch against the pool's members and builds
// its one request: a listed member is sent with every attribute as it is
// (disabled stays disabled, backup stays backup, its monitor address,
// name, subnet and tags stay), only a line's weight changes it; a new one
// gets Octavia's defaults; the unlisted are deleted.
func TestMemberPlan(t *testing.T) {
	tests := []struct {
		name     string
		text     string
		plan     []string // change member id: what changes
		summary  string
		wantBody string // the request's members, as sent
	}{
		{"the prefill changes nothing and sends every attribute", MemberLines(batchPool),
			[]string{"keep 10.0.0.1:80 m1: ", "keep 10.0.0.2:80 m2: ", "keep 10.0.0.3:80 m3: ", "keep [fd00::1]:80 m4: "},
			"0 added, 4 kept, 0 changed, 0 removed",
			`[{"address":"10.0.0.1","protocol_port":80,"name":"web1","admin_state_up":false,"weight":3,"backup":false,"subnet_id":"sn","monitor_address":null,"monitor_port":null,"tags":["blue"]},` +
				`{"address":"10.0.0.2","protocol_port":80,"name":"","admin_state_up":true,"weight":1,"backup":true,"monitor_address":"10.0.9.2","monitor_port":9000,"tags":[]},` +
				`{"address":"10.0.0.3","protocol_port":80,"name":"","admin_state_up":true,"weight":0,"backup":false,"monitor_address":null,"monitor_port":null,"tags":[]},` +
				`{"address":"fd00::1","protocol_port":80,"name":"","admin_state_up":true,"weight":1,"backup":false,"monitor_address":null,"monitor_port":null,"tags":[]}]`},
		{"lines without a weight keep the disabled and the backup member as they are", "10.0.0.1:80\n10.0.0.2:80",
			[]string{"keep 10.0.0.1:80 m1: ", "keep 10.0.0.2:80 m2: ", "remove 10.0.0.3:80 m3: ", "remove [fd00::1]:80 m4: "},
			"0 added, 2 kept, 0 changed, 2 removed",
			`[{"address":"10.0.0.1","protocol_port":80,"name":"web1","admin_state_up":false,"weight":3,"backup":false,"subnet_id":"sn","monitor_address":null,"monitor_port":null,"tags":["blue"]},` +
				`{"address":"10.0.0.2","protocol_port":80,"name":"","admin_state_up":true,"weight":1,"backup":true,"monitor_address":"10.0.9.2","monitor_port":9000,"tags":[]}]`},
		{"a weight changes only the weight", "10.0.0.1:80,7\n10.0.0.2:80,0\n10.0.0.3:80,0",
			[]string{"change 10.0.0.1:80 m1: weight 3 → 7", "change 10.0.0.2:80 m2: weight 1 → 0", "keep 10.0.0.3:80 m3: ", "remove [fd00::1]:80 m4: "},
			"0 added, 1 kept, 2 changed, 1 removed",
			`[{"address":"10.0.0.1","protocol_port":80,"name":"web1","admin_state_up":false,"weight":7,"backup":false,"subnet_id":"sn","monitor_address":null,"monitor_port":null,"tags":["blue"]},` +
				`{"address":"10.0.0.2","protocol_port":80,"name":"","admin_state_up":true,"weight":0,"backup":true,"monitor_address":"10.0.9.2","monitor_port":9000,"tags":[]},` +
				`{"address":"10.0.0.3","protocol_port":80,"name":"","admin_state_up":true,"weight":0,"backup":false,"monitor_address":null,"monitor_port":null,"tags":[]}]`},
		{"new members get Octavia's defaults, weight 0 sent", "10.0.0.9:80\n10.0.0.8:80,0\n[fd00:0::1]:80",
			[]string{"add 10.0.0.9:80 : ", "add 10.0.0.8:80 : ", "keep [fd00::1]:80 m4: ", "remove 10.0.0.1:80 m1: ", "remove 10.0.0.2:80 m2: ", "remove 10.0.0.3:80 m3: "},
			"2 added, 1 kept, 0 changed, 3 removed",
			`[{"address":"10.0.0.9","protocol_port":80,"name":"","admin_state_up":true,"weight":1,"backup":false,"monitor_address":null,"monitor_port":null,"tags":[]},` +
				`{"address":"10.0.0.8","protocol_port":80,"name":"","admin_state_up":true,"weight":0,"backup":false,"monitor_address":null,"monitor_port":null,"tags":[]},` +
				`{"address":"fd00::1","protocol_port":80,"name":"","admin_state_up":true,"weight":1,"backup":false,"monitor_address":null,"monitor_port":null,"tags":[]}]`},
		{"an empty set deletes every member", "# none\n",
			[]string{"remove 10.0.0.1:80 m1: ", "remove 10.0.0.2:80 m2: ", "remove 10.0.0.3:80 m3: ", "remove [fd00::1]:80 m4: "},
			"0 added, 0 kept, 0 changed, 4 removed", `[]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lines, errs := ParseMemberLines(tt.text)
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			plan, entries := MemberPlan(lines, batchPool)
			var got []string
			for _, it := range plan {
				var ch []string
				for _, c := range it.Changes {
					ch = append(ch, c.String())
				}
				got = append(got, it.Change+" "+hostPort(it.Address, it.Port)+" "+it.ID+": "+strings.Join(ch, "; "))
			}
			if !slices.Equal(got, tt.plan) {
				t.Errorf("plan: got %q, want %q", got, tt.plan)
			}
			if s := PlanSummary(plan); s != tt.summary {
				t.Errorf("summary: got %q, want %q", s, tt.summary)
			}
			var body []map[string]any
			for _, o := range BatchRequest(entries) {
				m, err := o.ToBatchMemberUpdateMap()
				if err != nil {
					t.Fatal(err)
				}
				body = append(body, m)
			}
			b, _ := json.Marshal(entries) // field order of the struct, for reading
			if string(b) != tt.wantBody {
				t.Errorf("request:\n got %s\nwant %s", b, tt.wantBody)
			}
			var want []map[string]any
			if err := json.Unmarshal([]byte(tt.wantBody), &want); err != nil {
				t.Fatal(err)
			}
			if len(want) > 0 && !reflect.DeepEqual(body, want) {
				t.Errorf("request maps: got %v, want %v", body, want)
			}
		})
	}
}

// TestMemberChanges: the preview names every attribute an entry changes,
// old → new, and nothing else.
func TestMemberChanges(t *testing.T) {
	m := batchPool[0]
	tests := []struct {
		name string
		edit func(e *memberEntry)
		want []string
	}{
		{"as it is", func(e *memberEntry) {}, nil},
		{"enabled", func(e *memberEntry) { e.AdminStateUp = true }, []string{"enabled no → yes"}},
		{"backup", func(e *memberEntry) { e.Backup = true }, []string{"backup no → yes"}},
		{"monitor", func(e *memberEntry) { e.MonitorAddress, e.MonitorPort = ptr("10.1.1.1"), ptr(81) },
			[]string{"monitor address none → 10.1.1.1", "monitor port none → 81"}},
		{"name, subnet and tags", func(e *memberEntry) { e.Name, e.SubnetID, e.Tags = "", ptr("sn2"), []string{} },
			[]string{"name web1 → none", "subnet sn → sn2", "tags blue → none"}},
		{"an omitted subnet is kept", func(e *memberEntry) { e.SubnetID = nil }, nil},
		{"weight", func(e *memberEntry) { e.Weight = 0 }, []string{"weight 3 → 0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := keptEntry(m)
			tt.edit(&e)
			var got []string
			for _, c := range memberChanges(m, e) {
				got = append(got, c.String())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestMemberLines: the prefill lists the members by address (IPv4 first)
// and port with their weight, and reads back as the same set.
func TestMemberLines(t *testing.T) {
	shuffled := []pools.Member{batchPool[3], batchPool[1], batchPool[0], {Address: "10.0.0.10", ProtocolPort: 80, Weight: 1}}
	if got := MemberLines(shuffled); got != "10.0.0.1:80,3\n10.0.0.2:80,1\n10.0.0.10:80,1\n[fd00::1]:80,1\n" {
		t.Errorf("prefill, sorted by address: got %q", got)
	}
}
