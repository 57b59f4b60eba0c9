package tab

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// tabBus is an in-memory browser for tabShare: one lock queue per key (as
// navigator.locks) and a channel to every other tab (as BroadcastChannel).
type tabBus struct {
	mu     sync.Mutex
	tabs   []*tabShare
	queues map[string][]*busLease // the holder first
	mute   atomic.Bool            // drop every post (a leader that says nothing)
}

type busLease struct {
	granted func()
}

// busLink is one tab's side of a tabBus.
type busLink struct {
	bus  *tabBus
	self *tabShare
}

func (l *busLink) lead(key string, granted func()) func() {
	b := l.bus
	lease := &busLease{granted: granted}
	b.mu.Lock()
	if b.queues == nil {
		b.queues = map[string][]*busLease{}
	}
	b.queues[key] = append(b.queues[key], lease)
	first := len(b.queues[key]) == 1
	b.mu.Unlock()
	if first {
		go granted()
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			b.mu.Lock()
			q := b.queues[key]
			held := len(q) > 0 && q[0] == lease
			b.queues[key] = slices.DeleteFunc(q, func(x *busLease) bool { return x == lease })
			var next *busLease
			if held && len(b.queues[key]) > 0 {
				next = b.queues[key][0]
			}
			b.mu.Unlock()
			if next != nil {
				go next.granted()
			}
		})
	}
}

func (l *busLink) post(m tabMsg) {
	if l.bus.mute.Load() {
		return
	}
	l.bus.mu.Lock()
	tabs := slices.Clone(l.bus.tabs)
	l.bus.mu.Unlock()
	for _, t := range tabs {
		if t != l.self {
			go t.receive(m)
		}
	}
}

// newTab opens a tab on the bus: its own tabShare and Hub.
func (b *tabBus) newTab() (*tabShare, *waiters.Hub[int]) {
	link := &busLink{bus: b}
	s := newTabShare(link, waiters.DefaultInterval)
	link.self = s
	b.mu.Lock()
	b.tabs = append(b.tabs, s)
	b.mu.Unlock()
	return s, waiters.NewHub[int](waiters.DefaultInterval)
}

// twoTabs are two tabs of one bus, with the time they opened.
type twoTabs struct {
	bus   *tabBus
	start time.Time
	share [2]*tabShare
	hub   [2]*waiters.Hub[int]
}

func openTwoTabs() *twoTabs {
	tt := &twoTabs{bus: &tabBus{}, start: time.Now()}
	for i := range tt.share {
		tt.share[i], tt.hub[i] = tt.bus.newTab()
	}
	return tt
}

// subscribe subscribes tab i to "lb-1", read with fetch.
func (tt *twoTabs) subscribe(i int, fetch func(context.Context) (int, error)) (*tabSub, func()) {
	return subscribeTab(tt.share[i], tt.hub[i], "lb-1", fetch, tt.start)
}

// leadThenFollow subscribes tab 0, which leads once it has polled
// (synctest.Wait: inside a bubble), then tab 1, which follows it; both read
// with fetch.
func (tt *twoTabs) leadThenFollow(fetch func(context.Context) (int, error)) (lead, follow *tabSub, stopLead, stopFollow func()) {
	lead, stopLead = tt.subscribe(0, fetch)
	synctest.Wait()
	follow, stopFollow = tt.subscribe(1, fetch)
	return lead, follow, stopLead, stopFollow
}

// tabSub subscribes to key of hub in tab s, counting the GETs in gets and
// recording what it sees.
type tabSub struct {
	mu   sync.Mutex
	seen []int
	errs []octavia.ErrorCode
	at   []time.Duration
}

func subscribeTab(s *tabShare, h *waiters.Hub[int], key string, fetch func(context.Context) (int, error), start time.Time) (*tabSub, func()) {
	sub := &tabSub{}
	stop := h.Subscribe(key, shareFetch(s, key, fetch, func() { h.Poke(key) }), func(u waiters.Update[int]) {
		sub.mu.Lock()
		defer sub.mu.Unlock()
		sub.seen = append(sub.seen, u.Value)
		sub.errs = append(sub.errs, octavia.ErrorCodeOf(u.Err))
		sub.at = append(sub.at, time.Since(start))
	})
	return sub, stop
}

func (s *tabSub) values() []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.seen)
}

func (s *tabSub) times() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.at)
}

// upstream is the one object every tab polls: each GET returns its count.
type upstream struct{ gets atomic.Int32 }

func (u *upstream) fetch(ctx context.Context) (int, error) {
	return int(u.gets.Add(1)), nil
}

// TestTabsShareOnePoll: two tabs on one object make one GET per 3 s
// between them, and both see every answer.
func TestTabsShareOnePoll(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		up := &upstream{}
		a, b, stopA, stopB := openTwoTabs().leadThenFollow(up.fetch)
		time.Sleep(15*time.Second + 100*time.Millisecond)
		synctest.Wait()
		stopA()
		stopB()
		if got := up.gets.Load(); got != 6 {
			t.Errorf("GETs in 15 s with two tabs: got %d, want 6 (0, 3, …, 15 s: one per 3 s)", got)
		}
		if got, want := a.values(), []int{1, 2, 3, 4, 5, 6}; !slices.Equal(got, want) {
			t.Errorf("the leader saw %v, want %v", got, want)
		}
		got := b.values()
		if len(got) < 6 || !slices.IsSorted(got) || got[len(got)-1] != 6 {
			t.Errorf("the follower saw %v, want every answer of the leader, up to 6", got)
		}
	})
}

// TestTabsShareASlowPoll: when each GET takes 2 s (a slow cloud, a busy
// machine), the leader's answers come every 5 s (3 s after the last one
// returned, as the CLI's --wait), past the 4.5 s a follower waits for a
// silent leader: the follower counts the leader's GET time and still takes
// its answers, and the GETs stay one per poll for both tabs.
func TestTabsShareASlowPoll(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tabs, up := openTwoTabs(), &upstream{}
		slow := func(ctx context.Context) (int, error) {
			select {
			case <-time.After(2 * time.Second):
				return up.fetch(ctx)
			case <-ctx.Done():
				return 0, ctx.Err()
			}
		}
		a, stopA := tabs.subscribe(0, slow)
		synctest.Wait()
		time.Sleep(2*time.Second + 100*time.Millisecond) // the leader's first answer
		b, stopB := tabs.subscribe(1, slow)
		time.Sleep(25 * time.Second)
		synctest.Wait()
		stopA()
		stopB()
		synctest.Wait()
		// Begun at 0, 5, 10, 15, 20, 25 s: six, however many tabs.
		if got := up.gets.Load(); got > 6 {
			t.Errorf("GETs in 27 s of a 2 s upstream with two tabs: got %d, want at most 6 (one per poll)", got)
		}
		if got := b.values(); len(got) < 4 || got[len(got)-1] != a.values()[len(a.values())-1] {
			t.Errorf("the follower saw %v, the leader %v: want the leader's answers", got, a.values())
		}
	})
}

// TestTabsHandOver: when the leader's poll ends (its page closed, its tab
// gone), the follower GETs at once: no answer is more than one interval
// late, and the GETs stay one per 3 s.
func TestTabsHandOver(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		up := &upstream{}
		_, b, stopA, stopB := openTwoTabs().leadThenFollow(up.fetch)
		time.Sleep(7 * time.Second)
		stopA() // the leader leaves at 7 s, between two polls
		time.Sleep(9 * time.Second)
		synctest.Wait()
		stopB()
		at := b.times()
		for i := 1; i < len(at); i++ {
			if gap := at[i] - at[i-1]; gap > waiters.DefaultInterval {
				t.Errorf("the follower waited %v between answers (at %v), want at most one interval", gap, at)
			}
		}
		if got := up.gets.Load(); got < 6 || got > 7 {
			t.Errorf("GETs in 16 s: got %d, want 6 or 7 (one per 3 s, and one at the handover)", got)
		}
		if got := b.values(); got[len(got)-1] != int(up.gets.Load()) {
			t.Errorf("the follower's last answer: got %v, want the last GET's, %d", got, up.gets.Load())
		}
	})
}

// TestTabsSilentLeader: a follower that hears nothing for one and a half
// intervals (the leader's tab is throttled) GETs by itself.
func TestTabsSilentLeader(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tabs, up := openTwoTabs(), &upstream{}
		_, stopA := tabs.subscribe(0, up.fetch)
		defer stopA()
		synctest.Wait()
		tabs.bus.mute.Store(true)
		b, stopB := tabs.subscribe(1, up.fetch)
		time.Sleep(10 * time.Second)
		synctest.Wait()
		stopB()
		at := b.times()
		if len(at) < 3 {
			t.Fatalf("the follower of a silent leader got answers at %v, want its own every 4.5 s at most", at)
		}
		for i := 1; i < len(at); i++ {
			if gap := at[i] - at[i-1]; gap > waiters.DefaultInterval*3/2+waiters.DefaultInterval {
				t.Errorf("the follower waited %v between answers, want at most 4.5 s and its interval", gap)
			}
		}
	})
}

// TestTabsDemandAndErrors: a tab whose write demands a poll of its own
// GETs itself (and the other tab hears it); a 404 reaches the other tab as
// a 404 (a delete's wait ends on it), a refused token does not (each tab
// asks its own user to log in again).
func TestTabsDemandAndErrors(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tabs := openTwoTabs()
		var gets [2]atomic.Int32
		var fail atomic.Value // octavia.ErrorCode to fail with, "" = none
		fail.Store(octavia.ErrorCode(""))
		fetch := func(tab int) func(context.Context) (int, error) {
			return func(context.Context) (int, error) {
				n := gets[tab].Add(1)
				if code := fail.Load().(octavia.ErrorCode); code != "" {
					return 0, &octavia.Error{Code: code, StatusCode: map[octavia.ErrorCode]int{octavia.ENOTFOUND: 404, octavia.EUNAUTHORIZED: 401}[code]}
				}
				return int(n) * 10, nil
			}
		}
		_, stopA := tabs.subscribe(0, fetch(0))
		defer stopA()
		synctest.Wait()
		b, stopB := tabs.subscribe(1, fetch(1))
		defer stopB()
		time.Sleep(4 * time.Second)
		synctest.Wait()
		before := gets[1].Load()
		tabs.share[1].demand("lb-1")
		tabs.hub[1].Poke("lb-1")
		synctest.Wait()
		if got := gets[1].Load(); got != before+1 {
			t.Errorf("the follower's GETs after a demand: got %d, want %d (one of its own)", got, before+1)
		}

		fail.Store(octavia.ENOTFOUND)
		time.Sleep(3 * time.Second)
		synctest.Wait()
		b.mu.Lock()
		last := b.errs[len(b.errs)-1]
		b.mu.Unlock()
		if last != octavia.ENOTFOUND {
			t.Errorf("the follower's answer to a 404 of the leader: got %q, want ENOTFOUND", last)
		}

		fail.Store(octavia.EUNAUTHORIZED)
		followerGets := gets[1].Load()
		time.Sleep(6 * time.Second)
		synctest.Wait()
		if gets[1].Load() == followerGets {
			t.Errorf("a leader's 401 was relayed: the follower never read by itself, want it to (its own user logs in again)")
		}
	})
}
