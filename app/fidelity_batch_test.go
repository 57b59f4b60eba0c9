//go:build fidelity

package app

import (
	"bufio"
	"cmp"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/octavia/labcloud"
	"github.com/octaview/octaview/waiters"
)

// TestFidelityMemberBatchKeeps runs the console's own batch
// (runConsoleBatch: memberPlan's request through octavia.Client) on the
// real Zed: the disabled member stays disabled, the backup member backup
// with its monitor address and port, and the lab leaves the same members
// as Zed, attribute by attribute.
func TestFidelityMemberBatchKeeps(t *testing.T) {
	env := map[string]string{}
	dir := cmp.Or(os.Getenv("REALCLOUD_DIR"), "/tmp/realcloud")
	f, err := os.Open(filepath.Join(dir, "openrc"))
	if err != nil {
		t.Fatalf("the real cloud's openrc: %v (make fidelity starts it)", err)
	}
	defer f.Close()
	for sc := bufio.NewScanner(f); sc.Scan(); {
		for _, word := range strings.Fields(strings.TrimPrefix(sc.Text(), "export ")) {
			if k, v, ok := strings.Cut(word, "="); ok {
				env[k] = v
			}
		}
	}
	c, err := octavia.New(t.Context(), octavia.Config{AuthURL: env["OS_AUTH_URL"], Username: env["OS_USERNAME"], Password: env["OS_PASSWORD"],
		UserDomainName: env["OS_USER_DOMAIN_NAME"], ProjectName: env["OS_PROJECT_NAME"], ProjectDomainName: env["OS_PROJECT_DOMAIN_NAME"]})
	if err != nil {
		t.Fatalf("log in to the real cloud: %v", err)
	}
	real := runConsoleBatch(t, c, waiters.Options{Interval: 200 * time.Millisecond, Timeout: 2 * time.Minute})
	checkBatchKept(t, real)

	cloud := labcloud.New(labcloud.Options{Delay: time.Millisecond})
	lab := runConsoleBatch(t, labVia(t, labcloud.Transport(cloud), "admin", "admin"), waiters.Options{Interval: time.Millisecond, Timeout: 10 * time.Second})
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
