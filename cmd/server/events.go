//go:build !js

package main

import (
	"net/http"
	"time"

	"github.com/octaview/octaview/cmd/server/proxy"
)

// serveEvents streams server-sent events to a viewer that viewers admits: a
// retry hint, the current body (if any) and then one "data:" event per body
// that subscribe's channel delivers, a comment every statusHeartbeat, until
// the viewer leaves, the server stops or a write fails. Beyond viewers it
// answers a 503 fault saying busy, with Retry-After: 30. The status wall and
// the trainer's class feed both serve their viewers with it.
func serveEvents(w http.ResponseWriter, r *http.Request, viewers *viewerLimit, busy string, subscribe func() (<-chan []byte, []byte, func()), stopping <-chan struct{}) {
	gone, ok := viewers.admit(r)
	if !ok {
		w.Header().Set("Retry-After", "30")
		proxy.WriteFault(w, http.StatusServiceUnavailable, "%s", busy)
		return
	}
	defer gone()
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // nginx: do not buffer the stream
	updates, current, leave := subscribe()
	defer leave()
	w.WriteHeader(http.StatusOK)
	if _, err := w.Write([]byte("retry: 3000\n\n")); err != nil {
		return
	}
	if current != nil && writeEvent(w, current) != nil {
		return
	}
	if rc.Flush() != nil {
		return
	}
	heartbeat := time.NewTicker(statusHeartbeat)
	defer heartbeat.Stop()
	for {
		var err error
		select {
		case <-r.Context().Done():
			return
		case <-stopping:
			return
		case body := <-updates:
			err = writeEvent(w, body)
		case <-heartbeat.C:
			_, err = w.Write([]byte(": keep-alive\n\n"))
		}
		if err == nil {
			err = rc.Flush()
		}
		if err != nil {
			return
		}
	}
}

// writeEvent writes body as one "data:" event (body is JSON on one line).
func writeEvent(w http.ResponseWriter, body []byte) error {
	buf := make([]byte, 0, len(body)+8)
	buf = append(buf, "data: "...)
	buf = append(buf, body...)
	buf = append(buf, "\n\n"...)
	_, err := w.Write(buf)
	return err
}

// subscribers are a feed's event streams, each a channel of one body that
// holds the newest: a slow viewer skips to it rather than holding the feed
// up. The feed's mutex guards the set.
type subscribers map[chan []byte]struct{}

// add joins a new subscriber and returns its channel.
func (s subscribers) add() chan []byte {
	ch := make(chan []byte, 1)
	s[ch] = struct{}{}
	return ch
}

// send hands body to every subscriber, replacing a body not yet read.
func (s subscribers) send(body []byte) {
	for ch := range s {
		select {
		case ch <- body:
		default: // a slow viewer skips to the newest
			select {
			case <-ch:
			default:
			}
			ch <- body
		}
	}
}
