package octavia

import (
	"encoding/json"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/octaview/octaview/octavia/internal/scripted"
	"github.com/octaview/octaview/octavia/labcloud"
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
			if got, err := c.read(t.Context(), ref); err != nil || !slices.Equal(got.Tags, []string{"blue"}) {
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

	var gets, puts atomic.Int32
	bothRead, bothPut := make(chan struct{}), make(chan struct{})
	srv.setHooks(func(r *http.Request) *cannedAnswer {
		if r.Method == http.MethodGet && r.URL.Path == "/load-balancer/v2.0/lbaas/loadbalancers/"+id {
			switch n := gets.Add(1); {
			case n == 2:
				close(bothRead)
			case n < 2:
				<-bothRead // the two first reads see the same tags
			default:
				<-bothPut // the checks come after both PUTs landed
			}
		}
		return nil
	}, func(r *http.Request) {
		if r.Method == http.MethodPut && puts.Add(1) == 2 {
			close(bothPut)
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

// TestUpdateTagsWaitsOutImmutable: against Octavia's locking (a tag PUT puts
// the load balancer in PENDING_UPDATE), the second of two concurrent writers
// gets 409 immutable, waits for ACTIVE, reads again and merges.
func TestUpdateTagsWaitsOutImmutable(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c, _, _ := bubbleLab(t, withDelay(taggedLab("x"), sixSeconds))
		id := lbNamed(t, c, "tagged")
		results := make([]TagResult, 2)
		errs := make([]error, 2)
		var wg sync.WaitGroup
		for i, tag := range []string{"a", "b"} {
			wg.Go(func() {
				results[i], errs[i] = c.UpdateTags(t.Context(), Ref{Kind: KindLoadBalancer, ID: id}, TagChange{Add: []string{tag}, Wait: waiters.Options{Interval: time.Second}})
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
		if p := []int{results[0].Puts, results[1].Puts}; slices.Max(p) != 2 || slices.Min(p) != 1 {
			t.Errorf("got %v PUTs, want 1 and 2 (one 409, then a merged retry)", p)
		}
	})
}

// taggedLab is a lab with one load balancer of demo's, "tagged", with tags.
func taggedLab(tags ...string) labcloud.Options {
	return labcloud.Options{Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{{Project: "demo", Name: "tagged", Tags: tags}}}}
}

// lbTags reads the tags of the load balancer id.
func lbTags(t *testing.T, c *Client, id string) []string {
	t.Helper()
	lb, err := c.GetLoadBalancer(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return lb.Tags
}
