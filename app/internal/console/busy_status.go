package console

import (
	"context"
	"errors"

	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
)

// A write refused busy (409 immutable) names its load balancer's state:
// "busy (PENDING_UPDATE)". Octavia's refusal names it only sometimes
// ("Invalid state PENDING_UPDATE of loadbalancer resource …"); a member
// edit or an amphora failover during a failover gets "… is immutable and
// cannot be updated.", which names none. The object's own status, which
// the page showed before the write, is not its load balancer's (a member
// stays ACTIVE while its load balancer fails over), so the refusal reads
// the load balancer once (readProvisioning) and says what it read.

// ReadProvisioning is load balancer lbID's provisioning status as read now
// with c, "" when it cannot be read (or lbID is ""). Blocks: the writer's
// goroutine.
func ReadProvisioning(ctx context.Context, c *octavia.Client, lbID string) string {
	if lbID == "" {
		return ""
	}
	o, err := c.Get(ctx, tab.LBRef(lbID))
	if err != nil {
		return ""
	}
	return o.Text("provisioning_status")
}

// BusyStatus is the status a busy refusal of wr names, read being its load
// balancer's status as read after the refusal: read; else, when it could
// not be read, the status wr was sent in if wr's object is the load
// balancer itself; else none (a child's own status is not its load
// balancer's).
func BusyStatus(wr Write, read string) string {
	switch {
	case read != "":
		return read
	case wr.Op.Ref.Kind == octavia.KindLoadBalancer:
		return wr.Was
	}
	return ""
}

// WriteErrorText is a refused write in words: a 409 because the load
// balancer is in ERROR says so, what Octavia said and what to do
// (form.ConflictText; no "Retry when ACTIVE" is offered for it), any other
// refusal as the tab words it (tab.WriteErrorText). busyAs is the load
// balancer's status read after a busy refusal ("" if none).
func WriteErrorText(err error, busyAs string) string {
	var e *octavia.Error
	if octavia.ErrorCodeOf(err) == octavia.ECONFLICT || tab.Busy(err) {
		fault := ""
		if errors.As(err, &e) {
			fault = e.Fault
		}
		if s := form.ConflictText(fault, busyAs); s != "" {
			return s
		}
	}
	return tab.WriteErrorText(err, busyAs)
}

// inErrorState reports whether err is a 409 refused because the load
// balancer is in ERROR (busyAs: its status read after a busy refusal).
func inErrorState(err error, busyAs string) bool {
	var e *octavia.Error
	if !errors.As(err, &e) || e.StatusCode != 409 {
		return false
	}
	return form.InErrorState(e.Fault, busyAs)
}

// outOfError says what takes an object of kind k out of provisioning
// ERROR: a load balancer only a failover (Octavia refuses any other change
// to it and its children meanwhile: form.ConflictText), a child a new
// change to it.
func outOfError(k octavia.Kind) string {
	if k == octavia.KindLoadBalancer {
		return "A failover takes it out of ERROR (an admin's Failover); Octavia refuses other changes to it and its children until then, but a delete."
	}
	return "A new change to it (an edit) takes it out of ERROR, or a failover of its load balancer."
}
