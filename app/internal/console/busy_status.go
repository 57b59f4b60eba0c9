package console

import (
	"context"

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
