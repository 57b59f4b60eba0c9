package list

import (
	"testing"

	"github.com/octaview/octaview/app/internal/tab"
)

// TestTakeLiveKeepsProject: a live re-read whose rows do not carry their
// project (a read without the Project column) never blanks an admin
// list's Project cell; one that carries it is taken.
func TestTakeLiveKeepsProject(t *testing.T) {
	m := &model{rows: []tab.Row{
		{ID: "a", Name: "alpha", ProjectID: "p-1", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE", Seq: 0},
		{ID: "b", Name: "beta", ProjectID: "p-1", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE", Seq: 1},
	}}
	m.takeLive([]tab.Row{
		{ID: "a", Name: "alpha", ProvisioningStatus: "ACTIVE", OperatingStatus: "DEGRADED"},
		{ID: "b", Name: "beta", ProjectID: "p-2", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE"},
	}, func(tab.Row) {})
	got := map[string]string{}
	for _, r := range m.rows {
		got[r.ID] = r.ProjectID
	}
	if got["a"] != "p-1" || got["b"] != "p-2" {
		t.Errorf("projects after a live re-read: got %v, want a kept in p-1, b moved to p-2", got)
	}
}
