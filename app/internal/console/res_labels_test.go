package console

import (
	"slices"
	"testing"

	"github.com/octaview/octaview/app/internal/attr"
	"github.com/octaview/octaview/app/internal/form"
)

// TestFieldLabels: every field of every kind's form reads as words: its
// attribute's label (internal/attr, as the detail page says it), or one
// the kind gives it, never its name made readable by the console (an
// attribute the dictionary lacks and the kind did not label).
func TestFieldLabels(t *testing.T) {
	for _, res := range Resources {
		for _, f := range res.Fields {
			a, known := attr.Of(f.Key)
			switch {
			case f.Label == "":
				t.Errorf("%s: field %s has no label", res.Plural, f.Key)
			case !known && f.Label == a.Label:
				t.Errorf("%s: field %s is labelled from its name (%q); give it a label or add it to internal/attr", res.Plural, f.Key, f.Label)
			}
		}
	}
	for _, tc := range []struct {
		res       *Resource
		key, want string
	}{
		{MonitorRes, "delay", "Delay (s)"},                                     // attr's, with its unit
		{ListenerRes, "timeout_client_data", "Client inactivity timeout (ms)"}, // attr's
		{LBResource, "vip_address", "Fixed VIP address"},                       // the form's own
		{FlavorProfileRes, "flavor_data", "Flavor data (JSON)"},                // attr's, and what to type
	} {
		i := slices.IndexFunc(tc.res.Fields, func(f form.Field) bool { return f.Key == tc.key })
		if i < 0 {
			t.Fatalf("%s: no field %s", tc.res.Plural, tc.key)
		}
		if got := tc.res.Fields[i].Label; got != tc.want {
			t.Errorf("%s %s: got label %q, want %q", tc.res.Plural, tc.key, got, tc.want)
		}
	}
}
