package statuswire

import "strings"

// ProvisioningStatus is an Octavia provisioning_status: where a resource is in
// its create/update/delete life cycle. Octavia sends it upper-case.
type ProvisioningStatus string

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
