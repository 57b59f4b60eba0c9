package wall

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/octaview/octaview/app/serverapi"
)

// A wall's timeline strip (timeline_view.go) draws the last
// timelineSpan of one load balancer: a segment per state it was in (its
// operating status, and its worst child's when that was worse than ONLINE)
// and a mark per change, from serverapi.WallLB.Timeline. This file
// computes them; it touches no DOM and is tested natively.

// timelineSpan is how far back a strip goes.
const timelineSpan = 24 * time.Hour

// timelineMarks is how many of the latest changes a strip marks (each a
// focusable mark); the list for screen readers says how many more there
// were.
const timelineMarks = 60

// operatingField is the field of a WallChange of an operating status.
const operatingField = "operating_status"

// segment is one stretch of a strip: the load balancer's operating status
// (Status) and its worst child's (Child, "" when none was worse than
// ONLINE) from From to To; Left and Width place it, in percent of the span.
type segment struct {
	From, To    time.Time
	Status      string
	Child       string
	Left, Width float64
}

// mark is one change on a strip: where (Left, in percent of the span), when,
// and what it reads ("14:02 member web-2 ONLINE → ERROR").
type mark struct {
	At   time.Time
	Left float64
	Text string
	Tone string // the new status (To), for its colour
}

// segments is lb's strip over [now-span, now]: its operating status and its
// worst child's, replayed from the timeline's operating-status changes back
// from the statuses lb shows now (its tree). Before the wall's record of
// lb begins (recordStart) it shows no status: a strip does not claim a day
// the wall did not see. Adjacent stretches in the same state are one
// segment; a change it cannot date is ignored.
func segments(lb serverapi.WallLB, now time.Time, span time.Duration) []segment {
	start := now.Add(-span)
	state := currentOperating(lb)
	changes := operatingChanges(lb.Timeline, start, now)
	// Undo the window's changes, newest first, to get the state at start.
	for i := len(changes) - 1; i >= 0; i-- {
		setStatus(state, changes[i].id, changes[i].c.From)
	}
	// Before the record begins nothing is known: a segment of no status.
	from := recordStart(changes, state, lb.Since, start, now)
	out := appendSegment(nil, start, from, lbState{}, start, span)
	r := newReplay(lb.ID, state)
	cur := r.state()
	for _, ch := range changes {
		r.set(ch.id, ch.c.To)
		next := r.state()
		if next == cur {
			continue
		}
		out = appendSegment(out, from, ch.at, cur, start, span)
		from, cur = ch.at, next
	}
	return appendSegment(out, from, now, cur, start, span)
}

// lbState is what a segment shows: the load balancer's operating status and
// its worst child's.
type lbState struct{ status, child string }

// replay is the state of a load balancer's objects as a strip replays
// their changes: its own operating status, its children's (object id ->
// status) and how many children are at each severity, so that each change
// costs O(1), not a pass over the tree.
type replay struct {
	lbID, lb string
	children map[string]string
	count    [maxSeverity + 1]int
}

// newReplay is the replay of load balancer lbID from state (object id ->
// operating status, lbID's included).
func newReplay(lbID string, state map[string]string) *replay {
	r := &replay{lbID: lbID, children: map[string]string{}}
	for id, st := range state {
		r.set(id, st)
	}
	return r
}

// set puts id in status ("" = gone).
func (r *replay) set(id, status string) {
	if id == r.lbID {
		r.lb = status
		return
	}
	if old, ok := r.children[id]; ok {
		r.count[severity(old)]--
	}
	if status == "" {
		delete(r.children, id)
		return
	}
	r.children[id] = status
	r.count[severity(status)]++
}

// state is the load balancer's status and its worst child's ("" when none
// is worse than ONLINE).
func (r *replay) state() lbState {
	for s := maxSeverity; s > 0; s-- {
		if r.count[s] > 0 {
			return lbState{status: r.lb, child: severityName(s)}
		}
	}
	return lbState{status: r.lb}
}

func appendSegment(out []segment, from, to time.Time, s lbState, start time.Time, span time.Duration) []segment {
	if !to.After(from) {
		return out
	}
	return append(out, segment{
		From: from, To: to, Status: s.status, Child: s.child,
		Left:  percentOf(from.Sub(start), span),
		Width: percentOf(to.Sub(from), span),
	})
}

func percentOf(d, span time.Duration) float64 {
	return float64(d) / float64(span) * 100
}

// setStatus sets id's status in state; "" (the object went away) removes
// it.
func setStatus(state map[string]string, id, status string) {
	if status == "" {
		delete(state, id)
		return
	}
	state[id] = status
}

// maxSeverity is the rank of ERROR, the worst operating status.
const maxSeverity = 4

// severity ranks an operating status for a strip's child mark, 0 to
// maxSeverity: 0 for ONLINE, NO_MONITOR and anything unknown, which the
// mark does not show.
func severity(status string) int {
	switch strings.ToUpper(status) {
	case "ERROR":
		return 4
	case "DEGRADED":
		return 3
	case "OFFLINE":
		return 2
	case "DRAINING":
		return 1
	}
	return 0
}

// severityName is the operating status of rank s (severity).
func severityName(s int) string {
	return [...]string{"", "DRAINING", "OFFLINE", "DEGRADED", "ERROR"}[s]
}

// currentOperating is the operating status of every object of lb's tree
// as the wall shows it now (object id -> status), lb's own included.
func currentOperating(lb serverapi.WallLB) map[string]string {
	state := map[string]string{}
	setStatus(state, lb.ID, lb.OperatingStatus)
	for _, l := range lb.Tree.Listeners {
		setStatus(state, l.ID, string(l.OperatingStatus))
		for _, p := range l.Pools {
			setStatus(state, p.ID, string(p.OperatingStatus))
			if hm := p.HealthMonitor; hm != nil {
				setStatus(state, hm.ID, string(hm.OperatingStatus))
			}
			for _, m := range p.Members {
				setStatus(state, m.ID, string(m.OperatingStatus))
			}
		}
	}
	return state
}

// recordStart is when the wall's record of a load balancer begins, as
// far as its data tells: the earliest of its objects' Since (those of
// state) and of its changes in the span; start when that is earlier, or
// when nothing is dated. A wall started an hour ago has every Since and
// change within the hour; one that ran all day has a Since before the span
// or changes across it.
func recordStart(changes []datedChange, state, since map[string]string, start, now time.Time) time.Time {
	r := now
	for id := range state {
		if at, err := time.Parse(time.RFC3339, since[id]); err == nil && at.Before(r) {
			r = at
		}
	}
	if len(changes) > 0 && changes[0].at.Before(r) {
		r = changes[0].at
	}
	if r.Equal(now) || r.Before(start) {
		return start
	}
	return r
}

// datedChange is a WallChange with its time parsed.
type datedChange struct {
	at time.Time
	id string
	c  serverapi.WallChange
}

// operatingChanges are the operating-status changes of tl between start
// and now (those after now, a clock ahead, count as now), oldest first.
func operatingChanges(tl []serverapi.WallChange, start, now time.Time) []datedChange {
	out := make([]datedChange, 0, len(tl))
	for _, c := range tl {
		if c.Field != operatingField || c.ID == "" {
			continue
		}
		at, err := time.Parse(time.RFC3339, c.At)
		if err != nil || at.Before(start) {
			continue
		}
		out = append(out, datedChange{at: notAfter(at, now), id: c.ID, c: c})
	}
	slices.SortStableFunc(out, func(a, b datedChange) int { return a.at.Compare(b.at) })
	return out
}

// marks are the last timelineMarks changes of lb's timeline within
// [now-span, now] (any field), oldest first, and how many earlier ones
// in the span were left out (here, or by the server: TimelineOmitted).
func marks(lb serverapi.WallLB, now time.Time, span time.Duration) (ms []mark, more int) {
	start := now.Add(-span)
	in := make([]datedChange, 0, len(lb.Timeline))
	for _, c := range lb.Timeline {
		at, err := time.Parse(time.RFC3339, c.At)
		if err != nil || at.Before(start) {
			continue
		}
		in = append(in, datedChange{at: notAfter(at, now), c: c})
	}
	slices.SortStableFunc(in, func(a, b datedChange) int { return a.at.Compare(b.at) })
	if n := len(in) - timelineMarks; n > 0 {
		in, more = in[n:], n
	}
	more += lb.TimelineOmitted // older ones the server did not send
	ms = make([]mark, len(in))
	for i, d := range in {
		ms[i] = mark{At: d.at, Left: percentOf(d.at.Sub(start), span), Text: changeText(d.at, d.c), Tone: d.c.To}
	}
	return ms, more
}

// changeText is how a change reads: "14:02 member web-2 ONLINE → ERROR"
// (UTC); an object that appeared or went away says so; a provisioning
// change says "provisioning".
func changeText(at time.Time, c serverapi.WallChange) string {
	what := c.Kind
	if what == "" {
		what = "object"
	}
	if c.Name != "" {
		what += " " + c.Name
	}
	if c.Field != operatingField && c.Field != "" {
		what += " provisioning"
	}
	var change string
	switch {
	case c.From == "" && c.To == "":
		change = "changed"
	case c.From == "":
		change = "appeared " + c.To
	case c.To == "":
		change = c.From + " → gone"
	default:
		change = c.From + " → " + c.To
	}
	return fmt.Sprintf("%s %s %s", at.UTC().Format("15:04"), what, change)
}

// notAfter is t, or now when t is later (a server's clock ahead of the
// browser's).
func notAfter(t, now time.Time) time.Time {
	if t.After(now) {
		return now
	}
	return t
}
