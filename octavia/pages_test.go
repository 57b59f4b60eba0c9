package octavia

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/loadbalancers"

	"github.com/octaview/octaview/octavia/internal/fake"
)

// seed adds n load balancers; every other one is named "web", the rest "db".
func seed(n int) func(*fake.Cloud) {
	return func(cl *fake.Cloud) {
		for i := range n {
			name := "db"
			if i%2 == 0 {
				name = "web"
			}
			cl.AddLoadBalancer(map[string]any{"name": name, "description": fmt.Sprintf("lb %d", i)})
		}
	}
}

// listRequests returns the fake's list GETs of load balancers.
func listRequests(srv *fake.Server) []fake.Request {
	var out []fake.Request
	for _, r := range srv.Requests() {
		if r.Method == "GET" && strings.HasSuffix(r.Path, "/lbaas/loadbalancers") {
			out = append(out, r)
		}
	}
	return out
}

func TestListFollowsLinksOnOurEndpointWithFilters(t *testing.T) {
	c, srv, rec := startFake(t, func(cl *fake.Cloud) {
		seed(5000)(cl)
		cl.LinkBase = "http://10.0.0.1:9876/load-balancer" // Octavia's internal api_base_uri
	})
	srv.ResetRequests()
	lbs, err := Collect(c.LoadBalancers(t.Context(), loadbalancers.ListOpts{Name: "web", Limit: 1000}))
	if err != nil {
		t.Fatal(err)
	}
	if len(lbs) != 2500 {
		t.Errorf("got %d load balancers, want 2500", len(lbs))
	}
	ids := map[string]bool{}
	for _, lb := range lbs {
		if lb.Name != "web" {
			t.Fatalf("got %q, want only web (the filter was lost on a later page)", lb.Name)
		}
		ids[lb.ID] = true
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
			c, srv, _ := startFake(t, func(cl *fake.Cloud) {
				seed(50)(cl)
				cl.Link = tt.link
				if tt.link == nil {
					cl.Link = func(href string) string {
						if !strings.Contains(href, "next") && strings.Contains(href, "page_reverse") {
							return href
						}
						m := strings.Split(href, "marker=")[1]
						first.CompareAndSwap(nil, m)
						return strings.Replace(href, "marker="+m, "marker="+first.Load().(string), 1)
					}
				}
			})
			srv.ResetRequests()
			var n int
			var err error
			for _, e := range c.LoadBalancers(t.Context(), loadbalancers.ListOpts{Limit: 10}) {
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
	invalid := func(cl *fake.Cloud) {
		cl.Fault = func(r *http.Request) *fake.Answer {
			if m := r.URL.Query().Get("marker"); m != "" {
				return &fake.Answer{Status: 400, Body: `{"faultcode":"Client","faultstring":"Invalid marker: '` + m + `'. The marker was not found.","debuginfo":null}`}
			}
			return nil
		}
	}
	tests := []struct {
		name       string
		setup      func(*fake.Cloud)
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
			c, srv, _ := startFake(t, seed(30))
			if tt.setup != nil {
				tt.setup(srv.Cloud)
			}
			srv.ResetRequests()
			var got []string
			var err error
			for lb, e := range c.LoadBalancers(t.Context(), loadbalancers.ListOpts{Limit: 10}) {
				if e != nil {
					err = e
					break
				}
				got = append(got, lb.ID)
				if len(got) == 10 && tt.vanish {
					srv.Cloud.Delete(lb.ID)
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
	c, srv, _ := startFake(t, seed(25))
	all, err := Collect(c.LoadBalancers(t.Context(), loadbalancers.ListOpts{}))
	if err != nil || len(all) != 25 {
		t.Fatalf("got %d, %v; want 25", len(all), err)
	}

	srv.ResetRequests()
	lbs, err := Collect(c.LoadBalancers(t.Context(), LoadBalancerListOpts{
		ListOpts: loadbalancers.ListOpts{Name: "web", Limit: 5},
		PageOpts: PageOpts{Fields: []string{"id", "name"}},
	}))
	if err != nil || len(lbs) != 13 {
		t.Fatalf("got %d, %v; want 13", len(lbs), err)
	}
	for _, lb := range lbs {
		if lb.ID == "" || lb.Name != "web" || lb.ProvisioningStatus != "" || lb.VipAddress != "" {
			t.Fatalf("got %+v, want only id and name", lb)
		}
	}
	for _, r := range listRequests(srv) {
		if !slices.Equal(r.Query["fields"], []string{"id", "name"}) || r.Query.Get("name") != "web" {
			t.Errorf("got query %v, want fields=id&fields=name&name=web on every page", r.Query)
		}
	}

	// page_reverse from the last item walks back over the earlier ones
	srv.ResetRequests()
	back, err := Collect(c.LoadBalancers(t.Context(), LoadBalancerListOpts{
		ListOpts: loadbalancers.ListOpts{Marker: all[24].ID, Limit: 10},
		PageOpts: PageOpts{PageReverse: true},
	}))
	if err != nil {
		t.Fatal(err)
	}
	if len(back) == 0 || back[0].ID != all[14].ID {
		t.Errorf("got %d items starting %v, want the 10 before the marker first", len(back), back)
	}
	if r := listRequests(srv)[0]; r.Query.Get("page_reverse") != "true" {
		t.Errorf("got query %v, want page_reverse=true", r.Query)
	}
}

func TestListSendsOnlyKnownParameters(t *testing.T) {
	c, srv, _ := startFake(t, seed(3))
	srv.ResetRequests()
	up := true
	_, err := Collect(c.LoadBalancers(t.Context(), loadbalancers.ListOpts{
		Name: "web", AdminStateUp: &up, ProvisioningStatus: "ACTIVE", Tags: []string{"a"}, SortKey: "name", SortDir: "asc", Limit: 2,
	}))
	if err != nil {
		t.Fatalf("got %v, want the fake (which answers 400 to unknown parameters) to accept it", err)
	}
	// and a parameter Octavia does not know is a 400, mapped to EINVALID
	err = c.get(t.Context(), "probe", c.lb.ServiceURL("lbaas", "loadbalancers")+"?bogus=1", nil)
	if ErrorCodeOf(err) != EINVALID {
		t.Errorf("got %v, want EINVALID", err)
	}
}

func TestListEmptyAndMidStreamBreak(t *testing.T) {
	c, srv, _ := startFake(t, seed(30))
	none, err := Collect(c.LoadBalancers(t.Context(), loadbalancers.ListOpts{Name: "nobody"}))
	if err != nil || len(none) != 0 {
		t.Errorf("got %d, %v; want an empty list", len(none), err)
	}
	srv.ResetRequests()
	n := 0
	for _, err := range c.LoadBalancers(t.Context(), loadbalancers.ListOpts{Limit: 10}) {
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
	c, _, _ := startFake(t, func(cl *fake.Cloud) {
		cl.Fault = func(r *http.Request) *fake.Answer {
			if strings.HasSuffix(r.URL.Path, "/loadbalancers") {
				return &fake.Answer{Status: 503, Body: `{"faultcode":"Server","faultstring":"Service Unavailable","debuginfo":null}`}
			}
			return nil
		}
	})
	_, err := Collect(c.LoadBalancers(t.Context(), loadbalancers.ListOpts{}))
	e, ok := err.(*Error)
	if !ok || e.Code != EUNAVAILABLE || e.Fault != "Service Unavailable" || e.RequestID == "" {
		t.Errorf("got %#v, want *Error EUNAVAILABLE with the fault and a request id", err)
	}
}
