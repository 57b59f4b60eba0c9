package tab

import (
	"bytes"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
)

// servedReads are the answers of the page's Served the app has not used
// yet, by URL (path and query), each used once.
type servedReads struct {
	region string // the region they were read in (Served.Region)
	reads  map[string]string
}

// KeepServed keeps s's reads when s answers the page at u (the page the app
// starts on), and reports whether it did. Any goroutine.
func (st *Startup) KeepServed(s *serverapi.Served, u *url.URL) bool {
	if s == nil || s.Page != u.RequestURI() || len(s.Reads) == 0 {
		return false
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	st.reads.reads, st.reads.region = map[string]string{}, s.Region
	for _, r := range s.Reads {
		st.reads.reads[r.URL] = r.Body
	}
	return true
}

// TakeServed answers r, a request of a client asking for region ("" =
// the server's), from the page's Served, once, when it holds the answer of
// that very GET (same path and query) read in that region (the server read
// it in the region cookie's region, which mirrors the app's); false
// otherwise. Any goroutine.
func (st *Startup) TakeServed(r *http.Request, region string) (*http.Response, bool) {
	if st == nil || r.Method != http.MethodGet {
		return nil, false
	}
	st.mu.Lock()
	body, ok := st.reads.reads[r.URL.RequestURI()]
	ok = ok && st.reads.region == region
	if ok {
		delete(st.reads.reads, r.URL.RequestURI())
	}
	st.mu.Unlock()
	if !ok {
		return nil, false
	}
	return &http.Response{
		Status: "200 OK", StatusCode: http.StatusOK, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: http.Header{
			"Content-Type":   {"application/json"},
			"Content-Length": {strconv.Itoa(len(body))},
		},
		Body: io.NopCloser(bytes.NewReader([]byte(body))), ContentLength: int64(len(body)), Request: r,
	}, true
}

// ServedAt is the time of s's reads (zero when it does not parse).
func ServedAt(s *serverapi.Served) time.Time {
	t, _ := time.Parse(time.RFC3339, s.ReadAt)
	return t
}

// ServedWait bounds how long the app's start waits for the session's
// restore when the page came with its rows (they are on screen meanwhile).
const ServedWait = 10 * time.Second

// ResumeBootSession takes up the operations journal of the session
// bootServed signed in with, once (the login page does so after its own
// sign-in; a page the app started on with its rows calls this). UI goroutine.
func (rt *Runtime) ResumeBootSession(ctx goapp.Context) {
	if sess := rt.Startup().TakeResume(); sess != nil && sess == rt.CurrentSession() {
		rt.ops.Resume(ctx, sess)
	}
}

// servedInertAttr marks the controls of a served first screen (the search,
// the filter, Refresh, Create, Log out): HTML's inert, so that nothing
// typed or clicked there before the app runs is silently lost (links stay
// plain links: they load their page, served in turn).
const servedInertAttr = "inert"

// ServedInert is el, inert when served (the server's render of a first
// screen). Any goroutine.
func ServedInert[T interface{ Attr(string, any) T }](el T, served bool) T {
	if served {
		return el.Attr(servedInertAttr, true) // written inert="true"
	}
	return el
}

// liveServedControls makes the served first screen's controls live (the
// app's own render never makes them inert; go-app may have kept the served
// elements). Browser, UI goroutine.
func LiveServedControls() {
	els := ui.WindowGet("document").Call("querySelectorAll", ".app ["+servedInertAttr+"]")
	for i := range els.Length() {
		els.Index(i).Call("removeAttribute", servedInertAttr)
	}
}

// FirstDetail is what a detail page's first render shows: the object, and
// for an object of a load balancer's tree, its load balancer and that load
// balancer's status tree (tree nil for the other kinds).
type FirstDetail struct {
	Path string
	Ref  octavia.Ref // the object's, as its page names it (pageRef.ref)
	Obj  octavia.Object
	LBID string
	Tree *octavia.StatusTree
	At   time.Time // when it was read (the tree's read)
}

// KeepServedDetail keeps d, the first screen bootServed read from the
// page's Served, for its page. Any goroutine.
func (st *Startup) KeepServedDetail(d *FirstDetail) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.detail.d = d
}

// TakeServedDetail is the served first screen of the page at path, once.
// Any goroutine.
func (st *Startup) TakeServedDetail(path string) *FirstDetail {
	if st == nil {
		return nil
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	d := st.detail.d
	if d == nil || d.Path != path {
		return nil
	}
	st.detail.d = nil
	st.detail.tree, st.detail.lbID, st.detail.taken = d.Tree, d.LBID, time.Now()
	st.detail.obj, st.detail.ref = nil, octavia.Ref{}
	if d.Tree == nil {
		st.detail.obj, st.detail.ref = d.Obj, d.Ref
	}
	return d
}

// TakeServedObject is the served object r (a kind outside a load
// balancer's tree), once, when its page took the served first screen a
// moment ago (servedWait): the first read of that object's poll (watch),
// so that the page's poll, which reads it at once, sends no GET of what
// came with the page. Any goroutine.
func (st *Startup) TakeServedObject(r octavia.Ref) octavia.Object {
	if st == nil {
		return nil
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	o := st.detail.obj
	if o == nil || st.detail.ref != r || time.Since(st.detail.taken) > ServedWait {
		return nil
	}
	st.detail.obj, st.detail.ref = nil, octavia.Ref{}
	return o
}

// TakeServedTree is the served status tree of load balancer lbID, once,
// when its page took the served first screen a moment ago (servedWait):
// the first read of that tree's poll. Any goroutine.
func (st *Startup) TakeServedTree(lbID string) *octavia.StatusTree {
	if st == nil {
		return nil
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	t := st.detail.tree
	if t == nil || st.detail.lbID != lbID || time.Since(st.detail.taken) > ServedWait {
		return nil
	}
	st.detail.tree = nil
	return t
}
