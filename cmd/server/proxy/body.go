//go:build !js

package proxy

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// clientBody is a request body read in full before anything goes upstream (API
// bodies are small JSON documents): a body over the limit gets the same 413 whether
// it came with a Content-Length or chunked, and a client that stops sending costs
// no upstream connection.
type clientBody struct {
	data []byte // nil: the request has no body
}

// Bounds of the request bodies being read or held at once (docs/operating.md "Security").
const (
	// MaxBufferedBodies is the default bound of large bodies (over SmallBody, or of
	// unknown length) over all clients (503 beyond): with MaxRequestBody, 256 MiB.
	MaxBufferedBodies = 256
	// SmallBody is the largest body, of known length, read in a pool of its own
	// (MaxSmallBodies of them): logins and ordinary writes never wait on large ones.
	SmallBody = 16 << 10
	// MaxSmallBodies bounds the small bodies at once (32 MiB at most).
	MaxSmallBodies = 2048
	// TinyBody is the largest body, of known length, read in the tiny pool
	// (MaxTinyBodies of them) under TinyGrace: a login (about 300 bytes) comes
	// with its headers, so a slow-body flood of small bodies cannot hold the
	// logins' slots.
	TinyBody = 4 << 10
	// MaxTinyBodies bounds the tiny bodies at once (32 MiB at most).
	MaxTinyBodies = 8192
	// TinyGrace bounds how long a tiny body may take to arrive (408 beyond).
	TinyGrace = 2 * time.Second
	// MaxBodiesPerClient bounds the bodies being read at once from one client
	// address (an IPv6 client: its /56); 429 beyond. A body counts only while it
	// is read, not while the cloud answers it.
	MaxBodiesPerClient = 8
	// BodyGrace and BodyMinRate bound how long a body may take: it must arrive
	// within BodyGrace plus its size at BodyMinRate bytes a second (1 MiB: 21 s),
	// else 408. A client sending one byte every 2 s is cut after 5 s.
	BodyGrace   = 5 * time.Second
	BodyMinRate = 64 << 10
)

// bodyGate bounds the bodies read at once: per client address, and in three
// pools (tiny, small, large), of which a quarter is kept for requests with a
// known session or token, so that clients without one cannot take every slot.
type bodyGate struct {
	perClient int

	mu      sync.Mutex
	clients map[string]int // client key → bodies being read
	tiny    slots
	small   slots
	large   slots
}

// slots is a pool of size slots; anonymous requests may take all but reserved.
type slots struct{ used, size, reserved int }

func (s *slots) take(known bool) bool {
	limit := s.size
	if !known {
		limit -= s.reserved
	}
	if s.used >= limit {
		return false
	}
	s.used++
	return true
}

func newBodyGate(tiny, small, large, perClient int) *bodyGate {
	return &bodyGate{
		perClient: perClient,
		clients:   make(map[string]int),
		tiny:      slots{size: tiny, reserved: tiny / 4},
		small:     slots{size: small, reserved: small / 4},
		large:     slots{size: large, reserved: large / 4},
	}
}

// errTooManyFromClient and errBodiesBusy are why enter refused a body.
var (
	errTooManyFromClient = errors.New("too many request bodies from this client address at once")
	errBodiesBusy        = errors.New("too many request bodies at once")
)

// tiny reports whether a body of length n (-1: unknown) is read in the tiny pool.
func tiny(n int64) bool { return n >= 0 && n <= TinyBody }

// enter takes a slot for a body from client (its key) of length n (-1:
// unknown); known tells a request with a known session or token. The caller
// calls read once the body was read (the client's count and a tiny or small
// body's slot are free again: its buffer is small, and what waits on the
// cloud is bounded per session, upstreamGate) and done once it is no longer
// needed (a large body's slot bounds the memory of large bodies until their
// answer). Each may be called more than once; done implies read.
func (g *bodyGate) enter(client string, n int64, known bool) (t *bodyTicket, err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.clients[client] >= g.perClient {
		return nil, errTooManyFromClient
	}
	pool := &g.large
	switch {
	case tiny(n):
		pool = &g.tiny
	case n >= 0 && n <= SmallBody:
		pool = &g.small
	}
	if !pool.take(known) {
		return nil, errBodiesBusy
	}
	g.clients[client]++
	return &bodyTicket{g: g, client: client, pool: pool, large: pool == &g.large}, nil
}

// bodyTicket is one body's hold on the gate (enter).
type bodyTicket struct {
	g      *bodyGate
	client string
	pool   *slots
	large  bool

	read, done sync.Once
}

// Read frees the client's count, and the pool slot of a tiny or small body.
func (t *bodyTicket) Read() {
	t.read.Do(func() {
		t.g.mu.Lock()
		defer t.g.mu.Unlock()
		if t.g.clients[t.client]--; t.g.clients[t.client] <= 0 {
			delete(t.g.clients, t.client)
		}
		if !t.large {
			t.pool.used--
		}
	})
}

// Done frees everything the body held.
func (t *bodyTicket) Done() {
	t.Read()
	t.done.Do(func() {
		if t.large {
			t.g.mu.Lock()
			defer t.g.mu.Unlock()
			t.pool.used--
		}
	})
}

// siteKey is the budget of an address where one site's share counts (bodies
// being read, failed logins): an IPv4 address its own, an IPv6 one its /56
// (one subscriber usually holds a whole /56: its 256 /64s are one sender).
func siteKey(addr string) string { return addrKey(addr, 56) }

// readBody reads r's body, at most p.maxBody bytes, into a buffer sized from its
// Content-Length when known. known tells a request with a known session or token
// (it may use the slots kept for them). It answers the client itself and returns
// false when the body is too large (413), malformed (400), does not arrive or
// arrives too slowly (408), or too many bodies are being read from this address
// (429) or in all (503). On true, the body's count for its client address is
// already free; the caller calls release once the body is no longer needed.
func (p *Proxy) readBody(w http.ResponseWriter, r *http.Request, known bool, limit int64) (body *clientBody, release func(), ok bool) {
	if r.ContentLength > limit {
		refuseTooLarge(w, limit)
		return nil, nil, false
	}
	if r.Body == nil || r.Body == http.NoBody {
		return &clientBody{}, func() {}, true
	}
	ticket, err := p.bodies.enter(siteKey(clientAddr(r, p.trustForwarded)), r.ContentLength, known)
	switch {
	case errors.Is(err, errTooManyFromClient):
		w.Header().Set("Retry-After", "1")
		w.Header().Set("Connection", "close")
		WriteFault(w, http.StatusTooManyRequests, "Too many request bodies are being sent from your address at once (at most %d): try again in a second.", p.bodies.perClient)
		return nil, nil, false
	case err != nil:
		w.Header().Set("Retry-After", "1")
		w.Header().Set("Connection", "close")
		WriteFault(w, http.StatusServiceUnavailable, "The server is busy reading other request bodies: try again in a second.")
		return nil, nil, false
	}
	grace := BodyGrace
	if tiny(r.ContentLength) {
		grace = TinyGrace
	}
	rd, stop := minRate(w, http.MaxBytesReader(w, r.Body, limit), grace)
	data, err := readAtMost(rd, r.ContentLength, limit)
	stop()
	ticket.Read()
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		ticket.Done()
		refuseTooLarge(w, limit)
		return nil, nil, false
	case err != nil && (isTimeout(err) || errors.Is(err, io.ErrUnexpectedEOF) || clientGone(r)):
		ticket.Done()
		w.Header().Set("Connection", "close")
		if tiny(r.ContentLength) {
			WriteFault(w, http.StatusRequestTimeout, "The request body did not arrive in time (a body of at most %d KiB may take %v).", TinyBody>>10, TinyGrace)
		} else {
			WriteFault(w, http.StatusRequestTimeout, "The request body did not arrive in time (it may take %v, plus a second for each %d KiB).", BodyGrace, BodyMinRate>>10)
		}
		return nil, nil, false
	case err != nil: // e.g. malformed chunked encoding
		ticket.Done()
		w.Header().Set("Connection", "close")
		WriteFault(w, http.StatusBadRequest, "The request body could not be read: %v.", err)
		return nil, nil, false
	}
	return &clientBody{data: data}, ticket.Done, true
}

// minRate returns body read under a deadline on the client's connection that
// moves with what arrived: grace from now, plus a second for each
// BodyMinRate bytes read so far. stop lifts the deadline once the body was read
// (the server sets its own for the connection's next request). Where the
// connection takes no deadline (a test's recorder), body is read as it is.
func minRate(w http.ResponseWriter, body io.Reader, grace time.Duration) (rd io.Reader, stop func()) {
	rc := http.NewResponseController(w)
	start := time.Now()
	if rc.SetReadDeadline(start.Add(grace)) != nil {
		return body, func() {}
	}
	return &rateReader{body: body, rc: rc, start: start, grace: grace}, func() { rc.SetReadDeadline(time.Time{}) }
}

type rateReader struct {
	body  io.Reader
	rc    *http.ResponseController
	start time.Time
	grace time.Duration
	n     int64
}

func (r *rateReader) Read(b []byte) (int, error) {
	k, err := r.body.Read(b)
	r.n += int64(k)
	if err == nil {
		r.rc.SetReadDeadline(r.start.Add(r.grace + time.Duration(r.n)*time.Second/BodyMinRate))
	}
	return k, err
}

// readAtMost reads rd to its end into a buffer of length n when n is known (≥ 0), or
// else one that grows by doubling but never beyond limit+1 bytes (rd is limited to
// limit bytes, and reads one more to tell).
func readAtMost(rd io.Reader, n, limit int64) ([]byte, error) {
	if n >= 0 {
		data := make([]byte, n)
		if _, err := io.ReadFull(rd, data); err != nil {
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
		return data, nil
	}
	data := make([]byte, 0, min(512, limit+1))
	for {
		if len(data) == cap(data) {
			grown := make([]byte, len(data), min(2*int64(cap(data)), limit+1))
			copy(grown, data)
			data = grown
		}
		k, err := rd.Read(data[len(data):cap(data)])
		data = data[:len(data)+k]
		if errors.Is(err, io.EOF) {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

func refuseTooLarge(w http.ResponseWriter, limit int64) {
	w.Header().Set("Connection", "close")
	WriteFault(w, http.StatusRequestEntityTooLarge, "Request body too large: the limit is %d bytes.", limit)
}

// ReadBody reads r's body, at most limit bytes, as the proxy reads an
// anonymous request's (a login's): under the same bounds per client address
// and in all, in the same time. It answers the client itself (a fault) and
// returns false when the body is refused. The served login form's post
// (POST /login) is read with it, so it cannot hold more than a login may.
func (p *Proxy) ReadBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, bool) {
	body, release, ok := p.readBody(w, r, false, min(limit, p.maxBody))
	if !ok {
		return nil, false
	}
	release()
	return body.data, true
}

// attach sets the body (and its length) of the outgoing request.
func (b *clientBody) attach(out *http.Request) {
	if b == nil || b.data == nil {
		return
	}
	out.Body = io.NopCloser(bytes.NewReader(b.data))
	out.ContentLength = int64(len(b.data))
	out.TransferEncoding = nil
	out.Header.Set("Content-Length", strconv.Itoa(len(b.data)))
	out.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b.data)), nil }
}
