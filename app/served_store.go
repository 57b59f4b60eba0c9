package app

import (
	"bytes"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
)

// servedReads are the answers of the page's Served the app has not used
// yet, by URL (path and query), each used once.
var servedReads struct {
	mu     sync.Mutex
	region string // the region they were read in (Served.Region)
	reads  map[string]string
}

// keepServed keeps s's reads when s answers the page at u (the page the app
// starts on), and reports whether it did. Any goroutine.
func keepServed(s *serverapi.Served, u *url.URL) bool {
	if s == nil || s.Page != u.RequestURI() || len(s.Reads) == 0 {
		return false
	}
	servedReads.mu.Lock()
	defer servedReads.mu.Unlock()
	servedReads.reads, servedReads.region = map[string]string{}, s.Region
	for _, r := range s.Reads {
		servedReads.reads[r.URL] = r.Body
	}
	return true
}

// takeServed answers r, a request of a client asking for region ("" =
// the server's), from the page's Served, once, when it holds the answer of
// that very GET (same path and query) read in that region (the server read
// it in the region cookie's region, which mirrors the app's); false
// otherwise. Any goroutine.
func takeServed(r *http.Request, region string) (*http.Response, bool) {
	if r.Method != http.MethodGet {
		return nil, false
	}
	servedReads.mu.Lock()
	body, ok := servedReads.reads[r.URL.RequestURI()]
	ok = ok && servedReads.region == region
	if ok {
		delete(servedReads.reads, r.URL.RequestURI())
	}
	servedReads.mu.Unlock()
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

// servedAt is the time of s's reads (zero when it does not parse).
func servedAt(s *serverapi.Served) time.Time {
	t, _ := time.Parse(time.RFC3339, s.ReadAt)
	return t
}

// servedWait bounds how long the app's start waits for the session's
// restore when the page came with its rows (they are on screen meanwhile).
const servedWait = 10 * time.Second

// bootResume is the session bootServed signed in with, until a page takes
// up its operations journal (operations.resume, which the login page does
// after its own sign-in).
var bootResume struct {
	sync.Mutex
	sess *session
}

// resumeBootSession takes up the operations journal of the session
// bootServed signed in with, once (the login page does so after its own
// sign-in; a page the app started on with its rows calls this). UI goroutine.
func resumeBootSession(ctx goapp.Context) {
	bootResume.Lock()
	sess := bootResume.sess
	bootResume.sess = nil
	bootResume.Unlock()
	if sess != nil && sess == currentSession() {
		operations.resume(ctx, sess)
	}
}

// servedInertAttr marks the controls of a served first screen (the search,
// the filter, Refresh, Create, Log out): HTML's inert, so that nothing
// typed or clicked there before the app runs is silently lost (links stay
// plain links: they load their page, served in turn).
const servedInertAttr = "inert"

// servedInert is el, inert when served (the server's render of a first
// screen). Any goroutine.
func servedInert[T interface{ Attr(string, any) T }](el T, served bool) T {
	if served {
		return el.Attr(servedInertAttr, true) // written inert="" (servedHTML)
	}
	return el
}

// liveServedControls makes the served first screen's controls live (the
// app's own render never makes them inert; go-app may have kept the served
// elements). Browser, UI goroutine.
func liveServedControls() {
	els := ui.WindowGet("document").Call("querySelectorAll", ".app ["+servedInertAttr+"]")
	for i := range els.Length() {
		els.Index(i).Call("removeAttribute", servedInertAttr)
	}
}

// firstDetail is what a detail page's first render shows: the object, and
// for an object of a load balancer's tree, its load balancer and that load
// balancer's status tree (tree nil for the other kinds).
type firstDetail struct {
	path string
	ref  octavia.Ref // the object's, as its page names it (pageRef.ref)
	obj  object
	lbID string
	tree *octavia.StatusTree
	at   time.Time // when it was read (the tree's read)
}

// servedDetail is the first screen bootServed read from the page's Served,
// until the page takes it (takeServedDetail) and its tree's poll takes the
// tree (takeServedTree), or, for a kind outside a load balancer's tree,
// the object's poll takes the object (takeServedObject).
var servedDetail struct {
	sync.Mutex
	d     *firstDetail
	tree  *octavia.StatusTree // for the tree's poll, once
	lbID  string
	obj   object // for the object's poll, once (kinds outside a tree)
	ref   octavia.Ref
	taken time.Time
}

// takeServedDetail is the served first screen of the page at path, once.
// Any goroutine.
func takeServedDetail(path string) *firstDetail {
	servedDetail.Lock()
	defer servedDetail.Unlock()
	d := servedDetail.d
	if d == nil || d.path != path {
		return nil
	}
	servedDetail.d = nil
	servedDetail.tree, servedDetail.lbID, servedDetail.taken = d.tree, d.lbID, time.Now()
	servedDetail.obj, servedDetail.ref = nil, octavia.Ref{}
	if d.tree == nil {
		servedDetail.obj, servedDetail.ref = d.obj, d.ref
	}
	return d
}

// takeServedObject is the served object r (a kind outside a load
// balancer's tree), once, when its page took the served first screen a
// moment ago (servedWait): the first read of that object's poll (watch),
// so that the page's poll, which reads it at once, sends no GET of what
// came with the page. Any goroutine.
func takeServedObject(r octavia.Ref) object {
	servedDetail.Lock()
	defer servedDetail.Unlock()
	o := servedDetail.obj
	if o == nil || servedDetail.ref != r || time.Since(servedDetail.taken) > servedWait {
		return nil
	}
	servedDetail.obj, servedDetail.ref = nil, octavia.Ref{}
	return o
}

// takeServedTree is the served status tree of load balancer lbID, once,
// when its page took the served first screen a moment ago (servedWait):
// the first read of that tree's poll. Any goroutine.
func takeServedTree(lbID string) *octavia.StatusTree {
	servedDetail.Lock()
	defer servedDetail.Unlock()
	t := servedDetail.tree
	if t == nil || servedDetail.lbID != lbID || time.Since(servedDetail.taken) > servedWait {
		return nil
	}
	servedDetail.tree = nil
	return t
}
