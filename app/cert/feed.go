package cert

import (
	"context"
	"errors"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/keymanager/v1/containers"
	"github.com/gophercloud/gophercloud/v2/openstack/keymanager/v1/secrets"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/cert"
	"github.com/octaview/octaview/octavia"
)

// pollEvery is how often the pages read Barbican and Octavia again: the
// console's poll interval.
const pollEvery = 3 * time.Second

// snapshot is one read of the project's certificates.
type snapshot struct {
	entries []cert.Entry
	hidden  int    // opaque secrets that are no certificates
	noKM    string // the catalog has no key-manager: why nothing is listed
	err     string // Barbican's list failed (the entries are the last good ones)
	usesErr string // the listeners or pools could not be read
	at      time.Time
}

// reader reads snapshots; it keeps what each payload said (by ref), so a
// payload is read once. One goroutine (the feed's) uses it.
type reader struct {
	c      *octavia.Client
	parsed map[string]cert.Parsed
	retry  map[string]bool // refs whose payload read failed: read at the next poll
	last   []cert.Entry
}

// read reads the project's secrets and containers, the payloads not read
// yet, and the listeners' and pools' refs.
func (r *reader) read(ctx context.Context) snapshot {
	snap := snapshot{at: time.Now()}
	ss, err := octavia.Collect(r.c.KeyManager().Secrets(ctx, secrets.ListOpts{}))
	var cs []containers.Container
	if err == nil {
		cs, err = octavia.Collect(r.c.KeyManager().Containers(ctx, containers.ListOpts{}))
	}
	if err != nil {
		if errors.Is(err, octavia.ErrNoKeyManager) {
			snap.noKM = octavia.Message(err)
		} else {
			snap.err = octavia.Message(err)
		}
		snap.entries = r.last
		return snap
	}
	for ref := range r.retry { // a read that failed (Barbican down, a timeout): again
		delete(r.parsed, ref)
	}
	clear(r.retry)
	for _, rd := range cert.Unread(ss, cs, r.parsed) {
		p, ok := readPayload(ctx, r.c, rd)
		r.parsed[rd.Ref] = p
		if !ok {
			r.retry[rd.Ref] = true
		}
	}
	uses, err := readUses(ctx, r.c)
	if err != nil {
		snap.usesErr = octavia.Message(err)
	}
	snap.entries, snap.hidden = cert.Entries(ss, cs, r.parsed, uses)
	r.last = snap.entries
	return snap
}

// readPayload reads and parses the payload rd names, zeroing its bytes
// (a PKCS12 payload holds the private key) once parsed; ok is false when
// the read failed (worth another try, unlike a payload that is no
// certificate).
func readPayload(ctx context.Context, c *octavia.Client, rd cert.Read) (p cert.Parsed, ok bool) {
	if rd.Secret == "" {
		return rd.Parse(nil, "the container has no certificate secret"), true
	}
	b, err := c.KeyManager().SecretPayload(ctx, rd.Secret, rd.ContentType)
	if err != nil {
		return rd.Parse(nil, "its payload cannot be read: "+octavia.Message(err)), false
	}
	defer clear(b)
	return rd.Parse(b, ""), true
}

// readUses reads which listeners and pools hold which refs.
func readUses(ctx context.Context, c *octavia.Client) (map[string][]cert.Use, error) {
	read := func(k octavia.Kind) ([]octavia.Object, error) {
		return octavia.Collect(c.List(ctx, k, "", octavia.ListQuery{Fields: cert.SlotFields(k)}))
	}
	ls, err := read(octavia.KindListener)
	if err != nil {
		return nil, err
	}
	ps, err := read(octavia.KindPool)
	if err != nil {
		return nil, err
	}
	return cert.Uses(ls, ps), nil
}

// follow reads with read now and every pollEvery until the returned stop
// is called, handing each result to apply on the UI goroutine (go-app's
// context is never cancelled: the page calls stop in OnDismount). The
// next read starts pollEvery after the last one started, or at once when
// a read took longer.
func follow[T any](ctx goapp.Context, read func(context.Context) T, apply func(goapp.Context, T)) (stop func()) {
	c, cancel := context.WithCancel(context.Background())
	ctx.Async(func() {
		for {
			start := time.Now()
			rc, done := context.WithTimeout(c, time.Minute)
			v := read(rc)
			done()
			if c.Err() != nil {
				return
			}
			ctx.Dispatch(func(ctx goapp.Context) { apply(ctx, v) })
			select {
			case <-c.Done():
				return
			case <-time.After(max(0, pollEvery-time.Since(start))):
			}
		}
	})
	return cancel
}
