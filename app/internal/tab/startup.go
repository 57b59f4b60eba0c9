package tab

import (
	"sync"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
)

// Startup is what the page the app started in handed over (docs/startup.md):
// its serverapi.Boot, what was typed into its served login form, the
// session restore app.Boot started, the page's served reads (Served), the
// session and the first screen app's bootServed read from them. app.Boot
// builds it once (ReadStartup) and hands it to the Runtime; the first page
// that consumes a part takes it, so a later page never sees stale start-up
// state. Safe for concurrent use; its methods accept a nil *Startup (the
// server's pre-render, a test), which holds nothing.
type Startup struct {
	boot   serverapi.Boot // never written after ReadStartup
	booted bool           // the page had a Boot

	mu          sync.Mutex
	typed       ServedLogin // taken by the first login page
	sessionTold bool        // the page's word on the cookie was taken
	loginTold   bool        // the page's Boot.Login was taken
	restore     restore     // boot_restore.go
	reads       servedReads // served_store.go
	resume      *Session    // bootServed's session, until a page resumes its journal
	detail      servedDetail
}

// ServedLogin is what was typed into the served login form before the app
// ran (app/login's KeepServedLogin reads it).
type ServedLogin struct {
	Values map[string]string // field id -> value ("" fields left out)
	// PlainUntil: the served form's plain post is on its way and may answer
	// until then (compile.js marks the form data-plain-until when it lets a
	// post go); in the past: one was sent and answered or stopped (the mark
	// is 0 on a page restored from the back/forward cache); zero: none
	PlainUntil time.Time
}

// Boot is the serverapi.Boot of the page the app started in, and whether
// the page had one. Not consumed: any page may read the configuration.
// Any goroutine.
func (s *Startup) Boot() (serverapi.Boot, bool) {
	if s == nil {
		return serverapi.Boot{}, false
	}
	return s.boot, s.booted
}

// Config is the server's configuration the page carried, and whether it
// carried one. Any goroutine.
func (s *Startup) Config() (serverapi.Config, bool) {
	b, ok := s.Boot()
	return b.Config, ok
}

// TakeServedLogin is what was typed into the served login form, once.
// Any goroutine.
func (s *Startup) TakeServedLogin() ServedLogin {
	if s == nil {
		return ServedLogin{}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	typed := s.typed
	s.typed = ServedLogin{}
	return typed
}

// TakeBootSession is the page's word on the session cookie (live) and
// whether it gave one (told), for the first login page of the document
// only (later ones check the cookie themselves). Any goroutine.
func (s *Startup) TakeBootSession() (live, told bool) {
	if s == nil {
		return false, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sessionTold {
		return false, false
	}
	s.sessionTold = true
	return s.boot.Session, s.booted
}

// TakeBootLogin is the served form's state after a failed plain login (the
// page's Boot.Login), for the first login page of the document only.
// Any goroutine.
func (s *Startup) TakeBootLogin() *serverapi.LoginForm {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.loginTold {
		return nil
	}
	s.loginTold = true
	return s.boot.Login
}

// KeepResume keeps sess, the session bootServed signed in with, until a
// page takes up its operations journal (TakeResume). Any goroutine.
func (s *Startup) KeepResume(sess *Session) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.resume = sess
}

// TakeResume is the session bootServed signed in with, once; nil when
// there is none. Any goroutine.
func (s *Startup) TakeResume() *Session {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	sess := s.resume
	s.resume = nil
	return sess
}

// servedDetail is the first screen bootServed read from the page's
// Served, until the page takes it (TakeServedDetail) and its tree's poll
// takes the tree (TakeServedTree), or, for a kind outside a load
// balancer's tree, the object's poll takes the object (TakeServedObject).
type servedDetail struct {
	d     *FirstDetail
	tree  *octavia.StatusTree // for the tree's poll, once
	lbID  string
	obj   octavia.Object // for the object's poll, once (kinds outside a tree)
	ref   octavia.Ref
	taken time.Time
}
