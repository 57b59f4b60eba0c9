//go:build !js

package main

import (
	"fmt"
	"log/slog"
	"testing"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia/statuswire"
	"github.com/octaview/octaview/waiters"
)

// BenchmarkWallsPublish is the server's work per poll of one credential
// with 5 walls over 1,000 load balancers (a listener, a pool, 4 members
// each): the timeline's record, then each wall scoped, redacted and
// encoded once for all its viewers.
func BenchmarkWallsPublish(b *testing.B) {
	tl, err := openWallTimeline("")
	if err != nil {
		b.Fatal(err)
	}
	f := newWallFeed("noc", nil, tl, slog.New(slog.DiscardHandler))
	notes := &wallNotes{byWall: map[string][]serverapi.WallNote{}}
	for i, show := range []serverapi.WallShow{{Names: true, Addresses: true, Members: true}, {Names: true, Members: true}, {Names: true}, {Summary: true}, {}} {
		w := &wall{cfg: wallConfig{Name: fmt.Sprint("w", i), Show: show}, scope: wallScope{tags: []string{"prod"}}, feed: f, notes: notes, subs: subscribers{}}
		f.walls = append(f.walls, w)
	}
	lbs := make([]feedLB, 1000)
	for i := range lbs {
		id := fmt.Sprintf("lb-%04d", i)
		var members []statuswire.Member
		for m := range 4 {
			members = append(members, statuswire.Member{ID: fmt.Sprintf("%s-m%d", id, m), Name: "m", Address: "10.0.0.1", ProtocolPort: 80, OperatingStatus: "ONLINE", ProvisioningStatus: "ACTIVE"})
		}
		lbs[i] = feedLB{StatusLB: serverapi.StatusLB{ID: id, Name: "web", OperatingStatus: "ONLINE", ProvisioningStatus: "ACTIVE",
			Tree: statuswire.LoadBalancer{ID: id, Listeners: []statuswire.Listener{{ID: id + "-l", Pools: []statuswire.Pool{{ID: id + "-p", Members: members}}}}}},
			Tags: []string{"prod"}}
	}
	b.ReportAllocs()
	for b.Loop() {
		f.publish(waiters.Update[[]feedLB]{Value: lbs})
	}
}
