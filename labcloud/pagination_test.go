package labcloud

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"
)

func names(t *testing.T, r tresp, key string) []string {
	t.Helper()
	var out []string
	for _, o := range list(r.json(t), key) {
		out = append(out, fmt.Sprint(o.(map[string]any)["name"]))
	}
	return out
}

func links(t *testing.T, r tresp, key string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, l := range list(r.json(t), key) {
		lm := l.(map[string]any)
		out[lm["rel"].(string)] = lm["href"].(string)
	}
	return out
}

func ids(t *testing.T, r tresp, key string) []string {
	t.Helper()
	var out []string
	for _, o := range list(r.json(t), key) {
		out = append(out, o.(map[string]any)["id"].(string))
	}
	return out
}

func seeded(n int) *Scenario {
	return &Scenario{LoadBalancers: []ScenarioLB{{Project: "demo", Name: "lb", Count: n}}}
}

func TestPaginationLinks(t *testing.T) {
	cases := []struct {
		name, linkBase, prefix, wantBase string
	}{
		{"request host", "", "/load-balancer/v2", "http://lab.example/load-balancer/v2/lbaas/loadbalancers"},
		{"internal link base", "http://10.0.0.5:9876", "/load-balancer/v2", "http://10.0.0.5:9876/v2/lbaas/loadbalancers"},
		{"v2.0 alias", "", "/load-balancer/v2.0", "http://lab.example/load-balancer/v2.0/lbaas/loadbalancers"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := New(Options{Seed: 1, LinkBase: tc.linkBase, Scenario: seeded(25)})
			demo := login(t, c, "demo")
			p1 := demo.must(http.StatusOK, http.MethodGet, tc.prefix+"/lbaas/loadbalancers?limit=10", nil)
			id1 := ids(t, p1, "loadbalancers")
			if len(id1) != 10 {
				t.Fatalf("page 1: got %d items, want 10", len(id1))
			}
			l1 := links(t, p1, "loadbalancers_links")
			if want := tc.wantBase + "?limit=10&marker=" + id1[9]; l1["next"] != want || len(l1) != 1 {
				t.Errorf("page 1 links: got %v, want only next %s", l1, want)
			}
			p2 := demo.must(http.StatusOK, http.MethodGet, tc.prefix+"/lbaas/loadbalancers?limit=10&marker="+id1[9], nil)
			id2 := ids(t, p2, "loadbalancers")
			l2 := links(t, p2, "loadbalancers_links")
			if want := tc.wantBase + "?limit=10&marker=" + id2[0] + "&page_reverse=True"; l2["previous"] != want {
				t.Errorf("page 2 previous: got %s, want %s", l2["previous"], want)
			}
			p3 := demo.must(http.StatusOK, http.MethodGet, tc.prefix+"/lbaas/loadbalancers?limit=10&marker="+id2[9], nil)
			id3 := ids(t, p3, "loadbalancers")
			if len(id3) != 5 {
				t.Errorf("page 3: got %d items, want 5", len(id3))
			}
			if l3 := links(t, p3, "loadbalancers_links"); l3["next"] != "" || l3["previous"] == "" {
				t.Errorf("last page links: got %v, want previous only", l3)
			}
			all := append(append(id1, id2...), id3...)
			if got := slices.Compact(slices.Sorted(slices.Values(all))); len(got) != 25 {
				t.Errorf("three pages: got %d distinct ids, want 25", len(got))
			}
		})
	}
}

func TestPaginationRules(t *testing.T) {
	c := New(Options{Seed: 1, MaxPageSize: 10, Scenario: seeded(25)})
	demo := login(t, c, "demo")
	allNames := func() []string {
		var out []string
		for i := 1; i <= 25; i++ {
			out = append(out, fmt.Sprintf("lb-%05d", i))
		}
		return out
	}()
	base := "/load-balancer/v2/lbaas/loadbalancers"
	firstPage := ids(t, demo.must(http.StatusOK, http.MethodGet, base, nil), "loadbalancers")
	cases := []struct {
		name      string
		query     string
		wantNames []string
		wantLinks map[string]string // rel -> suffix after the path
	}{
		{"default page is MaxPageSize, created_at order", "", allNames[:10], map[string]string{"next": "?limit=10&marker=" + firstPage[9]}},
		{"limit above max is clamped", "?limit=50", allNames[:10], map[string]string{"next": "?limit=10&marker=" + firstPage[9]}},
		{"sort desc", "?limit=3&sort=name:desc", []string{"lb-00025", "lb-00024", "lb-00023"}, nil},
		{"sort_key and sort_dir", "?limit=2&sort_key=name&sort_dir=desc", []string{"lb-00025", "lb-00024"}, nil},
		{"page_reverse returns the first items before the marker, as Octavia does", "?limit=3&page_reverse=True&marker=" + firstPage[5], allNames[:3], nil},
		{"filter by name", "?name=lb-00007", []string{"lb-00007"}, map[string]string{}},
		{"filter with two values", "?name=lb-00007&name=lb-00009", []string{"lb-00007", "lb-00009"}, map[string]string{}},
		{"filter by status", "?provisioning_status=PENDING_CREATE", nil, map[string]string{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := demo.must(http.StatusOK, http.MethodGet, base+tc.query, nil)
			if got := names(t, r, "loadbalancers"); !slices.Equal(got, tc.wantNames) {
				t.Errorf("got %v, want %v", got, tc.wantNames)
			}
			if tc.wantLinks != nil {
				got := links(t, r, "loadbalancers_links")
				want := map[string]string{}
				for rel, suffix := range tc.wantLinks {
					want[rel] = "http://lab.example" + base + suffix
				}
				if !maps.Equal(got, want) {
					t.Errorf("links: got %v, want %v", got, want)
				}
			}
		})
	}
}

func TestListErrors(t *testing.T) {
	c := New(Options{Seed: 1, Scenario: seeded(3)})
	demo := login(t, c, "demo")
	cases := []struct {
		name, path string
		want       string
		html       bool
	}{
		{"unknown parameter", "/load-balancer/v2/lbaas/loadbalancers?foo=bar", "One or more arguments are either duplicate or invalid", false},
		{"unknown parameter on listeners", "/load-balancer/v2/lbaas/listeners?vip_address=1.2.3.4", "One or more arguments are either duplicate or invalid", false},
		{"bad marker", "/load-balancer/v2/lbaas/loadbalancers?marker=nope", "Supplied pagination marker 'nope' is not valid.", false},
		{"bad sort key", "/load-balancer/v2/lbaas/loadbalancers?sort=foo", "Supplied sort key 'foo' is not valid.", false},
		{"bad limit", "/load-balancer/v2/lbaas/loadbalancers?limit=abc", "Supplied pagination limit 'abc' is not valid.", true},
		{"bad sort direction", "/load-balancer/v2/lbaas/loadbalancers?sort=name:up", "Supplied sort direction 'up' is not valid.", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := demo.must(http.StatusBadRequest, http.MethodGet, tc.path, nil)
			if tc.html {
				// webob's error, raised before wsme: JSON for a JSON client
				m := r.json(t)
				if m["description"] != tc.want || m["title"] != "Bad Request" || m["code"] != float64(400) {
					t.Errorf("got %s, want code 400, title Bad Request, description %q", r.body, tc.want)
				}
				page := serve(c, newReq(http.MethodGet, tc.path, demo.token))
				if !strings.HasPrefix(page.header.Get("Content-Type"), "text/html") || !strings.Contains(string(page.body), "&#x27;") {
					t.Errorf("without Accept: got %s %q, want webob's HTML page", page.header.Get("Content-Type"), page.body)
				}
				return
			}
			if got := r.fault(t); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
			if got := r.json(t)["faultcode"]; got != "Client" {
				t.Errorf("faultcode: got %v, want Client", got)
			}
		})
	}
}

func TestTagFiltersAndFields(t *testing.T) {
	c := New(Options{Seed: 1, Scenario: &Scenario{LoadBalancers: []ScenarioLB{
		{Project: "demo", Name: "a", Tags: []string{"red", "blue"}},
		{Project: "demo", Name: "b", Tags: []string{"red"}},
		{Project: "demo", Name: "c", Tags: []string{"green"}},
		{Project: "demo", Name: "d"},
	}}})
	demo := login(t, c, "demo")
	cases := []struct {
		query string
		want  []string
	}{
		{"tags=red", []string{"a", "b"}},
		{"tags=red,blue", []string{"a"}},
		{"tags=red&tags=blue", []string{"a"}},
		{"tags-any=blue,green", []string{"a", "c"}},
		{"not-tags=red,blue", []string{"b", "c", "d"}},
		{"not-tags-any=red,green", []string{"d"}},
	}
	for _, tc := range cases {
		t.Run(tc.query, func(t *testing.T) {
			r := demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers?"+tc.query, nil)
			got := names(t, r, "loadbalancers")
			slices.Sort(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
	t.Run("fields", func(t *testing.T) {
		r := demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers?fields=id&fields=name", nil)
		for _, o := range list(r.json(t), "loadbalancers") {
			if keys := len(o.(map[string]any)); keys != 2 {
				t.Errorf("got %d keys in %v, want 2 (id, name)", keys, o)
			}
		}
	})
}
