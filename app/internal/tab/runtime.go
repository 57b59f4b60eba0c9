package tab

import (
	"sync"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// Runtime is the tab's state that outlives a page: what the page the app
// started in handed over (Startup, taken once), the list rows a login
// read for the page it goes to (FirstRows, taken once), the statuses the
// tab saw (live.go), and the shared polls every view of the tab subscribes
// to (poll.go, stats.go, the status wall's) with their share among the
// browser's tabs (crosstab.go), the signed-in session with what the tab
// knows of the browser's (session.go, session_browser.go), and the
// operations (operations.go). A session made in the tab (NewSession)
// reaches it, so whatever holds the session finds the polls. The composition
// root (app.Register) builds one and hands it to every page through the
// pages' constructors; app.Boot gives it the Startup in the browser. On
// the server, which pre-renders pages with the same routes, it stays
// empty. Safe for concurrent use.
type Runtime struct {
	start     *Startup
	firstRows firstRowsSlot
	seen      map[string]seenStatus // the statuses the tab noted, by seenKey (live.go); UI goroutine

	tabs  *tabShare                         // the tab's share of polls; nil when the browser cannot share them (and natively)
	objs  *waiters.Hub[octavia.Object]      // the one poller of single objects (poll.go)
	trees *waiters.Hub[*octavia.StatusTree] // the one poller of status trees (poll.go)
	stats *waiters.Hub[StatsSample]         // the one poller of stats (stats.go)
	wall  *waiters.Hub[serverapi.Status]    // the status wall's poll of /api/status (app/wall)

	signedIn    signedIn      // the signed-in session and the logout's notice (session.go)
	binding     binding       // the browser session's id the tab is bound to (session_browser.go)
	reauth      reauthState   // the pending "log in again" and the mounted shells (session_browser.go)
	listen      sync.Once     // the tab listens to the other tabs' logouts once (watchShell)
	logoutStamp func() string // the last logout's stamp in the browser (session_browser.go)
	ops         *Operations   // the tab's operations and their waits (operations.go)
}

// NewRuntime is a new tab's Runtime: no start-up state, no rows kept, no
// status noted, no poll running; in the browser, its polls are shared
// with the other tabs of the origin when the browser can (browserTabs).
func NewRuntime() *Runtime {
	rt := &Runtime{
		seen:  map[string]seenStatus{},
		tabs:  browserTabs(),
		objs:  waiters.NewHub[octavia.Object](waiters.DefaultInterval),
		trees: waiters.NewHub[*octavia.StatusTree](waiters.DefaultInterval),
		stats: waiters.NewHub[StatsSample](waiters.DefaultInterval),
		wall:  waiters.NewHub[serverapi.Status](waiters.DefaultInterval),

		logoutStamp: storedLogoutStamp,
	}
	rt.ops = &Operations{signedIn: rt.CurrentSession, waits: map[string]*waitHandle{}}
	return rt
}

// Operations is the tab's operations and their waits: the operations
// panel's and the journal's (operations.go).
func (rt *Runtime) Operations() *Operations { return rt.ops }

// WallHub is the status wall's poll of /api/status, for walls whose event
// stream failed: one loop per origin, at once, then 3 s after each answer.
func (rt *Runtime) WallHub() *waiters.Hub[serverapi.Status] { return rt.wall }

// Start hands rt the Startup built from the page the app started in. Call
// it once, in the browser, before the first render.
func (rt *Runtime) Start(s *Startup) { rt.start = s }

// Startup is the start-up state rt was handed (nil on the server, or in a
// test that handed none, or a nil rt). Its parts are taken once. Any
// goroutine.
func (rt *Runtime) Startup() *Startup {
	if rt == nil {
		return nil
	}
	return rt.start
}

// StatsHub is the tab's one poll of stats (stats.go in console reads it
// through it): one loop per object, at once, then 3 s after each answer.
func (rt *Runtime) StatsHub() *waiters.Hub[StatsSample] { return rt.stats }
