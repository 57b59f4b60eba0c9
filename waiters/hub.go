package waiters

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Hub shares poll loops: all subscribers to one key share ONE loop, so a
// resource watched by a hundred views costs one fetch per interval, not a
// hundred. A Hub is safe for concurrent use. Create it with NewHub; the zero
// value is not usable.
//
// A loop starts with the first subscriber to its key, fetches at once, then
// once per interval, counted from the end of the previous fetch (the same
// rhythm as ForActive). A fetch error does not stop the loop: it is
// delivered as Update.Err and the loop polls again; subscribers decide.
// When the last subscriber leaves, the loop's context is cancelled (a fetch
// in flight sees it) and the loop ends; a later Subscribe to the same key
// starts a new loop, with Attempt and Elapsed counted afresh.
//
// Callbacks run on the loop's goroutine, one at a time, in the order the
// subscribers joined; a slow callback delays the others and the next poll.
// A UI must not touch its state there: in go-app, hop to the UI goroutine
// with ctx.Dispatch (or ctx.Async) from inside the callback.
//
// Hub[T] is a typed front over one untyped core (hub): the wasm holds the
// loop's code once, however many value types the console polls.
type Hub[T any] struct {
	h hub
}

// hub is Hub's untyped core: its values are the T of its Hub, boxed.
type hub struct {
	interval time.Duration

	mu    sync.Mutex
	loops map[string]*hubLoop
}

// Update is one poll as a subscriber sees it: Attempt counts the loop's
// fetches from 1, Value and Err are what the fetch returned, Elapsed is the
// time from the start of the loop to the end of that fetch. Replay is true
// when the poll was made before this subscriber joined (Subscribe's
// replay): a wait that must see the resource as it is after a write skips
// it, as the CLI's first poll comes after the write. Start is when the
// fetch began: a poll that began before a write may answer from before it
// however late it completes, so such a wait skips it too.
type Update[T any] struct {
	Attempt int
	Value   T
	Err     error
	Elapsed time.Duration
	Replay  bool
	Start   time.Time
}

// hubLoop is one shared poll loop; its fields other than the immutable ones
// are guarded by hub.mu.
type hubLoop struct {
	cancel context.CancelFunc // immutable
	joined chan struct{}      // immutable; capacity 1: a late subscriber waits for a replay
	poked  chan struct{}      // immutable; capacity 1: Poke asks for a fetch at once

	subs    []*hubSub
	last    Update[any]
	hasLast bool
}

// hubSub is one subscription.
type hubSub struct {
	fn      func(Update[any])
	stopped atomic.Bool
	replay  bool // guarded by hub.mu: joined a running loop, owed the latest update
}

// NewHub returns a Hub whose loops fetch every interval; 0 (or less) means
// DefaultInterval (3 s).
func NewHub[T any](interval time.Duration) *Hub[T] {
	if interval <= 0 {
		interval = DefaultInterval
	}
	return &Hub[T]{hub{interval: interval, loops: make(map[string]*hubLoop)}}
}

// Subscribe joins the poll loop for key, or starts it with fetch if there is
// none (fetch is used only when the loop is new, so every subscriber to a
// key must mean the same resource). fn is called with every poll that
// completes once Subscribe has added it (at the latest when Subscribe
// returns), always from the loop's goroutine, never the caller's.
//
// Joining a loop that has already completed a poll: fn first receives that
// latest Update again (same Attempt, Value, Err and Elapsed as when it was
// polled, with Replay set) as soon as the loop is idle, then every later poll; if a poll
// completes before the replay is made, that fresher poll is delivered
// instead and the replay is dropped. Joining a loop whose first fetch is
// still running: fn receives that first poll when it completes.
//
// stop leaves the loop; calling it again does nothing. The last stop for a
// key cancels the loop's context and ends its goroutine.
//
// stop does not wait for fn. After stop returns, fn is not called again,
// with one exception: a delivery the loop had already begun to this
// subscriber when stop was called (fn running, or about to be called)
// completes, possibly after stop returns; polls after it never reach fn.
// So fn may call stop itself (the call in progress finishes normally), and stop
// never blocks on a callback. A go-app component that calls stop in
// OnDismount may thus get one last call; the ctx.Dispatch it makes there is
// harmless, as go-app drops dispatches to dismounted components.
//
// Subscribe panics if fn is nil, or if fetch is nil when the loop is new.
func (h *Hub[T]) Subscribe(key string, fetch func(ctx context.Context) (T, error), fn func(Update[T])) (stop func()) {
	if fn == nil {
		panic("waiters: Hub.Subscribe with a nil fn")
	}
	var anyFetch func(context.Context) (any, error)
	if fetch != nil {
		anyFetch = func(ctx context.Context) (any, error) { return fetch(ctx) }
	}
	return h.h.subscribe(key, anyFetch, func(u Update[any]) {
		v, _ := u.Value.(T) // always a T, but a nil interface when T is one
		fn(Update[T]{Attempt: u.Attempt, Value: v, Err: u.Err, Elapsed: u.Elapsed, Replay: u.Replay, Start: u.Start})
	})
}

// subscribe is Subscribe on boxed values.
func (h *hub) subscribe(key string, fetch func(context.Context) (any, error), fn func(Update[any])) (stop func()) {
	s := &hubSub{fn: fn}

	h.mu.Lock()
	l, running := h.loops[key]
	if !running {
		if fetch == nil {
			h.mu.Unlock()
			panic("waiters: Hub.Subscribe with a nil fetch for a new loop")
		}
		ctx, cancel := context.WithCancel(context.Background())
		l = &hubLoop{cancel: cancel, joined: make(chan struct{}, 1), poked: make(chan struct{}, 1)}
		h.loops[key] = l
		go h.run(ctx, l, fetch)
	}
	l.subs = append(l.subs, s)
	if l.hasLast {
		s.replay = true
		select {
		case l.joined <- struct{}{}:
		default: // a replay is already due; it will serve this subscriber too
		}
	}
	h.mu.Unlock()

	var once sync.Once
	return func() { once.Do(func() { h.leave(key, l, s) }) }
}

// Poke asks the loop for key, if one runs, to fetch at once instead of at
// the end of its interval (a fetch in flight is not repeated: the poke
// then cuts the sleep after it short); the interval starts again from that
// fetch. Several pokes before the fetch make one. A write that changes the
// resource pokes its poll, so that every view and wait sees the change at
// once rather than up to one interval later; it costs one fetch more per
// poke. Without a loop for key it does nothing.
func (h *Hub[T]) Poke(key string) { h.h.poke(key) }

// poke is Poke.
func (h *hub) poke(key string) {
	h.mu.Lock()
	l := h.loops[key]
	h.mu.Unlock()
	if l == nil {
		return
	}
	select {
	case l.poked <- struct{}{}:
	default: // a poke is due already
	}
}

// leave removes s from l, and ends l when s was its last subscriber.
func (h *hub) leave(key string, l *hubLoop, s *hubSub) {
	s.stopped.Store(true)
	h.mu.Lock()
	defer h.mu.Unlock()
	l.subs = slices.DeleteFunc(l.subs, func(x *hubSub) bool { return x == s })
	if len(l.subs) == 0 {
		if h.loops[key] == l {
			delete(h.loops, key)
		}
		l.cancel()
	}
}

// run is l's goroutine: fetch at once, deliver, then wait one interval (or
// serve replays to late subscribers) and fetch again, until ctx ends.
func (h *hub) run(ctx context.Context, l *hubLoop, fetch func(context.Context) (any, error)) {
	start := time.Now()
	timer := time.NewTimer(h.interval)
	timer.Stop()
	defer timer.Stop()

	for attempt := 1; ; attempt++ {
		began := time.Now()
		v, err := fetch(ctx)
		if ctx.Err() != nil {
			return // the last subscriber left during the fetch
		}
		u := Update[any]{Attempt: attempt, Value: v, Err: err, Elapsed: time.Since(start), Start: began}

		h.mu.Lock()
		l.last, l.hasLast = u, true
		subs := slices.Clone(l.subs)
		for _, s := range subs {
			s.replay = false // this fresher poll replaces any replay owed
		}
		h.mu.Unlock()
		deliver(subs, u)

		timer.Reset(h.interval)
	sleep:
		for {
			select {
			case <-ctx.Done():
				return
			case <-l.joined:
				h.replay(l)
			case <-l.poked:
				timer.Stop() // Go 1.23 timers: no stale tick after Stop, Reset starts afresh
				break sleep
			case <-timer.C:
				break sleep
			}
		}
	}
}

// replay gives l's latest update to the subscribers that joined since.
func (h *hub) replay(l *hubLoop) {
	h.mu.Lock()
	var owed []*hubSub
	for _, s := range l.subs {
		if s.replay {
			s.replay = false
			owed = append(owed, s)
		}
	}
	u := l.last
	h.mu.Unlock()
	u.Replay = true
	deliver(owed, u)
}

// deliver calls each subscriber still subscribed, in order.
func deliver(subs []*hubSub, u Update[any]) {
	for _, s := range subs {
		if !s.stopped.Load() {
			s.fn(u)
		}
	}
}
