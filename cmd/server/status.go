//go:build !js

package main

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/proxy"
	"github.com/octaview/octaview/waiters"
)

// statusHeartbeat is how often an idle event stream gets a comment line, so proxies
// and browsers keep it open.
const statusHeartbeat = 15 * time.Second

// statusHubKey is the one key of a feed's Hub: the load balancers of the status cloud.
const statusHubKey = "load balancers"

// Default bounds of the anonymous event stream's viewers (-status-max-viewers,
// -status-max-viewers-per-addr): each one holds a connection and a goroutine.
const (
	statusMaxViewers        = 5000
	statusMaxViewersPerAddr = 100
)

// viewerLimit bounds the event stream's viewers, in all and per client address
// (an IPv6 client: its /64). The zero value admits no one; see newViewerLimit.
type viewerLimit struct {
	max, perAddr   int
	trustForwarded bool // the address: the last X-Forwarded-For hop

	mu     sync.Mutex
	total  int
	byAddr map[string]int
}

func newViewerLimit(max, perAddr int, trustForwarded bool) *viewerLimit {
	return &viewerLimit{max: max, perAddr: perAddr, trustForwarded: trustForwarded, byAddr: make(map[string]int)}
}

// admit counts one more viewer from r's address, or reports that there are too many.
func (l *viewerLimit) admit(r *http.Request) (leave func(), ok bool) {
	addr := proxy.ClientKey(r, l.trustForwarded)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.total >= l.max || l.byAddr[addr] >= l.perAddr {
		return nil, false
	}
	l.total++
	l.byAddr[addr]++
	return func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		l.total--
		if l.byAddr[addr]--; l.byAddr[addr] <= 0 {
			delete(l.byAddr, addr)
		}
	}, true
}

// statusFetch reads the load balancers and their status trees from upstream.
type statusFetch func(ctx context.Context) ([]serverapi.StatusLB, error)

// statusFeed polls upstream on a waiters.Hub while it runs (at once, then one
// interval after each poll returned, as the CLI's --wait does) and hands each
// result, encoded once, to every subscriber: one upstream poll however many
// viewers.
type statusFeed struct {
	fetch    statusFetch
	interval time.Duration // between the end of a poll and the start of the next
	timeout  time.Duration // of one poll
	metrics  *metrics

	mu      sync.Mutex
	last    serverapi.Status
	current []byte // encoded last; nil before the first poll
	ready   chan struct{}
	subs    subscribers
	viewers *viewerLimit // of the event stream
}

func newStatusFeed(fetch statusFetch, m *metrics) *statusFeed {
	return &statusFeed{
		fetch:    fetch,
		interval: waiters.DefaultInterval,
		timeout:  30 * time.Second,
		metrics:  m,
		ready:    make(chan struct{}),
		subs:     subscribers{},
		viewers:  newViewerLimit(statusMaxViewers, statusMaxViewersPerAddr, false),
		last:     serverapi.Status{LoadBalancers: []serverapi.StatusLB{}},
	}
}

// run polls at once, then every f.interval after the previous poll returned,
// until ctx is done. Call it once.
func (f *statusFeed) run(ctx context.Context) {
	hub := waiters.NewHub[[]serverapi.StatusLB](f.interval)
	stop := hub.Subscribe(statusHubKey, f.poll, f.publish)
	defer stop()
	<-ctx.Done()
}

// poll is one upstream poll, limited to f.timeout.
func (f *statusFeed) poll(ctx context.Context) ([]serverapi.StatusLB, error) {
	ctx, cancel := context.WithTimeout(ctx, f.timeout)
	defer cancel()
	return f.fetch(ctx)
}

// publish makes a poll's result the current snapshot (an error keeps the last
// good load balancers) and sends it to every subscriber. It runs on the Hub's
// loop, one poll at a time.
func (f *statusFeed) publish(u waiters.Update[[]serverapi.StatusLB]) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if u.Err != nil {
		f.last.Error = u.Err.Error()
		f.countPoll("error")
	} else {
		lbs := u.Value
		if lbs == nil {
			lbs = []serverapi.StatusLB{}
		}
		f.last = serverapi.Status{UpdatedAt: time.Now().UTC().Format(time.RFC3339), LoadBalancers: lbs}
		f.countPoll("ok")
	}
	body, _ := json.Marshal(f.last)
	f.current = body
	select {
	case <-f.ready:
	default:
		close(f.ready)
	}
	f.subs.send(body)
}

func (f *statusFeed) countPoll(result string) {
	if f.metrics != nil {
		f.metrics.statusPolls.WithLabelValues(result).Inc()
	}
}

// snapshot returns the encoded last snapshot, waiting for the first poll.
func (f *statusFeed) snapshot(ctx context.Context) ([]byte, error) {
	select {
	case <-f.ready:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.current, nil
}

// subscribe returns a channel that receives every new snapshot (the newest one only,
// if the reader is slow), the current one if any, and a func to leave.
func (f *statusFeed) subscribe() (<-chan []byte, []byte, func()) {
	f.mu.Lock()
	ch := f.subs.add()
	current := f.current
	f.mu.Unlock()
	if f.metrics != nil {
		f.metrics.statusViewers.Inc()
	}
	return ch, current, func() {
		f.mu.Lock()
		delete(f.subs, ch)
		f.mu.Unlock()
		if f.metrics != nil {
			f.metrics.statusViewers.Dec()
		}
	}
}

// handleStatus serves GET /api/status: the last snapshot as JSON.
func handleStatus(feed *statusFeed) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 30*time.Second)
		defer cancel()
		body, err := feed.snapshot(ctx)
		if err != nil {
			proxy.WriteFault(w, http.StatusServiceUnavailable, "The status page has no data yet.")
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		w.Write(body)
	})
}

// handleStatusEvents serves GET /api/status/events: server-sent events, one
// "data: <snapshot>" event per upstream poll (the current snapshot first), a comment
// line every statusHeartbeat, until the client leaves or the server stops. Beyond
// feed.viewers (in all, or from one address), a 503 fault.
func handleStatusEvents(feed *statusFeed, stopping <-chan struct{}) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		serveEvents(w, r, feed.viewers, "Too many viewers of the status page: try again later.", feed.subscribe, stopping)
	})
}
