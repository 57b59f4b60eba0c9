package form

import (
	"strings"

	"github.com/octaview/octaview/app/internal/lazyregexp"
)

// A 409 is not always a name taken twice. Octavia answers 409 too when
// the load balancer's state forbids the write: "Invalid state ERROR of
// loadbalancer resource …" (LBPendingStateError, for any state but
// ACTIVE) or "Load Balancer … is immutable and cannot be updated."
// (ImmutableObject, a child's write). A PENDING_* load balancer is busy
// and will be ACTIVE again by itself (the writer offers "Retry when
// ACTIVE"); one in ERROR stays so until a failover or a delete, the only
// writes Octavia takes on it (its DELETABLE and FAILOVERABLE statuses):
// retrying would wait for ever.

// stateFault finds the state Octavia's LBPendingStateError names.
var stateFault = lazyregexp.New(`(?i)Invalid state (\w+) of loadbalancer resource`)

// FaultState is the load balancer's provisioning status that a 409
// faultstring names ("Invalid state ERROR of loadbalancer resource x" ->
// "ERROR"), "" when it names none.
func FaultState(fault string) string {
	if m := stateFault.FindStringSubmatch(fault); m != nil {
		return strings.ToUpper(m[1])
	}
	return ""
}

// InErrorState reports whether a 409 with this faultstring, on a load
// balancer read as status after the refusal ("" when unknown), was refused
// because the load balancer is in ERROR: no retry will pass.
func InErrorState(fault, status string) bool {
	if s := FaultState(fault); s != "" {
		return s == "ERROR"
	}
	return strings.EqualFold(status, "ERROR") && (strings.Contains(strings.ToLower(fault), "immutable") || fault == "")
}

// ConflictText words a 409 refused because the load balancer is in
// ERROR (InErrorState): what Octavia said and what to do. "" for any other
// 409 (a duplicate, a busy load balancer: the writer's own words stand).
func ConflictText(fault, status string) string {
	if !InErrorState(fault, status) {
		return ""
	}
	s := "Octavia refuses this because the load balancer is in ERROR (its last change failed): " +
		"it takes no change to it, its listeners, pools or members until it is failed over " +
		"(Failover, on its page, for an admin) or deleted. Retrying will not help."
	if fault != "" {
		s += " Octavia said: " + fault
	}
	return s
}
