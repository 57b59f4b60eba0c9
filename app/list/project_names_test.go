package list

import (
	"slices"
	"strings"
	"testing"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
)

// TestListColumnsByWho: a list's first column says what names its rows
// (amphorae have no name: "ID"; quotas are a project's: "Project"), and an
// admin's list of a tree kind, which holds every project's objects, has a
// Project column; a member's list, and a list embedded in a parent's page,
// do not.
func TestListColumnsByWho(t *testing.T) {
	admin := &tab.Session{Info: octavia.Session{Roles: []string{"admin"}}}
	member := &tab.Session{Info: octavia.Session{Roles: []string{"member"}}}
	for _, tt := range []struct {
		name     string
		res      *console.Resource
		sess     *tab.Session
		embedded bool
		first    string
		project  bool
	}{
		{"admin's load balancers", console.LBResource, admin, false, "Name", true},
		{"member's load balancers", console.LBResource, member, false, "Name", false},
		{"admin's pools", console.PoolRes, admin, false, "Name", true},
		{"a pool's members on its page", console.MemberRes, admin, true, "Name", false},
		{"amphorae", console.AmphoraRes, admin, false, "ID", false},
		{"quotas", console.QuotaRes, admin, false, "Project", false},
		{"flavors", console.FlavorRes, admin, false, "Name", false},
		{"zones", console.AzRes, admin, false, "Name", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			project := console.ProjectColumn(tt.res, tt.sess, tt.embedded)
			if project != tt.project {
				t.Fatalf("Project column: got %v, want %v", project, tt.project)
			}
			cols, sorts := console.ListColumns(tt.res, project)
			if cols[0].Title != tt.first {
				t.Errorf("first column: got %q, want %q", cols[0].Title, tt.first)
			}
			has := slices.ContainsFunc(cols, func(c ui.Vcol) bool { return c.Title == "Project" })
			if tt.res.ProjectNamed {
				has = cols[0].Title == "Project"
			}
			if want := tt.project || tt.res.ProjectNamed; has != want {
				t.Errorf("a Project column: got %v, want %v (%v)", has, want, cols)
			}
			if len(cols) != len(sorts) {
				t.Errorf("%d columns, %d sorts", len(cols), len(sorts))
			}
		})
	}
}

// TestRowProject: a list that shows projects reads project_id with each
// row and draws it by the project's name (the id while the names are
// unknown); sorting on it orders by name.
func TestRowProject(t *testing.T) {
	fields := console.RowFields(console.LBResource, true)
	if fields[1] != "project_id" {
		t.Fatalf("fields: got %v, want project_id after the id", fields)
	}
	vals := map[string]string{"id": "lb-1", "project_id": "p-1", "name": "web", "provisioning_status": "ACTIVE",
		"operating_status": "ONLINE", "vip_address": "10.0.0.5", "provider": "amphora"}
	r := make(octavia.Row, len(fields))
	for i, f := range fields {
		r[i] = vals[f]
	}
	got := console.RowOf(console.LBResource, "", r, true)
	if got.ProjectID != "p-1" || got.Name != "web" || got.ProvisioningStatus != "ACTIVE" || got.Cells[0] != "10.0.0.5" {
		t.Fatalf("row: got %+v", got)
	}
	names := map[string]string{"p-1": "shop", "p-2": "api"}
	namer := func(id string) string { return names[id] }
	html := goapp.HTMLString(renderRow(console.LBResource, &got, time.Now(), func(octavia.Kind) bool { return true }, namer, nil))
	if !strings.Contains(html, ">shop<") {
		t.Errorf("row: no project name in %s", html)
	}
	if html := goapp.HTMLString(renderRow(console.LBResource, &got, time.Now(), func(octavia.Kind) bool { return true }, nil, nil)); strings.Contains(html, `class="project"`) {
		t.Errorf("a member's row: got a project cell: %s", html)
	}
	rows := []tab.Row{{ID: "a", Name: "a", ProjectID: "p-1"}, {ID: "b", Name: "b", ProjectID: "p-2"}}
	if s := console.SortedBy(rows, console.SortProject, false, namer); s[0].ID != "b" {
		t.Errorf("sorted by project: got %v first, want b (project api)", s[0])
	}
	quota := tab.Row{ID: "p-1", Name: "p-1", Cells: make([]string, len(console.QuotaRes.Columns))}
	if html := goapp.HTMLString(renderRow(console.QuotaRes, &quota, time.Now(), func(octavia.Kind) bool { return true }, namer, nil)); !strings.Contains(html, ">shop</a>") {
		t.Errorf("a quota row: got %s, want it named by its project, shop", html)
	}
}

// TestReadOnlyWhy: a write's page opened by a reader, or on a read-only
// server, says why nothing can be written.
func TestReadOnlyWhy(t *testing.T) {
	reader := &tab.Session{Info: octavia.Session{ProjectName: "demo", Roles: []string{"reader"}}, ReadOnly: true}
	if got := console.ReadOnlyWhy(reader, "create a load balancer"); !strings.Contains(got, "project demo (reader) only read") || !strings.Contains(got, "load-balancer_member") {
		t.Errorf("reader: got %q", got)
	}
	ro := &tab.Session{Info: octavia.Session{Roles: []string{"admin"}}, Config: serverapi.Config{ReadOnly: true}, ReadOnly: true}
	if got := console.ReadOnlyWhy(ro, "create a load balancer"); !strings.Contains(got, "runs read-only") {
		t.Errorf("read-only server: got %q", got)
	}
}
