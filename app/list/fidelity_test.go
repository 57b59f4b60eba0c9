//go:build fidelity

// The pages against a real OpenStack Zed Octavia (../shared/realcloud,
// started by make fidelity): for every kind, what its detail page shows is
// exactly the real answer's attributes, each labelled, and its list asks
// only for attributes the answer has (checkPageKeys, as against the lab in
// TestPagesShowTheAnswer).
//
// Environment: REALCLOUD_DIR (default /tmp/realcloud; its openrc gives the
// credentials).

package list

import (
	"testing"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"

	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

func TestFidelityPagesShowTheAnswer(t *testing.T) {
	c := labtest.RealCloud(t)
	subs, err := octavia.Collect(c.Network().Subnets(t.Context(), subnets.ListOpts{}))
	if err != nil || len(subs) == 0 {
		t.Fatalf("the real cloud's subnets: got %d, %v", len(subs), err)
	}
	checkEveryPage(t, everyKind(t, c, subs[0].ID, waiters.Options{Interval: time.Second, Timeout: 3 * time.Minute}))
}
