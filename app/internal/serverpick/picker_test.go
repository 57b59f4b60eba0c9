package serverpick

import (
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestPickerAbsentWithoutCompute: a form whose client cannot reach Nova
// (here: none at all) draws no picker, and its fields stay as they were.
func TestPickerAbsentWithoutCompute(t *testing.T) {
	var p Picker
	p.Watch(goapp.Context{}, nil, "subnet")
	if ui := p.Render(View{ID: "f-server", SubnetName: "demo-subnet"}); ui != nil {
		t.Errorf("Render without a compute service: got %v, want nil (no picker)", ui)
	}
	if p.Subnet() != "" || p.stop != nil {
		t.Errorf("Watch without a compute service: watching %q (poll %v), want nothing", p.Subnet(), p.stop != nil)
	}
}
