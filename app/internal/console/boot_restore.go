package console

import (
	"context"
	"sync"
	"time"

	"github.com/octaview/octaview/app/serverapi"
)

// bootRestore is the session restore Boot started, until the login page
// takes its result.
var bootRestore struct {
	mu   sync.Mutex
	done chan struct{} // closed once sess and err are set; nil: none started, or taken
	sess *Session
	err  error
}

// StartBootRestore restores the session of the cookie through origin, in
// the background.
func StartBootRestore(origin string, cfg serverapi.Config) {
	done := make(chan struct{})
	bootRestore.mu.Lock()
	bootRestore.done = done
	bootRestore.mu.Unlock()
	go func() {
		c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		sess, err := RestoreSession(c, origin, cfg)
		bootRestore.mu.Lock()
		bootRestore.sess, bootRestore.err = sess, err
		bootRestore.mu.Unlock()
		close(done)
	}()
}

// RestoredSession is the session of the cookie: the result of Boot's restore
// when it started one (once), else a new restore. It blocks: call it in
// ctx.Async.
func RestoredSession(ctx context.Context, origin string, cfg serverapi.Config) (*Session, error) {
	bootRestore.mu.Lock()
	done := bootRestore.done
	bootRestore.done = nil
	bootRestore.mu.Unlock()
	if done == nil {
		return RestoreSession(ctx, origin, cfg)
	}
	select {
	case <-done:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	bootRestore.mu.Lock()
	defer bootRestore.mu.Unlock()
	return bootRestore.sess, bootRestore.err
}
