// Neutron's QoS policies (the qos extension: list and show) and the
// extensions list that says which extensions the lab's Neutron has.

package labcloud

import (
	"fmt"
	"net/http"
	"time"
)

// qosPolicy is a QoS policy with one egress bandwidth limit rule. The
// lab's policies are seeded, never written: each project has a bronze and
// a silver one, and the admin project shares one with every project.
// They are derived from the projects (the same ids after a restart).
type qosPolicy struct {
	meta
	shared  bool
	maxKbps int
}

func (q *qosPolicy) view() any {
	return map[string]any{
		"id": q.id, "name": q.name, "description": q.description, "shared": q.shared, "is_default": false,
		"tenant_id": q.projectID, "project_id": q.projectID, "tags": []string{}, "revision_number": 1,
		"created_at": q.created.UTC().Format(neutronTime), "updated_at": q.created.UTC().Format(neutronTime),
		"rules": []map[string]any{{
			"id": derivedUUID("qos-rule", q.id), "type": "bandwidth_limit", "qos_policy_id": q.id,
			"max_kbps": q.maxKbps, "max_burst_kbps": 0, "direction": "egress",
		}},
	}
}

// qosPolicies is the lab's QoS policies, in Neutron's default order.
// Caller holds c.mu.
func (c *Cloud) qosPolicies() *collection[*qosPolicy] {
	col := newCollection[*qosPolicy]()
	seeded := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	admin := keystoneID("project", "admin")
	add := func(projectID, name, desc string, shared bool, kbps int) {
		col.add(&qosPolicy{meta: meta{id: derivedUUID("qos", projectID+"/"+name), projectID: projectID, name: name,
			description: desc, created: seeded}, shared: shared, maxKbps: kbps})
	}
	add(admin, "public-default", "Shared: 50 Mbit/s egress for every project", true, 50000)
	for _, p := range c.projects {
		add(p.id, "bronze", "10 Mbit/s egress", false, 10000)
		add(p.id, "silver", "100 Mbit/s egress", false, 100000)
	}
	return col
}

// neutronExtension is one entry of /v2.0/extensions.
type neutronExtension struct{ alias, name, description string }

// neutronExtensions are the extensions the lab's Neutron serves (in
// part: "router" is its floating IPs, without /v2.0/routers).
var neutronExtensions = []neutronExtension{
	{"external-net", "Neutron external network", "Adds external network attribute to network resource."},
	{"router", "Neutron L3 Router", "Router abstraction for basic L3 forwarding between L2 Neutron networks and access to external networks via a NAT gateway."},
	{"fip-port-details", "Floating IP Port Details Extension", "Add port_details attribute to Floating IP resource"},
	{"standard-attr-description", "standard-attr-description", "Extension to add descriptions to standard attributes"},
	{"standard-attr-tag", "Tag support for resources with standard attribute: subnet, trunk, network_segment_range, router, network, policy, subnetpool, port, security_group, floatingip", "Enables to set tag on resources with standard attribute."},
	{"standard-attr-timestamp", "Resource timestamps", "Adds created_at and updated_at fields to all Neutron resources that have Neutron standard attributes."},
	{"standard-attr-revisions", "Resource revision numbers", "This extension will display the revision number of neutron resources."},
	{"revision-if-match", "If-Match constraints based on revision_number", "Extension indicating that If-Match based on revision_number is supported."},
	{"project-id", "project_id field enabled", "Extension that indicates that project_id field is enabled."},
	{"qos", "Quality of Service", "The Quality of Service extension."},
}

func (e neutronExtension) view() map[string]any {
	return map[string]any{"alias": e.alias, "name": e.name, "description": e.description,
		"updated": "2015-06-08T10:00:00-00:00", "links": []any{}}
}

// hasQoS reports whether the lab's Neutron has the qos extension for k
// (the fault no_qos takes it away).
func (c *Cloud) hasQoS(k *caller) bool { return !c.faults.of(k.project).NoQoS }

// extensionsFor lists the extensions k sees.
func (c neutronService) extensionsFor(k *caller) []neutronExtension {
	out := make([]neutronExtension, 0, len(neutronExtensions))
	for _, e := range neutronExtensions {
		if e.alias == "qos" && !c.hasQoS(k) {
			continue
		}
		out = append(out, e)
	}
	return out
}

// qosRoutes registers /v2.0/qos/policies (list, show) and /v2.0/extensions.
func (c neutronService) qosRoutes(mux *http.ServeMux) {
	shared := func(q *qosPolicy) bool { return q.shared }
	mux.HandleFunc("GET /network/v2.0/qos/policies", c.neutron(func(w http.ResponseWriter, r *http.Request, k *caller) {
		if c.noQoS(w, k) {
			return
		}
		neutronList(w, r, k, "policies", c.qosPolicies(), shared)
	}))
	mux.HandleFunc("GET /network/v2.0/qos/policies/{id}", c.neutron(func(w http.ResponseWriter, r *http.Request, k *caller) {
		if c.noQoS(w, k) {
			return
		}
		neutronShow(w, r, k, "policy", "QoS policy", c.qosPolicies(), shared)
	}))
	mux.HandleFunc("GET /network/v2.0/extensions", c.neutron(func(w http.ResponseWriter, r *http.Request, k *caller) {
		var out []map[string]any
		for _, e := range c.extensionsFor(k) {
			out = append(out, e.view())
		}
		writeJSON(w, http.StatusOK, map[string]any{"extensions": out})
	}))
	mux.HandleFunc("GET /network/v2.0/extensions/{alias}", c.neutron(func(w http.ResponseWriter, r *http.Request, k *caller) {
		for _, e := range c.extensionsFor(k) {
			if e.alias == r.PathValue("alias") {
				writeJSON(w, http.StatusOK, map[string]any{"extension": e.view()})
				return
			}
		}
		neutronError(w, http.StatusNotFound, "HTTPNotFound", fmt.Sprintf("Extension with alias %s does not exist", r.PathValue("alias")))
	}))
}

// noQoS answers, when the qos extension is off, as Neutron without it: its
// paths are unknown.
func (c neutronService) noQoS(w http.ResponseWriter, k *caller) bool {
	if c.hasQoS(k) {
		return false
	}
	neutronError(w, http.StatusNotFound, "HTTPNotFound", "The resource could not be found.")
	return true
}

// checkVIPQoS checks a load balancer's vip_qos_policy_id as Octavia's
// validate.qos_policy_exists does: Neutron must have the qos extension,
// and the policy must exist (Octavia looks it up with its own service
// account: any project's will do). nil or "" (unset) passes.
func (c lbKind) checkVIPQoS(k *caller, id *string) *apiError {
	if id == nil || *id == "" {
		return nil
	}
	if !c.hasQoS(k) {
		return validation("VIP QoS policy is not allowed in this deployment.")
	}
	if _, ok := c.qosPolicies().get(*id); !ok {
		return invalidSubresource("qos_policy", *id)
	}
	return nil
}
