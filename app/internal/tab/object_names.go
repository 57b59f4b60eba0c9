package tab

import (
	"context"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/octavia"
)

// Pages name the objects they link to (a pool's load balancer, a
// listener's default pool) rather than show their ids. Most names come
// from what the page reads anyway (its load balancer's status tree names
// every listener, pool, member and monitor, every poll); the others from
// the session's name book: each object's name as last read, read by kind
// through the client's kind-indexed calls (a pool's members in one list
// of ids and names, any other object by a GET), at most nameBatch objects
// per ask, and at most nameBookMax names kept (the oldest read goes first).

const (
	nameBookMax = 512 // names kept per session
	nameBatch   = 16  // objects (or lists of a parent's children) read per ask
)

// nameKey is an object of the name book.
type nameKey struct {
	kind octavia.Kind
	id   string
}

// nameEntry is an object's name as read at at; gone: Octavia answered
// 404; failed: the read failed otherwise (asked again only after maxAge,
// like a name).
type nameEntry struct {
	name   string
	at     time.Time
	gone   bool
	failed bool
}

// nameBook holds objects' names for one client (the session's). Any
// goroutine.
type nameBook struct {
	client  *octavia.Client
	entries map[nameKey]nameEntry
	reading map[nameKey]bool
}

// reset points the book at client c, forgetting what it held for another.
// Caller holds the directory's lock.
func (b *nameBook) reset(c *octavia.Client) {
	if b.client != c || b.entries == nil {
		b.client, b.entries, b.reading = c, map[nameKey]nameEntry{}, map[nameKey]bool{}
	}
}

// put keeps name as object k's, read at at, dropping the oldest entry when
// the book is full. Caller holds the lock.
func (b *nameBook) put(k nameKey, e nameEntry) {
	if _, ok := b.entries[k]; !ok && len(b.entries) >= nameBookMax {
		var oldest nameKey
		first := true
		for key, old := range b.entries {
			if first || old.at.Before(b.entries[oldest].at) {
				oldest, first = key, false
			}
		}
		delete(b.entries, oldest)
	}
	b.entries[k] = e
}

// due are the refs whose name is unknown or older than maxAge at now and
// not being read, marked as being read: at most nameBatch objects, a
// parent's children counting once (they are read in one list). Caller
// holds the lock.
func (b *nameBook) due(refs []octavia.Ref, maxAge time.Duration, now time.Time) []octavia.Ref {
	var out []octavia.Ref
	parents := map[nameKey]bool{}
	for _, r := range refs {
		k := nameKey{r.Kind, r.ID}
		if r.ID == "" || b.reading[k] {
			continue
		}
		if e, ok := b.entries[k]; ok && now.Sub(e.at) < maxAge {
			continue
		}
		if r.ParentID != "" {
			p := nameKey{r.Kind, "parent:" + r.ParentID}
			if !parents[p] && len(parents)+len(out) >= nameBatch {
				continue
			}
			parents[p] = true
		} else if len(parents)+len(out) >= nameBatch {
			continue
		}
		b.reading[k] = true
		out = append(out, r)
	}
	return out
}

// ObjectName is what object id of kind k was called when last read
// (ReadNames): its name ("" for an unnamed one) and whether it is known
// (and not gone). Any goroutine.
func ObjectName(sess *Session, k octavia.Kind, id string) (string, bool) {
	if sess == nil || sess.names == nil || id == "" {
		return "", false
	}
	d := sess.names
	d.mu.Lock()
	defer d.mu.Unlock()
	b := &d.objects
	if b.client != sess.Client {
		return "", false
	}
	e, ok := b.entries[nameKey{k, id}]
	return e.name, ok && !e.gone && !e.failed
}

// ReadNames reads the names of refs not read in the last maxAge (a page
// asks after each poll of what it shows, so a rename shows within one),
// through sess's client, and calls then on ctx's UI goroutine when one
// changed. UI goroutine; the reads run in ctx.Async.
func ReadNames(ctx goapp.Context, sess *Session, refs []octavia.Ref, maxAge time.Duration, then func()) {
	if sess == nil || sess.names == nil || len(refs) == 0 {
		return
	}
	d := sess.names
	d.mu.Lock()
	d.objects.reset(sess.Client)
	due := d.objects.due(refs, maxAge, time.Now())
	d.mu.Unlock()
	if len(due) == 0 {
		return
	}
	c := sess.Client
	ctx.Async(func() {
		cc, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		read := readNames(cc, c, due)
		d.mu.Lock()
		changed := false
		b := &d.objects
		if b.client == c {
			for _, r := range due {
				k := nameKey{r.Kind, r.ID}
				delete(b.reading, k)
				e, ok := read[k]
				old, had := b.entries[k]
				if !ok { // not read: what was known stays, asked again after maxAge
					old.at, old.failed = time.Now(), !had || old.failed
					b.put(k, old)
					continue
				}
				changed = changed || !had || old.name != e.name || old.gone != e.gone || old.failed
				b.put(k, e)
			}
		}
		d.mu.Unlock()
		if changed {
			ctx.Dispatch(func(goapp.Context) { then() })
		}
	})
}

// readNames reads the names of refs with c: a parent's children in one
// list (ids and names), any other object by a GET; an object Octavia does
// not have is gone. Blocks.
func readNames(ctx context.Context, c *octavia.Client, refs []octavia.Ref) map[nameKey]nameEntry {
	out := map[nameKey]nameEntry{}
	listed := map[nameKey]bool{}
	for _, r := range refs {
		now := time.Now()
		if r.ParentID != "" {
			p := nameKey{r.Kind, r.ParentID}
			if listed[p] {
				continue
			}
			listed[p] = true
			seen := map[string]bool{}
			failed := false
			for row, err := range c.Rows(ctx, r.Kind, r.ParentID, octavia.ListQuery{Fields: []string{"id", "name"}}) {
				if err != nil {
					failed = true
					break
				}
				seen[row[0]] = true
				out[nameKey{r.Kind, row[0]}] = nameEntry{name: row[1], at: now}
			}
			if !failed {
				for _, o := range refs {
					if o.Kind == r.Kind && o.ParentID == r.ParentID && !seen[o.ID] {
						out[nameKey{o.Kind, o.ID}] = nameEntry{at: now, gone: true}
					}
				}
			}
			continue
		}
		o, err := c.Get(ctx, r)
		switch {
		case octavia.ErrorCodeOf(err) == octavia.ENOTFOUND:
			out[nameKey{r.Kind, r.ID}] = nameEntry{at: now, gone: true}
		case err == nil:
			out[nameKey{r.Kind, r.ID}] = nameEntry{name: o.Text("name"), at: now}
		}
	}
	return out
}
