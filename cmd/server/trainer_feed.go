//go:build !js

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/waiters"
)

// Bounds of the trainer page's event streams: trainers are few; each
// stream holds a connection and a goroutine.
const (
	trainerMaxViewers        = 100
	trainerMaxViewersPerAddr = 20
)

// classFeed reads the class from the lab in process (labcloud.Cloud.Class:
// one lock, no HTTP) once per interval while a trainer's page follows it or
// an exercise runs (whose progress it records), and hands each read,
// encoded once, to every trainer page and to the trainees' checklists: one
// lab read per interval whatever the number of viewers.
type classFeed struct {
	lab      *labcloud.Cloud
	interval time.Duration
	reads    prometheus.Counter
	viewers  *viewerLimit
	// urlWarning goes in every class read (serverapi.Class.URLWarning);
	// set before run.
	urlWarning string

	readMu sync.Mutex // one read at a time
	nreads atomic.Int64

	mu      sync.Mutex
	class   serverapi.Class
	current []byte // class encoded; nil before the first read
	at      time.Time
	subs    subscribers
	wake    chan struct{}
}

func newClassFeed(lab *labcloud.Cloud, m *metrics, trustForwarded bool) *classFeed {
	f := &classFeed{
		lab: lab, interval: waiters.DefaultInterval,
		reads: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "octaview_trainer_lab_reads_total",
			Help: "Reads of the whole class from the lab for the trainer's page and the checklists (one per 3 s at most).",
		}),
		viewers: newViewerLimit(trainerMaxViewers, trainerMaxViewersPerAddr, trustForwarded),
		subs:    subscribers{},
		wake:    make(chan struct{}, 1),
	}
	if m != nil {
		m.registry.MustRegister(f.reads)
	}
	return f
}

// run reads the class every f.interval while anyone follows it or an
// exercise runs, until ctx is done.
func (f *classFeed) run(ctx context.Context) {
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-f.wake:
		}
		f.mu.Lock()
		due := time.Since(f.at) >= f.interval || f.current == nil
		busy := len(f.subs) > 0
		f.mu.Unlock()
		if due && (busy || f.lab.Exercise() != nil) {
			f.readMu.Lock()
			f.read()
			f.readMu.Unlock()
		}
		t.Reset(f.interval)
	}
}

// read reads the class once and publishes it.
func (f *classFeed) read() {
	out := f.lab.Class()
	f.reads.Inc()
	f.nreads.Add(1)
	f.mu.Lock()
	defer f.mu.Unlock()
	out.Viewers = len(f.subs)
	out.URLWarning = f.urlWarning
	body, _ := json.Marshal(out)
	f.class, f.current, f.at = out, body, time.Now()
	f.subs.send(body)
}

// readCount is how many times the class was read.
func (f *classFeed) readCount() int64 { return f.nreads.Load() }

// refresh reads the class at once after a trainer's action (a fault, a
// reset), so that every page shows its effect without waiting for the
// next read.
func (f *classFeed) refresh() {
	f.readMu.Lock()
	defer f.readMu.Unlock()
	f.read()
}

// snapshot returns the last class read, reading it now when there is none
// yet or it is older than the interval (the feed does not run without
// viewers or an exercise): at most one read per interval either way.
func (f *classFeed) snapshot() (serverapi.Class, []byte) {
	f.readMu.Lock()
	f.mu.Lock()
	stale := f.current == nil || time.Since(f.at) >= f.interval
	f.mu.Unlock()
	if stale {
		f.read()
	}
	f.readMu.Unlock()
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.class, f.current
}

// subscribe follows the class: the current one (if any) and every new read.
func (f *classFeed) subscribe() (<-chan []byte, []byte, func()) {
	f.mu.Lock()
	ch := f.subs.add()
	current := f.current
	f.mu.Unlock()
	select {
	case f.wake <- struct{}{}:
	default:
	}
	return ch, current, func() {
		f.mu.Lock()
		delete(f.subs, ch)
		f.mu.Unlock()
	}
}

// handleEvents serves TrainerEventsPath: server-sent events, one class per
// lab read (the current one first), a comment every statusHeartbeat, until
// the trainer leaves or the server stops; bounded like the status wall's.
func (f *classFeed) handleEvents(stopping <-chan struct{}) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		serveEvents(w, r, f.viewers, "Too many trainer pages follow the class: try again later.", f.subscribe, stopping)
	})
}

// checklist is the checklist of project (by id) from the last class read.
func (f *classFeed) checklist(projectID string) serverapi.Checklist {
	if f.lab.Exercise() == nil {
		return serverapi.Checklist{}
	}
	cl, _ := f.snapshot()
	out := serverapi.Checklist{Exercise: cl.Exercise}
	for _, t := range cl.Trainees {
		if t.ProjectID == projectID {
			out.Project, out.Steps = t.Project, t.Steps
		}
	}
	return out
}

// jsonBody encodes v for an answer.
func jsonBody(v any) []byte {
	var b bytes.Buffer
	json.NewEncoder(&b).Encode(v)
	return b.Bytes()
}
