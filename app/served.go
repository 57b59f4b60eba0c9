package app

import (
	"context"
	"errors"
	"net/url"
	"time"

	"github.com/octaview/octaview/app/detail"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/list"
	"github.com/octaview/octaview/app/serverapi"
)

// A returning user's first screen (docs/startup.md): for a page whose
// first render reads a list, the server reads that list's first page with
// the session cookie's token, renders the page's frame and rows into the
// HTML it serves, and puts Octavia's answer into the page's
// serverapi.Boot (Served). The app answers its own first read of that page
// from it (takeServed, in sessionTransport): the same request (firstRead
// makes it, on the server and in the browser), so no second GET of the same
// rows; the live re-reads then follow every 3 s as usual.

// bootServed is Boot's part for a page that came with its first rows: it
// waits for the session's restore, signs in with it, and reads the page's
// first rows from the page's Served (prefetchFirstRows: no request leaves),
// so that the app's first render shows the rows the page already shows,
// where the server put them. On any failure the app starts as without them
// (the login page checks the session again); so it does when another tab
// of the browser logged out since the restore was sent (adoptSession: this
// tab did not listen yet), the login page saying so. Browser, before the
// first render: it blocks.
func bootServed(rt *tab.Runtime, origin string, cfg serverapi.Config, u *url.URL, at time.Time) {
	c, cancel := context.WithTimeout(context.Background(), tab.ServedWait)
	defer cancel()
	sess, err := rt.RestoredSession(c, origin, cfg)
	if err != nil {
		return
	}
	if !rt.AdoptSession(sess) { // another tab logged out meanwhile: the served page is not live
		return
	}
	rt.Startup().KeepResume(sess)
	if pr, ok := detail.FirstRead(sess, u); ok {
		if d, err := detail.ReadFirst(c, sess.Client, pr); err == nil { // from Served: no request leaves
			d.Path, d.At = u.Path, at
			rt.Startup().KeepServedDetail(d)
		}
		return
	}
	if f := list.PrefetchFirstRows(rt, sess, u.RequestURI()); f != nil {
		select {
		case <-f.Done:
			f.At = at
		case <-c.Done():
		}
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

// ErrNoFirstScreen is FirstScreen's answer for a page whose first render
// reads nothing the server serves (firstRead, detailRead).
var ErrNoFirstScreen = errors.New("the page's first render reads nothing the server serves")
