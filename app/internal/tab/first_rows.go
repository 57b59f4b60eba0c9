package tab

import (
	"slices"
	"sync"
	"time"

	"github.com/octaview/octaview/octavia"
)

// FirstRows is the first page of rows of the list a login goes to, read
// as soon as Keystone answered, while the app navigates there (app/list's
// PrefetchFirstRows), or read from the page's Served at the start.
type FirstRows struct {
	client *octavia.Client
	key    string        // the list page's key (its path and query)
	Done   chan struct{} // closed when Rows and Err are set
	Rows   []Row
	Err    error
	At     time.Time // when the server read them (the page's Served), zero for the login's
}

// NewFirstRows is the first page, not read yet, of the list page of key
// read with client.
func NewFirstRows(client *octavia.Client, key string) *FirstRows {
	return &FirstRows{client: client, key: key, Done: make(chan struct{})}
}

// Sorted are the rows of f, when f is read without a failure, in the
// list's order; ok is false when f is nil, not read yet or failed.
func (f *FirstRows) Sorted() (rows []Row, ok bool) {
	if f == nil {
		return nil, false
	}
	select {
	case <-f.Done:
		if f.Err == nil {
			rows = slices.Clone(f.Rows)
			SortRows(rows)
			return rows, true
		}
	default:
	}
	return nil, false
}

// firstRowsSlot holds the FirstRows the list page takes.
type firstRowsSlot struct {
	mu sync.Mutex
	f  *FirstRows
}

// KeepFirstRows keeps f for the list page that takes it (TakeFirstRows),
// in place of any kept before. Any goroutine.
func (rt *Runtime) KeepFirstRows(f *FirstRows) {
	rt.firstRows.mu.Lock()
	defer rt.firstRows.mu.Unlock()
	rt.firstRows.f = f
}

// TakeFirstRows returns the first page kept for the list page of key read
// with client, once; nil when there is none (a Refresh, a later visit,
// another session, another list). Any goroutine.
func (rt *Runtime) TakeFirstRows(client *octavia.Client, key string) *FirstRows {
	rt.firstRows.mu.Lock()
	defer rt.firstRows.mu.Unlock()
	f := rt.firstRows.f
	rt.firstRows.f = nil
	if f == nil || f.client != client || f.key != key {
		return nil
	}
	return f
}

// PeekFirstRows is the first page kept for the list page of key with
// client, when it is read already (it stays there for the page to take);
// nil otherwise. Any goroutine.
func (rt *Runtime) PeekFirstRows(client *octavia.Client, key string) *FirstRows {
	rt.firstRows.mu.Lock()
	f := rt.firstRows.f
	rt.firstRows.mu.Unlock()
	if f == nil || f.client != client || f.key != key {
		return nil
	}
	select {
	case <-f.Done:
		if f.Err == nil {
			return f
		}
	default:
	}
	return nil
}
