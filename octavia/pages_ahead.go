package octavia

import (
	"context"
	"io"
	"net/url"
	"runtime"

	"github.com/gophercloud/gophercloud/v2"
)

// Reading ahead (ListQuery.ReadAhead): a caller that reads every page of a
// list (the console's list on load: 10,002 load balancers are 11 pages)
// waits, page after page, for Octavia's answer and then for its own work
// on the rows. With read-ahead, the next page is asked for as soon as a
// page's next link is read, before its items are, so that Octavia answers
// it while the caller works on this one: the same requests, in the same
// order, one at a time ahead at most. A caller that stops early leaves at
// most one page asked for in vain (its request is cancelled).

// readAhead reads pages for pageAll, each one's next page asked for while
// it is read.
type readAhead struct {
	ctx  context.Context
	sc   *gophercloud.ServiceClient
	next func(link url.Values) (pageURL string, ok bool) // the next page's URL; false: none to ask for

	pending *pageFetch // the next page, on its way
}

// pageFetch is one page's GET, read whole, in its own goroutine.
type pageFetch struct {
	url    string
	cancel context.CancelFunc
	done   chan struct{} // closed once body, status and err are set
	body   []byte
	status int
	err    error
}

// fetch asks for pageURL in a goroutine.
func (a *readAhead) fetch(pageURL string) *pageFetch {
	ctx, cancel := context.WithCancel(a.ctx)
	f := &pageFetch{url: pageURL, cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(f.done)
		resp, err := a.sc.Get(ctx, pageURL, nil, &gophercloud.RequestOpts{KeepResponseBody: true})
		if err != nil {
			f.err = err
			return
		}
		defer resp.Body.Close()
		f.status = resp.StatusCode
		f.body, f.err = io.ReadAll(resp.Body)
	}()
	// let the goroutine send its request now: in WebAssembly, goroutines
	// take turns on one thread, and the caller's work on this page would
	// otherwise hold it until the caller waits for the page
	runtime.Gosched()
	return f
}

// page reads the page at pageURL (the one asked for ahead, when it is
// that page) as listPage does, and asks for its next page once its next
// link is read.
func (a *readAhead) page(pageURL, key string, scan func([]byte) (string, error), each func(id string) bool) (next url.Values, stop bool, err error) {
	f := a.pending
	a.pending = nil
	if f == nil || f.url != pageURL { // none, or another (a restarted list)
		a.stopFetch(f)
		f = a.fetch(pageURL)
	}
	select {
	case <-f.done:
	case <-a.ctx.Done():
		a.stopFetch(f)
		return nil, false, a.ctx.Err()
	}
	f.cancel()
	if f.err != nil {
		return nil, false, f.err
	}
	if f.status == 204 {
		return nil, false, nil
	}
	return scanBytes(f.body, key, scan, each, func(link url.Values) {
		if u, ok := a.next(link); ok {
			a.pending = a.fetch(u)
		}
	})
}

// stopFetch cancels f (nil: nothing) and waits for its goroutine.
func (a *readAhead) stopFetch(f *pageFetch) {
	if f == nil {
		return
	}
	f.cancel()
	<-f.done
}

// stop cancels the page asked for ahead, if any: pageAll's end.
func (a *readAhead) stop() {
	a.stopFetch(a.pending)
	a.pending = nil
}
