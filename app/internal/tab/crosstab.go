package tab

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// Tabs of one browser share their polls: every tab is its own app with its
// own Hubs, but two tabs on the same load balancer must not read its status
// tree twice per 3 s. For each poll key, one tab leads (it holds the Web
// Lock "octaview-poll:KEY" while its poll runs) and sends every answer to
// the others on a BroadcastChannel; the others (followers) take those
// answers as their own polls. When the leader's poll ends, or its tab
// closes, the browser hands the lock to the next tab that waits for it,
// whose poll then GETs at once: the handover takes no interval. A follower
// that hears nothing for one and a half intervals (the leader's tab is
// throttled in the background, or gone without a word) GETs by itself and
// sends what it read to the others. Without BroadcastChannel or Web Locks
// (an http:// origin other than localhost is not a secure context), every
// tab polls by itself, as before.

// tabMsg is one answer a tab sends the others: the poll's key, the answer
// (JSON) or its error, and when its GET began (Unix ms).
type tabMsg struct {
	Key   string          `json:"k"`
	Body  json.RawMessage `json:"b,omitempty"`
	Err   *tabErr         `json:"e,omitempty"`
	Began int64           `json:"t"`
}

// tabErr is a failed GET as the other tabs get it (an *octavia.Error's
// code, HTTP status, the service's message and what was done).
type tabErr struct {
	Code   octavia.ErrorCode `json:"c"`
	Status int               `json:"s,omitempty"`
	Fault  string            `json:"f,omitempty"`
	Op     string            `json:"o,omitempty"`
}

// tabLink is how the tabs meet: a lock per key, a channel for the answers.
// The browser's is webTabs (BroadcastChannel and navigator.locks); the
// tests use an in-memory one.
type tabLink interface {
	// lead asks to lead key: granted is called (any goroutine, once) when
	// this tab holds the lock. release gives it up, or withdraws the
	// request; it may be called more than once.
	lead(key string, granted func()) (release func())
	// post sends m to the other tabs (never to this one).
	post(m tabMsg)
}

// tabShare is this tab's side of the shared polls: what it heard, which
// keys it polls, and which of them it leads.
type tabShare struct {
	link     tabLink
	interval time.Duration

	mu   sync.Mutex
	keys map[string]*tabKey
	seen map[string]tabHeard // the latest answer heard per key, kept one interval
}

// tabHeard is an answer heard from another tab, and when.
type tabHeard struct {
	msg tabMsg
	at  time.Time
}

// tabKey is a key this tab polls (a Hub loop of its own runs for it).
// Guarded by tabShare.mu.
type tabKey struct {
	loops    int    // this tab's loops of the key (one at a time; a new one may start before the old has left)
	leading  bool   // this tab holds the key's lock
	release  func() // gives the lock up
	heard    uint64 // answers heard for the key
	returned uint64 // the answer this tab's poll returned last
	latest   tabMsg
	demand   bool          // the next poll must GET (a write of this tab: its wait must see after it)
	lastAt   time.Time     // when this tab's poll last returned an answer
	took     time.Duration // how long the leader's last GET took (its answer's Began to its arrival)
	wake     chan struct{} // closed when something changed for a poll waiting on the key
	poke     func()        // makes this tab's loop poll at once
}

// newTabShare returns a tabShare on link, whose polls run every interval.
func newTabShare(link tabLink, interval time.Duration) *tabShare {
	return &tabShare{link: link, interval: interval, keys: map[string]*tabKey{}, seen: map[string]tabHeard{}}
}

// receive takes an answer another tab sent. Any goroutine.
func (s *tabShare) receive(m tabMsg) {
	now := time.Now()
	s.mu.Lock()
	s.seen[m.Key] = tabHeard{msg: m, at: now}
	for k, h := range s.seen {
		if now.Sub(h.at) > 2*s.interval {
			delete(s.seen, k)
		}
	}
	k := s.keys[m.Key]
	var poke func()
	if k != nil && !k.leading {
		k.heard++
		k.latest = m
		// The leader's next answer comes an interval after this one, plus
		// its GET's time: a slow cloud must not make every tab GET.
		k.took = tookOf(m, now, s.interval)
		k.wakeUp()
		poke = k.poke
	}
	s.mu.Unlock()
	if poke != nil {
		poke() // a poll of this tab that sleeps takes it at once
	}
}

// wakeUp wakes a poll that waits on k. Caller holds tabShare.mu.
func (k *tabKey) wakeUp() {
	close(k.wake)
	k.wake = make(chan struct{})
}

// join counts a loop of this tab on key, and asks to lead it when it is
// the first. Any goroutine.
func (s *tabShare) join(key string, poke func()) {
	s.mu.Lock()
	k := s.keys[key]
	if k == nil {
		k = &tabKey{wake: make(chan struct{}), poke: poke}
		s.keys[key] = k
	}
	k.loops++
	first := k.loops == 1 && k.release == nil
	s.mu.Unlock()
	if first {
		release := s.link.lead(key, func() { s.granted(key) })
		s.mu.Lock()
		if s.keys[key] == k {
			k.release = release
			release = nil
		}
		s.mu.Unlock()
		if release != nil {
			release() // left already
		}
	}
}

// granted makes this tab the leader of key. Any goroutine.
func (s *tabShare) granted(key string) {
	s.mu.Lock()
	k := s.keys[key]
	if k != nil {
		k.leading = true
		k.wakeUp()
	}
	s.mu.Unlock()
}

// leave ends a loop of this tab on key; the last one gives its lock up.
func (s *tabShare) leave(key string) {
	s.mu.Lock()
	k := s.keys[key]
	var release func()
	if k != nil {
		if k.loops--; k.loops == 0 {
			delete(s.keys, key)
			release = k.release
		}
	}
	s.mu.Unlock()
	if release != nil {
		release()
	}
}

// demand makes the next poll of key in this tab a GET of its own, sent to
// the others as a leader's would be: a write of this tab wants a poll made
// after it, not an answer heard from a GET that may have begun before.
func (s *tabShare) demand(key string) {
	s.mu.Lock()
	if k := s.keys[key]; k != nil {
		k.demand = true
		k.wakeUp()
	}
	s.mu.Unlock()
}

// tabStep is what a poll does next.
type tabStep int

const (
	stepGet  tabStep = iota // GET, and send the answer to the other tabs
	stepTake                // take the answer heard
	stepWait                // wait for an answer, the lock or a demand
)

// step decides a poll of key (first: the loop's first poll) at now, and
// notes when it returns. Caller holds s.mu.
func (s *tabShare) step(k *tabKey, key string, first bool, now time.Time) (tabStep, tabMsg) {
	st, m := s.decide(k, key, first, now)
	if st != stepWait {
		k.lastAt = now
	}
	return st, m
}

// decide is step's choice.
func (s *tabShare) decide(k *tabKey, key string, first bool, now time.Time) (tabStep, tabMsg) {
	switch {
	case k.leading || k.demand:
		k.demand = false
		return stepGet, tabMsg{}
	case k.heard > k.returned:
		k.returned = k.heard
		return stepTake, k.latest
	case first:
		// A new loop: an answer heard within the interval is as fresh as a
		// GET would be; else GET now rather than leave the page empty.
		if h, ok := s.seen[key]; ok && now.Sub(h.at) < s.interval {
			k.took = tookOf(h.msg, h.at, s.interval)
			return stepTake, h.msg
		}
		return stepGet, tabMsg{}
	case now.Sub(k.lastAt) >= s.patience(k):
		return stepGet, tabMsg{} // nothing heard: the leader is throttled or gone
	}
	return stepWait, tabMsg{}
}

// tookOf is how long the GET of answer m, heard at at, took: from its
// Began to at, within [0, 4 intervals] (the tabs' clocks are one).
func tookOf(m tabMsg, at time.Time, interval time.Duration) time.Duration {
	return min(max(at.Sub(time.UnixMilli(m.Began)), 0), 4*interval)
}

// patience is how long after its last answer a follower waits for the
// leader's next before it GETs by itself: one and a half intervals, and
// the time the leader's last GET took (the leader polls an interval after
// its GET returned, as the CLI's --wait).
func (s *tabShare) patience(k *tabKey) time.Duration {
	return s.interval*3/2 + k.took
}

// shareFetch returns fetch shared with the other tabs under key (see
// above): the fetch of a Hub loop, which pokes the loop with poke. With no
// tabShare it is fetch itself.
func shareFetch[T any](s *tabShare, key string, fetch func(context.Context) (T, error), poke func()) func(context.Context) (T, error) {
	if s == nil {
		return fetch
	}
	get := s.fetcher(key, poke, func(ctx context.Context) (any, error) {
		v, err := fetch(ctx)
		return v, err
	})
	return func(ctx context.Context) (T, error) {
		v, m, took, err := get(ctx)
		if took {
			return tabAnswer[T](m)
		}
		t, _ := v.(T) // nil (a done context) is T's zero value
		return t, err
	}
}

// fetcher is shareFetch's loop, one for every answer type (Go's wasm code
// grows by each instantiation of a generic function, so only the wrapper
// above is generic): it returns what fetch returned (v, err), or took is
// true and m is the answer another tab sent. Not inlined: each inlined
// copy would hold a copy of the loop.
//
//go:noinline
func (s *tabShare) fetcher(key string, poke func(), fetch func(context.Context) (any, error)) func(context.Context) (v any, m tabMsg, took bool, err error) {
	var once sync.Once
	first := true
	return func(ctx context.Context) (any, tabMsg, bool, error) {
		once.Do(func() {
			s.join(key, poke)
			context.AfterFunc(ctx, func() { s.leave(key) })
		})
		isFirst := first
		first = false
		for {
			s.mu.Lock()
			k := s.keys[key]
			if k == nil { // left: the loop's context is done
				s.mu.Unlock()
				return nil, tabMsg{}, false, ctx.Err()
			}
			step, m := s.step(k, key, isFirst, time.Now())
			wake, deadline := k.wake, k.lastAt.Add(s.patience(k))
			s.mu.Unlock()
			switch step {
			case stepGet:
				start := time.Now()
				v, err := fetch(ctx)
				if ctx.Err() == nil {
					s.send(key, v, err, start)
				}
				return v, tabMsg{}, false, err
			case stepTake:
				return nil, m, true, nil
			}
			timer := time.NewTimer(time.Until(deadline))
			select {
			case <-ctx.Done():
				timer.Stop()
				return nil, tabMsg{}, false, ctx.Err()
			case <-wake:
			case <-timer.C:
			}
			timer.Stop()
		}
	}
}

// send gives the other tabs this tab's answer for key: the value, or an
// error other than a refused token (each tab asks its own user to log in
// again) or a cancelled poll.
func (s *tabShare) send(key string, v any, err error, began time.Time) {
	m := tabMsg{Key: key, Began: began.UnixMilli()}
	var e *octavia.Error
	switch {
	case err == nil:
		b, jerr := json.Marshal(v)
		if jerr != nil {
			return
		}
		m.Body = b
	case octavia.ErrorCodeOf(err) == octavia.EUNAUTHORIZED, errors.Is(err, context.Canceled):
		return
	case errors.As(err, &e):
		m.Err = &tabErr{Code: e.Code, Status: e.StatusCode, Fault: e.Fault, Op: e.Op}
	default:
		m.Err = &tabErr{Code: octavia.ErrorCodeOf(err), Op: err.Error()}
	}
	s.link.post(m)
}

// tabAnswer is the answer m carries, as the fetch would have returned it.
func tabAnswer[T any](m tabMsg) (T, error) {
	var v T
	if m.Err != nil {
		return v, &octavia.Error{Code: m.Err.Code, StatusCode: m.Err.Status, Fault: m.Err.Fault, Op: m.Err.Op,
			Err: errors.New("read by another tab of this browser")}
	}
	if err := json.Unmarshal(m.Body, &v); err != nil {
		return v, &octavia.Error{Code: octavia.EINTERNAL, Op: "read an answer of another tab", Err: err}
	}
	return v, nil
}

// tabKeyOf is the key under which the tabs share a poll: the Hub's own key,
// with the user and region (two tabs share a poll only when they would
// read the same answer).
func tabKeyOf(sess *Session, hub, key string) string {
	return hub + "|" + sess.Info.UserID + "|" + sess.Info.Region + "|" + key
}

// SharedHubFetch wraps fetch, the fetch of hub h's loop of key, for the
// other tabs.
func SharedHubFetch[T any](sess *Session, name string, h *waiters.Hub[T], key string, fetch func(context.Context) (T, error)) func(context.Context) (T, error) {
	return shareFetch(sess.tabs(), tabKeyOf(sess, name, key), fetch, func() { h.Poke(key) })
}
