package timeline

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/octaview/octaview/app/serverapi"
)

// Options bound a Store and say how often it writes its file. A zero
// field takes its default.
type Options struct {
	// Retain is how long a change is kept at least, unless a cap drops it
	// first (default 24 h).
	Retain time.Duration
	// MaxPerLB is the most changes kept per load balancer, its children's
	// included; the oldest go first (default 16,384).
	MaxPerLB int
	// MaxTotal is the most changes kept in all. Past it the oldest go
	// first, down to seven eighths of it, so that trimming is rare
	// (default 262,144).
	MaxTotal int
	// FlushEvery is the longest a change waits before the file is written
	// (default 5 s). Changes within it are written together.
	FlushEvery time.Duration
}

// The defaults of Options.
const (
	DefaultRetain     = 24 * time.Hour
	DefaultMaxPerLB   = 16384
	DefaultMaxTotal   = 262144
	DefaultFlushEvery = 5 * time.Second
)

func (o Options) withDefaults() Options {
	if o.Retain <= 0 {
		o.Retain = DefaultRetain
	}
	if o.MaxPerLB <= 0 {
		o.MaxPerLB = DefaultMaxPerLB
	}
	if o.MaxTotal <= 0 {
		o.MaxTotal = DefaultMaxTotal
	}
	if o.FlushEvery <= 0 {
		o.FlushEvery = DefaultFlushEvery
	}
	return o
}

// Store is the changes store of every feed. It is safe for concurrent
// use; its file is written by a timer of its own until Close.
type Store struct {
	path string
	opts Options

	write sync.Mutex // held while the file is written, so writes keep their order

	mu       sync.Mutex
	sources  map[string]*source
	total    int // changes held, in all sources
	dirty    bool
	timer    *time.Timer
	writeErr error // the last background write's failure, reported once
	closed   bool
}

// source is what the store knows of one feed.
type source struct {
	objects map[string]*state   // the objects of the last poll, by id
	changes map[string][]change // by load balancer id, oldest first
	poll    uint64              // polls observed since Open
	last    time.Time           // the last poll's time
}

// state is an object's statuses as the last poll saw them.
type state struct {
	id, kind, name, lb string
	prov, oper         string
	since              time.Time
	poll               uint64 // the source's last poll that saw it
}

// change is one recorded change (serverapi.WallChange).
type change struct {
	at              time.Time
	id, kind, name  string
	field, from, to string
}

// Open returns a store that keeps its changes in the file at path (""
// keeps them in memory only). A file that exists is loaded; one that is
// not a timeline (corrupt, foreign, of a later format) is an error naming
// it, and the file is left as it is.
func Open(path string, opts Options) (*Store, error) {
	s := &Store{path: path, opts: opts.withDefaults(), sources: make(map[string]*source)}
	if path == "" {
		return s, nil
	}
	if err := s.load(); err != nil {
		return nil, err
	}
	return s, nil
}

// Observe records one poll of the feed source made at time at (kept to the
// millisecond): lbs are all its load balancers. It returns an error after
// Close, or the error of a background write of the file that failed since
// the last call (the changes are kept and the write is tried again).
func (s *Store) Observe(src string, at time.Time, lbs []serverapi.StatusLB) error {
	at = at.UTC().Truncate(time.Millisecond)

	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return errors.New("timeline: observe after close")
	}
	so := s.sources[src]
	baseline := so == nil
	if baseline {
		so = &source{objects: make(map[string]*state), changes: make(map[string][]change)}
		s.sources[src] = so
	}
	so.poll++
	so.last = later(so.last, at)
	touched := baseline // a change, or a state the file does not hold
	walk(lbs, func(o object) {
		if o.id == "" {
			return
		}
		st := so.objects[o.id]
		if st == nil {
			o = o.interned()
			so.objects[o.id] = &state{id: o.id, kind: o.kind, name: o.name, lb: o.lb, prov: o.prov, oper: o.oper, since: at, poll: so.poll}
			touched = true
			if !baseline {
				s.record(so, o.lb, change{at, o.id, o.kind, o.name, FieldProvisioning, "", o.prov})
			}
			return
		}
		if st.poll == so.poll {
			return // seen in this poll: a pool under a second listener
		}
		st.poll = so.poll
		if st.name != o.name || st.lb != o.lb {
			st.name, st.lb = intern(o.name), intern(o.lb)
			touched = true
		}
		if st.prov != o.prov {
			s.record(so, st.lb, change{at, st.id, st.kind, st.name, FieldProvisioning, st.prov, intern(o.prov)})
			st.prov, st.since, touched = intern(o.prov), at, true
		}
		if st.oper != o.oper {
			s.record(so, st.lb, change{at, st.id, st.kind, st.name, FieldOperating, st.oper, intern(o.oper)})
			st.oper, st.since, touched = intern(o.oper), at, true
		}
	})
	var gone []string
	for id, st := range so.objects {
		if st.poll != so.poll {
			gone = append(gone, id)
		}
	}
	slices.Sort(gone) // the same polls record the same changes
	for _, id := range gone {
		st := so.objects[id]
		s.record(so, st.lb, change{at, id, st.kind, st.name, FieldProvisioning, st.prov, ""})
		delete(so.objects, id)
		touched = true
	}
	dropped := s.prune(at)
	// A poll that changed nothing leaves the file as it is.
	if touched || dropped {
		s.dirty = true
		s.schedule()
	}
	err := s.writeErr
	s.writeErr = nil
	return err
}

// record appends c to the changes of load balancer lb, dropping its oldest
// past Options.MaxPerLB.
func (s *Store) record(so *source, lb string, c change) {
	cs := append(so.changes[lb], c)
	if n := len(cs) - s.opts.MaxPerLB; n > 0 {
		cs = dropOldest(cs, n)
		s.total -= n
	}
	so.changes[lb] = cs
	s.total++
}

// Since reports when the object id of feed src entered its current
// statuses: the first poll that saw them (or, when the store began with
// the object already there, its first poll). ok is false for an object the
// last poll did not see.
func (s *Store) Since(src, id string) (since time.Time, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	so := s.sources[src]
	if so == nil {
		return time.Time{}, false
	}
	st := so.objects[id]
	if st == nil {
		return time.Time{}, false
	}
	return st.since, true
}

// Changes returns the changes of load balancer lbID of feed src (its own
// and its children's) seen at or after from, oldest first. Names are the
// objects' names at the time of each change: a caller that may not show
// names or members removes them.
func (s *Store) Changes(src, lbID string, from time.Time) []serverapi.WallChange {
	s.mu.Lock()
	defer s.mu.Unlock()
	so := s.sources[src]
	if so == nil {
		return nil
	}
	cs := so.changes[lbID]
	var out []serverapi.WallChange
	for _, c := range cs {
		if c.at.Before(from) {
			continue
		}
		out = append(out, serverapi.WallChange{
			At: c.at.Format(time.RFC3339), ID: c.id, Kind: c.kind, Name: c.name,
			Field: c.field, From: c.from, To: c.to,
		})
	}
	return out
}

// Close writes the file one last time and stops the store's timer;
// Observe fails after it.
func (s *Store) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	if s.timer != nil {
		s.timer.Stop()
		s.timer = nil
	}
	s.mu.Unlock()
	if err := s.flush(); err != nil {
		return fmt.Errorf("timeline: %w", err)
	}
	return nil
}

// schedule arms the write timer if the store has a file and none is armed.
// s.mu is held.
func (s *Store) schedule() {
	if s.path == "" || s.timer != nil || s.closed {
		return
	}
	s.timer = time.AfterFunc(s.opts.FlushEvery, func() {
		s.mu.Lock()
		s.timer = nil
		s.mu.Unlock()
		if err := s.flush(); err != nil {
			s.mu.Lock()
			s.writeErr = err
			s.dirty = true
			s.schedule()
			s.mu.Unlock()
		}
	})
}
