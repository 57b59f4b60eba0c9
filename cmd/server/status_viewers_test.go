//go:build !js

package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"testing/synctest"

	"github.com/octaview/octaview/app/serverapi"
)

// TestStatusEventsViewerLimits holds some event streams open, then opens one more:
// beyond the cap in all or per address (an IPv6 /64 being one) it gets a 503 fault;
// once the others left, it gets in.
func TestStatusEventsViewerLimits(t *testing.T) {
	tests := []struct {
		name         string
		max, perAddr int
		held         []string
		next         string
		wantNext     int
	}{
		{"under both caps", 3, 2, []string{"192.0.2.1:1000"}, "192.0.2.1:1001", http.StatusOK},
		{"beyond the cap per address", 10, 2, []string{"192.0.2.1:1000", "192.0.2.1:1001"}, "192.0.2.1:1002", http.StatusServiceUnavailable},
		{"another address still gets in", 10, 2, []string{"192.0.2.1:1000", "192.0.2.1:1001"}, "192.0.2.2:1000", http.StatusOK},
		{"one IPv6 /64 is one address", 10, 2, []string{"[2001:db8::1]:1000", "[2001:db8::2]:1000"}, "[2001:db8::3]:1000", http.StatusServiceUnavailable},
		{"beyond the cap in all", 3, 2, []string{"192.0.2.1:1000", "192.0.2.2:1000", "192.0.2.3:1000"}, "192.0.2.4:1000", http.StatusServiceUnavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				feed := newStatusFeed(func(context.Context) ([]serverapi.StatusLB, error) { return nil, nil }, nil)
				feed.viewers = newViewerLimit(tt.max, tt.perAddr, false)
				h := handleStatusEvents(feed, make(chan struct{}))
				ctx, cancel := context.WithCancel(t.Context())
				var wg sync.WaitGroup
				open := func(addr string) *httptest.ResponseRecorder {
					w := httptest.NewRecorder()
					r := httptest.NewRequestWithContext(ctx, http.MethodGet, serverapi.StatusEventsPath, nil)
					r.RemoteAddr = addr
					wg.Go(func() { h.ServeHTTP(w, r) })
					synctest.Wait()
					return w
				}
				for _, a := range tt.held {
					open(a)
				}
				next := open(tt.next)
				cancel()
				wg.Wait()
				if next.Code != tt.wantNext {
					t.Errorf("with %d viewers held: got %d %s, want %d", len(tt.held), next.Code, next.Body, tt.wantNext)
				}
				// everyone left: the slots are free again
				w := httptest.NewRecorder()
				r := httptest.NewRequestWithContext(ctx, http.MethodGet, serverapi.StatusEventsPath, nil)
				r.RemoteAddr = tt.next
				h.ServeHTTP(w, r)
				if w.Code != http.StatusOK {
					t.Errorf("after the others left: got %d %s, want 200", w.Code, w.Body)
				}
			})
		})
	}
}
