package octavia

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/octaview/octaview/labcloud"
)

// seed is a lab with n load balancers of demo's; every other one is named
// "web", the rest "db".
func seed(n int) labcloud.Options {
	lbs := make([]labcloud.ScenarioLB, n)
	for i := range lbs {
		lbs[i] = labcloud.ScenarioLB{Project: "demo", Name: "db"}
		if i%2 == 0 {
			lbs[i].Name = "web"
		}
	}
	return labcloud.Options{Scenario: &labcloud.Scenario{LoadBalancers: lbs}}
}

// listRequests returns the lab's list GETs of load balancers.
func listRequests(srv *recording) []request {
	var out []request
	for _, r := range srv.Requests() {
		if r.Method == http.MethodGet && strings.HasSuffix(r.Path, "/lbaas/loadbalancers") {
			out = append(out, r)
		}
	}
	return out
}

func TestListFollowsLinksOnOurEndpointWithFilters(t *testing.T) {
	opts := seed(5000)
	opts.LinkBase = "http://10.0.0.1:9876" // Octavia's internal api_base_uri
	c, lab, rec := startCloud(t, opts, nil)
	srv := lab.recording
	srv.ResetRequests()
	q := named("web")
	q.Limit = 1000
	lbs, err := Collect(c.List(t.Context(), KindLoadBalancer, "", q))
	if err != nil {
		t.Fatal(err)
	}
	if len(lbs) != 2500 {
		t.Errorf("got %d load balancers, want 2500", len(lbs))
	}
	ids := map[string]bool{}
	for _, lb := range lbs {
		if lb.Text("name") != "web" {
			t.Fatalf("got %q, want only web (the filter was lost on a later page)", lb.Text("name"))
		}
		ids[lb.Text("id")] = true
	}
	if len(ids) != 2500 {
		t.Errorf("got %d distinct IDs, want 2500", len(ids))
	}
	reqs := listRequests(srv)
	if len(reqs) != 3 {
		t.Errorf("got %d list requests, want 3 pages", len(reqs))
	}
	for i, r := range reqs {
		if r.Query.Get("name") != "web" || r.Query.Get("limit") != "1000" || (i > 0) != r.Query.Has("marker") {
			t.Errorf("page %d: got query %v, want name=web, limit=1000 and a marker after page 1", i+1, r.Query)
		}
	}
	for _, h := range rec.hosts() {
		if strings.HasPrefix(h, "10.0.0.1") {
			t.Errorf("a request was sent to %s", h)
		}
	}
}

func TestListStops(t *testing.T) {
	tests := []struct {
		name      string
		link      func(href string) string
		wantItems int
		wantPages int
		wantErr   string
	}{
		{
			name:      "repeated marker",
			link:      nil, // set below: every next link points at the first page's last item
			wantItems: 20, wantPages: 2, wantErr: "repeats marker",
		},
		{
			name:      "next link without marker",
			link:      func(href string) string { return strings.Split(href, "&marker=")[0] },
			wantItems: 10, wantPages: 1, wantErr: "has no marker",
		},
		{
			name: "marker=None (a collection without ids)",
			link: func(href string) string {
				m := strings.Split(strings.Split(href, "marker=")[1], "&")[0]
				return strings.Replace(href, "marker="+m, "marker=None", 1)
			},
			wantItems: 10, wantPages: 1, wantErr: "has no marker",
		},
		{
			name:      "limit=None",
			link:      func(href string) string { return strings.Replace(href, "limit=10", "limit=None", 1) },
			wantItems: 10, wantPages: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var first atomic.Value
			link := tt.link
			if link == nil {
				link = func(href string) string {
					m := strings.Split(href, "marker=")[1]
					first.CompareAndSwap(nil, m)
					return strings.Replace(href, "marker="+m, "marker="+first.Load().(string), 1)
				}
			}
			c, lab, _ := startCloud(t, seed(50), nil)
			srv := lab.recording
			srv.setHooks(rewriteNextLinks(srv, link), nil)
			srv.ResetRequests()
			var n int
			var err error
			for _, e := range c.List(t.Context(), KindLoadBalancer, "", ListQuery{Limit: 10}) {
				if e != nil {
					err = e
					break
				}
				n++
			}
			if n != tt.wantItems {
				t.Errorf("got %d items, want %d", n, tt.wantItems)
			}
			if got := len(listRequests(srv)); got != tt.wantPages {
				t.Errorf("got %d page requests, want %d", got, tt.wantPages)
			}
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("got %v, want no error", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("got %v, want an error containing %q", err, tt.wantErr)
			}
		})
	}
}

func TestListRestartsOnceOnInvalidMarker(t *testing.T) {
	invalid := func(r *http.Request) *cannedAnswer {
		if m := r.URL.Query().Get("marker"); m != "" {
			return &cannedAnswer{Status: 400, Body: `{"faultcode":"Client","faultstring":"Invalid marker: '` + m + `'. The marker was not found.","debuginfo":null}`}
		}
		return nil
	}
	tests := []struct {
		name       string
		canned     func(*http.Request) *cannedAnswer
		vanish     bool // delete the first page's last item (the next marker) before page 2
		wantErr    ErrorCode
		wantPages  int
		wantUnique int
	}{
		{"marker deleted: restarts from page 1, skips what it gave", nil, true, "", 1 + 1 + 3, 30},
		{"marker refused twice: gives up", invalid, false, EINVALID, 1 + 1 + 1 + 1, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, lab, _ := startCloud(t, seed(30), tt.canned)
			srv := lab.recording
			srv.ResetRequests()
			var got []string
			var err error
			for lb, e := range c.List(t.Context(), KindLoadBalancer, "", ListQuery{Limit: 10}) {
				if e != nil {
					err = e
					break
				}
				got = append(got, lb.Text("id"))
				if len(got) == 10 && tt.vanish {
					if _, err := c.Delete(t.Context(), lbRef(lb.Text("id")), true); err != nil {
						t.Fatal(err)
					}
				}
			}
			if ErrorCodeOf(err) != tt.wantErr {
				t.Errorf("got %v, want code %q", err, tt.wantErr)
			}
			unique := slices.Compact(slices.Sorted(slices.Values(got)))
			if len(unique) != len(got) {
				t.Errorf("got %d items with %d duplicates, want none", len(got), len(got)-len(unique))
			}
			if len(unique) != tt.wantUnique {
				t.Errorf("got %d distinct items, want %d", len(unique), tt.wantUnique)
			}
			if n := len(listRequests(srv)); n != tt.wantPages {
				t.Errorf("got %d page requests, want %d", n, tt.wantPages)
			}
		})
	}
}

func TestListFieldsAndPageReverse(t *testing.T) {
	c, lab, _ := startCloud(t, seed(25), nil)
	srv := lab.recording
	all, err := Collect(c.List(t.Context(), KindLoadBalancer, "", ListQuery{}))
	if err != nil || len(all) != 25 {
		t.Fatalf("got %d, %v; want 25", len(all), err)
	}

	srv.ResetRequests()
	lbs, err := Collect(c.List(t.Context(), KindLoadBalancer, "", ListQuery{
		Filters: url.Values{"name": {"web"}}, Fields: []string{"id", "name"}, Limit: 5,
	}))
	if err != nil || len(lbs) != 13 {
		t.Fatalf("got %d, %v; want 13", len(lbs), err)
	}
	for _, lb := range lbs {
		if lb.Text("id") == "" || lb.Text("name") != "web" || len(lb) != 2 {
			t.Fatalf("got %+v, want only id and name", lb)
		}
	}
	for _, r := range listRequests(srv) {
		if !slices.Equal(r.Query["fields"], []string{"id", "name"}) || r.Query.Get("name") != "web" {
			t.Errorf("got query %v, want fields=id&fields=name&name=web on every page", r.Query)
		}
	}

	// page_reverse from the last item: Octavia (Zed, checked against the real
	// one) honours only "True", and answers the items before the marker from
	// the start of the list, in sort order; the next page repeats them.
	srv.ResetRequests()
	back, err := Collect(c.List(t.Context(), KindLoadBalancer, "", ListQuery{
		Filters: url.Values{"page_reverse": {"True"}}, Marker: all[24].Text("id"), Limit: 10,
	}))
	if err != nil {
		t.Fatal(err)
	}
	ids := func(lbs []Object) []string {
		var out []string
		for _, lb := range lbs {
			out = append(out, lb.Text("id"))
		}
		return out
	}
	if got, want := ids(back), ids(all[:10]); !slices.Equal(got, want) {
		t.Errorf("got %v, want %v (the first 10 before the marker)", got, want)
	}
	if r := listRequests(srv)[0]; r.Query.Get("page_reverse") != "True" {
		t.Errorf("got query %v, want page_reverse=True", r.Query)
	}
}

func TestListSendsOnlyKnownParameters(t *testing.T) {
	c, lab, _ := startCloud(t, seed(3), nil)
	srv := lab.recording
	srv.ResetRequests()
	_, err := Collect(c.List(t.Context(), KindLoadBalancer, "", ListQuery{
		Filters: url.Values{"name": {"web"}, "admin_state_up": {"true"}, "provisioning_status": {"ACTIVE"}, "tags": {"a"},
			"sort_key": {"name"}, "sort_dir": {"asc"}},
		Sort: "name:asc", Limit: 2,
	}))
	if err != nil {
		t.Fatalf("got %v, want the lab (which answers 400 to unknown parameters) to accept it", err)
	}
	// and a parameter Octavia does not know is a 400, mapped to EINVALID
	err = c.get(t.Context(), "probe", c.collectionURL(KindLoadBalancer, "")+"?bogus=1", nil)
	if ErrorCodeOf(err) != EINVALID {
		t.Errorf("got %v, want EINVALID", err)
	}
}

func TestListEmptyAndMidStreamBreak(t *testing.T) {
	c, lab, _ := startCloud(t, seed(30), nil)
	srv := lab.recording
	none, err := Collect(c.List(t.Context(), KindLoadBalancer, "", named("nobody")))
	if err != nil || len(none) != 0 {
		t.Errorf("got %d, %v; want an empty list", len(none), err)
	}
	srv.ResetRequests()
	n := 0
	for _, err := range c.List(t.Context(), KindLoadBalancer, "", ListQuery{Limit: 10}) {
		if err != nil {
			t.Fatal(err)
		}
		if n++; n == 12 {
			break
		}
	}
	if got := len(listRequests(srv)); got != 2 {
		t.Errorf("got %d page requests after stopping on page 2, want 2", got)
	}
}

func TestListErrorIsMapped(t *testing.T) {
	c, _, _ := startCloud(t, labcloud.Options{}, func(r *http.Request) *cannedAnswer {
		if strings.HasSuffix(r.URL.Path, "/loadbalancers") {
			return &cannedAnswer{Status: 503, Body: `{"faultcode":"Server","faultstring":"Service Unavailable","debuginfo":null}`}
		}
		return nil
	})
	_, err := Collect(c.List(t.Context(), KindLoadBalancer, "", ListQuery{}))
	e, ok := errors.AsType[*Error](err)
	if !ok || e.Code != EUNAVAILABLE || e.Fault != "Service Unavailable" || e.RequestID == "" {
		t.Errorf("got %#v, want *Error EUNAVAILABLE with the fault and a request id", err)
	}
}

// rewriteNextLinks returns canned answers for the lab's load balancer lists
// with every "next" link's href passed through f.
func rewriteNextLinks(srv *recording, f func(href string) string) func(*http.Request) *cannedAnswer {
	return func(r *http.Request) *cannedAnswer {
		if r.Method != http.MethodGet || !strings.HasSuffix(r.URL.Path, "/lbaas/loadbalancers") {
			return nil
		}
		w := httptest.NewRecorder()
		srv.lab.ServeHTTP(w, r)
		var page map[string]any
		if err := json.Unmarshal(w.Body.Bytes(), &page); err != nil {
			return &cannedAnswer{Status: w.Code, Body: w.Body.String()}
		}
		links, _ := page["loadbalancers_links"].([]any)
		for _, l := range links {
			if l, ok := l.(map[string]any); ok && l["rel"] == "next" {
				l["href"] = f(l["href"].(string))
			}
		}
		body, _ := json.Marshal(page)
		return &cannedAnswer{Status: w.Code, Body: string(body)}
	}
}
