package labcloud

import (
	"encoding/binary"
	"fmt"
	"net/http"
	"net/netip"
	"strconv"
	"time"
)

// Amphora statuses.
const (
	amphoraAllocated     = "ALLOCATED"
	amphoraPendingDelete = "PENDING_DELETE"
	amphoraError         = "ERROR"
	amphoraReady         = "READY"
)

// Amphora roles: one STANDALONE in a SINGLE topology, a MASTER and a
// BACKUP in an ACTIVE_STANDBY one.
const (
	ampRoleStandalone = "STANDALONE"
	ampRoleMaster     = "MASTER"
	ampRoleBackup     = "BACKUP"
)

// amphora is a simulated service VM. meta.prov is unused: amphorae have a
// plain status.
type amphora struct {
	meta
	lb           *loadBalancer
	status       string
	role         string
	computeID    string
	lbNetworkIP  string
	vrrpIP       netip.Addr
	vrrpPortID   string
	vrrpPriority *int
	certExpires  time.Time
}

type amphoraView struct {
	ID             string  `json:"id"`
	LoadBalancerID string  `json:"loadbalancer_id"`
	ComputeID      string  `json:"compute_id"`
	LBNetworkIP    string  `json:"lb_network_ip"`
	VRRPIP         string  `json:"vrrp_ip"`
	HAIP           string  `json:"ha_ip"`
	VRRPPortID     string  `json:"vrrp_port_id"`
	HAPortID       string  `json:"ha_port_id"`
	CertExpiration *string `json:"cert_expiration"`
	CertBusy       bool    `json:"cert_busy"`
	Role           string  `json:"role"`
	Status         string  `json:"status"`
	VRRPInterface  *string `json:"vrrp_interface"`
	VRRPID         *int    `json:"vrrp_id"`
	VRRPPriority   *int    `json:"vrrp_priority"`
	CachedZone     *string `json:"cached_zone"`
	CreatedAt      *string `json:"created_at"`
	UpdatedAt      *string `json:"updated_at"`
	ImageID        *string `json:"image_id"`
	ComputeFlavor  *string `json:"compute_flavor"`
}

func (a *amphora) view() any {
	v := &amphoraView{
		ID: a.id, LoadBalancerID: a.lb.id, ComputeID: a.computeID, LBNetworkIP: a.lbNetworkIP,
		VRRPIP: a.vrrpIP.String(), HAIP: a.lb.vipAddress, VRRPPortID: a.vrrpPortID, HAPortID: a.lb.vipPortID,
		CertExpiration: stamp(a.certExpires), Role: a.role, Status: a.status, VRRPPriority: a.vrrpPriority,
		CreatedAt: stamp(a.created), UpdatedAt: stamp(a.updated), VRRPID: intp(1),
	}
	if a.role != ampRoleStandalone {
		eth := "eth1"
		v.VRRPInterface = &eth
	}
	return v
}

func (a *amphora) setStatus(s string, now time.Time) {
	a.status = s
	a.changed(now)
}

var amphoraAttrs = attrs[*amphora]{
	"id":              func(a *amphora) string { return a.id },
	"loadbalancer_id": func(a *amphora) string { return a.lb.id },
	"compute_id":      func(a *amphora) string { return a.computeID },
	"lb_network_ip":   func(a *amphora) string { return a.lbNetworkIP },
	"vrrp_ip":         func(a *amphora) string { return a.vrrpIP.String() },
	"ha_ip":           func(a *amphora) string { return a.lb.vipAddress },
	"role":            func(a *amphora) string { return a.role },
	"status":          func(a *amphora) string { return a.status },
	"created_at":      func(a *amphora) string { return deref(stamp(a.created)) },
	"updated_at":      func(a *amphora) string { return deref(stamp(a.updated)) },
	"project_id":      func(a *amphora) string { return a.lb.projectID },
	"vrrp_priority": func(a *amphora) string {
		if a.vrrpPriority == nil {
			return ""
		}
		return strconv.Itoa(*a.vrrpPriority)
	},
}

// newAmphora boots one amphora for lb. Caller holds c.mu.
func (c amphoraKind) newAmphora(lb *loadBalancer, role string, now time.Time) *amphora {
	c.mgmtNext++
	var b [4]byte
	binary.BigEndian.PutUint32(b[:], 0xc0a80000+c.mgmtNext%65000+2) // 192.168.0.0/16
	a := &amphora{
		meta: meta{id: newUUID(c.rng), projectID: lb.projectID, created: now, updated: now},
		lb:   lb, status: amphoraAllocated, role: role, computeID: newUUID(c.rng),
		lbNetworkIP: netip.AddrFrom4(b).String(), vrrpPortID: newUUID(c.rng),
		certExpires: now.Add(30 * 24 * time.Hour),
	}
	if s, ok := c.subnets.get(lb.vipSubnetID); ok {
		if ip, err := s.allocate(""); err == nil {
			a.vrrpIP = ip
		}
	}
	switch role {
	case ampRoleMaster:
		a.vrrpPriority = intp(100)
	case ampRoleBackup:
		a.vrrpPriority = intp(90)
	}
	c.amphorae.add(a)
	return a
}

// addAmphorae boots the amphorae of lb's topology: SINGLE one STANDALONE,
// ACTIVE_STANDBY a MASTER and a BACKUP.
func (c amphoraKind) addAmphorae(lb *loadBalancer, now time.Time) {
	roles := []string{ampRoleStandalone}
	if lb.topology == topologyActiveStandby {
		roles = []string{ampRoleMaster, ampRoleBackup}
	}
	for _, r := range roles {
		lb.amphorae = append(lb.amphorae, c.newAmphora(lb, r, now))
	}
}

// dropAmphora deletes an amphora and frees its VRRP address.
func (c amphoraKind) dropAmphora(a *amphora) {
	if s, ok := c.subnets.get(a.lb.vipSubnetID); ok {
		s.release(a.vrrpIP)
	}
	a.lb.amphorae = deleteItem(a.lb.amphorae, a)
	c.amphorae.remove(a)
}

// replaceAmphorae swaps old (or every amphora of lb) for new ones in the
// same roles, ALLOCATED at once. Caller holds c.mu.
func (c amphoraKind) replaceAmphorae(lb *loadBalancer, old *amphora, now time.Time) {
	victims := append([]*amphora(nil), lb.amphorae...)
	if old != nil {
		victims = []*amphora{old}
	}
	for _, a := range victims {
		role := a.role
		c.dropAmphora(a)
		lb.amphorae = append(lb.amphorae, c.newAmphora(lb, role, now))
	}
}

func (c amphoraKind) findAmphora(id string, k *caller) (*amphora, *apiError) {
	if err := k.adminOnly(); err != nil {
		return nil, err
	}
	a, ok := c.amphorae.get(id)
	if !ok {
		return nil, notFound("Amphora", id)
	}
	return a, nil
}

func (c amphoraKind) list(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	lq, err := parseList(r.URL.Query(), amphoraAttrs, false, c.opts.MaxPageSize)
	if err != nil {
		return err
	}
	items, err := page(c.amphorae, lq, amphoraAttrs, func(*amphora) bool { return true })
	if err != nil {
		return err
	}
	writeList(w, "amphorae", items, lq, c.pathURL(r))
	return nil
}

func (c amphoraKind) show(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	return showOne(w, r, k, "amphora", inPath(c.findAmphora))
}

func (c amphoraKind) delete(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	a, err := c.findAmphora(r.PathValue("id"), k)
	if err != nil {
		return err
	}
	if a.status != amphoraError && a.status != amphoraReady {
		return immutable("Amphora", a.id)
	}
	c.dropAmphora(a)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (c amphoraKind) configure(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	a, err := c.findAmphora(r.PathValue("id"), k)
	if err != nil {
		return err
	}
	if a.status != amphoraAllocated {
		return immutable("Amphora", a.id)
	}
	w.WriteHeader(http.StatusAccepted)
	return nil
}

func (c amphoraKind) failover(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	a, err := c.findAmphora(r.PathValue("id"), k)
	if err != nil {
		return err
	}
	lb := a.lb
	if lb.prov != statusActive && lb.prov != statusError {
		return immutable("Load Balancer", lb.id)
	}
	a.setStatus(amphoraPendingDelete, now)
	c.startFailover(lb, a, now)
	w.WriteHeader(http.StatusAccepted)
	return nil
}

// amphoraStats answers GET /v2/octavia/amphorae/{id}/stats: one entry per
// listener of the amphora's load balancer. Octavia (Zed's
// AmphoraStatsController) reads the listener statistics its amphora
// agents reported and answers 404 "Amphora stats for {id} not found."
// when there are none, without looking the amphora up: so does the lab for
// an unknown amphora, a spare and one whose load balancer has no listener
// (no agent ever reports for those).
func (c amphoraKind) stats(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	if err := k.adminOnly(); err != nil {
		return err
	}
	id := r.PathValue("id")
	a, ok := c.amphorae.get(id)
	if !ok || a.lb == nil || len(a.lb.listeners) == 0 {
		return notFound("Amphora stats for", id)
	}
	type ampStats struct {
		stats
		ID             string `json:"id"`
		ListenerID     string `json:"listener_id"`
		LoadBalancerID string `json:"loadbalancer_id"`
	}
	list := []ampStats{}
	for _, l := range a.lb.listeners {
		s := stats{}
		if a.role != ampRoleBackup {
			s = l.stats(now)
		}
		list = append(list, ampStats{stats: s, ID: a.id, ListenerID: l.id, LoadBalancerID: a.lb.id})
	}
	writeJSON(w, http.StatusOK, map[string]any{"amphora_stats": list})
	return nil
}

// restore adds its amphorae, on their load balancers (marking their VRRP addresses in use) from s to an empty Cloud (Cloud.restore). Caller
// holds c.mu.
func (c amphoraKind) restore(s *State) error {
	for _, sa := range s.Amphorae {
		lb, ok := c.lbs.get(sa.LB)
		if !ok {
			return missingRef("amphora", sa.ID, "load balancer", sa.LB)
		}
		a := &amphora{meta: sa.meta(), lb: lb, status: sa.Status, role: sa.Role, computeID: sa.ComputeID,
			lbNetworkIP: sa.LBNetworkIP, vrrpPortID: sa.VRRPPortID, vrrpPriority: sa.VRRPPriority, certExpires: sa.CertExpires}
		if sa.VRRPIP != "" {
			ip, err := netip.ParseAddr(sa.VRRPIP)
			if err != nil {
				return fmt.Errorf("amphora %s: bad vrrp_ip", sa.ID)
			}
			a.vrrpIP = ip
			if sub, ok := c.subnets.get(lb.vipSubnetID); ok {
				sub.markUsed(ip)
			}
		}
		lb.amphorae = append(lb.amphorae, a)
		c.amphorae.add(a)
	}
	return nil
}

// save adds its amphorae to s (Cloud.state). Caller holds c.mu.
func (c amphoraKind) save(s *State) {
	for _, a := range c.amphorae.order {
		vrrp := ""
		if a.vrrpIP.IsValid() {
			vrrp = a.vrrpIP.String()
		}
		s.Amphorae = append(s.Amphorae, stAmphora{metaOf(&a.meta), a.lb.id, a.status, a.role, a.computeID, a.lbNetworkIP,
			vrrp, a.vrrpPortID, a.vrrpPriority, a.certExpires})
	}
}
