package tab

import (
	"context"
	"strconv"
	"sync"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// opKind is the write an operation tracks.
type OpKind string

const (
	OpCreate   OpKind = "create"
	OpUpdate   OpKind = "update"
	OpDelete   OpKind = "delete"
	OpFailover OpKind = "failover"
	OpOther    OpKind = "other" // an action: the operation's Verb says which
)

// waitKind is how an operation's wait follows its write, as the CLI's
// --wait does for that write.
type WaitKind string

const (
	WaitActive   WaitKind = "active"  // the load balancer leaves PENDING_*, then the object is ACTIVE (a tree's create, update)
	WaitDeleted  WaitKind = "deleted" // the load balancer leaves PENDING_*, then the object answers 404
	WaitLBActive WaitKind = "lb"      // only the load balancer (Ref.LoadBalancerID) must be ACTIVE: failovers, a member batch
	WaitNone     WaitKind = "none"    // Octavia applied it before answering (flavors, zones, quotas)
)

// OpState is where an operation's wait is.
type OpState string

const (
	OpWaiting   OpState = "waiting"   // polling every 3 s
	OpSucceeded OpState = "succeeded" // ACTIVE (create) or gone (delete)
	OpFailed    OpState = "failed"    // ERROR, timeout or a failed poll: the write was still accepted
	OpStopped   OpState = "stopped"   // the user stopped watching; Octavia carries on
)

// Operation is one accepted write on any object and the state of its wait:
// an item of the operations panel and of the journal, keyed by the
// object's octavia.Ref. It holds no secret (no token, no password), so the
// journal can keep it in sessionStorage.
type Operation struct {
	ID         string       `json:"id"`
	Kind       OpKind       `json:"kind"`
	Verb       string       `json:"verb,omitempty"` // the title's verb for opOther: "Fail over", "Drain"
	Wait       WaitKind     `json:"wait"`
	ProjectID  string       `json:"project_id"`
	UserID     string       `json:"user_id"`
	Ref        octavia.Ref  `json:"ref"`
	Name       string       `json:"name"`
	Written    string       `json:"written"` // what was written, in words
	RequestID  string       `json:"request_id,omitempty"`
	StatusCode int          `json:"status_code,omitempty"`
	Status     string       `json:"status,omitempty"`    // the last provisioning status seen
	StatusOf   octavia.Kind `json:"status_of,omitempty"` // whose Status is: its load balancer's, while a child's wait polls it
	Polls      int          `json:"polls"`
	StartedAt  time.Time    `json:"started_at"`
	EndedAt    time.Time    `json:"ended_at,omitzero"`
	State      OpState      `json:"state"`
	Reason     string       `json:"reason,omitempty"` // why the wait failed or stopped
	Prior      string       `json:"prior,omitempty"`  // what an action changed (a drained member's weight): its undo offers it back

	// Cells are the Written columns' cells (a load balancer's VIP
	// address), for its row while it is created.
	Cells map[string]string `json:"cells,omitempty"`
}

// lbID is the load balancer the operation's object belongs to ("" for
// flavors, zones, quotas; a load balancer's Ref names itself, as
// octavia.RefOf makes it).
func (op Operation) LbID() string { return op.Ref.LoadBalancerID }

// stuckAfter is when a wait item starts saying that the wait is long.
const StuckAfter = 2 * time.Minute

// elapsed is how long the operation has run (until it ended).
func (op Operation) Elapsed(now time.Time) time.Duration {
	if !op.EndedAt.IsZero() {
		return op.EndedAt.Sub(op.StartedAt)
	}
	return now.Sub(op.StartedAt)
}

// State key and journal key of the operations.
const (
	// StateOperations holds []operation, newest first, for the signed-in
	// project; the shell and the list page observe it.
	StateOperations = "octaview.operations"
	// journalKey is the sessionStorage key of the operations journal.
	journalKey = "octaview.journal"
	// journalMax is how many operations the journal keeps.
	journalMax = 30
)

// Operations holds the operations of a tab and the cancel funcs of their
// waits. Any goroutine.
type Operations struct {
	signedIn func() *Session // the tab's signed-in session (Runtime.CurrentSession)

	mu    sync.Mutex
	seq   int
	ops   []Operation // newest first
	waits map[string]*waitHandle
}

// waitHandle is a running wait: its cancel func, and whether the user
// stopped it (rather than a logout).
type waitHandle struct {
	cancel  context.CancelFunc
	stopped bool
}

// Snapshot is a copy of the tab's operations, newest first.
func (s *Operations) Snapshot() []Operation {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Operation(nil), s.ops...)
}

// publish hands the new list to the observers (go-app state) and writes the
// journal. Any goroutine.
func (s *Operations) publish(ctx goapp.Context) {
	ops := s.Snapshot()
	ctx.SetState(StateOperations, ops)
	// The journal also keeps what other users and projects of this tab left in it.
	var owner Operation
	if sess := s.signedIn(); sess != nil {
		owner = Operation{UserID: sess.Info.UserID, ProjectID: sess.Info.ProjectID}
	}
	var journal []Operation
	if err := ctx.SessionStorage().Get(journalKey, &journal); err == nil {
		for _, op := range journal {
			if !sameOwner(op, owner) {
				ops = append(ops, op)
			}
		}
	}
	if len(ops) > journalMax {
		ops = ops[:journalMax]
	}
	if err := ctx.SessionStorage().Set(journalKey, ops); err != nil {
		goapp.Log("octaview: writing the operations journal:", err)
	}
}

func (s *Operations) add(op Operation) Operation {
	s.mu.Lock()
	defer s.mu.Unlock()
	if op.ID == "" {
		s.seq++
		op.ID = strconv.FormatInt(time.Now().UnixNano(), 36) + "-" + strconv.Itoa(s.seq)
	}
	s.ops = append([]Operation{op}, s.ops...)
	return op
}

func (s *Operations) update(id string, f func(*Operation)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.ops {
		if s.ops[i].ID == id {
			f(&s.ops[i])
			return
		}
	}
}

// stop cancels the wait of operation id (the user pressed "Stop watching").
func (s *Operations) Stop(id string) {
	s.mu.Lock()
	w := s.waits[id]
	if w != nil {
		w.stopped = true
	}
	s.mu.Unlock()
	if w != nil {
		w.cancel()
	}
}

// dismiss removes an ended operation from the panel and the journal.
func (s *Operations) Dismiss(ctx goapp.Context, id string) {
	s.mu.Lock()
	for i := range s.ops {
		if s.ops[i].ID == id && s.ops[i].State != OpWaiting {
			s.ops = append(s.ops[:i:i], s.ops[i+1:]...)
			break
		}
	}
	s.mu.Unlock()
	s.publish(ctx)
}

// reset cancels every wait and forgets the operations of this tab, leaving
// the journal as it is, so that the next login resumes what was waiting.
func (s *Operations) Reset() {
	s.mu.Lock()
	waits := s.waits
	s.waits = map[string]*waitHandle{}
	s.ops = nil
	s.mu.Unlock()
	for _, w := range waits {
		w.cancel()
	}
}

// sameOwner reports whether two operations were made by the same user in
// the same project: the journal resumes only the signed-in user's own.
func sameOwner(a, b Operation) bool {
	return a.UserID == b.UserID && a.ProjectID == b.ProjectID
}

// start records an accepted write and runs its wait (op.Wait), every
// field of op but the bookkeeping given by the caller: Kind, Wait, Ref,
// Name, Written, Status (and Verb, Cells). A create's wait has no time
// limit (it is always cancellable); a delete's is
// waiters.DefaultDeleteTimeout. UI goroutine; the wait runs in ctx.Async.
func (s *Operations) Start(ctx goapp.Context, sess *Session, op Operation, acc octavia.Accepted) Operation {
	op.ProjectID, op.UserID = sess.Info.ProjectID, sess.Info.UserID
	op.RequestID, op.StatusCode = acc.RequestID, acc.StatusCode
	op.StartedAt, op.State = time.Now(), OpWaiting
	op = s.add(op)
	s.wait(ctx, sess, op)
	return op
}

// Resume reads the journal after a login and takes up the operations of
// the signed-in project again: it shows those that ended and restarts the
// waits of those that were waiting. UI goroutine.
func (s *Operations) Resume(ctx goapp.Context, sess *Session) {
	var journal []Operation
	if err := ctx.SessionStorage().Get(journalKey, &journal); err != nil {
		goapp.Log("octaview: reading the operations journal:", err)
		return
	}
	var waiting []Operation
	s.mu.Lock()
	s.ops = nil
	owner := Operation{UserID: sess.Info.UserID, ProjectID: sess.Info.ProjectID}
	for _, op := range journal {
		if !sameOwner(op, owner) {
			continue
		}
		s.ops = append(s.ops, op)
		if op.State == OpWaiting {
			waiting = append(waiting, op)
		}
	}
	s.mu.Unlock()
	for _, op := range waiting {
		s.wait(ctx, sess, op)
	}
	s.publish(ctx)
}

// wait runs op's wait in ctx.Async and publishes every poll and the end.
func (s *Operations) wait(ctx goapp.Context, sess *Session, op Operation) {
	wctx, cancel := context.WithCancel(context.Background())
	h := &waitHandle{cancel: cancel}
	s.mu.Lock()
	s.waits[op.ID] = h
	s.mu.Unlock()
	s.publish(ctx)

	opts := waiters.Options{OnPoll: func(p waiters.Poll) {
		s.update(op.ID, func(o *Operation) {
			o.Polls++
			if p.Status != "" {
				o.Status, o.StatusOf = p.Status, octavia.Kind(p.Of)
			}
		})
		s.publish(ctx)
	}}
	if op.Wait == WaitDeleted {
		opts.Timeout = waiters.DefaultDeleteTimeout
	}
	ctx.Async(func() {
		defer cancel()
		err := waitOp(wctx, sess, op, opts)
		s.mu.Lock()
		live := s.waits[op.ID] == h
		stopped := h.stopped
		if live {
			delete(s.waits, op.ID)
		}
		s.mu.Unlock()
		if !live {
			return // reset (logout): the journal keeps it waiting
		}
		ops := s.Snapshot()
		s.update(op.ID, func(o *Operation) {
			o.EndedAt = time.Now()
			o.State, o.Reason = WaitEnd(*o, err, stopped, ops)
			if o.State == OpGone || o.State == OpSucceeded && o.Wait == WaitDeleted {
				o.Status = string(octavia.StatusDeleted)
			}
		})
		s.publish(ctx)
	})
}

// waitOp is the wait of op, as the CLI's --wait for its write, with the
// client's waits on the shared polls (waitClient): a page showing the same
// objects adds no GET. A load balancer's create also waits for every child
// it was created with (the wizard's one-request tree: WaitTreeActive).
// Blocks: ctx.Async.
func waitOp(ctx context.Context, sess *Session, op Operation, opts waiters.Options) error {
	c := WaitClient(sess)
	var err error
	switch {
	case op.Wait == WaitNone:
	case op.Wait == WaitLBActive:
		lbID := op.LbID()
		if lbID == "" {
			if lbID, err = c.LoadBalancerOf(ctx, op.Ref); err != nil {
				return err
			}
		}
		_, err = c.WaitLoadBalancerActive(ctx, lbID, opts)
	case op.Wait == WaitDeleted:
		_, err = c.WaitChildDeleted(ctx, op.Ref, opts)
	case op.Ref.Kind == octavia.KindLoadBalancer && op.Kind == OpCreate:
		_, err = c.WaitTreeActive(ctx, op.Ref.ID, opts)
	default:
		_, err = c.WaitChildActive(ctx, op.Ref, opts)
	}
	return err
}
