//go:build !js

package proxytest

import (
	"bufio"
	"context"
	"maps"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// SlowBodies floods a server with request bodies that never finish: each
// sender dials, writes its Head (a request's line and headers, and the
// first byte of a body its Content-Length says is longer), then that last
// byte again every 2 s until the server answers; it waits Pause and starts
// again, until the flood's context is done. It counts the answers by
// status, the bodies started, the senders still sending and the longest a
// request stayed open. Set its fields before Run.
type SlowBodies struct {
	From  []string           // sender i dials from From[i%len(From)] (loopback addresses); none: the system's choice
	Head  func(i int) string // sender i's request head and first body byte
	Pause time.Duration      // after an answer (or a failed dial), before the next request

	mu       sync.Mutex
	statuses map[int]int
	longest  time.Duration
	holding  atomic.Int64 // senders writing a body right now
	bodies   atomic.Int64 // bodies started
}

// Run starts n senders against addr (host:port) until ctx is done; wait on
// the WaitGroup after cancelling ctx.
func (f *SlowBodies) Run(ctx context.Context, addr string, n int) *sync.WaitGroup {
	f.statuses = map[int]int{}
	var wg sync.WaitGroup
	for i := range n {
		d := &net.Dialer{}
		if len(f.From) > 0 {
			d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(f.From[i%len(f.From)])}
		}
		head := f.Head(i)
		wg.Go(func() {
			for ctx.Err() == nil {
				f.once(ctx, d, addr, head)
				select {
				case <-ctx.Done():
				case <-time.After(f.Pause):
				}
			}
		})
	}
	return &wg
}

func (f *SlowBodies) once(ctx context.Context, d *net.Dialer, addr, head string) {
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return
	}
	defer conn.Close()
	start := time.Now()
	if _, err := conn.Write([]byte(head)); err != nil {
		return
	}
	answered := make(chan int, 1)
	go func() {
		status := 0
		if resp, err := http.ReadResponse(bufio.NewReader(conn), nil); err == nil {
			status = resp.StatusCode
			resp.Body.Close()
		}
		answered <- status
	}()
	f.bodies.Add(1)
	f.holding.Add(1)
	defer f.holding.Add(-1)
	tick := time.NewTicker(2 * time.Second)
	defer tick.Stop()
	for {
		select {
		case status := <-answered:
			f.mu.Lock()
			f.statuses[status]++
			f.longest = max(f.longest, time.Since(start))
			f.mu.Unlock()
			return
		case <-ctx.Done():
			return
		case <-tick.C:
			conn.Write([]byte(head[len(head)-1:]))
		}
	}
}

// Statuses is how many answers of each status the senders had so far.
func (f *SlowBodies) Statuses() map[int]int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return maps.Clone(f.statuses)
}

// Longest is the longest an answered request stayed open so far.
func (f *SlowBodies) Longest() time.Duration {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.longest
}

// Started is how many bodies the senders started so far.
func (f *SlowBodies) Started() int64 { return f.bodies.Load() }

// Holding is how many senders are writing a body right now.
func (f *SlowBodies) Holding() int64 { return f.holding.Load() }
