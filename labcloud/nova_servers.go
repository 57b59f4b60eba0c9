package labcloud

import (
	"crypto/sha256"
	"fmt"
	"net/http"
	"slices"
	"time"
)

// Nova's server statuses the lab seeds, with the vm_state and power_state
// Nova shows beside them (nova/api/openstack/common.py, nova/compute/power_state.py).
const (
	serverActive  = "ACTIVE"
	serverShutoff = "SHUTOFF"
)

// server is a Nova instance of the lab: read only, seeded with its
// project (seedServers). Its addresses are its Neutron ports', read when it
// is shown, so Nova and Neutron always agree.
type server struct {
	id, projectID, name string
	status              string // serverActive or serverShutoff
	flavorID, imageID   string
	ports               []string // Neutron port ids, in attach order
	created             time.Time
}

// serverSet holds the lab's servers in creation order, and by id.
type serverSet struct {
	order []*server
	byID  map[string]*server
}

func newServerSet() *serverSet { return &serverSet{byID: map[string]*server{}} }

func (s *serverSet) add(v *server) {
	s.byID[v.id] = v
	s.order = append(s.order, v)
}

// seededServers are the servers of every new project: three web servers, an
// app server that is shut off, and a worker with no network (booted with
// --nic none), which no subnet can reach.
var seededServers = []struct {
	name, status, flavor string
	networked            bool
}{
	{"web-1", serverActive, "1", true},
	{"web-2", serverActive, "1", true},
	{"web-3", serverActive, "2", true},
	{"app-1", serverShutoff, "2", true},
	{"worker-1", serverActive, "42", false},
}

// serverHostOffset is where in a project's subnet its seeded servers'
// addresses start: the middle, away from the VIPs allocated from the bottom.
func serverHostOffset(s *subnet) uint32 { return s.size()/2 + 10 }

// seedServers gives project p its seeded servers, each networked one with a
// port on p's own subnet (device_owner compute:nova, as Nova creates it).
// Ids, MACs and addresses derive from p's id and the server's name, not from
// the seeded rng, so adding servers changes no other object's id. Caller
// holds c.mu.
func (c *Cloud) seedServers(p *project, now time.Time) {
	var sub *subnet
	for _, n := range slices.Backward(c.networks.order) {
		if n.projectID == p.id && !n.shared && len(n.subnets) > 0 {
			sub = n.subnets[0]
			break
		}
	}
	for i, seed := range seededServers {
		v := &server{
			id: derivedUUID("server", p.id+"/"+seed.name), projectID: p.id, name: seed.name, status: seed.status,
			flavorID: seed.flavor, imageID: labImageID,
			created: now.Add(time.Duration(i-len(seededServers)) * time.Minute).Truncate(time.Second),
		}
		if seed.networked && sub != nil {
			if pt := c.serverPort(v, sub, uint32(i)); pt != nil {
				v.ports = append(v.ports, pt.id)
			}
		}
		c.servers.add(v)
	}
}

// serverPort creates v's port on sub at the i-th server address (or the
// next free one when another port holds it). Caller holds c.mu.
func (c *Cloud) serverPort(v *server, sub *subnet, i uint32) *port {
	addr, err := sub.allocate(sub.host(serverHostOffset(sub) + i).String())
	if err != nil {
		if addr, err = sub.allocate(""); err != nil {
			return nil
		}
	}
	sum := sha256.Sum256([]byte("mac:" + v.id))
	pt := &port{
		meta:    meta{id: derivedUUID("port", v.id), projectID: v.projectID, created: v.created},
		network: sub.network, subnet: sub, ip: addr,
		mac:      fmt.Sprintf("fa:16:3e:%02x:%02x:%02x", sum[0], sum[1], sum[2]),
		deviceID: v.id, deviceOwner: "compute:nova",
	}
	c.ports.add(pt)
	return pt
}

// stServer is a server in a State.
type stServer struct {
	ID      string    `json:"id"`
	Project string    `json:"project"`
	Name    string    `json:"name"`
	Status  string    `json:"status"`
	Flavor  string    `json:"flavor"`
	Image   string    `json:"image"`
	Ports   []string  `json:"ports,omitempty"`
	Created time.Time `json:"created"`
}

// novaService answers the lab's read-only Nova v2.1 subset (nova.go) for
// the Cloud it holds.
type novaService struct{ *Cloud }

// save adds the servers to s (Cloud.state). Caller holds c.mu.
func (c novaService) save(s *State) {
	for _, v := range c.servers.order {
		s.Servers = append(s.Servers, stServer{v.id, v.projectID, v.name, v.status, v.flavorID, v.imageID,
			slices.Clone(v.ports), v.created})
	}
}

// restore adds the servers of s to an empty Cloud, after the ports they
// name (Cloud.restore). Caller holds c.mu.
func (c novaService) restore(s *State) error {
	for _, v := range s.Servers {
		if c.projectsByID[v.Project] == nil {
			return fmt.Errorf("server %s: no project %s", v.ID, v.Project)
		}
		if v.Status != serverActive && v.Status != serverShutoff {
			return fmt.Errorf("server %s: status %q is neither %s nor %s", v.ID, v.Status, serverActive, serverShutoff)
		}
		if _, ok := labFlavor(v.Flavor); !ok {
			return fmt.Errorf("server %s: no flavor %q", v.ID, v.Flavor)
		}
		for _, id := range v.Ports {
			if _, ok := c.ports.get(id); !ok {
				return fmt.Errorf("server %s: no port %s", v.ID, id)
			}
		}
		c.servers.add(&server{id: v.ID, projectID: v.Project, name: v.Name, status: v.Status, flavorID: v.Flavor,
			imageID: v.Image, ports: slices.Clone(v.Ports), created: v.Created})
	}
	return nil
}

// novaFault writes Nova's fault body, {"itemNotFound": {"code": 404, "message": ...}}.
func novaFault(w http.ResponseWriter, code int, msg string) {
	name := map[int]string{
		http.StatusBadRequest: "badRequest", http.StatusUnauthorized: "unauthorized", http.StatusForbidden: "forbidden",
		http.StatusNotFound: "itemNotFound", http.StatusMethodNotAllowed: "badMethod",
	}[code]
	if name == "" {
		name = "computeFault"
	}
	writeJSON(w, code, map[string]any{name: map[string]any{"code": code, "message": msg}})
}
