package octavia

import "github.com/octaview/octaview/octavia/statuswire"

// ProvisioningStatus is an Octavia provisioning_status: where a resource is in
// its create/update/delete life cycle. Octavia sends it upper-case. It is
// declared in statuswire, with its Pending and Is methods.
type ProvisioningStatus = statuswire.ProvisioningStatus

// Provisioning statuses, as Octavia spells them.
const (
	StatusActive        ProvisioningStatus = "ACTIVE"
	StatusPendingCreate ProvisioningStatus = "PENDING_CREATE"
	StatusPendingUpdate ProvisioningStatus = "PENDING_UPDATE"
	StatusPendingDelete ProvisioningStatus = "PENDING_DELETE"
	StatusDeleted       ProvisioningStatus = "DELETED"
	StatusError         ProvisioningStatus = "ERROR"
)

// OperatingStatus is an Octavia operating_status: what the health checks
// see. It is declared in statuswire.
type OperatingStatus = statuswire.OperatingStatus

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
