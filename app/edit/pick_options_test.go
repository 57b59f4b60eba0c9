package edit

import (
	"slices"
	"testing"

	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// TestPickOptionsTake: a field's options read are kept for its picker; a
// read that failed keeps Octavia's reason instead, the other fields'
// options untouched; another form starts with none.
func TestPickOptionsTake(t *testing.T) {
	var o pickOptions
	o.reset()
	pools := []ui.Choice{{ID: "p1", Label: "web (p1)"}}
	o.take("pool_id", pools, nil)
	o.take("vip_subnet_id", nil, &octavia.Error{Code: octavia.EFORBIDDEN, Fault: "Policy does not allow this request"})
	if got := o.opts["pool_id"]; !slices.Equal(got, pools) {
		t.Errorf("pool_id options: got %v, want %v", got, pools)
	}
	if _, ok := o.opts["vip_subnet_id"]; ok || o.errs["vip_subnet_id"] == "" {
		t.Errorf("failed read: got options %v, reason %q; want no options and a reason", o.opts["vip_subnet_id"], o.errs["vip_subnet_id"])
	}
	o.reset()
	if len(o.opts) != 0 || len(o.errs) != 0 {
		t.Errorf("after reset: got %v %v, want nothing", o.opts, o.errs)
	}
}
