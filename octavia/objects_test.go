package octavia

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/waiters"
)

// TestKindTable: every kind's URLs come from the one table, children under
// their parent object, amphorae under /octavia.
func TestKindTable(t *testing.T) {
	c := benchClient(nil)
	base := "http://bench.test/load-balancer/v2/"
	tests := []struct {
		ref          Ref
		want, words  string
		idKey, state string
	}{
		{Ref{Kind: KindLoadBalancer, ID: "lb"}, "lbaas/loadbalancers/lb", "load balancer lb", "id", "provisioning_status"},
		{Ref{Kind: KindListener, ID: "l"}, "lbaas/listeners/l", "listener l", "id", "provisioning_status"},
		{Ref{Kind: KindPool, ID: "p"}, "lbaas/pools/p", "pool p", "id", "provisioning_status"},
		{Ref{Kind: KindMember, ID: "m", ParentID: "p"}, "lbaas/pools/p/members/m", "member m of pool p", "id", "provisioning_status"},
		{Ref{Kind: KindMonitor, ID: "h"}, "lbaas/healthmonitors/h", "health monitor h", "id", "provisioning_status"},
		{Ref{Kind: KindL7Policy, ID: "pol"}, "lbaas/l7policies/pol", "L7 policy pol", "id", "provisioning_status"},
		{Ref{Kind: KindL7Rule, ID: "r", ParentID: "pol"}, "lbaas/l7policies/pol/rules/r", "L7 rule r of L7 policy pol", "id", "provisioning_status"},
		{Ref{Kind: KindAmphora, ID: "a"}, "octavia/amphorae/a", "amphora a", "id", "status"},
		{Ref{Kind: KindQuota, ID: "proj"}, "lbaas/quotas/proj", "quota proj", "project_id", ""},
		{Ref{Kind: KindFlavor, ID: "f"}, "lbaas/flavors/f", "flavor f", "id", ""},
		{Ref{Kind: KindFlavorProfile, ID: "fp"}, "lbaas/flavorprofiles/fp", "flavor profile fp", "id", ""},
		{Ref{Kind: KindAvailabilityZone, ID: "az1"}, "lbaas/availabilityzones/az1", "availability zone az1", "name", ""},
		{Ref{Kind: KindAvailabilityZoneProfile, ID: "azp"}, "lbaas/availabilityzoneprofiles/azp", "availability zone profile azp", "id", ""},
	}
	for _, tt := range tests {
		t.Run(string(tt.ref.Kind), func(t *testing.T) {
			got, err := tt.ref.url(c)
			if err != nil || got != base+tt.want {
				t.Errorf("url: got %q, %v; want %q", got, err, base+tt.want)
			}
			if s := tt.ref.String(); s != tt.words {
				t.Errorf("String: got %q, want %q", s, tt.words)
			}
			if k := tt.ref.Kind; k.IDKey() != tt.idKey || k.StatusKey() != tt.state {
				t.Errorf("IDKey, StatusKey: got %q, %q; want %q, %q", k.IDKey(), k.StatusKey(), tt.idKey, tt.state)
			}
			if p := tt.ref.Kind.Parent(); p != "" {
				noParent := tt.ref
				noParent.ParentID = ""
				if _, err := noParent.url(c); err == nil {
					t.Errorf("a %s without its %s: got a URL, want an error", tt.ref.Kind, p)
				}
			}
		})
	}
	if _, err := (Ref{Kind: "nothing", ID: "x"}).url(c); err == nil {
		t.Errorf("an unknown kind: got a URL, want an error")
	}
	if got := RefOf(KindListener, "", Object{"id": "l", "loadbalancers": []any{map[string]any{"id": "lb"}}}); got != (Ref{Kind: KindListener, ID: "l", LoadBalancerID: "lb"}) {
		t.Errorf("RefOf listener: got %+v", got)
	}
	if got := RefOf(KindAvailabilityZone, "", Object{"name": "az1"}); got != (Ref{Kind: KindAvailabilityZone, ID: "az1"}) {
		t.Errorf("RefOf zone: got %+v", got)
	}
}

// adminLab starts a lab cloud whose PENDING_* states last a millisecond,
// behind the recording handler, and logs in as admin.
func adminLab(t *testing.T) (*Client, *labServer) {
	t.Helper()
	srv := newLabServer(t, labcloud.Options{Delay: time.Millisecond}, nil)
	cfg := adminConfig(srv.URL)
	cfg.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	c, err := New(t.Context(), cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return c, srv
}

// TestObjectsEveryKind drives every kind through the kind-indexed calls:
// what Get returns has exactly the keys of Octavia's (the lab's) answer,
// an update sends null for a nil value, LoadBalancerOfObject finds an
// object's load balancer without reading it again, List and Rows read
// every kind.
func TestObjectsEveryKind(t *testing.T) {
	c, srv := adminLab(t)
	ctx := t.Context()
	token := c.provider.Token()
	// sameKeys checks o against the answer's own JSON at r's URL.
	sameKeys := func(t *testing.T, r Ref, o Object) {
		t.Helper()
		u, _ := r.url(c)
		var raw map[string]map[string]json.RawMessage
		path := strings.TrimPrefix(u, srv.URL)
		if code := srv.direct(t, http.MethodGet, path, token, "", &raw); code != http.StatusOK {
			t.Fatalf("GET %s: %d", path, code)
		}
		want := slices.Sorted(maps.Keys(raw[string(r.Kind)]))
		if got := slices.Sorted(maps.Keys(o)); !slices.Equal(got, want) {
			t.Errorf("%s: got keys %v, want the answer's %v", r.Kind, got, want)
		}
	}
	create := func(t *testing.T, k Kind, parent string, body Object) Ref {
		t.Helper()
		o, acc, err := c.Create(ctx, k, parent, body)
		if err != nil || acc.StatusCode == 0 {
			t.Fatalf("create %s: %v", k, err)
		}
		r := RefOf(k, parent, o)
		if r.ID == "" {
			t.Fatalf("create %s: the answer names no %s: %v", k, k.IDKey(), o)
		}
		if k.StatusKey() == "provisioning_status" {
			if _, err := c.WaitChildActive(ctx, r, fast); err != nil {
				t.Fatalf("wait for %s: %v", r, err)
			}
		}
		got, err := c.Get(ctx, r)
		if err != nil {
			t.Fatalf("get %s: %v", r, err)
		}
		sameKeys(t, r, got)
		return r
	}

	subnet := publicSubnet(t, c)
	fp := create(t, KindFlavorProfile, "", Object{"name": "fp", "provider_name": "amphora", "flavor_data": `{"loadbalancer_topology": "SINGLE"}`})
	fl := create(t, KindFlavor, "", Object{"name": "small", "flavor_profile_id": fp.ID, "description": "one amphora"})
	azp := create(t, KindAvailabilityZoneProfile, "", Object{"name": "azp", "provider_name": "amphora", "availability_zone_data": `{"compute_zone": "nova"}`})
	az := create(t, KindAvailabilityZone, "", Object{"name": "az-one", "availability_zone_profile_id": azp.ID})
	lb := create(t, KindLoadBalancer, "", Object{"name": "objects", "vip_subnet_id": subnet, "flavor_id": fl.ID})
	l := create(t, KindListener, "", Object{"loadbalancer_id": lb.ID, "protocol": "HTTP", "protocol_port": 80, "description": "d"})
	p := create(t, KindPool, "", Object{"listener_id": l.ID, "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"})
	m := create(t, KindMember, p.ID, Object{"address": "10.0.0.9", "protocol_port": 8080})
	hm := create(t, KindMonitor, "", Object{"pool_id": p.ID, "type": "TCP", "delay": 5, "timeout": 3, "max_retries": 3})
	pol := create(t, KindL7Policy, "", Object{"listener_id": l.ID, "action": "REJECT"})
	rule := create(t, KindL7Rule, pol.ID, Object{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/api"})
	if l.LoadBalancerID != lb.ID || m.LoadBalancerID != "" {
		t.Errorf("RefOf: listener's load balancer %q (want %s), member's %q (want none: its JSON does not say)", l.LoadBalancerID, lb.ID, m.LoadBalancerID)
	}
	for _, r := range []Ref{m, pol} {
		if got, err := c.LoadBalancerOf(ctx, r); err != nil || got != lb.ID {
			t.Errorf("LoadBalancerOf(%s): got %q, %v; want %s", r, got, err, lb.ID)
		}
	}

	// LoadBalancerOfObject finds the same load balancer from an object
	// already read, without reading it again: only its parents.
	for _, r := range []Ref{l, p, m, hm, pol, rule} {
		o, err := c.Get(ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		srv.ResetRequests()
		if got, err := c.LoadBalancerOfObject(ctx, r.Kind, r.ParentID, o); err != nil || got != lb.ID {
			t.Errorf("LoadBalancerOfObject(%s): got %q, %v; want %s", r, got, err, lb.ID)
		}
		for _, q := range srv.Requests() {
			if strings.HasSuffix(q.Path, "/"+r.ID) {
				t.Errorf("LoadBalancerOfObject(%s) read the object again: %s %s", r, q.Method, q.Path)
			}
		}
	}
	if _, err := c.LoadBalancerOfObject(ctx, KindFlavor, "", Object{"id": fl.ID}); ErrorCodeOf(err) != EINVALID {
		t.Errorf("LoadBalancerOfObject(flavor): %v, want EINVALID (a flavor belongs to no load balancer)", err)
	}

	// An update: a nil value is sent as null (Octavia's unset).
	srv.ResetRequests()
	got, _, err := c.Update(ctx, l, Object{"description": nil, "name": "web"})
	if err != nil || got.Text("name") != "web" {
		t.Fatalf("update: got %v, %v", got, err)
	}
	if body := lastRequest(t, srv.recording, http.MethodPut).Body; !strings.Contains(body, `"description":null`) || !strings.Contains(body, `{"listener":`) {
		t.Errorf("update body: got %s, want the listener envelope with description null", body)
	}
	if _, err := c.WaitChildActive(ctx, l, fast); err != nil {
		t.Fatal(err)
	}

	// Every kind lists, as Objects and as Rows.
	lists := []struct {
		k      Kind
		parent string
		want   string // an id (or name) the list must hold
	}{
		{KindLoadBalancer, "", lb.ID}, {KindListener, "", l.ID}, {KindPool, "", p.ID}, {KindMember, p.ID, m.ID},
		{KindL7Policy, "", pol.ID}, {KindFlavor, "", fl.ID}, {KindFlavorProfile, "", fp.ID},
		{KindAvailabilityZone, "", az.ID}, {KindAvailabilityZoneProfile, "", azp.ID}, {KindProvider, "", "amphora"},
		{KindQuota, "", ""}, {KindAmphora, "", ""},
	}
	for _, tt := range lists {
		objs, err := Collect(c.List(ctx, tt.k, tt.parent, ListQuery{}))
		if err != nil || tt.want != "" && !slices.ContainsFunc(objs, func(o Object) bool { return o.Text(tt.k.IDKey()) == tt.want }) {
			t.Errorf("List %s: got %d, %v; want %s among them", tt.k, len(objs), err, tt.want)
		}
		fields := []string{tt.k.IDKey(), "name"}
		rows, err := Collect(c.Rows(ctx, tt.k, tt.parent, ListQuery{Fields: fields}))
		if err != nil || len(rows) != len(objs) {
			t.Errorf("Rows %s: got %d, %v; want %d", tt.k, len(rows), err, len(objs))
		}
		for i, r := range rows {
			if i < len(objs) && (len(r) != 2 || r[0] != objs[i].Text(tt.k.IDKey()) || r[1] != objs[i].Text("name")) {
				t.Errorf("Rows %s: row %d is %q, want %s and %s", tt.k, i, r, objs[i].Text(tt.k.IDKey()), objs[i].Text("name"))
			}
		}
	}
	if _, err := Collect(c.List(ctx, KindMember, "", ListQuery{})); ErrorCodeOf(err) != EINVALID {
		t.Errorf("members without their pool: got %v, want EINVALID", err)
	}

	// Quotas: read, set, reset (Delete).
	project := c.Session().ProjectID
	q := Ref{Kind: KindQuota, ID: project}
	if _, _, err := c.Update(ctx, q, Object{"listener": 5}); err != nil {
		t.Fatal(err)
	}
	if o, err := c.Get(ctx, q); err != nil || o.Text("listener") != "5" {
		t.Errorf("quota: got %v, %v; want listener 5", o, err)
	}
	if _, err := c.Delete(ctx, q, false); err != nil {
		t.Errorf("quota reset: %v", err)
	}

	// Deletes: cascade only for load balancers.
	if _, err := c.Delete(ctx, l, true); ErrorCodeOf(err) != EINVALID {
		t.Errorf("a listener's delete with cascade: got %v, want EINVALID", err)
	}
	srv.ResetRequests()
	if _, err := c.Delete(ctx, lb, true); err != nil {
		t.Fatal(err)
	}
	if r := lastRequest(t, srv.recording, http.MethodDelete); r.Query.Get("cascade") != "true" {
		t.Errorf("the cascade delete's query: got %v, want cascade=true", r.Query)
	}
	if _, err := c.WaitLoadBalancerDeleted(ctx, lb.ID, fast); err != nil {
		t.Error(err)
	}
	for _, r := range []Ref{az, azp, fl, fp} {
		if _, err := c.Delete(ctx, r, false); err != nil {
			t.Errorf("delete %s: %v", r, err)
		}
	}
}

// TestRowsAsOctaviaWritesThem: Rows reads pages as the real Octavia writes
// them (Python's ", " and ": ", escapes, nulls, lists of ids, numbers),
// asks for the fields, follows next links, and gives each value's text.
func TestRowsAsOctaviaWritesThem(t *testing.T) {
	page1 := `{"listeners": [{"id": "l1", "name": "caf\u00e9 \"web\"", "protocol_port": 80, "loadbalancers": [{"id": "lb1"}, {"id": "lb2"}], "default_pool_id": null, "tags": ["a", "b"], "enabled": true},
	 {"id": "l2", "name": "", "protocol_port": 443, "loadbalancers": [], "default_pool_id": "p1", "tags": [], "http_version": 1.1}],
	 "listeners_links": [{"href": "http://10.0.0.1:9876/v2/lbaas/listeners?limit=2&marker=l2", "rel": "next"}]}`
	page2 := `{"listeners": [{"id": "l3", "name": "last", "protocol_port": 8080}], "listeners_links": []}`
	c, srv, _ := startCloud(t, demoLab, func(r *http.Request) *cannedAnswer {
		if !strings.HasSuffix(r.URL.Path, "/lbaas/listeners") {
			return nil
		}
		if r.URL.Query().Get("marker") == "l2" {
			return &cannedAnswer{Status: 200, Body: page2}
		}
		return &cannedAnswer{Status: 200, Body: page1}
	})
	fields := []string{"id", "name", "protocol_port", "loadbalancers", "default_pool_id", "tags", "enabled", "http_version", "missing"}
	rows, err := Collect(c.Rows(t.Context(), KindListener, "", ListQuery{Fields: fields, Filters: map[string][]string{"loadbalancer_id": {"lb1"}}}))
	if err != nil {
		t.Fatal(err)
	}
	want := []Row{
		{"l1", `café "web"`, "80", "lb1, lb2", "", "a, b", "true", "", ""},
		{"l2", "", "443", "", "p1", "", "", "1.1", ""},
		{"l3", "last", "8080", "", "", "", "", "", ""},
	}
	if !slices.EqualFunc(rows, want, slices.Equal) {
		t.Errorf("got %q, want %q", rows, want)
	}
	var reqs []request
	for _, r := range srv.Requests() {
		if strings.HasSuffix(r.Path, "/lbaas/listeners") {
			reqs = append(reqs, r)
		}
	}
	if len(reqs) != 2 || !slices.Equal(reqs[0].Query["fields"], fields) || reqs[1].Query.Get("loadbalancer_id") != "lb1" || reqs[1].Query.Get("marker") != "l2" {
		t.Errorf("requests: got %+v, want fields asked, the filter kept on page 2", reqs)
	}
}

// TestWaitTreeActive: a fully populated create waits for its children,
// through the client's StatusSource, and fails naming one in ERROR.
func TestWaitTreeActive(t *testing.T) {
	for _, fail := range []bool{false, true} {
		c, srv := adminLab(t)
		if fail {
			t.Logf("the pool goes to ERROR")
		}
		src := &countingSource{c: c}
		wc := c.WithStatusSource(src)
		body := Object{"name": "tree", "vip_subnet_id": publicSubnet(t, c), "listeners": []any{map[string]any{
			"protocol": "HTTP", "protocol_port": 80, "default_pool": map[string]any{"name": "tree-pool", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN",
				"members": []any{map[string]any{"address": "10.0.0.7", "protocol_port": 80}}}}}}
		o, _, err := c.Create(t.Context(), KindLoadBalancer, "", body)
		if err != nil {
			t.Fatal(err)
		}
		if fail {
			if err := srv.lab.(*labcloud.Cloud).SetFaults(labcloud.Faults{Error: []string{"tree-pool"}}); err != nil {
				t.Fatal(err)
			}
		}
		out, err := wc.WaitTreeActive(t.Context(), o.Text("id"), waiters.Options{Interval: time.Millisecond, Timeout: 10 * time.Second})
		if !fail {
			if err != nil || out.Status != StatusActive {
				t.Errorf("got %+v, %v; want ACTIVE", out, err)
			}
		} else if ce, ok := errors.AsType[*ChildError](err); !ok || !strings.Contains(ce.Child, `pool "tree-pool"`) || ErrorCodeOf(err) != EFAILED {
			t.Errorf("got %v, want a *ChildError naming the pool (EFAILED)", err)
		}
		if src.status == 0 || src.trees == 0 {
			t.Errorf("the source gave %d statuses and %d trees, want the wait to read both from it", src.status, src.trees)
		}
	}
}

// countingSource reads statuses and trees with the client's GETs and
// counts what it gave.
type countingSource struct {
	c             *Client
	status, trees int
}

func (s *countingSource) Status(r Ref) (waiters.Getter, func()) {
	get, stop := directSource{s.c}.Status(r)
	return func(ctx context.Context) (string, error) { s.status++; return get(ctx) }, stop
}

func (s *countingSource) Tree(lbID string) (func(context.Context) (*StatusTree, error), func()) {
	get, stop := directSource{s.c}.Tree(lbID)
	return func(ctx context.Context) (*StatusTree, error) { s.trees++; return get(ctx) }, stop
}
