//go:build !js

package main

// The first screen (issue 21, README "Start-up"): the page the server serves
// carries the app's start-up state, app.wasm is downloaded once, and what a
// user types into the login form before the app runs is kept.

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// loggedRequest is one access-log line of the server.
type loggedRequest struct {
	Method string `json:"method"`
	Path   string `json:"path"`
	Status int    `json:"status"`
	Bytes  int64  `json:"bytes"`
}

// accessLogLines collects the server's access log (an io.Writer for
// startConsoleLog).
type accessLogLines struct {
	mu      sync.Mutex
	partial bytes.Buffer
	reqs    []loggedRequest
}

func (l *accessLogLines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.partial.Write(p)
	for {
		line, err := l.partial.ReadBytes('\n')
		if err != nil { // an incomplete line: keep it for the next write
			rest := append([]byte(nil), line...)
			l.partial.Reset()
			l.partial.Write(rest)
			return len(p), nil
		}
		var r struct {
			Msg string `json:"msg"`
			loggedRequest
		}
		if json.Unmarshal(line, &r) == nil && r.Msg == "request" {
			l.reqs = append(l.reqs, r.loggedRequest)
		}
	}
}

// take returns the requests logged since the last take whose path ends
// with suffix.
func (l *accessLogLines) take(suffix string) []loggedRequest {
	l.mu.Lock()
	defer l.mu.Unlock()
	var got []loggedRequest
	for _, r := range l.reqs {
		if strings.HasSuffix(r.Path, suffix) {
			got = append(got, r)
		}
	}
	l.reqs = nil
	return got
}

// wasmBodies counts the answers that sent app.wasm's body.
func wasmBodies(reqs []loggedRequest) (n int) {
	for _, r := range reqs {
		if r.Status == 200 && r.Bytes > 0 {
			n++
		}
	}
	return n
}

// waitPromise waits until a JavaScript expression's promise resolves to true.
func (b *browser) waitPromise(t testing.TB, what, expr string, limit time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, limit)
	defer cancel()
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr, chromedp.EvalAwaitPromise))
		if err == nil && ok {
			return
		}
		select {
		case <-ctx.Done():
			b.shot(t, "FAILED-"+strings.ReplaceAll(what, " ", "-"))
			t.Fatalf("waiting %v for %s: %v", limit, what, err)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// TestBrowserWasmDownloadedOnce: a first visit downloads app.wasm once (the
// page's preload and its loader share one download, and the service worker,
// installing meanwhile, revalidates it instead of downloading it again); the
// next visit does not download it at all.
func TestBrowserWasmDownloadedOnce(t *testing.T) {
	var log accessLogLines
	c := startConsoleLog(t, nil, nil, &log)
	b := newBrowser(t, t.TempDir())

	b.do(t, "a first visit", 60*time.Second, chromedp.Navigate(c.URL+"/login"))
	b.waitJS(t, "the login form", `!!document.querySelector('#login-form[data-ready="true"]')`, 60*time.Second)
	b.waitJS(t, "the service worker controls the page", `!!navigator.serviceWorker.controller`, 60*time.Second)
	b.waitPromise(t, "the service worker holds app.wasm", `caches.keys().then((ks) => ks.length === 1 && caches.open(ks[0]))
		.then((c) => c && c.keys()).then((reqs) => !!reqs && reqs.some((r) => r.url.includes("/app.wasm?")))`, 60*time.Second)
	first := log.take("/app.wasm")
	// the page's download (its preload, which the loader's fetch takes), and
	// the worker's revalidation (304): a loader that missed the preload
	// would ask a third time
	if n := wasmBodies(first); n != 1 || len(first) > 2 {
		t.Errorf("a first visit asked for app.wasm %d times, %d of them downloading it; want one download and at most the worker's revalidation: %+v", len(first), n, first)
	}

	b.do(t, "the next visit", 60*time.Second, chromedp.Navigate(c.URL+"/login"))
	b.waitJS(t, "the login form", `!!document.querySelector('#login-form[data-ready="true"]')`, 60*time.Second)
	if next := log.take("/app.wasm"); wasmBodies(next) != 0 {
		t.Errorf("the next visit downloaded app.wasm again: %+v", next)
	}
}
