package console

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

// KeepServed keeps s's reads when s answers the page at u (the page the app
// starts on), and reports whether it did. Any goroutine.
func KeepServed(s *serverapi.Served, u *url.URL) bool {
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

// TakeServed answers r, a request of a client asking for region ("" =
// the server's), from the page's Served, once, when it holds the answer of
// that very GET (same path and query) read in that region (the server read
// it in the region cookie's region, which mirrors the app's); false
// otherwise. Any goroutine.
func TakeServed(r *http.Request, region string) (*http.Response, bool) {
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

// ServedAt is the time of s's reads (zero when it does not parse).
func ServedAt(s *serverapi.Served) time.Time {
	t, _ := time.Parse(time.RFC3339, s.ReadAt)
	return t
}

// ServedWait bounds how long the app's start waits for the session's
// restore when the page came with its rows (they are on screen meanwhile).
const ServedWait = 10 * time.Second

// BootResume is the session bootServed signed in with, until a page takes
// up its operations journal (operations.resume, which the login page does
// after its own sign-in).
var BootResume struct {
	sync.Mutex
	Sess *Session
}

// ResumeBootSession takes up the operations journal of the session
// bootServed signed in with, once (the login page does so after its own
// sign-in; a page the app started on with its rows calls this). UI goroutine.
func ResumeBootSession(ctx goapp.Context) {
	BootResume.Lock()
	sess := BootResume.Sess
	BootResume.Sess = nil
	BootResume.Unlock()
	if sess != nil && sess == CurrentSession() {
		Operations.Resume(ctx, sess)
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
func liveServedControls() {
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
	Obj  Object
	LBID string
	Tree *octavia.StatusTree
	At   time.Time // when it was read (the tree's read)
}

// ServedDetail is the first screen bootServed read from the page's Served,
// until the page takes it (takeServedDetail) and its tree's poll takes the
// tree (takeServedTree), or, for a kind outside a load balancer's tree,
// the object's poll takes the object (takeServedObject).
var ServedDetail struct {
	sync.Mutex
	D     *FirstDetail
	tree  *octavia.StatusTree // for the tree's poll, once
	lbID  string
	obj   Object // for the object's poll, once (kinds outside a tree)
	ref   octavia.Ref
	taken time.Time
}

// TakeServedDetail is the served first screen of the page at path, once.
// Any goroutine.
func TakeServedDetail(path string) *FirstDetail {
	ServedDetail.Lock()
	defer ServedDetail.Unlock()
	d := ServedDetail.D
	if d == nil || d.Path != path {
		return nil
	}
	ServedDetail.D = nil
	ServedDetail.tree, ServedDetail.lbID, ServedDetail.taken = d.Tree, d.LBID, time.Now()
	ServedDetail.obj, ServedDetail.ref = nil, octavia.Ref{}
	if d.Tree == nil {
		ServedDetail.obj, ServedDetail.ref = d.Obj, d.Ref
	}
	return d
}

// TakeServedObject is the served object r (a kind outside a load
// balancer's tree), once, when its page took the served first screen a
// moment ago (servedWait): the first read of that object's poll (watch),
// so that the page's poll, which reads it at once, sends no GET of what
// came with the page. Any goroutine.
func TakeServedObject(r octavia.Ref) Object {
	ServedDetail.Lock()
	defer ServedDetail.Unlock()
	o := ServedDetail.obj
	if o == nil || ServedDetail.ref != r || time.Since(ServedDetail.taken) > ServedWait {
		return nil
	}
	ServedDetail.obj, ServedDetail.ref = nil, octavia.Ref{}
	return o
}

// TakeServedTree is the served status tree of load balancer lbID, once,
// when its page took the served first screen a moment ago (servedWait):
// the first read of that tree's poll. Any goroutine.
func TakeServedTree(lbID string) *octavia.StatusTree {
	ServedDetail.Lock()
	defer ServedDetail.Unlock()
	t := ServedDetail.tree
	if t == nil || ServedDetail.lbID != lbID || time.Since(ServedDetail.taken) > ServedWait {
		return nil
	}
	ServedDetail.tree = nil
	return t
}
