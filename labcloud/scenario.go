package labcloud

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"time"
)

// Scenario seeds a lab: projects and users, networks, load balancers (with
// a Count for scale drills), quotas and faults. It is JSON on disk; see
// LoadScenario.
type Scenario struct {
	Trainees      int               `json:"trainees,omitempty"`
	Projects      []ScenarioProject `json:"projects,omitempty"`
	Networks      []ScenarioNetwork `json:"networks,omitempty"`
	LoadBalancers []ScenarioLB      `json:"load_balancers,omitempty"`
	Quotas        []ScenarioQuota   `json:"quotas,omitempty"`
	// QuotaDefaults replaces Octavia's defaults (all -1, unlimited).
	QuotaDefaults *ScenarioQuota `json:"quota_defaults,omitempty"`
	Faults        *Faults        `json:"faults,omitempty"`
	// Regions are the catalog's regions (default: RegionOne). Every region
	// lists the same endpoints: the lab serves all of them from one set of
	// data, so a region picker has something to pick without a second lab.
	Regions []string `json:"regions,omitempty"`
}

// ScenarioProject is a project (it gets a private network) and its users.
type ScenarioProject struct {
	Name  string         `json:"name"`
	Users []ScenarioUser `json:"users,omitempty"`
}

// ScenarioUser is a user; Role is admin, member (default) or reader.
type ScenarioUser struct {
	Name     string `json:"name"`
	Password string `json:"password"`
	Role     string `json:"role,omitempty"`
	// Projects are more projects the user has the same role on (created
	// when missing); the scenario project stays the user's default.
	Projects []string `json:"projects,omitempty"`
}

// ScenarioNetwork is a network with one IPv4 subnet.
type ScenarioNetwork struct {
	Project string `json:"project"`
	Name    string `json:"name"`
	Subnet  string `json:"subnet"`
	CIDR    string `json:"cidr"`
	Shared  bool   `json:"shared,omitempty"`
}

// ScenarioLB seeds Count (default 1) load balancers named Name, or
// Name-00001... when Count > 1, already ACTIVE unless Status says otherwise.
type ScenarioLB struct {
	Project  string            `json:"project"`
	Name     string            `json:"name"`
	Count    int               `json:"count,omitempty"`
	Subnet   string            `json:"subnet,omitempty"` // name or id; default: the project's subnet
	Status   string            `json:"status,omitempty"` // ACTIVE (default) or ERROR
	Topology string            `json:"topology,omitempty"`
	Tags     []string          `json:"tags,omitempty"`
	Listener *ScenarioListener `json:"listener,omitempty"`
}

// ScenarioListener gives each seeded load balancer a listener and a pool.
type ScenarioListener struct {
	Protocol string   `json:"protocol"`
	Port     int      `json:"port"`
	Members  []string `json:"members,omitempty"` // addresses; port = Port
	Monitor  string   `json:"monitor,omitempty"` // health monitor type, e.g. HTTP
}

// ScenarioQuota sets a project's quota; nil values keep the default.
type ScenarioQuota struct {
	Project       string `json:"project,omitempty"`
	LoadBalancer  *int   `json:"load_balancer,omitempty"`
	Listener      *int   `json:"listener,omitempty"`
	Pool          *int   `json:"pool,omitempty"`
	HealthMonitor *int   `json:"health_monitor,omitempty"`
	Member        *int   `json:"member,omitempty"`
	L7Policy      *int   `json:"l7policy,omitempty"`
	L7Rule        *int   `json:"l7rule,omitempty"`
}

func (q ScenarioQuota) quota() quota {
	return quota{q.LoadBalancer, q.Listener, q.Pool, q.HealthMonitor, q.Member, q.L7Policy, q.L7Rule}
}

// LoadScenario reads a Scenario from a JSON file; unknown fields are errors.
func LoadScenario(path string) (*Scenario, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("load scenario: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var s Scenario
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("load scenario %s: %w", path, err)
	}
	return &s, nil
}

// seeder seeds the Cloud it holds with a Scenario: the lab's own at its
// start (Options.Scenario), or one loaded into a project (a trainer's
// scenario, an exercise's set-up).
type seeder struct{ *Cloud }

// applyScenario seeds s. Caller holds c.mu.
func (c seeder) applyScenario(s *Scenario, now time.Time) error {
	c.addTrainees(s.Trainees)
	for _, p := range s.Projects {
		c.addProject(p.Name)
		for _, u := range p.Users {
			role := u.Role
			if role == "" {
				role = roleMember
			}
			nu := c.addUser(u.Name, u.Password, p.Name, role)
			for _, other := range u.Projects {
				if op := c.addProject(other); op != nu.project && !nu.memberOf(op) {
					nu.others = append(nu.others, op)
				}
			}
		}
	}
	if len(s.Regions) > 0 {
		c.regions = slices.Clone(s.Regions)
	}
	for _, n := range s.Networks {
		p := c.addProject(n.Project)
		if _, _, err := c.addNetwork(p.id, n.Name, n.Subnet, n.CIDR, n.Shared, false, now); err != nil {
			return err
		}
	}
	if s.QuotaDefaults != nil {
		d := s.QuotaDefaults.quota()
		df := c.quotaDefaults.fields()
		for i, f := range d.fields() {
			if *f.v != nil {
				*df[i].v = *f.v
			}
		}
	}
	for _, q := range s.Quotas {
		p := c.addProject(q.Project)
		v := q.quota()
		c.quotas[p.id] = &v
	}
	if err := c.seedAll(s.LoadBalancers, now, nil); err != nil {
		return err
	}
	if s.Faults != nil {
		if err := validateFaults(s.Faults); err != nil {
			return err
		}
		c.setFaults(*s.Faults, now)
	}
	return nil
}

// seedAll seeds the scenario's load balancers one second apart, the last
// ending at now, so that their created_at orders them as listed; fit, when
// not nil, adapts each to the project it goes into first. Caller holds
// c.mu.
func (c seeder) seedAll(lbs []ScenarioLB, now time.Time, fit func(*ScenarioLB)) error {
	total := 0
	for _, l := range lbs {
		total += max(l.Count, 1)
	}
	start := now.Add(-time.Duration(total) * time.Second)
	for _, l := range lbs {
		if fit != nil {
			fit(&l)
		}
		if err := c.seedLBs(l, start); err != nil {
			return err
		}
		start = start.Add(time.Duration(max(l.Count, 1)) * time.Second)
	}
	return nil
}

// findSubnet resolves a subnet by id or name.
func (c seeder) findSubnet(ref string) *subnet {
	if s, ok := c.subnets.get(ref); ok {
		return s
	}
	for _, s := range c.subnets.order {
		if s.name == ref {
			return s
		}
	}
	return nil
}

// seedLBs creates ready load balancers, created one second apart from
// start, so that created_at orders them as the scenario lists them.
// Caller holds c.mu.
func (c seeder) seedLBs(sl ScenarioLB, start time.Time) error {
	p := c.addProject(sl.Project)
	count := max(sl.Count, 1)
	ref := sl.Subnet
	if ref == "" {
		ref = p.name + "-subnet"
	}
	s := c.findSubnet(ref)
	if s == nil {
		return fmt.Errorf("scenario load balancer %s: no subnet %q", sl.Name, ref)
	}
	status := sl.Status
	if status == "" {
		status = statusActive
	}
	for i := 0; i < count; i++ {
		name := sl.Name
		if count > 1 {
			name = fmt.Sprintf("%s-%05d", sl.Name, i+1)
		}
		created := start.Add(time.Duration(i) * time.Second)
		lb := &loadBalancer{meta: meta{
			id: newUUID(c.rng), projectID: p.id, name: name, prov: statusPendingCreate, oper: operOffline,
			enabled: true, created: created, updated: created, tags: sortedTags(sl.Tags),
		}, provider: "amphora", topology: topologySingle}
		if sl.Topology != "" {
			lb.topology = sl.Topology
		}
		sid := s.id
		if err := c.allocateLBVIP(lb, &lbBody{VipSubnetID: &sid}, true, created); err != nil {
			return fmt.Errorf("scenario load balancer %s: %s", name, err.msg)
		}
		if sl.Listener != nil {
			if err := c.seedListener(lb, sl.Listener, created); err != nil {
				return err
			}
		}
		c.registerTree(lb)
		op := &pendingOp{lb: lb, activate: treeOf(lb), after: func(done time.Time) { amphoraKind{c.Cloud}.addAmphorae(lb, done) }}
		c.finish(op, created)
		if status == statusError {
			lb.setStatus(statusError, created)
			lb.refreshOperating(c.faults.of(lb.projectID), created)
		}
	}
	return nil
}

func (c seeder) seedListener(lb *loadBalancer, sl *ScenarioListener, now time.Time) error {
	proto, port := sl.Protocol, sl.Port
	l, err := listenerKind{c.Cloud}.buildListener(&listenerBody{Protocol: &proto, ProtocolPort: &port}, lb, now)
	if err != nil {
		return fmt.Errorf("scenario listener: %s", err.msg)
	}
	lb.listeners = append(lb.listeners, l)
	poolProto, algo := proto, "ROUND_ROBIN"
	if proto == "TERMINATED_HTTPS" || proto == "HTTPS" {
		poolProto = "HTTP"
	}
	pl, err := poolKind{c.Cloud}.buildPool(&poolBody{Protocol: &poolProto, LBAlgorithm: &algo}, lb, now)
	if err != nil {
		return fmt.Errorf("scenario pool: %s", err.msg)
	}
	lb.pools = append(lb.pools, pl)
	setDefaultPool(l, pl)
	for _, addr := range sl.Members {
		a := addr
		m, err := memberKind{c.Cloud}.buildMember(&memberBody{Address: &a, ProtocolPort: &port}, pl, now)
		if err != nil {
			return fmt.Errorf("scenario member: %s", err.msg)
		}
		pl.members = append(pl.members, m)
	}
	if sl.Monitor != "" {
		typ, delay, timeout, retries := sl.Monitor, 5, 5, 3
		h, err := monitorKind{c.Cloud}.buildMonitor(&hmBody{Type: &typ, Delay: &delay, Timeout: &timeout, MaxRetries: &retries}, pl, now)
		if err != nil {
			return fmt.Errorf("scenario monitor: %s", err.msg)
		}
		pl.hm = h
	}
	return nil
}

// checkForProject checks that s can be loaded into one project
// (Cloud.LoadScenarioInto, an exercise's setup): load balancers, networks,
// quotas and faults only, which then belong to that project; projects,
// users, trainees, regions and quota defaults are the whole lab's.
func (s *Scenario) checkForProject() error {
	switch {
	case s.Trainees != 0, len(s.Projects) > 0, len(s.Regions) > 0:
		return errors.New("trainees, projects and regions are the whole lab's: a scenario for one project holds load_balancers, networks, quotas and faults")
	case s.QuotaDefaults != nil:
		return errors.New("quota_defaults are the whole lab's: give the project's quota in quotas")
	case len(s.Quotas) > 1:
		return errors.New("quotas: one quota at most (the project's)")
	}
	if s.Faults != nil {
		if err := validateFaults(s.Faults); err != nil {
			return fmt.Errorf("faults: %w", err)
		}
	}
	return nil
}

// loadInto seeds s into project p: its load balancers, networks and quota
// belong to p whatever project they name, its faults become p's own; a
// load balancer's subnet is looked up among p's own (default: p's subnet).
// Caller holds c.mu.
func (c seeder) loadInto(p *project, s *Scenario, now time.Time) error {
	if err := s.checkForProject(); err != nil {
		return err
	}
	for _, n := range s.Networks {
		if _, _, err := c.addNetwork(p.id, n.Name, n.Subnet, n.CIDR, false, false, now); err != nil {
			return err
		}
	}
	for _, q := range s.Quotas {
		v := q.quota()
		c.quotas[p.id] = &v
	}
	err := c.seedAll(s.LoadBalancers, now, func(l *ScenarioLB) {
		l.Project = p.name
		if l.Subnet != "" {
			if sub := c.projectSubnet(p, l.Subnet); sub != nil {
				l.Subnet = sub.id
			}
		}
	})
	if err != nil {
		return err
	}
	if s.Faults != nil {
		c.setProjectFaults(p, *s.Faults, now)
	}
	return nil
}

// projectSubnet resolves a subnet by id or name among p's own. Caller holds c.mu.
func (c seeder) projectSubnet(p *project, ref string) *subnet {
	for _, s := range c.subnets.order {
		if s.projectID == p.id && (s.id == ref || s.name == ref) {
			return s
		}
	}
	return nil
}

// LoadScenarioInto seeds s into each project named (by name or id): see
// Scenario.checkForProject for what a project's scenario may hold.
func (c *Cloud) LoadScenarioInto(projects []string, s *Scenario) error {
	if err := s.checkForProject(); err != nil {
		return err
	}
	return c.eachProject(projects, func(p *project, now time.Time) error {
		return seeder{c}.loadInto(p, s, now)
	})
}

// ParseScenario reads a Scenario from JSON; unknown fields are errors.
func ParseScenario(data []byte) (*Scenario, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s Scenario
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	return &s, nil
}
