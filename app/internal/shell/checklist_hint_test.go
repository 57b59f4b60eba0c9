package shell

import (
	"testing"

	"github.com/octaview/octaview/app/serverapi"
)

func TestHintLines(t *testing.T) {
	for _, tc := range []struct {
		name string
		step serverapi.Step
		want []hintLine
	}{
		{"none", serverapi.Step{Title: "x"}, nil},
		{"CLI only", serverapi.Step{Hint: "openstack loadbalancer create"}, []hintLine{{"CLI: ", "openstack loadbalancer create", true}}},
		{"console only", serverapi.Step{Console: "Create load balancer"}, []hintLine{{"Console: ", "Create load balancer", false}}},
		{"both, the console first", serverapi.Step{Hint: "openstack loadbalancer listener create", Console: "Load balancers › web › Listeners › Create listener"},
			[]hintLine{{"Console: ", "Load balancers › web › Listeners › Create listener", false}, {"CLI: ", "openstack loadbalancer listener create", true}}},
	} {
		got := hintLines(tc.step)
		if len(got) != len(tc.want) {
			t.Errorf("%s: got %+v, want %+v", tc.name, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%s: line %d: got %+v, want %+v", tc.name, i, got[i], tc.want[i])
			}
		}
	}
}
