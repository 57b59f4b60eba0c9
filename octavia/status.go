package octavia

import "strings"

// ProvisioningStatus is an Octavia provisioning_status: where a resource is in
// its create/update/delete life cycle. Octavia sends it upper-case.
type ProvisioningStatus string

// Provisioning statuses, as Octavia spells them.
const (
	StatusActive        ProvisioningStatus = "ACTIVE"
	StatusPendingCreate ProvisioningStatus = "PENDING_CREATE"
	StatusPendingUpdate ProvisioningStatus = "PENDING_UPDATE"
	StatusPendingDelete ProvisioningStatus = "PENDING_DELETE"
	StatusDeleted       ProvisioningStatus = "DELETED"
	StatusError         ProvisioningStatus = "ERROR"
)

// Pending reports whether s is one of the PENDING_* statuses, during which
// Octavia refuses further writes on the load balancer (409 immutable).
// The comparison ignores case, like the CLI's.
func (s ProvisioningStatus) Pending() bool {
	return strings.HasPrefix(strings.ToUpper(string(s)), "PENDING_")
}

// Is reports whether s equals t, ignoring case.
func (s ProvisioningStatus) Is(t ProvisioningStatus) bool {
	return strings.EqualFold(string(s), string(t))
}

// OperatingStatus is an Octavia operating_status: what the health checks see.
type OperatingStatus string

// Operating statuses, as Octavia spells them.
const (
	OperatingOnline    OperatingStatus = "ONLINE"
	OperatingOffline   OperatingStatus = "OFFLINE"
	OperatingDegraded  OperatingStatus = "DEGRADED"
	OperatingError     OperatingStatus = "ERROR"
	OperatingNoMonitor OperatingStatus = "NO_MONITOR"
	OperatingDraining  OperatingStatus = "DRAINING"
)

// AmphoraStatus is an amphora's status field (amphorae have no
// provisioning_status; waits on them read this instead).
type AmphoraStatus string

// Amphora statuses, as Octavia spells them.
const (
	AmphoraBooting       AmphoraStatus = "BOOTING"
	AmphoraAllocated     AmphoraStatus = "ALLOCATED"
	AmphoraReady         AmphoraStatus = "READY"
	AmphoraPendingCreate AmphoraStatus = "PENDING_CREATE"
	AmphoraPendingDelete AmphoraStatus = "PENDING_DELETE"
	AmphoraDeleted       AmphoraStatus = "DELETED"
	AmphoraError         AmphoraStatus = "ERROR"
)
