package labcloud

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/octaview/octaview/octavia/statuswire"
)

var lbAttrs = commonAttrs[*loadBalancer](true).with(attrs[*loadBalancer]{
	"vip_address":       func(l *loadBalancer) string { return l.vipAddress },
	"vip_port_id":       func(l *loadBalancer) string { return l.vipPortID },
	"vip_subnet_id":     func(l *loadBalancer) string { return l.vipSubnetID },
	"vip_network_id":    func(l *loadBalancer) string { return l.vipNetworkID },
	"vip_qos_policy_id": func(l *loadBalancer) string { return deref(l.vipQosPolicyID) },
	"provider":          func(l *loadBalancer) string { return l.provider },
	"flavor_id":         func(l *loadBalancer) string { return l.flavorID },
	"availability_zone": func(l *loadBalancer) string { return l.az },
})

type lbBody struct {
	Name             *string        `json:"name"`
	Description      *string        `json:"description"`
	AdminStateUp     *bool          `json:"admin_state_up"`
	VipAddress       *string        `json:"vip_address"`
	VipPortID        *string        `json:"vip_port_id"`
	VipSubnetID      *string        `json:"vip_subnet_id"`
	VipNetworkID     *string        `json:"vip_network_id"`
	VipQosPolicyID   *string        `json:"vip_qos_policy_id"`
	ProjectID        *string        `json:"project_id"`
	Provider         *string        `json:"provider"`
	FlavorID         *string        `json:"flavor_id"`
	AvailabilityZone *string        `json:"availability_zone"`
	Tags             *[]string      `json:"tags"`
	Listeners        []listenerBody `json:"listeners"`
	Pools            []poolBody     `json:"pools"`
}

func (c *Cloud) findLB(id string, k *caller) (*loadBalancer, *apiError) {
	return findFor(c.lbs, "Load Balancer", id, k)
}

func (c lbKind) list(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	return listObjects(c.Cloud, w, r, k, "loadbalancers", c.lbs, lbAttrs, visibleTo[*loadBalancer](k))
}

// listObjects is the common list: scope, parse, page, write.
func listObjects[T object](c *Cloud, w http.ResponseWriter, r *http.Request, k *caller, key string, col *collection[T], a attrs[T], visible func(T) bool) *apiError {
	if err := k.listScope(r); err != nil {
		return err
	}
	lq, err := parseList(r.URL.Query(), a, true, c.opts.MaxPageSize)
	if err != nil {
		return err
	}
	items, err := page(col, lq, a, visible)
	if err != nil {
		return err
	}
	writeList(w, key, items, lq, c.pathURL(r))
	return nil
}

func (c lbKind) show(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	return showOne(w, r, k, "loadbalancer", inPath(c.findLB))
}

var providers = []struct{ name, description string }{
	{"amphora", "The Octavia Amphora driver."},
	{"octavia", "Deprecated alias of the Octavia Amphora driver."},
}

func providerEnabled(name string) bool {
	for _, p := range providers {
		if p.name == name {
			return true
		}
	}
	return false
}

func (c lbKind) create(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	var req struct{ LB *lbBody }
	if err := decodeArg(r, "loadbalancer", &req.LB); err != nil {
		return err
	}
	b := req.LB
	projectID, err := k.projectFor(b.ProjectID)
	if err != nil {
		return err
	}
	lb, err := c.buildLB(b, projectID, now)
	if err == nil {
		err = c.checkVIPQoS(k, b.VipQosPolicyID) // qos.go
	}
	if err != nil {
		return err
	}
	if err := c.checkQuota(projectID, "load_balancer", 1); err != nil {
		return err
	}
	if err := c.buildGraph(lb, b, now); err != nil {
		return err
	}
	if err := c.checkGraphTLS(r, k, b, now); err != nil {
		return err
	}
	for _, p := range lb.pools {
		if err := c.checkMemberSubnets(p.members, k.admin); err != nil {
			return err
		}
	}
	if err := c.allocateLBVIP(lb, b, k.admin, now); err != nil {
		return err
	}
	c.registerTree(lb)
	if c.quotas[projectID] == nil {
		c.quotas[projectID] = &quota{}
	}
	op := &pendingOp{lb: lb, after: func(done time.Time) { amphoraKind{c.Cloud}.addAmphorae(lb, done) }}
	for _, o := range treeOf(lb) {
		op.activate = append(op.activate, o)
	}
	c.schedule(op, now)
	if len(b.Listeners) == 0 && len(b.Pools) == 0 {
		writeOne(w, http.StatusCreated, "loadbalancer", lb, r)
		return nil
	}
	writeJSON(w, http.StatusCreated, map[string]any{"loadbalancer": fullLBView(lb)})
	return nil
}

// buildLB validates a create body and returns the new load balancer, not
// yet stored.
func (c lbKind) buildLB(b *lbBody, projectID string, now time.Time) (*loadBalancer, *apiError) {
	if err := checkUUIDs("vip_subnet_id", b.VipSubnetID, "vip_network_id", b.VipNetworkID, "vip_port_id", b.VipPortID,
		"vip_qos_policy_id", b.VipQosPolicyID, "flavor_id", b.FlavorID); err != nil {
		return nil, err
	}
	if b.VipPortID == nil && b.VipSubnetID == nil && b.VipNetworkID == nil {
		return nil, validation("VIP must contain one of: vip_port_id, vip_network_id, vip_subnet_id.")
	}
	lb := &loadBalancer{meta: c.newMeta(projectID, b.Name, b.Description, b.AdminStateUp, b.Tags, now)}
	lb.provider = "amphora"
	if b.Provider != nil {
		if !providerEnabled(*b.Provider) {
			return nil, errorf(http.StatusBadRequest, "Provider '%s' is not enabled.", *b.Provider)
		}
		lb.provider = *b.Provider
	}
	lb.topology = topologySingle
	if b.FlavorID != nil && *b.FlavorID != "" {
		f, err := enabledRef(c.flavors, *b.FlavorID, "Flavor", "flavor")
		if err != nil {
			return nil, err
		}
		lb.flavorID = f.id
		if fp, ok := c.flavorProfiles.get(f.profileID); ok {
			var data map[string]any
			if json.Unmarshal([]byte(fp.data), &data) == nil {
				if t, ok := data["loadbalancer_topology"].(string); ok {
					lb.topology = t
				}
			}
		}
	}
	if b.AvailabilityZone != nil && *b.AvailabilityZone != "" {
		az, err := enabledRef(c.azs, *b.AvailabilityZone, "Availability Zone", "availability_zone")
		if err != nil {
			return nil, err
		}
		lb.az = az.name
	}
	lb.vipQosPolicyID = b.VipQosPolicyID
	return lb, nil
}

// enabledRef is the flavor or availability zone (objects) that a load
// balancer's body names by id (a zone's id is its name): Octavia's 400
// naming resource when there is none, naming field when it is disabled.
func enabledRef[T object](objects *collection[T], id, resource, field string) (T, *apiError) {
	o, ok := objects.get(id)
	if !ok {
		return o, invalidSubresource(resource, id)
	}
	if !o.base().enabled {
		return o, errorf(http.StatusBadRequest, "The selected %s is not allowed in this deployment: %s", field, o.base().id)
	}
	return o, nil
}

func (c lbKind) update(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	lb, err := c.findLB(r.PathValue("id"), k)
	if err != nil {
		return err
	}
	var req struct{ LB *lbBody }
	if err := decodeArg(r, "loadbalancer", &req.LB); err != nil {
		return err
	}
	if err := k.write(lb.projectID); err != nil {
		return err
	}
	if lb.prov != statusActive {
		return lbPendingState(lb.prov, lb.id)
	}
	b := req.LB
	if err := c.checkVIPQoS(k, b.VipQosPolicyID); err != nil { // qos.go
		return err
	}
	lb.update(b.Name, b.Description, b.AdminStateUp, b.Tags)
	if b.VipQosPolicyID != nil {
		lb.vipQosPolicyID = strOrNil(*b.VipQosPolicyID)
	}
	lb.setStatus(statusPendingUpdate, now)
	c.schedule(&pendingOp{lb: lb, activate: []object{lb}}, now)
	writeOne(w, http.StatusOK, "loadbalancer", lb, r)
	return nil
}

func (c lbKind) delete(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	lb, err := c.findLB(r.PathValue("id"), k)
	if err != nil {
		return err
	}
	if err := k.write(lb.projectID); err != nil {
		return err
	}
	cascade, _ := strconv.ParseBool(r.URL.Query().Get("cascade"))
	if (len(lb.listeners) > 0 || len(lb.pools) > 0) && !cascade {
		return validation("Cannot delete Load Balancer %s - it has children", lb.id)
	}
	if lb.prov != statusActive && lb.prov != statusError {
		return lbPendingState(lb.prov, lb.id)
	}
	for _, o := range treeOf(lb) {
		o.base().setStatus(statusPendingDelete, now)
	}
	c.schedule(&pendingOp{lb: lb, remove: []object{lb}}, now)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (c lbKind) stats(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	lb, err := c.findLB(r.PathValue("id"), k)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"stats": lb.stats(now)})
	return nil
}

func (c lbKind) failover(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	lb, err := c.findLB(r.PathValue("id"), k)
	if err != nil {
		return err
	}
	if err := k.adminOnly(); err != nil {
		return err
	}
	if lb.prov != statusActive && lb.prov != statusError {
		return lbPendingState(lb.prov, lb.id)
	}
	c.startFailover(lb, nil, now)
	w.WriteHeader(http.StatusAccepted)
	return nil
}

// startFailover replaces the load balancer's amphorae (or only old, if
// given) when the transition completes. Caller holds c.mu.
func (c *Cloud) startFailover(lb *loadBalancer, old *amphora, now time.Time) {
	lb.setStatus(statusPendingUpdate, now)
	c.schedule(&pendingOp{lb: lb, activate: []object{lb}, after: func(done time.Time) {
		amphoraKind{c}.replaceAmphorae(lb, old, done)
	}}, now)
}

// statusTree is the body of GET .../loadbalancers/{id}/status, in
// statuswire's types (the client's and the trainer's API's).
func statusTree(lb *loadBalancer) statuswire.LoadBalancer {
	root := statuswire.LoadBalancer{ID: lb.id, Name: lb.name, OperatingStatus: wireOper(&lb.meta),
		ProvisioningStatus: wireProv(&lb.meta), Listeners: []statuswire.Listener{}}
	for _, l := range lb.listeners {
		ln := statuswire.Listener{ID: l.id, Name: l.name, OperatingStatus: wireOper(&l.meta),
			ProvisioningStatus: wireProv(&l.meta), Pools: []statuswire.Pool{}}
		for _, p := range listenerPools(l) {
			pn := statuswire.Pool{ID: p.id, Name: p.name, ProvisioningStatus: wireProv(&p.meta),
				OperatingStatus: wireOper(&p.meta), Members: []statuswire.Member{}}
			for _, m := range p.members {
				pn.Members = append(pn.Members, statuswire.Member{ID: m.id, Name: m.name, OperatingStatus: wireOper(&m.meta),
					ProvisioningStatus: wireProv(&m.meta), Address: m.address, ProtocolPort: m.port})
			}
			if h := p.hm; h != nil {
				pn.HealthMonitor = &statuswire.HealthMonitor{ID: h.id, Name: h.name, Type: h.typ,
					ProvisioningStatus: wireProv(&h.meta), OperatingStatus: wireOper(&h.meta)}
			}
			ln.Pools = append(ln.Pools, pn)
		}
		root.Listeners = append(root.Listeners, ln)
	}
	return root
}

func wireProv(m *meta) statuswire.ProvisioningStatus { return statuswire.ProvisioningStatus(m.prov) }

func wireOper(m *meta) statuswire.OperatingStatus { return statuswire.OperatingStatus(m.oper) }

func (c lbKind) status(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	lb, err := c.findLB(r.PathValue("id"), k)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"statuses": map[string]any{"loadbalancer": statusTree(lb)}})
	return nil
}

// fullLBView is the body of a fully populated create: the children in full.
func fullLBView(lb *loadBalancer) map[string]any {
	m := viewMap(lb)
	m["listeners"] = views(lb.listeners, func(l *listener) any {
		lm := viewMap(l)
		lm["l7policies"] = views(l.l7policies, func(p *l7policy) any {
			pm := viewMap(p)
			pm["rules"] = views(p.rules, (*l7rule).view)
			return pm
		})
		return lm
	})
	m["pools"] = views(lb.pools, func(p *pool) any {
		pm := viewMap(p)
		pm["members"] = views(p.members, (*member).view)
		pm["healthmonitor"] = nil
		if p.hm != nil {
			pm["healthmonitor"] = p.hm.view()
		}
		return pm
	})
	return m
}

// viewMap is o's view as a map, for a body that adds keys to it.
func viewMap(o object) map[string]any {
	var m map[string]any
	json.Unmarshal(encode(o), &m)
	return m
}

// views is each object's view, in order; [] (not null) for none.
func views[T any](objects []T, view func(T) any) []any {
	out := make([]any, 0, len(objects))
	for _, o := range objects {
		out = append(out, view(o))
	}
	return out
}

// restore adds its load balancers from s to an empty Cloud (Cloud.restore). Caller
// holds c.mu.
func (c lbKind) restore(s *State) error {
	for _, l := range s.LoadBalancers {
		c.lbs.add(&loadBalancer{meta: l.meta(), vipAddress: l.VIPAddress, vipPortID: l.VIPPortID, vipSubnetID: l.VIPSubnetID,
			vipNetworkID: l.VIPNetworkID, vipQosPolicyID: l.VIPQoS, provider: l.Provider, flavorID: l.FlavorID, az: l.AZ, topology: l.Topology})
	}
	return nil
}

// save adds its load balancers to s (Cloud.state). Caller holds c.mu.
func (c lbKind) save(s *State) {
	for _, lb := range c.lbs.order {
		s.LoadBalancers = append(s.LoadBalancers, stLB{metaOf(&lb.meta), lb.vipAddress, lb.vipPortID, lb.vipSubnetID,
			lb.vipNetworkID, lb.vipQosPolicyID, lb.provider, lb.flavorID, lb.az, lb.topology})
	}
}
