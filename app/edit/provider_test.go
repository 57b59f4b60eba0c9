package edit

import (
	"slices"
	"strings"
	"testing"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/octavia"
)

// TestProviderTermsFields: a pool's form offers only the algorithms the
// amphora provider takes, everything while the provider is unknown; a
// flavor profile's data field's hint names what the provider picked
// takes; the kind's own fields are never changed.
func TestProviderTermsFields(t *testing.T) {
	choices := func(fields []form.Field, key string) []string {
		for _, f := range fields {
			if f.Key == key {
				return f.Choices
			}
		}
		t.Fatalf("no field %s", key)
		return nil
	}
	all := choices(console.PoolRes.Fields, "lb_algorithm")
	var unknown providerTerms
	if got := choices(unknown.fields(console.PoolRes), "lb_algorithm"); !slices.Equal(got, all) {
		t.Errorf("algorithms, provider unknown: got %v, want all of %v", got, all)
	}
	amphora := providerTerms{support: form.Supported("amphora")}
	if got := choices(amphora.fields(console.PoolRes), "lb_algorithm"); slices.Contains(got, "SOURCE_IP_PORT") || len(got) == 0 {
		t.Errorf("algorithms, amphora: got %v, want them without SOURCE_IP_PORT", got)
	}

	picked := providerTerms{caps: "compute_flavor, loadbalancer_topology", capsOf: "amphora"}
	hint := func(fields []form.Field) string {
		for _, f := range fields {
			if f.Key == "flavor_data" {
				return f.Hint
			}
		}
		t.Fatal("no flavor_data field")
		return ""
	}
	if got := hint(picked.fields(console.FlavorProfileRes)); !strings.HasSuffix(got, " The amphora provider takes: compute_flavor, loadbalancer_topology.") {
		t.Errorf("the data's hint: got %q, want it to name the amphora provider's capabilities", got)
	}
	if got := hint(console.FlavorProfileRes.Fields); strings.Contains(got, "provider takes") {
		t.Errorf("the kind's own hint changed: %q", got)
	}
}

// TestProviderNamesOnLab: a load balancer's provider is its own; with no
// load balancer, every provider of the cloud.
func TestProviderNamesOnLab(t *testing.T) {
	cloud := labtest.OneLB("shop", 0)
	c := labtest.As(t, cloud, "demo", "demo")
	var lb string
	for _, id := range labtest.IDs(t, c, octavia.KindLoadBalancer, "") {
		lb = id
	}
	o, err := c.Get(t.Context(), octavia.Ref{Kind: octavia.KindLoadBalancer, ID: lb})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := providerNames(t.Context(), c, lb); err != nil || !slices.Equal(got, []string{o.Text("provider")}) || got[0] == "" {
		t.Errorf("the load balancer's provider: got %v, %v; want [%s]", got, err, o.Text("provider"))
	}
	got, err := providerNames(t.Context(), c, "")
	if err != nil || !slices.Contains(got, "amphora") {
		t.Errorf("the cloud's providers: got %v, %v; want amphora among them", got, err)
	}
}

// TestLbOf: the load balancer a form's object is under is the one picked,
// else the edited object's own, else the first of its load balancers (a
// pool's, a listener's), else unknown.
func TestLbOf(t *testing.T) {
	tests := []struct {
		name string
		v    form.Values
		orig octavia.Object
		want string
	}{
		{"picked", form.Values{"loadbalancer_id": "L1"}, octavia.Object{"loadbalancer_id": "L2"}, "L1"},
		{"the object's", form.Values{}, octavia.Object{"loadbalancer_id": "L2"}, "L2"},
		{"a pool's first", form.Values{}, octavia.Object{"loadbalancers": []any{map[string]any{"id": "L3"}}}, "L3"},
		{"a create, none picked", form.Values{}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := lbOf(tt.v, tt.orig); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
