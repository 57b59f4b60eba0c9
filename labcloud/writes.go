package labcloud

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
)

// resourceName is Octavia's data model name of an object, as used in its
// messages.
func resourceName(o object) string {
	switch o.(type) {
	case *loadBalancer:
		return "Load Balancer"
	case *listener:
		return "Listener"
	case *pool:
		return "Pool"
	case *member:
		return "Member"
	case *healthMonitor:
		return "Health Monitor"
	case *l7policy:
		return "L7 Policy"
	case *l7rule:
		return "L7 Rule"
	}
	return "Object"
}

// lockSet lists the objects a write on o locks (moves to PENDING_UPDATE),
// load balancer first, as observed on a real Octavia Zed: the objects o
// hangs under (ancestors). A pool hangs under its load balancer only: the
// real Zed leaves the pool's listener ACTIVE on a pool write.
func lockSet(o object) []object {
	return ancestors(o)
}

// checkMutable answers 409 if any object a write would lock is not ACTIVE.
func checkMutable(locked []object) *apiError {
	for _, o := range locked {
		if o.base().prov != statusActive {
			return immutable(resourceName(o), o.base().id)
		}
	}
	return nil
}

// checkWritable answers 403 unless k may write o's project, then 409 if
// any object a write on o would lock is not ACTIVE: what every child's
// update checks first (a delete, the same around its inUse).
func checkWritable(k *caller, o object) *apiError {
	if err := k.write(o.base().projectID); err != nil {
		return err
	}
	return checkMutable(lockSet(o))
}

// lockTree moves the load balancer and the parents of child to
// PENDING_UPDATE, and child to status. Caller holds c.mu.
func (c *Cloud) lockTree(lb *loadBalancer, child object, status string, now time.Time) {
	for _, o := range lockSet(child) {
		o.base().setStatus(statusPendingUpdate, now)
	}
	child.base().setStatus(status, now)
	if child != object(lb) {
		lb.setStatus(statusPendingUpdate, now)
	}
}

// acceptChildWrite locks child's tree and schedules its completion: the
// child is created or updated (activate) or deleted (remove).
func (c *Cloud) acceptChildWrite(child object, status string, now time.Time) {
	lb := lbOf(child)
	c.lockTree(lb, child, status, now)
	op := &pendingOp{lb: lb, activate: lockSet(child)}
	if status == statusPendingDelete {
		op.remove = []object{child}
	} else {
		op.activate = append(op.activate, child)
	}
	c.schedule(op, now)
}

// admitChild checks that k may create one object of kind (a quota's
// name: "member") under parent: k writes parent's project, whose quota
// has room for one more, and the objects the write would lock (parent and
// those above it) are ACTIVE. Caller holds c.mu.
func (c *Cloud) admitChild(k *caller, parent object, kind string) *apiError {
	projectID := parent.base().projectID
	if err := k.write(projectID); err != nil {
		return err
	}
	if err := c.checkQuota(projectID, kind, 1); err != nil {
		return err
	}
	return checkMutable(append(lockSet(parent), parent))
}

// newMeta starts an object in PENDING_CREATE / OFFLINE.
func (c *Cloud) newMeta(projectID string, name, desc *string, enabled *bool, tags *[]string, now time.Time) meta {
	m := meta{
		id: newUUID(c.rng), projectID: projectID, name: deref(name), description: deref(desc),
		prov: statusPendingCreate, oper: operOffline, enabled: enabled == nil || *enabled, created: now,
	}
	if tags != nil {
		m.tags = sortedTags(*tags)
	}
	return m
}

// sortedTags copies tags in order: Octavia answers them sorted.
func sortedTags(t []string) []string {
	out := slices.Clone(t)
	slices.Sort(out)
	return slices.Compact(out)
}

// update applies the common PUT fields.
func (m *meta) update(name, desc *string, enabled *bool, tags *[]string) {
	if name != nil {
		m.name = *name
	}
	if desc != nil {
		m.description = *desc
	}
	if enabled != nil {
		m.enabled = *enabled
	}
	if tags != nil {
		m.tags = sortedTags(*tags)
	}
	m.cache = nil
}

// invalidInput is wsme's message for a bad attribute value.
func invalidInput(field string, value any, why string) *apiError {
	return errorf(http.StatusBadRequest, "Invalid input for field/attribute %s. Value: '%v'. %s", field, value, why)
}

func oneOf(field string, value string, allowed []string) *apiError {
	for _, a := range allowed {
		if value == a {
			return nil
		}
	}
	q := make([]string, len(allowed))
	for i, a := range allowed {
		q[i] = "'" + a + "'"
	}
	return invalidInput(field, value, "Value should be one of: "+strings.Join(q, ", "))
}

func mandatory(field string) *apiError {
	return invalidInput(field, "None", "Mandatory field missing.")
}

// inRange is wsme's IntegerType check, with its messages (one bound each).
func inRange(field string, v, lo, hi int) *apiError {
	switch {
	case v < lo:
		return invalidInput(field, v, fmt.Sprintf("Value should be greater or equal to %d", lo))
	case v > hi:
		return invalidInput(field, v, fmt.Sprintf("Value should be lower or equal to %d", hi))
	}
	return nil
}

// projectFor resolves the project of a new object: the body's project_id
// (admin only for another project) or the caller's.
func (k *caller) projectFor(bodyProject *string) (string, *apiError) {
	p := k.project
	if bodyProject != nil && *bodyProject != "" {
		p = *bodyProject
	}
	if p == "" {
		return "", validation("Missing project ID in request where one is required.")
	}
	if err := k.write(p); err != nil {
		return "", err
	}
	return p, nil
}
