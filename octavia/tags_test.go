package octavia

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia/internal/scripted"
	"github.com/octaview/octaview/waiters"
)

func TestUpdateTagsMergesLikeTheCLI(t *testing.T) {
	tests := []struct {
		name     string
		change   TagChange
		wantTags []string
		wantPut  string
	}{
		{"set adds", TagChange{Add: []string{"c"}}, []string{"a", "b", "c"}, `{"loadbalancer":{"tags":["a","b","c"]}}`},
		{"set an existing tag", TagChange{Add: []string{"a"}}, []string{"a", "b"}, `{"loadbalancer":{"tags":["a","b"]}}`},
		{"unset removes", TagChange{Remove: []string{"a"}}, []string{"b"}, `{"loadbalancer":{"tags":["b"]}}`},
		{"unset all", TagChange{RemoveAll: true}, nil, `{"loadbalancer":{"tags":[]}}`},
		{"unset all and add", TagChange{RemoveAll: true, Add: []string{"z"}}, []string{"z"}, `{"loadbalancer":{"tags":["z"]}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, srv, _ := startCloud(t, taggedLab("a", "b"), nil)
			id := lbNamed(t, c, "tagged")
			res, err := c.UpdateTags(t.Context(), Ref{Kind: KindLoadBalancer, ID: id}, tt.change)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(res.Tags, tt.wantTags) || res.Puts != 1 || res.Restored != nil || res.Lost != nil {
				t.Errorf("got %+v, want tags %v after 1 PUT, nothing restored or lost", res, tt.wantTags)
			}
			scripted.CheckJSON(t, "PUT", lastRequest(t, srv.recording, http.MethodPut).Body, tt.wantPut)
			if res.Accepted.StatusCode != 200 || res.Accepted.RequestID == "" {
				t.Errorf("got %+v, want 200 with a request id", res.Accepted)
			}
		})
	}
}

func TestUpdateTagsOnChildren(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c, _, _ := bubbleLab(t, shopLab)
		_, refs := tree(t, c)
		for kind, ref := range refs {
			res, err := c.UpdateTags(t.Context(), ref, TagChange{Add: []string{"blue"}})
			if err != nil || !slices.Equal(res.Tags, []string{"blue"}) {
				t.Errorf("%s: got %+v, %v; want [blue]", kind, res, err)
			}
			if got, err := c.Get(t.Context(), ref); err != nil || !slices.Equal(got.Strings("tags"), []string{"blue"}) {
				t.Errorf("%s: the cloud has %+v, %v; want tags [blue]", kind, got, err)
			}
		}
	})
}

// TestUpdateTagsTwoConcurrentWriters runs two writers that read the same
// tags, then both PUT (the second overwrites the first), then check: the one
// whose tag was lost merges again, and no tag is lost.
func TestUpdateTagsTwoConcurrentWriters(t *testing.T) {
	c, srv, _ := startCloud(t, taggedLab("x"), nil)
	id := lbNamed(t, c, "tagged")

	// The two first reads are both answered before either PUT is served
	// (a read released late would see the other writer's PUT), and the
	// checks are served after both PUTs landed.
	var gets, read, puts atomic.Int32
	bothRead, bothPut := make(chan struct{}), make(chan struct{})
	lbPath := "/load-balancer/v2.0/lbaas/loadbalancers/" + id
	srv.setHooks(func(r *http.Request) *cannedAnswer {
		switch {
		case r.Method == http.MethodGet && r.URL.Path == lbPath:
			if gets.Add(1) > 2 {
				<-bothPut
			}
		case r.Method == http.MethodPut:
			<-bothRead
		}
		return nil
	}, func(r *http.Request) {
		switch {
		case r.Method == http.MethodGet && r.URL.Path == lbPath:
			if read.Add(1) == 2 {
				close(bothRead)
			}
		case r.Method == http.MethodPut:
			if puts.Add(1) == 2 {
				close(bothPut)
			}
		}
	})

	results := make([]TagResult, 2)
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i, tag := range []string{"a", "b"} {
		wg.Go(func() {
			results[i], errs[i] = c.UpdateTags(t.Context(), Ref{Kind: KindLoadBalancer, ID: id}, TagChange{Add: []string{tag}})
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("writer %d: %v", i, err)
		}
	}
	if got := sorted(lbTags(t, c, id)); !slices.Equal(got, []string{"a", "b", "x"}) {
		t.Errorf("got tags %v, want [a b x]", got)
	}
	if p := results[0].Puts + results[1].Puts; p != 3 {
		t.Errorf("got %d and %d PUTs, want 3 in all (the overwritten writer re-applies once)", results[0].Puts, results[1].Puts)
	}
}

func TestUpdateTagsAfterOtherWriters(t *testing.T) {
	tests := []struct {
		name         string
		other        func(tags []string, put int) []string // what another writer leaves after our PUT number put; nil = nothing
		wantPuts     int
		wantRestored []string
		wantLost     []string
		wantCode     ErrorCode
		wantTags     []string
	}{
		{"a stale writer drops x after our first PUT: x is restored",
			func(tags []string, put int) []string {
				if put == 1 {
					return []string{"a"}
				}
				return nil
			}, 2, []string{"x"}, nil, "", []string{"a", "x"}},
		{"a writer keeps dropping ours: gives up after 3 PUTs",
			func(tags []string, put int) []string { return []string{"x"} }, 3, nil, []string{"a"}, ECONFLICT, []string{"x"}},
		{"another writer adds y after us: nothing to redo",
			func(tags []string, put int) []string { return append(tags, "y") }, 1, nil, nil, "", []string{"a", "x", "y"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, srv, _ := startCloud(t, taggedLab("x"), nil)
			id := lbNamed(t, c, "tagged")
			path := "/load-balancer/v2/lbaas/loadbalancers/" + id
			var puts int
			srv.setHooks(nil, func(r *http.Request) { // another writer, with our token
				if r.Method != http.MethodPut {
					return
				}
				puts++
				token := r.Header.Get("X-Auth-Token")
				var got struct {
					LB struct{ Tags []string } `json:"loadbalancer"`
				}
				srv.direct(t, http.MethodGet, path, token, "", &got)
				if tags := tt.other(got.LB.Tags, puts); tags != nil {
					body, _ := json.Marshal(map[string]any{"loadbalancer": map[string]any{"tags": tags}})
					if code := srv.direct(t, http.MethodPut, path, token, string(body), nil); code != http.StatusOK {
						t.Errorf("the other writer's PUT: got %d, want 200", code)
					}
				}
			})
			res, err := c.UpdateTags(t.Context(), Ref{Kind: KindLoadBalancer, ID: id}, TagChange{Add: []string{"a"}})
			if ErrorCodeOf(err) != tt.wantCode {
				t.Fatalf("got %v, want %q", err, tt.wantCode)
			}
			if res.Puts != tt.wantPuts || !slices.Equal(res.Restored, tt.wantRestored) || !slices.Equal(res.Lost, tt.wantLost) || !slices.Equal(res.Tags, tt.wantTags) {
				t.Errorf("got %+v, want %d PUTs, restored %v, lost %v, tags %v", res, tt.wantPuts, tt.wantRestored, tt.wantLost, tt.wantTags)
			}
		})
	}
}

// TestUpdateTagsBusy: against Octavia's locking (a tag PUT puts the load
// balancer in PENDING_UPDATE), the second of two concurrent writers gets 409
// immutable on its first PUT and returns it at once (nothing written, as any
// write refused busy: its caller offers the retry), and its retry once the
// load balancer is ACTIVE merges with the first writer's tag.
func TestUpdateTagsBusy(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c, _, _ := bubbleLab(t, withDelay(taggedLab("x"), sixSeconds))
		id := lbNamed(t, c, "tagged")
		ref := Ref{Kind: KindLoadBalancer, ID: id}
		results := make([]TagResult, 2)
		errs := make([]error, 2)
		var wg sync.WaitGroup
		for i, tag := range []string{"a", "b"} {
			wg.Go(func() { results[i], errs[i] = c.UpdateTags(t.Context(), ref, TagChange{Add: []string{tag}}) })
		}
		wg.Wait()
		busy := slices.IndexFunc(errs, func(err error) bool { return ErrorCodeOf(err) == EIMMUTABLE })
		if busy < 0 || errs[1-busy] != nil {
			t.Fatalf("got %v, want one writer refused busy (EIMMUTABLE) and the other through", errs)
		}
		if r := results[busy]; r.Puts != 1 || r.Accepted.StatusCode != 0 {
			t.Errorf("the busy writer: got %+v, want 1 PUT and nothing accepted", r)
		}
		if _, err := c.WaitLoadBalancerActive(t.Context(), id, waiters.Options{}); err != nil {
			t.Fatal(err)
		}
		tag := []string{"a", "b"}[busy]
		if _, err := c.UpdateTags(t.Context(), ref, TagChange{Add: []string{tag}}); err != nil {
			t.Fatalf("the retry once ACTIVE: %v", err)
		}
		if got := sorted(lbTags(t, c, id)); !slices.Equal(got, []string{"a", "b", "x"}) {
			t.Errorf("got tags %v, want [a b x]", got)
		}
	})
}

// TestUpdateTagsRePutWaitsOnSource: after our PUT, another writer with a
// stale read drops x and its PUT leaves the load balancer PENDING_UPDATE;
// our re-PUT gets 409 and waits for ACTIVE on the client's StatusSource
// (not with GETs of its own), then merges again and puts x back.
func TestUpdateTagsRePutWaitsOnSource(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c, rec, lab := bubbleLab(t, taggedLab("x"))
		id := lbNamed(t, c, "tagged")
		puts := 0
		rec.setHooks(nil, func(r *http.Request) {
			if r.Method != http.MethodPut || !strings.HasSuffix(r.URL.Path, "/lbaas/loadbalancers/"+id) {
				return
			}
			if puts++; puts == 1 { // the other writer, right after our first PUT (the lab's delay: 1 ns)
				time.Sleep(time.Millisecond)
				if code := rec.direct(t, http.MethodPut, r.URL.Path, r.Header.Get("X-Auth-Token"), `{"loadbalancer": {"tags": ["a"]}}`, nil); code != http.StatusOK {
					t.Errorf("the other writer's PUT: got %d", code)
				}
				if err := lab.SetFaults(labcloud.Faults{Stuck: []string{id}}); err != nil {
					t.Error(err)
				}
			}
		})
		src := &liftingSource{c: c, lift: func() { lab.SetFaults(labcloud.Faults{}) }}
		res, err := c.WithStatusSource(src).UpdateTags(t.Context(), Ref{Kind: KindLoadBalancer, ID: id}, TagChange{Add: []string{"a"}})
		if err != nil {
			t.Fatal(err)
		}
		if res.Puts != 3 || !slices.Equal(res.Restored, []string{"x"}) || !slices.Equal(res.Tags, []string{"a", "x"}) {
			t.Errorf("got %+v, want 3 PUTs (ours, the 409, the merge again), x restored, tags [a x]", res)
		}
		if src.reads < 2 {
			t.Errorf("the source was read %d times, want the wait for ACTIVE to read it (PENDING_UPDATE, then ACTIVE)", src.reads)
		}
	})
}

// liftingSource reads statuses with the client's GETs, counts its reads,
// and calls lift after the first.
type liftingSource struct {
	c     *Client
	lift  func()
	reads int
}

func (s *liftingSource) Status(r Ref) (waiters.Getter, func()) {
	get, stop := directSource{s.c}.Status(r)
	return func(ctx context.Context) (string, error) {
		if s.reads++; s.reads == 2 {
			s.lift()
		}
		return get(ctx)
	}, stop
}

func (s *liftingSource) Tree(lbID string) (func(context.Context) (*StatusTree, error), func()) {
	return directSource{s.c}.Tree(lbID)
}

// taggedLab is a lab with one load balancer of demo's, "tagged", with tags.
func taggedLab(tags ...string) labcloud.Options {
	return labcloud.Options{Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{{Project: "demo", Name: "tagged", Tags: tags}}}}
}

// lbTags reads the tags of the load balancer id.
func lbTags(t *testing.T, c *Client, id string) []string {
	t.Helper()
	lb, err := c.Get(t.Context(), lbRef(id))
	if err != nil {
		t.Fatal(err)
	}
	return lb.Strings("tags")
}
