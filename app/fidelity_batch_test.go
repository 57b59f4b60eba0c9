//go:build fidelity

package app

import (
	"reflect"
	"testing"
	"time"

	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/waiters"
)

// TestFidelityMemberBatchKeeps runs the console's own batch
// (runConsoleBatch: memberPlan's request through octavia.Client) on the
// real Zed: the disabled member stays disabled, the backup member backup
// with its monitor address and port, and the lab leaves the same members
// as Zed, attribute by attribute.
func TestFidelityMemberBatchKeeps(t *testing.T) {
	c := labtest.RealCloud(t)
	real := runConsoleBatch(t, c, waiters.Options{Interval: 200 * time.Millisecond, Timeout: 2 * time.Minute})
	checkBatchKept(t, real)

	cloud := labcloud.New(labcloud.Options{Delay: time.Millisecond})
	lab := runConsoleBatch(t, labtest.Via(t, labcloud.Transport(cloud), "admin", "admin"), waiters.Options{Interval: time.Millisecond, Timeout: 10 * time.Second})
	for addr, r := range real {
		l := lab[addr]
		r.ID, l.ID, r.PoolID, l.PoolID, r.ProjectID, l.ProjectID = "", "", "", "", "", ""
		r.OperatingStatus, l.OperatingStatus = "", "" // no health manager on the real cloud
		r.CreatedAt, l.CreatedAt, r.UpdatedAt, l.UpdatedAt = time.Time{}, time.Time{}, time.Time{}, time.Time{}
		if !reflect.DeepEqual(r, l) {
			t.Errorf("%s: real %+v, lab %+v", addr, r, l)
		}
	}
	if len(real) != len(lab) {
		t.Errorf("members: real %d, lab %d", len(real), len(lab))
	}
}
