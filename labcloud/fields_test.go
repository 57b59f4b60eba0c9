package labcloud

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// selectFieldsByMap is how ?fields was applied before appendFields: decode
// the object into a map, keep the fields, encode the map again. The tests
// check appendFields gives the same bytes; the benchmark compares the two.
func selectFieldsByMap(b []byte, fields []string) []byte {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return b
	}
	out := make(map[string]json.RawMessage, len(fields))
	for _, f := range fields {
		if v, ok := m[f]; ok {
			out[f] = v
		}
	}
	nb, _ := json.Marshal(out)
	return nb
}

func TestAppendFieldsObjects(t *testing.T) {
	cases := []struct {
		name   string
		object string
		fields []string
	}{
		{"one field", `{"a":1,"b":"x"}`, []string{"b"}},
		{"fields out of order and repeated", `{"a":1,"b":"x","c":null}`, []string{"c", "a", "c"}},
		{"unknown field", `{"a":1}`, []string{"zz"}},
		{"empty field", `{"a":1}`, []string{""}},
		{"empty object", `{}`, []string{"a"}},
		{"nested values", `{"a":{"b":[1,{"c":"}]"}],"d":{}},"e":[[],[{}]],"f":true}`, []string{"a", "e", "f"}},
		{"escaped strings", `{"a":"q\"uo,te}\\","b":"\u003cb\u003e"}`, []string{"a", "b"}},
		{"escaped key", `{"\u003ck\u003e":1,"k":2}`, []string{"<k>"}},
		{"numbers and literals", `{"a":-1.5e3,"b":false,"c":null,"d":0}`, []string{"d", "a", "b", "c"}},
		{"not an object", `[1,2]`, []string{"a"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want := selectFieldsByMap([]byte(tc.object), tc.fields)
			got := appendFields([]byte("prefix"), []byte(tc.object), fieldSet(tc.fields))
			if string(got) != "prefix"+string(want) {
				t.Errorf("got %s, want prefix%s", got, want)
			}
		})
	}
}

// TestFieldsMatchMapEncoding lists every kind of resource of the workshop
// lab with and without ?fields and checks each item with fields is what the
// map re-encoding made of the same item without.
func TestFieldsMatchMapEncoding(t *testing.T) {
	sc, err := LoadScenario("testdata/workshop.json")
	if err != nil {
		t.Fatal(err)
	}
	c := New(Options{Seed: 1, Scenario: sc})
	admin := login(t, c, "admin")
	resources := []struct{ path, key string }{
		{"/load-balancer/v2/lbaas/loadbalancers", "loadbalancers"},
		{"/load-balancer/v2/lbaas/listeners", "listeners"},
		{"/load-balancer/v2/lbaas/pools", "pools"},
		{"/load-balancer/v2/lbaas/healthmonitors", "healthmonitors"},
		{"/load-balancer/v2/octavia/amphorae", "amphorae"},
	}
	fieldSets := [][]string{
		{"id"},
		{"name", "id"},
		{"id", "name", "provisioning_status", "operating_status", "vip_address", "provider", "tags"},
		{"tags", "tags", "bogus"},
		{"vip_port_id", "listeners", "pools", "created_at", "project_id", "status", "role"},
	}
	for _, res := range resources {
		var whole []json.RawMessage
		r := admin.must(http.StatusOK, http.MethodGet, res.path, nil)
		var m map[string]json.RawMessage
		if err := json.Unmarshal(r.body, &m); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(m[res.key], &whole); err != nil {
			t.Fatal(err)
		}
		if len(whole) == 0 {
			t.Fatalf("%s: no items to compare", res.key)
		}
		for _, fs := range fieldSets {
			t.Run(fmt.Sprintf("%s?fields=%s", res.key, strings.Join(fs, ",")), func(t *testing.T) {
				q := "?fields=" + strings.Join(fs, "&fields=")
				r := admin.must(http.StatusOK, http.MethodGet, res.path+q, nil)
				var m map[string]json.RawMessage
				if err := json.Unmarshal(r.body, &m); err != nil {
					t.Fatal(err)
				}
				var items []json.RawMessage
				if err := json.Unmarshal(m[res.key], &items); err != nil {
					t.Fatal(err)
				}
				if len(items) != len(whole) {
					t.Fatalf("got %d items, want %d", len(items), len(whole))
				}
				for i, item := range items {
					want := selectFieldsByMap(whole[i], fs)
					if !bytes.Equal(item, want) {
						t.Errorf("item %d: got %s, want %s", i, item, want)
					}
				}
			})
		}
	}
}

// BenchmarkListPage1000Fields is a 1,000-item page of load balancers with
// the list page's ?fields (the columns it shows), through the handler, and
// the field selection alone on the same 1,000 cached objects by
// appendFields (one pass over each) and by the map re-encoding it replaced.
func BenchmarkListPage1000Fields(b *testing.B) {
	c := New(Options{Seed: 1, Scenario: seeded(10000)})
	demo := login(&testing.T{}, c, "demo")
	fields := []string{"id", "name", "provisioning_status", "operating_status", "vip_address", "provider", "created_at", "tags"}
	path := "/load-balancer/v2/lbaas/loadbalancers?limit=1000&fields=" + strings.Join(fields, "&fields=")
	b.Run("page", func(b *testing.B) {
		b.ReportAllocs()
		var n int
		for b.Loop() {
			r := serve(c, newReq(http.MethodGet, path, demo.token))
			if r.status != http.StatusOK {
				b.Fatalf("got %d", r.status)
			}
			n = len(r.body)
		}
		b.ReportMetric(float64(n), "body-bytes")
	})
	r := serve(c, newReq(http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers?limit=1000", demo.token))
	var m map[string]json.RawMessage
	if err := json.Unmarshal(r.body, &m); err != nil {
		b.Fatal(err)
	}
	var items []json.RawMessage
	if err := json.Unmarshal(m["loadbalancers"], &items); err != nil {
		b.Fatal(err)
	}
	b.Run("select/appendFields", func(b *testing.B) {
		b.ReportAllocs()
		var buf []byte
		for b.Loop() {
			buf = buf[:0]
			fs := fieldSet(fields)
			for _, it := range items {
				buf = appendFields(buf, it, fs)
			}
		}
	})
	b.Run("select/map-reencoding", func(b *testing.B) {
		b.ReportAllocs()
		var buf []byte
		for b.Loop() {
			buf = buf[:0]
			for _, it := range items {
				buf = append(buf, selectFieldsByMap(it, fields)...)
			}
		}
	})
}
