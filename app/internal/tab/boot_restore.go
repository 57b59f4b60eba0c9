package tab

import (
	"context"
	"time"

	"github.com/octaview/octaview/app/serverapi"
)

// restore is the session restore app.Boot started, until the login page
// (or bootServed) takes its result.
type restore struct {
	done chan struct{} // closed once sess and err are set; nil: none started, or taken
	sess *Session
	err  error
}

// StartBootRestore restores the session of the cookie through origin, in
// the background, for the Startup rt was handed (none: it does nothing).
func (rt *Runtime) StartBootRestore(origin string, cfg serverapi.Config) {
	s := rt.Startup()
	if s == nil {
		return
	}
	done := make(chan struct{})
	s.mu.Lock()
	s.restore.done = done
	s.mu.Unlock()
	go func() {
		c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		sess, err := RestoreSession(c, rt, origin, cfg)
		s.mu.Lock()
		s.restore.sess, s.restore.err = sess, err
		s.mu.Unlock()
		close(done)
	}()
}

// RestoredSession is the session of the cookie: the result of the restore
// app.Boot started when it started one (once), else a new restore. It
// blocks: call it in ctx.Async.
func (rt *Runtime) RestoredSession(ctx context.Context, origin string, cfg serverapi.Config) (*Session, error) {
	s := rt.Startup()
	var done chan struct{}
	if s != nil {
		s.mu.Lock()
		done = s.restore.done
		s.restore.done = nil
		s.mu.Unlock()
	}
	if done == nil {
		return RestoreSession(ctx, rt, origin, cfg)
	}
	select {
	case <-done:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.restore.sess, s.restore.err
}
