package octavia

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/octaview/octaview/labcloud"
)

// The client's tests run against the lab cloud (labcloud), the project's one
// simulated Keystone + Octavia + Neutron. A recording handler in front of it
// notes every request and can answer some with canned bodies (for answers the
// lab does not give, such as Octavia's API reference examples or faults).

// cannedAnswer is an answer the recording handler sends instead of the lab's.
type cannedAnswer struct {
	Status int
	Body   string
	Header http.Header
}

// request is what the recording handler saw of one request.
type request struct {
	Method, Host, Path string
	Query              url.Values
	Header             http.Header
	Body               string
}

// recording is an http.Handler in front of the lab: it records every request
// and, when canned returns an answer, sends that instead of the lab's (with
// an X-Openstack-Request-Id, as Octavia's answers carry). after, if set, is
// called once the answer is written.
type recording struct {
	lab http.Handler

	mu     sync.Mutex
	canned func(*http.Request) *cannedAnswer
	after  func(r *http.Request)
	seq    int
	reqs   []request
}

func (h *recording) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	h.mu.Lock()
	h.seq++
	seq := h.seq
	h.reqs = append(h.reqs, request{Method: r.Method, Host: r.Host, Path: r.URL.Path, Query: r.URL.Query(), Header: r.Header.Clone(), Body: string(body)})
	canned, after := h.canned, h.after
	h.mu.Unlock()
	if after != nil {
		defer after(r) // before the answer leaves: it is sent when the handler returns
	}
	if canned != nil {
		if a := canned(r); a != nil {
			for k, v := range a.Header {
				w.Header()[k] = v
			}
			w.Header().Set(RequestIDHeader, fmt.Sprintf("req-canned-%d", seq))
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(a.Status)
			io.WriteString(w, a.Body)
			return
		}
	}
	h.lab.ServeHTTP(w, r)
}

// Requests returns the requests received so far.
func (h *recording) Requests() []request {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.reqs)
}

// setHooks replaces the canned answers and the after hook.
func (h *recording) setHooks(canned func(*http.Request) *cannedAnswer, after func(*http.Request)) {
	h.mu.Lock()
	h.canned, h.after = canned, after
	h.mu.Unlock()
}

// direct sends a request straight to the lab, as another client with token
// would, and decodes the JSON answer into out (nil = discard).
func (h *recording) direct(t testing.TB, method, path, token, body string, out any) int {
	t.Helper()
	r := httptest.NewRequest(method, "http://lab.test"+path, strings.NewReader(body))
	r.Header.Set("X-Auth-Token", token)
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.lab.ServeHTTP(w, r)
	if out != nil {
		if err := json.Unmarshal(w.Body.Bytes(), out); err != nil {
			t.Errorf("%s %s: %v in %s", method, path, err, w.Body)
		}
	}
	return w.Code
}

// ResetRequests forgets the recorded requests.
func (h *recording) ResetRequests() {
	h.mu.Lock()
	h.reqs = nil
	h.mu.Unlock()
}

// labServer is a lab cloud behind a recording handler on a loopback port.
type labServer struct {
	*recording
	URL string
}

// newLabServer starts a lab cloud with opts behind a recording handler
// (canned may be nil) and closes it when the test ends. PENDING_* states last
// opts.Delay; 0 here means a nanosecond (settled at the next read), not the
// lab's 2 s.
func newLabServer(t testing.TB, opts labcloud.Options, canned func(*http.Request) *cannedAnswer) *labServer {
	t.Helper()
	h, _ := newRecording(opts, canned)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return &labServer{recording: h, URL: srv.URL}
}

// newRecording returns a lab cloud with opts (Delay 0 = a nanosecond, Seed 0
// = 1) behind a recording handler.
func newRecording(opts labcloud.Options, canned func(*http.Request) *cannedAnswer) (*recording, *labcloud.Cloud) {
	if opts.Delay == 0 {
		opts.Delay = 1
	}
	if opts.Seed == 0 {
		opts.Seed = 1
	}
	lab := labcloud.New(opts)
	return &recording{lab: lab, canned: canned}, lab
}

// labBubbleClient logs in as demo to the handler h (a lab cloud, maybe behind
// a recording handler) through labcloud.Transport: no sockets, so it works
// inside a testing/synctest bubble.
func labBubbleClient(t testing.TB, h http.Handler) *Client {
	t.Helper()
	c, err := New(t.Context(), demoConfig("http://lab.test", &http.Client{Transport: labcloud.Transport(h)}))
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return c
}

// bubbleLab starts a lab cloud with opts (see newRecording) behind a
// recording handler and logs in as demo through labcloud.Transport, for a
// testing/synctest bubble.
func bubbleLab(t testing.TB, opts labcloud.Options) (*Client, *recording, *labcloud.Cloud) {
	t.Helper()
	h, lab := newRecording(opts, nil)
	return labBubbleClient(t, h), h, lab
}

// withDelay returns opts with PENDING_* states lasting about d. The lab adds
// a jitter of ±25 %: 4.5 s ends between 3.4 and 5.6 s, so a wait polling
// every 3 s sees it done at its third poll, at 6 s, whatever the jitter.
func withDelay(opts labcloud.Options, d time.Duration) labcloud.Options {
	opts.Delay = d
	return opts
}

// sixSeconds is the delay the waits' tests use: done at the poll at 6 s.
const sixSeconds = 4500 * time.Millisecond
