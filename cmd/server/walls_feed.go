//go:build !js

package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/waiters"
)

// feedSnapshot is a wall feed's last poll.
type feedSnapshot struct {
	At  time.Time // of the last successful poll; zero before the first
	Err string    // why the last poll failed; "" if it did not
	LBs []feedLB  // of the last successful poll
}

// wallFeed polls one credential's load balancers on a waiters.Hub (at
// once, then one interval after each poll returned) for every wall on that
// credential: one upstream poll however many walls and viewers. Each poll
// goes to the timeline, then every wall rebuilds what it shows.
type wallFeed struct {
	source   string // the credential (its clouds.yaml entry): the timeline's source
	fetch    func(ctx context.Context) ([]feedLB, error)
	interval time.Duration // between the end of a poll and the start of the next
	timeout  time.Duration // of one poll
	timeline wallTimeline  // nil: none
	logger   *slog.Logger
	now      func() time.Time

	mu    sync.Mutex
	snap  feedSnapshot
	walls []*wall
	ready chan struct{} // closed by the first poll
}

func newWallFeed(source string, fetch func(ctx context.Context) ([]feedLB, error), tl wallTimeline, logger *slog.Logger) *wallFeed {
	return &wallFeed{source: source, fetch: fetch, interval: waiters.DefaultInterval, timeout: 30 * time.Second,
		timeline: tl, logger: logger, now: time.Now, ready: make(chan struct{})}
}

// wallFeedHubKey is the one key of a wall feed's Hub.
const wallFeedHubKey = "load balancers"

// run polls until ctx is done. Call it once, after every wall is added.
func (f *wallFeed) run(ctx context.Context) {
	hub := waiters.NewHub[[]feedLB](f.interval)
	stop := hub.Subscribe(wallFeedHubKey, f.poll, f.publish)
	defer stop()
	<-ctx.Done()
}

func (f *wallFeed) poll(ctx context.Context) ([]feedLB, error) {
	ctx, cancel := context.WithTimeout(ctx, f.timeout)
	defer cancel()
	return f.fetch(ctx)
}

// publish makes a poll the feed's snapshot (an error keeps the last good
// load balancers), records it in the timeline and refreshes every wall. It
// runs on the Hub's loop, one poll at a time.
func (f *wallFeed) publish(u waiters.Update[[]feedLB]) {
	now := f.now()
	f.mu.Lock()
	if u.Err != nil {
		f.snap.Err = u.Err.Error()
	} else {
		f.snap = feedSnapshot{At: now, LBs: u.Value}
	}
	walls := f.walls
	f.mu.Unlock()
	if u.Err == nil && f.timeline != nil {
		lbs := make([]serverapi.StatusLB, len(u.Value))
		for i, lb := range u.Value {
			lbs[i] = lb.StatusLB
		}
		if err := f.timeline.Observe(f.source, now, lbs); err != nil {
			f.logger.Warn("walls: recording the timeline", "cloud", f.source, "err", err)
		}
	}
	for _, w := range walls {
		w.refresh()
	}
	select {
	case <-f.ready:
	default:
		close(f.ready) // after the walls have their first body
	}
}

// snapshot is the feed's last poll.
func (f *wallFeed) snapshot() feedSnapshot {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.snap
}

// wall is one wall of the -walls file: what it shows now, encoded once
// for all its viewers.
type wall struct {
	cfg   wallConfig
	scope wallScope
	feed  *wallFeed
	notes *wallNotes

	mu      sync.Mutex
	current serverapi.Wall
	body    []byte // current, encoded; nil before the feed's first poll
	subs    subscribers
}

// refresh rebuilds what the wall shows from its feed's last poll and its
// notes, and sends it to every viewer. The feed's poll and a note call it.
func (w *wall) refresh() {
	w.mu.Lock()
	defer w.mu.Unlock()
	snap := w.feed.snapshot() // under w.mu: the last body sent is the newest poll's
	if snap.At.IsZero() && snap.Err == "" {
		return // before the first poll
	}
	w.current = buildWall(&w.cfg, w.scope, w.feed.source, snap, w.feed.timeline, w.notes.list(w.cfg.Name), w.feed.now())
	w.body, _ = json.Marshal(w.current)
	w.subs.send(w.body)
}

// snapshot is the wall's encoded current state, waiting for the feed's
// first poll.
func (w *wall) snapshot(ctx context.Context) ([]byte, error) {
	select {
	case <-w.feed.ready:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.body, nil
}

// state is what the wall shows now (its metrics read it).
func (w *wall) state() serverapi.Wall {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.current
}

// subscribe is serveEvents' subscribe for the wall's viewers.
func (w *wall) subscribe() (<-chan []byte, []byte, func()) {
	w.mu.Lock()
	defer w.mu.Unlock()
	ch := w.subs.add()
	return ch, w.body, func() {
		w.mu.Lock()
		delete(w.subs, ch)
		w.mu.Unlock()
	}
}
