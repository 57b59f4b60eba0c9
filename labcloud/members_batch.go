package labcloud

import (
	"encoding/json"
	"net/http"
	"reflect"
	"time"
)

// memberKey is a member's identity in its pool, as Octavia's batch update
// matches it: address and protocol port.
type memberKey struct {
	addr string
	port int
}

// batchMember is one entry of a batch update: its body, and which of the
// attributes whose absence means "unchanged" it carries (name and
// subnet_id; a null tags is as absent).
type batchMember struct {
	body               memberBody
	hasName, hasSubnet bool
}

// batchUpdateMembers replaces a pool's members as Octavia's batch update
// (PUT .../members) does, checked against a real Zed: a member missing
// from the body is deleted; a new one is created; a listed one is replaced:
// admin_state_up, weight, backup, monitor_address and monitor_port take
// the body's value or their default (true, 1, false, null, null) when
// omitted, while name, tags and subnet_id are kept when omitted (a null
// name is "", a null subnet_id none, a null tags kept). All in one
// transition (202, no body); an empty body on an empty pool changes
// nothing.
func (c memberKind) batchUpdate(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	p, err := c.poolOfPath(r, k)
	if err != nil {
		return err
	}
	entries, err := decodeBatchMembers(r)
	if err != nil {
		return err
	}
	if err := k.write(p.projectID); err != nil {
		return err
	}
	locked := append(lockSet(p), p)
	if err := checkMutable(locked); err != nil {
		return err
	}
	if len(entries) == 0 && len(p.members) == 0 {
		w.WriteHeader(http.StatusAccepted) // Octavia: "a noop, rolling back"
		return nil
	}
	old := map[memberKey]*member{}
	for _, m := range p.members {
		old[memberKey{m.address, m.port}] = m
	}
	var updates, replaced, resubnet []*member
	var creates []*memberBody
	seen := map[memberKey]bool{}
	for i := range entries {
		e := &entries[i]
		b := &e.body
		if b.Address == nil || b.ProtocolPort == nil {
			return mandatory("address")
		}
		kk := memberKey{*b.Address, *b.ProtocolPort}
		if seen[kk] {
			return errorf(http.StatusConflict, "Another member on this pool is already using ip %s on protocol_port %d", kk.addr, kk.port)
		}
		seen[kk] = true
		m := old[kk]
		if m == nil {
			creates = append(creates, b)
			continue
		}
		n, err := e.replace(m)
		if err != nil {
			return err
		}
		updates, replaced = append(updates, m), append(replaced, n)
		if e.hasSubnet {
			resubnet = append(resubnet, n)
		}
		delete(old, kk)
	}
	if n := len(creates) - len(old); n > 0 {
		if err := c.checkQuota(p.projectID, "member", n); err != nil {
			return err
		}
	}
	var created []*member
	for _, b := range creates {
		m, err := c.buildMember(b, p, now)
		if err != nil {
			return err
		}
		created = append(created, m)
	}
	// Octavia looks up every subnet_id the body names, with the caller's token
	if err := c.checkMemberSubnets(append(created, resubnet...), k.admin); err != nil {
		return err
	}
	for _, o := range locked {
		o.base().setStatus(statusPendingUpdate, now)
	}
	op := &pendingOp{lb: p.lb, activate: locked}
	for i, m := range updates {
		*m = *replaced[i]
		m.setStatus(statusPendingUpdate, now)
		m.changed(now)
		op.activate = append(op.activate, m)
	}
	for _, m := range created {
		c.attachMember(p, m, now)
		op.activate = append(op.activate, m)
	}
	for _, m := range p.members {
		if old[memberKey{m.address, m.port}] == m {
			m.setStatus(statusPendingDelete, now)
			op.remove = append(op.remove, m)
		}
	}
	c.schedule(op, now)
	w.WriteHeader(http.StatusAccepted)
	return nil
}

// decodeBatchMembers reads {"members": [...]} as wsme reads Octavia's
// MembersRootPUT: an attribute a member cannot have is refused, strings
// that are numbers or booleans are read as such, and the presence of name
// and subnet_id is kept.
func decodeBatchMembers(r *http.Request) ([]batchMember, *apiError) {
	var raw *[]json.RawMessage
	if err := decodeArg(r, "members", &raw); err != nil {
		return nil, err
	}
	st := reflect.TypeFor[memberBody]()
	known := jsonNames(st)
	out := make([]batchMember, 0, len(*raw))
	for _, item := range *raw {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(item, &fields); err != nil {
			return nil, errBadJSON()
		}
		for k := range fields {
			if !known[k] {
				return nil, errorf(http.StatusBadRequest, "Unknown attribute for argument members_.members: %s", k)
			}
		}
		if string(fields["tags"]) == "null" {
			delete(fields, "tags") // wsme: a null list is unset
		}
		_, hasName := fields["name"]
		_, hasSubnet := fields["subnet_id"]
		normalize(st, "member", fields)
		e := batchMember{hasName: hasName, hasSubnet: hasSubnet}
		b, _ := json.Marshal(fields)
		if err := json.Unmarshal(b, &e.body); err != nil {
			return nil, typeError(b, err)
		}
		out = append(out, e)
	}
	return out, nil
}

// replace returns m as the entry leaves it, validated; m is unchanged.
func (e *batchMember) replace(m *member) (*member, *apiError) {
	b := &e.body
	if err := checkUUIDs("subnet_id", b.SubnetID); err != nil {
		return nil, err
	}
	n := *m
	n.enabled = b.AdminStateUp == nil || *b.AdminStateUp
	n.weight, n.backup, n.monitorAddress, n.monitorPort = 1, false, nil, nil
	if e.hasName {
		n.name = deref(b.Name)
	}
	if b.Tags != nil {
		n.tags = sortedTags(*b.Tags)
	}
	if e.hasSubnet {
		n.subnetID = b.SubnetID
		if b.SubnetID != nil && *b.SubnetID == "" {
			n.subnetID = nil
		}
	}
	if err := n.apply(b); err != nil {
		return nil, err
	}
	return &n, nil
}
