package list

import (
	"maps"
	"slices"
	"testing"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/app/internal/section"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/octavia/amphoracontrol"
)

// objectCase is an object of a kind and what a test wants of it.
type objectCase struct {
	name string
	res  *console.Resource
	o    octavia.Object
	want string
}

// TestAdminPages: the admin kinds' paths name their pages, zones and
// quotas by name and project rather than by an ID.
func TestAdminPages(t *testing.T) {
	tests := []struct {
		name, path string
		kind       octavia.Kind
		id, mode   string
	}{
		{"quota edit", "/quotas/p-123/edit", octavia.KindQuota, "p-123", "edit"},
		{"quota", "/quotas/p-123", octavia.KindQuota, "p-123", "detail"},
		{"quotas", "/quotas", octavia.KindQuota, "", "list"},
		{"zone by name", "/availability-zones/az%20one", octavia.KindAvailabilityZone, "az one", "detail"},
		{"new zone", "/availability-zones/new", octavia.KindAvailabilityZone, "", "new"},
		{"zone profile edit", "/availability-zone-profiles/zp1/edit", octavia.KindAvailabilityZoneProfile, "zp1", "edit"},
		{"amphora", "/amphorae/a1", octavia.KindAmphora, "a1", "detail"},
		{"providers", "/providers", octavia.KindProvider, "", "list"},
		{"flavor", "/flavors/f1", octavia.KindFlavor, "f1", "detail"},
		{"new flavor profile", "/flavor-profiles/new", octavia.KindFlavorProfile, "", "new"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pr, ok := console.ParsePage(tt.path)
			if !ok || pr.Res.Kind != tt.kind || pr.ID != tt.id || pr.Mode != tt.mode {
				t.Fatalf("parsePage(%q) = %v %q %q %v; want %v %q %q", tt.path, pr.Res.Kind, pr.ID, pr.Mode, ok, tt.kind, tt.id, tt.mode)
			}
		})
	}
	for _, tt := range []objectCase{
		{"zone by its name", console.AzRes, octavia.Object{"name": "az one"}, "/availability-zones/az%20one"},
		{"quota by its project", console.QuotaRes, octavia.Object{"project_id": "p-1"}, "/quotas/p-1"},
		{"amphora by its id", console.AmphoraRes, octavia.Object{"id": "a1"}, "/amphorae/a1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.res.DetailPathOf("", tt.res.IDOf(tt.o)); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestNamedByID: amphorae have no name, zones and quotas are named by
// their name and project: each is called by its id on screen, never
// "(no name)"; load balancers keep their names.
func TestNamedByID(t *testing.T) {
	tests := []objectCase{
		{"amphora", console.AmphoraRes, octavia.Object{"id": "a1b2c3d4-0000"}, "a1b2c3d4-0000"},
		{"zone", console.AzRes, octavia.Object{"name": "az1"}, "az1"},
		{"quota", console.QuotaRes, octavia.Object{"project_id": "p1"}, "p1"},
		{"flavor without a name", console.FlavorRes, octavia.Object{"id": "f1b2c3d4-0000"}, "(no name) f1b2c3d4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := console.RowOfObject(tt.res, "", tt.o)
			if got := tt.res.NameOf(tt.o); got != tt.want {
				t.Errorf("nameOf: got %q, want %q", got, tt.want)
			}
			if got := tt.res.RowName(&r); got != tt.want {
				t.Errorf("rowName: got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestNavOrder: the one ordered table of kinds is the navigation's order,
// load balancers first, each kind once.
func TestNavOrder(t *testing.T) {
	var got []octavia.Kind
	for _, r := range console.Resources {
		got = append(got, r.Kind)
	}
	want := []octavia.Kind{octavia.KindLoadBalancer, octavia.KindListener, octavia.KindPool, octavia.KindMember,
		octavia.KindMonitor, octavia.KindL7Policy, octavia.KindL7Rule, octavia.KindAmphora, octavia.KindQuota, octavia.KindProvider,
		octavia.KindFlavor, octavia.KindFlavorProfile, octavia.KindAvailabilityZone, octavia.KindAvailabilityZoneProfile}
	if !slices.Equal(got, want) {
		t.Errorf("got kinds %v, want %v", got, want)
	}
}

// TestAdminAccess: who reads and who writes each admin kind, as Octavia's
// default policy has it (only admins write them; only admins read
// amphorae and profiles; the console's read-only mode writes nothing).
func TestAdminAccess(t *testing.T) {
	admin := &tab.Session{Info: octavia.Session{Roles: []string{"admin", "member", "reader"}}}
	member := &tab.Session{Info: octavia.Session{Roles: []string{"member", "reader"}}}
	reader := &tab.Session{Info: octavia.Session{Roles: []string{"reader"}}}
	readOnlyAdmin := &tab.Session{Info: admin.Info, ReadOnly: true}
	tests := []struct {
		res                                  *console.Resource
		adminRead, memberRead, readerRead    bool
		adminWrite, memberWrite, readerWrite bool
	}{
		{console.AmphoraRes, true, false, false, true, false, false},
		{console.QuotaRes, true, true, true, true, false, false},
		{console.ProviderRes, true, true, true, true, false, false},
		{console.FlavorRes, true, true, true, true, false, false},
		{console.FlavorProfileRes, true, false, false, true, false, false},
		{console.AzRes, true, true, true, true, false, false},
		{console.AzProfileRes, true, false, false, true, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.res.Plural, func(t *testing.T) {
			for _, c := range []struct {
				who        string
				s          *tab.Session
				read, want bool
				got        bool
			}{
				{"admin reads", admin, true, tt.adminRead, tt.res.MayRead(admin)},
				{"member reads", member, true, tt.memberRead, tt.res.MayRead(member)},
				{"reader reads", reader, true, tt.readerRead, tt.res.MayRead(reader)},
				{"admin writes", admin, false, tt.adminWrite, tt.res.MayWrite(admin)},
				{"member writes", member, false, tt.memberWrite, tt.res.MayWrite(member)},
				{"reader writes", reader, false, tt.readerWrite, tt.res.MayWrite(reader)},
				{"read-only admin writes", readOnlyAdmin, false, false, tt.res.MayWrite(readOnlyAdmin)},
			} {
				if c.got != c.want {
					t.Errorf("%s: got %v, want %v", c.who, c.got, c.want)
				}
			}
		})
	}
	// A provider has no page; the others do, and the writable ones their forms.
	if !console.ProviderRes.NoDetail || console.ProviderRes.Create || console.ProviderRes.Edit {
		t.Errorf("providers: got NoDetail %v, a create %v, an edit %v; want a list only", console.ProviderRes.NoDetail, console.ProviderRes.Create, console.ProviderRes.Edit)
	}
	if console.QuotaRes.Create || console.QuotaRes.Delete || !console.QuotaRes.Edit {
		t.Errorf("quotas: got a create %v, a delete %v, an edit %v; want an edit only (and the reset action)", console.QuotaRes.Create, console.QuotaRes.Delete, console.QuotaRes.Edit)
	}
	if console.AmphoraRes.Create || console.AmphoraRes.Edit || !console.AmphoraRes.Delete {
		t.Errorf("amphorae: got a create %v, an edit %v, a delete %v; want a delete only", console.AmphoraRes.Create, console.AmphoraRes.Edit, console.AmphoraRes.Delete)
	}
	for _, r := range []*console.Resource{console.AmphoraRes, console.QuotaRes, console.ProviderRes, console.FlavorRes, console.FlavorProfileRes, console.AzRes, console.AzProfileRes} {
		if w := console.WaitFor(r, tab.OpUpdate); w != tab.WaitNone {
			t.Errorf("%s: got wait %q for an update, want none (Octavia applies it at once)", r.Plural, w)
		}
	}
}

// TestStatsRows: an amphora's counters, one row per listener and their
// sum, grouped by thousands.
func TestStatsRows(t *testing.T) {
	tests := []struct {
		name  string
		stats []amphoracontrol.Stats
		want  [][]string
	}{
		{"no listener", nil, [][]string{{"All listeners", "0", "0", "0", "0", "0"}}},
		{"two listeners", []amphoracontrol.Stats{
			{ListenerID: "l1", ActiveConnections: 12, TotalConnections: 34567, BytesIn: 1234567, BytesOut: 999, RequestErrors: 1},
			{ListenerID: "l2", ActiveConnections: 3, TotalConnections: 433, BytesIn: 1000, BytesOut: 1, RequestErrors: 0},
		}, [][]string{
			{"l1", "12", "34,567", "1,234,567", "999", "1"},
			{"l2", "3", "433", "1,000", "1", "0"},
			{"All listeners", "15", "35,000", "1,235,567", "1,000", "1"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := section.StatsRows(tt.stats)
			if !slices.EqualFunc(got, tt.want, slices.Equal) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	for _, tt := range []struct {
		n    int
		want string
	}{{0, "0"}, {999, "999"}, {1000, "1,000"}, {-1234567, "-1,234,567"}, {100000, "100,000"}} {
		if got := section.Grouped(tt.n); got != tt.want {
			t.Errorf("grouped(%d): got %q, want %q", tt.n, got, tt.want)
		}
	}
}

// TestQuotaPairs: a project's limits beside the defaults; -1 reads
// "unlimited", a value other than the default is the project's own.
func TestQuotaPairs(t *testing.T) {
	defaults := octavia.Object{"loadbalancer": -1.0, "listener": -1.0, "pool": 10.0, "member": -1.0, "healthmonitor": -1.0, "l7policy": -1.0, "l7rule": -1.0}
	tests := []struct {
		name               string
		values, defaults   octavia.Object
		key                string
		value, def         string
		own                bool
		wantLen, wantOwned int
	}{
		{"all defaults", defaults, defaults, "loadbalancer", "unlimited", "unlimited", false, 7, 0},
		{"one own limit", octavia.Object{"loadbalancer": 5.0, "listener": -1.0, "pool": 10.0, "member": -1.0, "healthmonitor": -1.0, "l7policy": -1.0, "l7rule": -1.0},
			defaults, "loadbalancer", "5", "unlimited", true, 7, 1},
		{"defaults not read", octavia.Object{"pool": 3.0}, nil, "pool", "3", "—", false, 7, 0},
		{"Octavia's GET of a project: the other names", octavia.Object{"load_balancer": 5.0, "listener": -1.0, "pool": 10.0, "member": -1.0,
			"health_monitor": -1.0, "l7policy": -1.0, "l7rule": -1.0}, octavia.Object{"load_balancer": -1.0, "listener": -1.0, "pool": 10.0, "member": -1.0,
			"health_monitor": 3.0, "l7policy": -1.0, "l7rule": -1.0}, "healthmonitor", "unlimited", "3", true, 7, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pairs := section.QuotaPairs(tt.values, tt.defaults)
			owned := 0
			for _, p := range pairs {
				if p.Own {
					owned++
				}
				if p.Key == tt.key && (p.Value != tt.value || p.Default != tt.def || p.Own != tt.own) {
					t.Errorf("%s: got %q beside %q (own %v), want %q beside %q (own %v)", p.Key, p.Value, p.Default, p.Own, tt.value, tt.def, tt.own)
				}
			}
			if len(pairs) != tt.wantLen || owned != tt.wantOwned {
				t.Errorf("got %d limits, %d own; want %d, %d", len(pairs), owned, tt.wantLen, tt.wantOwned)
			}
		})
	}
}

// TestAdminLists reads the quota and provider lists from the lab as each
// role sees them: an admin every project with limits of its own (and its
// own project), "default" where a project has none; a member its own
// project's effective limits; each limit beside what the project uses
// ("2 / 5"); the providers' capabilities for an admin, and a note that
// only admins read them for the others.
func TestAdminLists(t *testing.T) {
	five := 5
	cloud := labcloud.New(labcloud.Options{Scenario: &labcloud.Scenario{
		Quotas: []labcloud.ScenarioQuota{{Project: "demo", LoadBalancer: &five}},
		LoadBalancers: []labcloud.ScenarioLB{{Project: "demo", Name: "web", Count: 2,
			Listener: &labcloud.ScenarioListener{Protocol: "HTTP", Port: 80, Members: []string{"10.0.0.11", "10.0.0.12"}, Monitor: "HTTP"}}}}})
	read := func(t *testing.T, res *console.Resource, c *octavia.Client) map[string]tab.Row {
		t.Helper()
		rows := map[string]tab.Row{}
		for r, err := range ReadRows(t.Context(), c, res, console.ListQuery{}) {
			if err != nil {
				t.Fatalf("%s: %v", res.Plural, err)
			}
			rows[r.ID] = r
		}
		return rows
	}
	cell := func(res *console.Resource, r tab.Row, key string) string {
		i := slices.IndexFunc(res.Columns, func(c console.Column) bool { return c.Key == key })
		return r.Cells[i]
	}
	admin, demo, viewer := labtest.As(t, cloud, "admin", "admin"), labtest.As(t, cloud, "demo", "demo"), labtest.As(t, cloud, "viewer", "demo")
	demoID, adminID := demo.Session().ProjectID, admin.Session().ProjectID

	t.Run("admin quotas", func(t *testing.T) {
		rows := read(t, console.QuotaRes, admin)
		if len(rows) != 2 {
			t.Fatalf("got %d quota rows, want 2 (demo's own, the admin's project)", len(rows))
		}
		for _, c := range []struct{ project, key, want string }{
			{demoID, "loadbalancer", "2 / 5"}, {demoID, "listener", "2 / default"}, {demoID, "member", "4 / default"},
			{demoID, "healthmonitor", "2 / default"}, {adminID, "loadbalancer", "0 / default"},
		} {
			if got := cell(console.QuotaRes, rows[c.project], c.key); got != c.want {
				t.Errorf("project %s %s: got %q, want %q", c.project, c.key, got, c.want)
			}
		}
	})
	for _, who := range []struct {
		name string
		c    *octavia.Client
	}{{"member", demo}, {"reader", viewer}} {
		t.Run(who.name+" quotas", func(t *testing.T) {
			rows := read(t, console.QuotaRes, who.c)
			if len(rows) != 1 || cell(console.QuotaRes, rows[demoID], "loadbalancer") != "2 / 5" || cell(console.QuotaRes, rows[demoID], "pool") != "2 / unlimited" ||
				cell(console.QuotaRes, rows[demoID], "member") != "4 / unlimited" {
				t.Errorf("got %v; want demo's usage beside its effective limits only (2 of 5 load balancers, 2 pools and 4 members of unlimited)", rows)
			}
		})
	}
	t.Run("admin providers", func(t *testing.T) {
		rows := read(t, console.ProviderRes, admin)
		if got := cell(console.ProviderRes, rows["amphora"], "flavor_capabilities"); got != "loadbalancer_topology, compute_flavor, amp_image_tag" {
			t.Errorf("amphora's flavor capabilities: got %q", got)
		}
		if got := cell(console.ProviderRes, rows["amphora"], "availability_zone_capabilities"); got != "compute_zone, management_network, valid_vip_networks" {
			t.Errorf("amphora's zone capabilities: got %q", got)
		}
	})
	t.Run("member providers", func(t *testing.T) {
		rows := read(t, console.ProviderRes, demo)
		if len(rows) == 0 {
			t.Fatal("got no provider; want the lab's")
		}
		if got := cell(console.ProviderRes, rows["amphora"], "flavor_capabilities"); got != "(only admins read them)" {
			t.Errorf("got %q, want that only admins read them", got)
		}
	})
}

// TestQuotaProps: a quota's page names its project (from its URL: the
// answer does not) and shows its limits only once, in the table beside the
// defaults (ShownBy); an attribute of a newer Octavia is still shown.
func TestQuotaProps(t *testing.T) {
	pr := console.PageRef{Res: console.QuotaRes, ID: "p1", Mode: "detail"}
	o := octavia.Object{"loadbalancer": 5.0, "load_balancer": 5.0, "listener": -1.0, "pool": -1.0, "member": -1.0, "healthmonitor": -1.0,
		"health_monitor": -1.0, "l7policy": -1.0, "l7rule": -1.0}
	tests := []struct {
		name string
		o    octavia.Object
		want []string // the lines' labels
	}{
		{"project and limits", o, []string{"Project"}},
		{"an attribute of a newer Octavia", func() octavia.Object { x := maps.Clone(o); x["l7rule_per_policy"] = 10.0; return x }(), []string{"Project", "L7rule per policy"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, r := range console.PropRows(pr, tt.o, false) {
				got = append(got, r.Label)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got lines %q, want %q", got, tt.want)
			}
		})
	}
}
