//go:build !js

package main

import (
	"fmt"
	"net"
	"path"
	"slices"
	"strconv"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia/statuswire"
)

// A wall shows the load balancers of its scope, and of each only what its
// WallShow allows: what it may not show is left out here, on the server,
// never sent to be hidden by the page.

// wallScope is which of a feed's load balancers a wall shows: all of its
// criteria hold (each one: any of its values).
type wallScope struct {
	projects map[string]bool // project ids; nil = any project
	tags     []string        // any of them; none = any
	names    []string        // path.Match patterns; none = any
}

// selects reports whether lb is on the wall.
func (s wallScope) selects(lb feedLB) bool {
	if s.projects != nil && !s.projects[lb.ProjectID] {
		return false
	}
	if len(s.tags) > 0 && !slices.ContainsFunc(lb.Tags, func(t string) bool { return slices.Contains(s.tags, t) }) {
		return false
	}
	if len(s.names) > 0 && !slices.ContainsFunc(s.names, func(g string) bool { ok, _ := path.Match(g, lb.Name); return ok }) {
		return false
	}
	return true
}

// shownObject is one object a wall shows: its kind and the name it shows.
type shownObject struct{ kind, name string }

// redactLB returns lb as a wall that shows show may send it, n being its
// place on the wall (from 1, for "load balancer n" when names are hidden),
// and the objects it shows by id.
func redactLB(lb serverapi.StatusLB, n int, show serverapi.WallShow) (serverapi.StatusLB, map[string]shownObject) {
	shown := map[string]shownObject{}
	name := func(real, kind string, i int) string {
		if show.Names {
			return real
		}
		return fmt.Sprintf("%s %d", kind, i)
	}
	out := serverapi.StatusLB{ID: lb.ID, Name: name(lb.Name, "load balancer", n),
		ProvisioningStatus: lb.ProvisioningStatus, OperatingStatus: lb.OperatingStatus}
	if show.Addresses {
		out.VIPAddress = lb.VIPAddress
	}
	shown[lb.ID] = shownObject{"loadbalancer", out.Name}
	if show.Summary {
		return out, shown // the counts and the statuses alone: no tree
	}
	t := lb.Tree
	tree := statuswire.LoadBalancer{ID: t.ID, Name: out.Name, OperatingStatus: t.OperatingStatus, ProvisioningStatus: t.ProvisioningStatus,
		Listeners: make([]statuswire.Listener, 0, len(t.Listeners))}
	pools := map[string]string{} // a pool under two listeners keeps one name
	members := 0
	for li, l := range t.Listeners {
		ol := statuswire.Listener{ID: l.ID, Name: name(l.Name, "listener", li+1), OperatingStatus: l.OperatingStatus,
			ProvisioningStatus: l.ProvisioningStatus, Pools: make([]statuswire.Pool, 0, len(l.Pools))}
		shown[l.ID] = shownObject{"listener", ol.Name}
		for _, p := range l.Pools {
			pname, ok := pools[p.ID]
			if !ok {
				pname = name(p.Name, "pool", len(pools)+1)
				pools[p.ID] = pname
			}
			op := statuswire.Pool{ID: p.ID, Name: pname, OperatingStatus: p.OperatingStatus, ProvisioningStatus: p.ProvisioningStatus,
				Members: []statuswire.Member{}}
			shown[p.ID] = shownObject{"pool", pname}
			if m := p.HealthMonitor; m != nil {
				om := *m
				om.Name = name(m.Name, "health monitor", 1)
				op.HealthMonitor = &om
				shown[m.ID] = shownObject{"healthmonitor", om.Name}
			}
			if show.Members {
				for _, m := range p.Members {
					members++
					om := statuswire.Member{ID: m.ID, Name: name(m.Name, "member", members),
						OperatingStatus: m.OperatingStatus, ProvisioningStatus: m.ProvisioningStatus}
					if show.Addresses {
						om.Address, om.ProtocolPort = m.Address, m.ProtocolPort
					}
					if om.Name == "" { // unnamed, as most members are: its address where the wall shows it
						om.Name = fmt.Sprintf("member %d", members)
						if show.Addresses && m.Address != "" {
							om.Name = net.JoinHostPort(m.Address, strconv.Itoa(m.ProtocolPort))
						}
					}
					op.Members = append(op.Members, om)
					shown[m.ID] = shownObject{"member", om.Name}
				}
			}
			ol.Pools = append(ol.Pools, op)
		}
		tree.Listeners = append(tree.Listeners, ol)
	}
	out.Tree = tree
	return out, shown
}

// wallTimeline is the changes store (internal/timeline): every feed's
// polls go in, each wall reads "since when" and the changes of the load
// balancers it shows. Its source is the feed's credential.
type wallTimeline interface {
	Observe(source string, at time.Time, lbs []serverapi.StatusLB) error
	Since(source, id string) (time.Time, bool)
	Changes(source, lbID string, from time.Time) []serverapi.WallChange
}

// wallTimelineSpan is serverapi.WallTimelineSpan.
const wallTimelineSpan = 24 * time.Hour

// wallTimelineMost is the most changes of one load balancer a wall sends
// (its newest; WallLB.TimelineOmitted counts the rest): a member flapping
// every 30 s all day is ~8,600 changes, 1.5 MB of JSON in every event to
// every viewer. 300 is a few hours of such flapping, ~45 kB.
const wallTimelineMost = 300

// buildWall is what wall c shows of its feed's snapshot snap: the load
// balancers its scope selects, redacted as c.Show says, each with since
// when its objects are in their statuses and its changes (from tl, nil
// for none), and the notes.
func buildWall(c *wallConfig, scope wallScope, source string, snap feedSnapshot, tl wallTimeline, notes []serverapi.WallNote, now time.Time) serverapi.Wall {
	w := serverapi.Wall{Name: c.Name, Title: c.Title, Show: c.Show, Error: snap.Err,
		LoadBalancers: []serverapi.WallLB{}, Notes: notes,
		Summary: serverapi.WallSummary{ByOperating: map[string]int{}}}
	if w.Notes == nil {
		w.Notes = []serverapi.WallNote{}
	}
	if !snap.At.IsZero() {
		w.UpdatedAt = snap.At.UTC().Format(time.RFC3339)
	}
	for _, lb := range snap.LBs {
		if !scope.selects(lb) {
			continue
		}
		shownLB, shown := redactLB(lb.StatusLB, len(w.LoadBalancers)+1, c.Show)
		wl := serverapi.WallLB{StatusLB: shownLB, Since: map[string]string{}, Timeline: []serverapi.WallChange{}}
		if tl != nil {
			for id := range shown {
				if at, ok := tl.Since(source, id); ok {
					wl.Since[id] = at.UTC().Format(time.RFC3339)
				}
			}
			for _, ch := range tl.Changes(source, lb.ID, now.Add(-wallTimelineSpan)) {
				o, ok := shown[ch.ID]
				if !ok { // gone since, or hidden
					if !kindShown(ch.Kind, c.Show) {
						continue
					}
					o = shownObject{ch.Kind, ch.Kind}
					if c.Show.Names {
						o.name = ch.Name
					}
				}
				ch.Name = o.name
				wl.Timeline = append(wl.Timeline, ch)
			}
			if n := len(wl.Timeline) - wallTimelineMost; n > 0 { // the newest only: an event goes to every viewer every 3 s
				wl.Timeline, wl.TimelineOmitted = slices.Clip(wl.Timeline[n:]), n
			}
		}
		w.LoadBalancers = append(w.LoadBalancers, wl)
		w.Summary.LoadBalancers++
		w.Summary.ByOperating[lb.OperatingStatus]++
	}
	return w
}

// kindShown reports whether a wall that shows show shows objects of kind.
func kindShown(kind string, show serverapi.WallShow) bool {
	switch {
	case show.Summary:
		return kind == "loadbalancer"
	case kind == "member":
		return show.Members
	}
	return true
}
