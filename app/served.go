package app

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
)

// A returning user's first screen (docs/startup.md): for a page whose
// first render reads a list, the server reads that list's first page with
// the session cookie's token, renders the page's frame and rows into the
// HTML it serves, and puts Octavia's answer into the page's
// serverapi.Boot (Served). The app answers its own first read of that page
// from it (takeServed, in sessionTransport): the same request (firstRead
// makes it, on the server and in the browser), so no second GET of the same
// rows; the live re-reads then follow every 3 s as usual.

// firstRead is the read a list page's first render makes, for the page at
// u with sess: its kind's first page (listFirst rows, in listSort's order,
// with the page's filters and the attributes its rows show, the project's
// for an admin); ok is false for pages that read no list of pages (detail
// pages, forms, kinds read whole or otherwise, kinds sess may not read).
// The login's prefetch (prefetchFirstRows) and the server's first screen
// (FirstScreen) both ask it, so they cannot drift apart.
func firstRead(sess *session, u *url.URL) (pr pageRef, q listQuery, ok bool) {
	pr, ok = parsePage(u.Path)
	if !ok || pr.Mode != "list" || !pr.Res.Paged || !pr.Res.mayRead(sess) {
		return pageRef{}, listQuery{}, false
	}
	q = listQuery{Limit: listFirst, Filters: listFilters(pr.Res, u.Query()), Sort: listSort(pr.Res), Project: projectColumn(pr.Res, sess, false)}
	return pr, q, true
}

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

// bootServed is Boot's part for a page that came with its first rows: it
// waits for the session's restore, signs in with it, and reads the page's
// first rows from the page's Served (prefetchFirstRows: no request leaves),
// so that the app's first render shows the rows the page already shows,
// where the server put them. On any failure the app starts as without them
// (the login page checks the session again); so it does when another tab
// of the browser logged out since the restore was sent (adoptSession: this
// tab did not listen yet), the login page saying so. Browser, before the
// first render: it blocks.
func bootServed(origin string, cfg serverapi.Config, u *url.URL, at time.Time) {
	c, cancel := context.WithTimeout(context.Background(), servedWait)
	defer cancel()
	sess, err := restoredSession(c, origin, cfg)
	if err != nil {
		return
	}
	if !adoptSession(sess) { // another tab logged out meanwhile: the served page is not live
		return
	}
	bootResume.Lock()
	bootResume.sess = sess
	bootResume.Unlock()
	if pr, ok := detailRead(sess, u); ok {
		if d, err := readDetail(c, sess.Client, pr); err == nil { // from Served: no request leaves
			d.path, d.at = u.Path, at
			servedDetail.Lock()
			servedDetail.d = d
			servedDetail.Unlock()
		}
		return
	}
	if f := prefetchFirstRows(sess, u.RequestURI()); f != nil {
		select {
		case <-f.done:
			f.at = at
		case <-c.Done():
		}
	}
}

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
		return el.Attr(servedInertAttr, true) // written inert="true"
	}
	return el
}

// liveServedControls makes the served first screen's controls live (the
// app's own render never makes them inert; go-app may have kept the served
// elements). Browser, UI goroutine.
func liveServedControls() {
	els := windowGet("document").Call("querySelectorAll", ".app ["+servedInertAttr+"]")
	for i := range els.Length() {
		els.Index(i).Call("removeAttribute", servedInertAttr)
	}
}

// A detail page's first screen (docs/startup.md): for the page of an
// object of a load balancer's tree, the first render reads the object
// (GET of it, all its fields), its load balancer when its answer does not
// name it (pageLoadBalancer: a member's pool, an L7 policy's listener…) and
// that load balancer's status tree; the server reads them with the
// session's token (FirstScreen) and renders the page's properties and
// tree, the app answers the same GETs from the page's Served (bootServed:
// readDetail with the session's client, whose transport takes them from
// Served), and the page's OnInit starts from them; the tree's shared poll
// takes the served tree as its first read (watchTree), so its first GET is
// the 3 s poll's. A kind outside a tree reads its object alone, which its
// poll (watch) takes as its first read (takeServedObject).

// detailRead is the detail page at u, whose first render reads its object
// (and, for an object of a load balancer's tree, that load balancer's
// tree), when sess may read its kind (mayRead: amphorae, flavor and zone
// profiles are an admin's); ok is false otherwise (not a detail page, or
// one the app shows "only an admin reads" on, reading nothing). The
// server's first screen (FirstScreen) and the app's start (bootServed, the
// page's OnInit) all ask it.
func detailRead(sess *session, u *url.URL) (pr pageRef, ok bool) {
	pr, ok = parsePage(u.Path)
	if !ok || pr.Mode != "detail" || !pr.Res.mayRead(sess) {
		return pageRef{}, false
	}
	return pr, true
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

// readDetail makes detailRead's reads with c, in the order the app's page
// makes them: the object; its load balancer's lookup when its answer does
// not name it (pageLoadBalancer: a member's pool; a health monitor's pool; an
// L7 policy's listener; a rule's policy, then its listener); that load
// balancer's status tree. An object of another kind (an amphora, a flavor,
// a zone, a profile, a quota): the object only, as its page's poll reads it
// (watch). Blocks.
func readDetail(ctx context.Context, c *octavia.Client, pr pageRef) (*firstDetail, error) {
	o, err := c.Get(ctx, pr.ref())
	if err != nil {
		return nil, err
	}
	if !pr.Res.hasStatus() {
		return &firstDetail{ref: pr.ref(), obj: o}, nil
	}
	lbID, err := pageLoadBalancer(ctx, c, pr, o)
	if err != nil {
		return nil, err
	}
	t, err := c.LoadBalancerStatusTree(ctx, lbID)
	if err != nil {
		return nil, err
	}
	return &firstDetail{ref: pr.ref(), obj: o, lbID: lbID, tree: t}, nil
}

// pageLoadBalancer is the load balancer of o, the object of the page at pr,
// read with c: named by o, or looked up through its parents without
// reading o again (octavia's LoadBalancerOfObject). The page's own lookup
// (followTree) and the server's first screen (readDetail) make it: the
// same reads, in the same order. Blocks.
func pageLoadBalancer(ctx context.Context, c *octavia.Client, pr pageRef, o object) (string, error) {
	id, err := c.LoadBalancerOfObject(ctx, pr.Res.Kind, pr.ParentID, o)
	if err == nil && id == "" {
		err = errors.New("its answer names no load balancer")
	}
	return id, err
}

// ErrNoFirstScreen is FirstScreen's answer for a page whose first render
// reads nothing the server serves (firstRead, detailRead).
var ErrNoFirstScreen = errors.New("the page's first render reads nothing the server serves")

// detailPageOf is the page at pr, path in the state of its first render
// from d (the server's render, the app's first render: the same).
func detailPageOf(sess *session, pr pageRef, path string, d *firstDetail, served bool) *detailPage {
	p := &detailPage{sess: sess, pr: pr, path: path, status: loaded, obj: d.obj, lbID: d.lbID,
		monitors: map[string]object{}, asked: map[string]bool{}, served: served}
	if d.tree != nil {
		p.live.lbID, p.live.read = d.lbID, newTreeRead(d.tree.LoadBalancer, d.at, nil)
	}
	return p
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
