package wizard

import (
	"slices"
	"testing"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
	model "github.com/octaview/octaview/app/internal/wizard"
	"github.com/octaview/octaview/octavia"
)

// TestWizardProviderRule: the wizard offers a new load balancer's pools
// what its provider takes, by the pool form's own rule: on the real Zed
// (amphora and noop_driver, amphora the default) the wizard picks amphora
// and, as the pool form of an amphora load balancer, offers no
// SOURCE_IP_PORT; picking no provider offers the union of the cloud's.
func TestWizardProviderRule(t *testing.T) {
	algorithms := func(fields []form.Field) []string {
		i := slices.IndexFunc(fields, func(f form.Field) bool { return f.Key == "lb_algorithm" })
		if i < 0 {
			t.Fatal("no lb_algorithm field")
		}
		return fields[i].Choices
	}
	poolForm := algorithms(form.Supported("amphora").Narrow(octavia.KindPool, console.PoolRes.Fields)) // an amphora load balancer's pool form
	for _, tt := range []struct {
		name       string
		cloud      []string
		pick       func(cloud []string) string
		want       []string
		sourcePort bool
	}{
		{"the real Zed's providers", []string{"amphora", "noop_driver"}, form.DefaultProvider, poolForm, false},
		{"the lab's", []string{"amphora", "octavia"}, form.DefaultProvider, poolForm, false},
		{"ovn only", []string{"ovn"}, form.DefaultProvider, []string{"SOURCE_IP_PORT"}, true},
		{"none picked on the real Zed: any provider's", []string{"amphora", "noop_driver"}, func([]string) string { return "" }, nil, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := model.New(wizardKinds())
			m.Support(form.ForCreate(tt.pick(tt.cloud), tt.cloud))
			m.Pools = append(m.Pools, m.NewPool())
			got := algorithms(m.Kinds().Pool.Fields)
			if tt.want != nil && !slices.Equal(got, tt.want) {
				t.Errorf("algorithms: got %q, want %q", got, tt.want)
			}
			if has := slices.Contains(got, "SOURCE_IP_PORT"); has != tt.sourcePort {
				t.Errorf("SOURCE_IP_PORT offered: got %v, want %v (%q)", has, tt.sourcePort, got)
			}
		})
	}
}
