package timeline

import (
	"slices"
	"time"
)

// prune drops the changes older than Options.Retain before now, and the
// oldest past Options.MaxTotal, in every feed; it forgets the load
// balancers with no change left and no object, and the feeds not polled
// for Options.Retain (a wall removed from the walls file) once their
// changes are gone. It reports whether it dropped anything. s.mu is held.
func (s *Store) prune(now time.Time) (dropped bool) {
	cutoff := now.Add(-s.opts.Retain)
	if s.total > s.opts.MaxTotal {
		cutoff = later(cutoff, s.totalCutoff())
	}
	for name, so := range s.sources {
		if so.last.Before(now.Add(-s.opts.Retain)) && len(so.objects) > 0 {
			clear(so.objects) // a feed no longer polled: its objects are not current
			dropped = true
		}
		for lb, cs := range so.changes {
			n := 0
			for n < len(cs) && cs[n].at.Before(cutoff) {
				n++
			}
			if n > 0 {
				cs = dropOldest(cs, n)
				s.total -= n
				dropped = true
			}
			if len(cs) == 0 && so.objects[lb] == nil {
				delete(so.changes, lb)
				dropped = true
				continue
			}
			so.changes[lb] = cs
		}
		if len(so.objects) == 0 && len(so.changes) == 0 && so.last.Before(now.Add(-s.opts.Retain)) {
			delete(s.sources, name)
			dropped = true
		}
	}
	return dropped
}

// totalCutoff is the time before which dropping every change leaves at
// most seven eighths of Options.MaxTotal. s.mu is held.
func (s *Store) totalCutoff() time.Time {
	times := make([]int64, 0, s.total)
	for _, so := range s.sources {
		for _, cs := range so.changes {
			for _, c := range cs {
				times = append(times, c.at.UnixNano())
			}
		}
	}
	slices.Sort(times)
	drop := len(times) - s.opts.MaxTotal*7/8
	if drop <= 0 {
		return time.Time{}
	}
	// Changes of one poll share a time: drop them together, which may
	// drop a few more than needed, never keep more.
	return time.Unix(0, times[drop-1]+1)
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// dropOldest is cs without its first n changes. It reslices rather than
// copies: at the cap, a change a poll would otherwise move every change
// of the load balancer; append copies them when it grows the array, once
// in a while.
func dropOldest(cs []change, n int) []change {
	clear(cs[:n])
	return cs[n:]
}
