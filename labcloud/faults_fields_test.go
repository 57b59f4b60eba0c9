package labcloud

import (
	"reflect"
	"testing"
	"time"
)

// oneFault returns, for each field of Faults, a value with only that field
// set (a sample of its type that validateFaults accepts), named by the
// field. A field of a type it has no sample for fails the test: the
// hand-written code below has to learn it first.
func oneFault(t *testing.T) map[string]Faults {
	t.Helper()
	out := map[string]Faults{}
	ft := reflect.TypeFor[Faults]()
	for i := range ft.NumField() {
		var f Faults
		v := reflect.ValueOf(&f).Elem().Field(i)
		switch v.Interface().(type) {
		case Duration:
			v.Set(reflect.ValueOf(Duration{Duration: 2 * time.Second}))
		case float64:
			v.SetFloat(0.25)
		case []string:
			v.Set(reflect.ValueOf([]string{"web-1"}))
		case bool:
			v.SetBool(true)
		case string:
			v.SetString(Outage503)
		default:
			t.Fatalf("Faults.%s is a %s: give oneFault a sample of it", ft.Field(i).Name, v.Type())
		}
		if err := validateFaults(&f); err != nil {
			t.Fatalf("Faults.%s's sample: %v", ft.Field(i).Name, err)
		}
		out[ft.Field(i).Name] = f
	}
	return out
}

// TestEveryFaultField holds the code that lists Faults' fields by hand
// (faultless, mergeFaults, cloneFaults, Summary) to every field there is:
// a fault added to the type and forgotten in one of them fails here, not
// in a classroom (a project's only fault dropped as "faultless", or lost
// when merged with the lab's).
func TestEveryFaultField(t *testing.T) {
	for name, f := range oneFault(t) {
		if faultless(&f) {
			t.Errorf("faultless says a fault with %s set injects nothing", name)
		}
		if len(f.Summary()) == 0 {
			t.Errorf("Summary says nothing of %s", name)
		}
		if got := mergeFaults(Faults{}, f); !reflect.DeepEqual(got, f) {
			t.Errorf("a project's %s, merged with no lab-wide faults: %+v, want %+v", name, got, f)
		}
		if got := mergeFaults(f, Faults{}); !reflect.DeepEqual(got, f) {
			t.Errorf("the lab-wide %s, merged with a project's none: %+v, want %+v", name, got, f)
		}
		if got := cloneFaults(f); !reflect.DeepEqual(got, f) {
			t.Errorf("cloneFaults lost %s: %+v, want %+v", name, got, f)
		}
	}
	if f := (Faults{}); !faultless(&f) || len(f.Summary()) != 0 {
		t.Error("no fault set is not faultless, or has a summary")
	}
}
