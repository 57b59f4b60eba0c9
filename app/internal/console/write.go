package console

import (
	"context"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
)

// Write is one write of the console, whatever place sends it (a form, a
// delete, an action, the create wizard, an amphora's failover, a pool's
// member batch, tags): what it sends, and the journal entry (Op) its
// acceptance starts. Every write runs through a writer: one runner owns
// the busy 409 (and its "Retry when ACTIVE"), the journal and the wait.
type Write struct {
	// Op is the journal's entry: Kind (or Verb), Wait, Ref, Name, Written,
	// Status (the status the write leaves), Cells. The answer's object,
	// if any, completes it (a create's id, name and status).
	Op tab.Operation
	// Was is the object's provisioning status before the write, for a
	// refusal's words ("busy (PENDING_UPDATE)").
	Was string
	// LB is the load balancer the write locks, when the caller knows it (a
	// create names it); "" = the runner finds it from Op.Ref when it must
	// (a delete's wait, a busy retry).
	LB string
	// Send sends the write with c, once. A result beyond the object (a tag
	// merge's) is the caller's, through its closure.
	Send func(ctx context.Context, c *octavia.Client) (octavia.Object, octavia.Accepted, error)
}

// Sent is what a write came to: the answer's object (nil if none), its
// journal entry, and its error: a write can be accepted and still report
// one (tags whose merge gave up after PUTs landed).
type Sent struct {
	Obj octavia.Object
	Op  tab.Operation
	Err error
}

// Writer runs the writes of one place of the UI (a form, a dialog, a
// section), one at a time. Embed it; render err where the place shows its
// errors, and retry(id) beside it.
type Writer struct {
	Sending bool
	Err     string // the last refusal in words, "" after a success

	Refused *Write // refused busy (409 immutable), with lb known: offered again when ACTIVE
	lb      string
	// busyAs is the status the last busy refusal named (busyStatus): its
	// load balancer's as read after it, "" if none.
	busyAs string
	ctx    goapp.Context
	sess   *tab.Session
	done   func(goapp.Context, Sent)
	failed func(error)
}

// Send runs w: it sends the write (in ctx.Async), and on the UI goroutine
// either starts its operation (journal and wait) and calls done, or keeps
// the refusal (err; refused and its load balancer for a busy 409) and calls
// failed, if set, with the error (a form shows a 400 next to its field).
// Use the place's own context, not a button's: the answer may come after
// the button is gone, and go-app drops a Dispatch to a dismounted element.
// UI goroutine.
func (w *Writer) Send(ctx goapp.Context, sess *tab.Session, wr Write, done func(goapp.Context, Sent), failed func(error)) {
	if w.Sending || sess == nil {
		return
	}
	w.Sending, w.Err, w.Refused = true, "", nil
	w.ctx, w.sess, w.done, w.failed = ctx, sess, done, failed
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), 5*time.Minute) // a tag merge may wait for its load balancer
		defer cancel()
		a := sendOnce(c, sess, wr)
		ref, o, acc, err, busyAs := a.Ref, a.Obj, a.Acc, a.Err, a.BusyAs
		ctx.Dispatch(func(ctx goapp.Context) {
			w.Sending = false
			if err != nil && acc.StatusCode == 0 {
				w.busyAs = busyAs
				w.Err = WriteErrorText(err, busyAs)
				if r := a.retry(wr); r != nil && !inErrorState(err, busyAs) {
					w.Refused, w.lb = r, r.LB
				}
				if failed != nil {
					failed(err)
				}
				return
			}
			op := wr.Op
			op.Ref = ref
			completeOp(&op, o)
			op = sess.Runtime().Operations().Start(ctx, sess, op, acc) // with its id: a page can show its wait card
			if done != nil {
				done(ctx, Sent{Obj: o, Op: op, Err: err})
			}
		})
	})
}

// attempt is what one sending of a write came to: its Ref with its load
// balancer (when found), the answer's object, the acceptance, the error
// and the status a busy refusal names (BusyStatus).
type attempt struct {
	Ref    octavia.Ref
	Obj    octavia.Object
	Acc    octavia.Accepted
	Err    error
	BusyAs string
}

// retry is wr to send again once its load balancer is ACTIVE, when a was
// refused busy and that load balancer is known (nil otherwise): it names
// the load balancer, which the retry then looks up no more.
func (a attempt) retry(wr Write) *Write {
	if !tab.Busy(a.Err) || a.Ref.LoadBalancerID == "" {
		return nil
	}
	wr.LB = a.Ref.LoadBalancerID
	return &wr
}

// sendOnce sends wr once with sess's client. Its load balancer is found
// at most once per write: given (wr.LB, the Ref's own), else looked up
// when a delete's wait or a busy refusal needs it, else found from the
// answer (without reading the object again) for a wait on it (WaitActive,
// WaitLBActive), so that the wait does not look it up again. Blocks: the
// runner's goroutine.
func sendOnce(ctx context.Context, sess *tab.Session, wr Write) attempt {
	a := attempt{Ref: wr.Op.Ref}
	if a.Ref.LoadBalancerID == "" {
		a.Ref.LoadBalancerID = wr.LB
	}
	if wr.Op.Kind == tab.OpDelete && wr.Op.Wait == tab.WaitDeleted {
		a.Ref.LoadBalancerID = loadBalancerOf(ctx, sess, a.Ref) // its wait needs it, and it may be gone after
	}
	a.Obj, a.Acc, a.Err = wr.Send(ctx, sess.Client)
	switch {
	case tab.Busy(a.Err):
		a.Ref.LoadBalancerID = loadBalancerOf(ctx, sess, a.Ref)
		a.BusyAs = BusyStatus(wr, ReadProvisioning(ctx, sess.Client, a.Ref.LoadBalancerID))
	case (a.Err == nil || a.Acc.StatusCode != 0) && a.Obj != nil && a.Ref.LoadBalancerID == "" &&
		(wr.Op.Wait == tab.WaitActive || wr.Op.Wait == tab.WaitLBActive) && resourceOfKind(a.Ref.Kind).HasStatus():
		a.Ref.LoadBalancerID, _ = sess.Client.LoadBalancerOfObject(ctx, a.Ref.Kind, a.Ref.ParentID, a.Obj)
	}
	return a
}

// loadBalancerOf is the load balancer of ref: its LoadBalancerID, else
// found through the client (the object and its parents), "" when it has
// none or cannot be read. Blocks: the runner's goroutine.
func loadBalancerOf(ctx context.Context, sess *tab.Session, ref octavia.Ref) string {
	if ref.LoadBalancerID != "" || ref.ID == "" || !resourceOfKind(ref.Kind).HasStatus() {
		return ref.LoadBalancerID
	}
	id, _ := sess.Client.LoadBalancerOf(ctx, ref)
	return id
}

// resourceOfKind is resourceOf, never nil.
func resourceOfKind(k octavia.Kind) *Resource {
	if r := ResourceOf(k); r != nil {
		return r
	}
	return &Resource{Kind: k}
}

// completeOp fills what the answer o says and op does not: a create's id
// (and its load balancer), its name, the status it is in.
func completeOp(op *tab.Operation, o octavia.Object) {
	if o == nil {
		return
	}
	res := resourceOfKind(op.Ref.Kind)
	got := octavia.RefOf(op.Ref.Kind, op.Ref.ParentID, o)
	if op.Ref.ID == "" {
		op.Ref.ID = got.ID
	}
	if op.Ref.LoadBalancerID == "" {
		op.Ref.LoadBalancerID = got.LoadBalancerID
	}
	if op.Name == "" {
		op.Name = res.NameOf(o)
	}
	if op.Name == "" && res.NamedByID() { // a quota's answer does not name its project: its Ref does
		op.Name = op.Ref.ID
	}
	if s := o.Text(op.Ref.Kind.StatusKey()); s != "" && op.Ref.Kind.StatusKey() == "provisioning_status" {
		op.Status = s
	}
	op.Cells = WrittenCells(res, o, op.Cells)
}

// Retry is the "Retry when ACTIVE" offer of the write refused busy (nil
// when there is none): it follows the load balancer on its shared poll,
// then sends the same write once more, as a new write. id prefixes its DOM
// ids. UI goroutine.
func (w *Writer) Retry(id string) goapp.UI {
	if w.Refused == nil {
		return nil
	}
	wr := *w.Refused
	return RetryWhenActive(w.sess.Runtime(), id, w.lb, func() { w.Send(w.ctx, w.sess, wr, w.done, w.failed) })
}

// WrittenCells are the attributes of o that res's Written columns show,
// added to cells (a cell already there stays): what a new object's row
// shows before the list reads it.
func WrittenCells(res *Resource, o octavia.Object, cells map[string]string) map[string]string {
	for _, c := range res.Columns {
		if v := o.Text(c.Key); c.Written && v != "" && cells[c.Key] == "" {
			if cells == nil {
				cells = map[string]string{}
			}
			cells[c.Key] = v
		}
	}
	return cells
}

// WaitFor is the wait of write kind k on an object of kind res: Octavia's
// tree waits for its load balancer and then the object, the other kinds
// are applied before Octavia answers.
func WaitFor(res *Resource, k tab.OpKind) tab.WaitKind {
	switch {
	case !res.HasStatus():
		return tab.WaitNone
	case k == tab.OpDelete:
		return tab.WaitDeleted
	}
	return tab.WaitActive
}

// BusyLB is the load balancer of the write w offers again (Refused), ""
// when none.
func (w *Writer) BusyLB() string { return w.lb }

// BusyAs is the status the last busy refusal named (busyStatus), "" if
// none.
func (w *Writer) BusyAs() string { return w.busyAs }

// SendAgain sends wr again as w's last Send did, with its done and failed.
// UI goroutine.
func (w *Writer) SendAgain(ctx goapp.Context, sess *tab.Session, wr Write) {
	w.Send(ctx, sess, wr, w.done, w.failed)
}
