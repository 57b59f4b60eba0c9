//go:build !js

package main

import (
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia/statuswire"
	"github.com/octaview/octaview/waiters"
)

// TestWallScope: each criterion given holds, any of its values.
func TestWallScope(t *testing.T) {
	lb := feedLB{StatusLB: serverapi.StatusLB{Name: "web-1"}, ProjectID: "p1", Tags: []string{"prod", "eu"}}
	for _, tc := range []struct {
		name  string
		scope wallScope
		want  bool
	}{
		{"no scope", wallScope{}, true},
		{"its project", wallScope{projects: map[string]bool{"p1": true, "p2": true}}, true},
		{"another project", wallScope{projects: map[string]bool{"p2": true}}, false},
		{"any of its tags", wallScope{tags: []string{"dev", "eu"}}, true},
		{"none of its tags", wallScope{tags: []string{"dev"}}, false},
		{"its name", wallScope{names: []string{"api-*", "web-?"}}, true},
		{"not its name", wallScope{names: []string{"web-??"}}, false},
		{"all hold", wallScope{projects: map[string]bool{"p1": true}, tags: []string{"prod"}, names: []string{"web-*"}}, true},
		{"one fails", wallScope{projects: map[string]bool{"p1": true}, tags: []string{"prod"}, names: []string{"api-*"}}, false},
	} {
		if got := tc.scope.selects(lb); got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestWallFeedError: a failed poll keeps the last load balancers and says
// why on every wall of the feed.
func TestWallFeedError(t *testing.T) {
	f := newWallFeed("noc", nil, nil, slog.New(slog.DiscardHandler))
	w := &wall{cfg: wallConfig{Name: "noc", Title: "NOC", Show: serverapi.WallShow{Names: true}}, feed: f, notes: &wallNotes{byWall: map[string][]serverapi.WallNote{}}, subs: subscribers{}}
	f.walls = []*wall{w}
	ch, _, leave := w.subscribe()
	defer leave()
	lb := feedLB{StatusLB: serverapi.StatusLB{ID: "lb1", Name: "edge", OperatingStatus: "ONLINE",
		Tree: statuswire.LoadBalancer{ID: "lb1", Name: "edge"}}}
	f.publish(waiters.Update[[]feedLB]{Value: []feedLB{lb}})
	<-ch
	f.publish(waiters.Update[[]feedLB]{Err: errors.New("listing load balancers: 503 Service Unavailable")})
	body := string(<-ch)
	got := w.state()
	if len(got.LoadBalancers) != 1 || got.LoadBalancers[0].Name != "edge" || !strings.Contains(got.Error, "503") || got.UpdatedAt == "" {
		t.Errorf("after a failed poll: got %s, want the last load balancers and the error", body)
	}
	if _, err := time.Parse(time.RFC3339, got.UpdatedAt); err != nil {
		t.Errorf("updated_at %q: %v", got.UpdatedAt, err)
	}
}
