package app

import (
	"encoding/json"
	"reflect"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/serverapi"
)

// jsonValue is a goapp.Value over a decoded JSON value (what JSON.parse
// gives the app in the browser), for the methods decodeBoot uses.
type jsonValue struct {
	goapp.Value // nil: any other method panics
	v           any
}

func (j jsonValue) Get(key string) goapp.Value {
	m, _ := j.v.(map[string]any)
	return jsonValue{v: m[key]}
}

func (j jsonValue) Index(i int) goapp.Value { return jsonValue{v: j.v.([]any)[i]} }
func (j jsonValue) Length() int             { return len(j.v.([]any)) }
func (j jsonValue) String() string          { return j.v.(string) }

// Truthy is JavaScript's truthiness of a JSON value.
func (j jsonValue) Truthy() bool {
	switch v := j.v.(type) {
	case nil:
		return false
	case bool:
		return v
	case string:
		return v != ""
	case float64:
		return v != 0
	}
	return true
}

// TestDecodeBoot: the app reads every field of the page's serverapi.Boot as
// the server encodes it (a field added to Boot or Config and not read by
// decodeBoot fails here).
func TestDecodeBoot(t *testing.T) {
	full := serverapi.Boot{
		Session: true,
		Config: serverapi.Config{
			ReadOnly: true, Lab: true, StatusPage: true, Region: "RegionTwo",
			LabUsers: []serverapi.LabUser{{Name: "demo", Password: "demo", Project: "demo", Role: "member"}, {Name: "<b>", Password: `"'`, Project: "p", Role: "reader"}},
		},
		Served: &serverapi.Served{Page: "/load-balancers?x=1", Region: "Region <Two>", ReadAt: "2026-12-01T19:00:00Z", Reads: []serverapi.ServedRead{
			{URL: "/load-balancer/v2/lbaas/loadbalancers?limit=30", Body: `{"loadbalancers":[{"name":"</script>"}],"loadbalancers_links":[]}`},
		}},
		Login: &serverapi.LoginForm{User: `<img "x">`, Domain: "Default", Project: "demo", Error: "Keystone refused these credentials (401)."},
	}
	// every field set: a field added later must be set here too
	checkAllSet(t, reflect.ValueOf(full), "Boot")
	for _, tt := range []struct {
		name string
		boot serverapi.Boot
	}{
		{"every field", full},
		{"nothing set", serverapi.Boot{}},
		{"a session, no lab", serverapi.Boot{Session: true, Config: serverapi.Config{ReadOnly: true}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := json.Marshal(tt.boot)
			if err != nil {
				t.Fatal(err)
			}
			var parsed any
			if err := json.Unmarshal(raw, &parsed); err != nil {
				t.Fatal(err)
			}
			if got := tab.DecodeBoot(jsonValue{v: parsed}); !reflect.DeepEqual(got, tt.boot) {
				t.Errorf("decodeBoot(%s):\n got %+v\nwant %+v", raw, got, tt.boot)
			}
		})
	}
}

// checkAllSet fails for every zero field of v (recursively, the first
// element of slices).
func checkAllSet(t *testing.T, v reflect.Value, path string) {
	t.Helper()
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			checkAllSet(t, v.Field(i), path+"."+v.Type().Field(i).Name)
		}
	case reflect.Pointer:
		if v.IsNil() {
			t.Errorf("%s is nil: set it in the test", path)
			return
		}
		checkAllSet(t, v.Elem(), path)
	case reflect.Slice:
		if v.Len() == 0 {
			t.Errorf("%s is empty: set it in the test", path)
			return
		}
		checkAllSet(t, v.Index(0), path+"[0]")
	default:
		if v.IsZero() {
			t.Errorf("%s is not set: set it in the test", path)
		}
	}
}

func TestMayBePatternRoute(t *testing.T) {
	for path, want := range map[string]bool{
		"/": false, "/login": false, "/load-balancers": false, "/pools/": false, "": false,
		"/pools/p1": true, "/pools/p1/edit": true, "/load-balancers/new": true, "/pools/p1/members/m1": true,
	} {
		if got := mayBePatternRoute(path); got != want {
			t.Errorf("mayBePatternRoute(%q) = %v, want %v", path, got, want)
		}
	}
}
