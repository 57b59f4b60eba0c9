// The lab's whole state as JSON: what -lab-state saves and loads, and what
// the trainer exports and imports. Tokens are not part of it (a restart
// logs everyone out); everything else is: users and their passwords,
// projects, networks, ports, every Octavia object with its status, quotas,
// flavors and zones, application credentials (their secrets as digests),
// faults, the exercise and each trainee's progress.

package labcloud

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// StateFormat names the lab's state files (State.Format).
const StateFormat = "octaview-lab-state"

// StateVersion is the version of the state format this lab writes and reads.
const StateVersion = 1

// State is the lab's whole state, as saved. Build one with Cloud.State or
// ParseState; start a lab from one with Options.State.
type State struct {
	Format  string    `json:"format"`
	Version int       `json:"version"`
	SavedAt time.Time `json:"saved_at"`

	RNG      []byte   `json:"rng,omitempty"` // the seeded source of ids, to carry on its sequence
	MgmtNext uint32   `json:"mgmt_next"`
	Regions  []string `json:"regions,omitempty"`

	Projects []stProject `json:"projects"`
	Users    []stUser    `json:"users"`
	AppCreds []stAppCred `json:"application_credentials,omitempty"`

	Networks []stNetwork `json:"networks"`
	Subnets  []stSubnet  `json:"subnets"`
	Ports    []stPort    `json:"ports"`
	Servers  []stServer  `json:"servers,omitempty"`
	// FloatingIPs are Neutron's floating IPs (floatingips.go).
	FloatingIPs []stFloatingIP `json:"floating_ips,omitempty"`

	LoadBalancers  []stLB           `json:"load_balancers"`
	Listeners      []stListener     `json:"listeners"`
	Pools          []stPool         `json:"pools"`
	Members        []stMember       `json:"members"`
	Monitors       []stMonitor      `json:"health_monitors"`
	L7Policies     []stL7Policy     `json:"l7policies"`
	L7Rules        []stL7Rule       `json:"l7rules"`
	Amphorae       []stAmphora      `json:"amphorae"`
	Flavors        []stProfiled     `json:"flavors,omitempty"`
	FlavorProfiles []stProfile      `json:"flavor_profiles,omitempty"`
	AZs            []stProfiled     `json:"availability_zones,omitempty"`
	AZProfiles     []stProfile      `json:"availability_zone_profiles,omitempty"`
	Quotas         map[string]quota `json:"quotas,omitempty"` // by project id

	Secrets            []stSecret    `json:"secrets,omitempty"`             // Barbican's, payloads included
	Containers         []stContainer `json:"containers,omitempty"`          // Barbican's
	SeededCertificates []string      `json:"seeded_certificates,omitempty"` // project ids
	QuotaDefaults      quota         `json:"quota_defaults"`

	Faults        Faults               `json:"faults"`
	ProjectFaults map[string]Faults    `json:"project_faults,omitempty"` // by project id
	Exercise      *Exercise            `json:"exercise,omitempty"`
	Progress      map[string]*progress `json:"progress,omitempty"` // by project id
}

type stProject struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
}

type stUser struct {
	Name     string   `json:"name"`
	Password string   `json:"password"`
	Project  string   `json:"project"` // id
	Others   []string `json:"others,omitempty"`
	Role     string   `json:"role"`
	Trainee  bool     `json:"trainee,omitempty"`
}

type stAppCred struct {
	ID           string    `json:"id"`
	Name         string    `json:"name"`
	Description  string    `json:"description,omitempty"`
	SecretSHA256 string    `json:"secret_sha256"`
	User         string    `json:"user"`    // id
	Project      string    `json:"project"` // id
	Roles        []string  `json:"roles"`
	Expires      time.Time `json:"expires"`
	Unrestricted bool      `json:"unrestricted,omitempty"`
}

type stMeta struct {
	ID          string    `json:"id"`
	Project     string    `json:"project_id,omitempty"`
	Name        string    `json:"name,omitempty"`
	Description string    `json:"description,omitempty"`
	Prov        string    `json:"prov,omitempty"`
	Oper        string    `json:"oper,omitempty"`
	Enabled     bool      `json:"enabled"`
	Created     time.Time `json:"created"`
	Updated     time.Time `json:"updated"`
	Tags        []string  `json:"tags,omitempty"`
}

func metaOf(m *meta) stMeta {
	return stMeta{m.id, m.projectID, m.name, m.description, m.prov, m.oper, m.enabled, m.created, m.updated, m.tags}
}

func (s stMeta) meta() meta {
	return meta{id: s.ID, projectID: s.Project, name: s.Name, description: s.Description, prov: s.Prov, oper: s.Oper,
		enabled: s.Enabled, created: s.Created, updated: s.Updated, tags: s.Tags}
}

type stNetwork struct {
	stMeta
	Shared   bool `json:"shared,omitempty"`
	External bool `json:"external,omitempty"`
}

type stSubnet struct {
	stMeta
	Network string `json:"network"`
	CIDR    string `json:"cidr"`
	Gateway string `json:"gateway"`
	Next    uint32 `json:"next"`
}

type stPort struct {
	stMeta
	Network     string `json:"network"`
	Subnet      string `json:"subnet"`
	IP          string `json:"ip"`
	MAC         string `json:"mac"`
	DeviceID    string `json:"device_id,omitempty"`
	DeviceOwner string `json:"device_owner,omitempty"`
}

type stLB struct {
	stMeta
	VIPAddress   string  `json:"vip_address"`
	VIPPortID    string  `json:"vip_port_id"`
	VIPSubnetID  string  `json:"vip_subnet_id"`
	VIPNetworkID string  `json:"vip_network_id"`
	VIPQoS       *string `json:"vip_qos_policy_id,omitempty"`
	Provider     string  `json:"provider"`
	FlavorID     string  `json:"flavor_id,omitempty"`
	AZ           string  `json:"availability_zone,omitempty"`
	Topology     string  `json:"topology"`
}

type stListener struct {
	stMeta
	LB                     string            `json:"lb"`
	Protocol               string            `json:"protocol"`
	Port                   int               `json:"port"`
	ConnLimit              int               `json:"connection_limit"`
	DefaultPool            string            `json:"default_pool,omitempty"`
	InsertHeaders          map[string]string `json:"insert_headers,omitempty"`
	TimeoutClientData      int               `json:"timeout_client_data"`
	TimeoutMemberConnect   int               `json:"timeout_member_connect"`
	TimeoutMemberData      int               `json:"timeout_member_data"`
	TimeoutTCPInspect      int               `json:"timeout_tcp_inspect"`
	AllowedCIDRs           []string          `json:"allowed_cidrs,omitempty"`
	DefaultTLSContainerRef *string           `json:"default_tls_container_ref,omitempty"`
	SNIContainerRefs       []string          `json:"sni_container_refs,omitempty"`
	ClientCATLSRef         *string           `json:"client_ca_tls_container_ref,omitempty"`
	ClientAuthentication   string            `json:"client_authentication,omitempty"`
	ClientCRLRef           *string           `json:"client_crl_container_ref,omitempty"`
	stTLS
	UpSince   time.Time `json:"up_since"`
	StatsBase stats     `json:"stats_base"`
}

type stPool struct {
	stMeta
	LB                string              `json:"lb"`
	Listeners         []string            `json:"listeners,omitempty"`
	Protocol          string              `json:"protocol"`
	Algorithm         string              `json:"lb_algorithm"`
	Persistence       *sessionPersistence `json:"session_persistence,omitempty"`
	TLSContainerRef   *string             `json:"tls_container_ref,omitempty"`
	CATLSContainerRef *string             `json:"ca_tls_container_ref,omitempty"`
	CRLContainerRef   *string             `json:"crl_container_ref,omitempty"`
	TLSEnabled        bool                `json:"tls_enabled,omitempty"`
	stTLS
}

type stMember struct {
	stMeta
	Pool           string  `json:"pool"`
	Address        string  `json:"address"`
	Port           int     `json:"port"`
	Weight         int     `json:"weight"`
	Backup         bool    `json:"backup,omitempty"`
	SubnetID       *string `json:"subnet_id,omitempty"`
	MonitorAddress *string `json:"monitor_address,omitempty"`
	MonitorPort    *int    `json:"monitor_port,omitempty"`
}

type stMonitor struct {
	stMeta
	Pool           string   `json:"pool"`
	Type           string   `json:"type"`
	Delay          int      `json:"delay"`
	Timeout        int      `json:"timeout"`
	MaxRetries     int      `json:"max_retries"`
	MaxRetriesDown int      `json:"max_retries_down"`
	HTTPMethod     *string  `json:"http_method,omitempty"`
	URLPath        *string  `json:"url_path,omitempty"`
	ExpectedCodes  *string  `json:"expected_codes,omitempty"`
	HTTPVersion    *float64 `json:"http_version,omitempty"`
	DomainName     *string  `json:"domain_name,omitempty"`
}

type stL7Policy struct {
	stMeta
	Listener         string  `json:"listener"`
	Action           string  `json:"action"`
	RedirectPool     string  `json:"redirect_pool,omitempty"`
	RedirectURL      *string `json:"redirect_url,omitempty"`
	RedirectPrefix   *string `json:"redirect_prefix,omitempty"`
	RedirectHTTPCode *int    `json:"redirect_http_code,omitempty"`
	Position         int     `json:"position"`
}

type stL7Rule struct {
	stMeta
	Policy      string  `json:"policy"`
	Type        string  `json:"type"`
	CompareType string  `json:"compare_type"`
	Key         *string `json:"key,omitempty"`
	Value       string  `json:"value"`
	Invert      bool    `json:"invert,omitempty"`
}

type stAmphora struct {
	stMeta
	LB           string    `json:"lb"`
	Status       string    `json:"status"`
	Role         string    `json:"role"`
	ComputeID    string    `json:"compute_id"`
	LBNetworkIP  string    `json:"lb_network_ip"`
	VRRPIP       string    `json:"vrrp_ip,omitempty"`
	VRRPPortID   string    `json:"vrrp_port_id"`
	VRRPPriority *int      `json:"vrrp_priority,omitempty"`
	CertExpires  time.Time `json:"cert_expires"`
}

// stProfiled is a flavor or an availability zone.
type stProfiled struct {
	stMeta
	ProfileID string `json:"profile_id"`
}

// stProfile is a flavor profile or an availability zone profile.
type stProfile struct {
	stMeta
	Provider string `json:"provider"`
	Data     string `json:"data"`
}

func idsOf[T object](s []T) []string {
	out := make([]string, len(s))
	for i, o := range s {
		out[i] = o.base().id
	}
	return out
}

func idOf[T object](o T, ok bool) string {
	if !ok {
		return ""
	}
	return o.base().id
}

// State returns the lab's whole state (one lock; the objects are copied,
// so it may be encoded while the lab serves).
func (c *Cloud) State() *State {
	now := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.advance(now)
	return c.state(now)
}

// state builds the State. Caller holds c.mu.
func (c *Cloud) state(now time.Time) *State {
	s := &State{Format: StateFormat, Version: StateVersion, SavedAt: now.UTC(), MgmtNext: c.mgmtNext,
		Regions: slices.Clone(c.regions), QuotaDefaults: c.quotaDefaults, Faults: c.faults, Exercise: c.exercise,
		Quotas: map[string]quota{}, ProjectFaults: map[string]Faults{}, Progress: map[string]*progress{}}
	s.RNG, _ = c.pcg.MarshalBinary()
	// Each kind saves its own objects.
	for _, save := range []func(*State){
		keystoneService{c}.save, appCredKind{c}.save, neutronService{c}.save, novaService{c}.save, lbKind{c}.save, listenerKind{c}.save,
		poolKind{c}.save, memberKind{c}.save, monitorKind{c}.save, l7policyKind{c}.save, l7ruleKind{c}.save,
		amphoraKind{c}.save, profiledKind{c, flavorSpec}.save, profileKind{c, flavorProfileSpec}.save, profiledKind{c, azSpec}.save, profileKind{c, azProfileSpec}.save,
		barbicanService{c}.save,
	} {
		save(s)
	}
	for id, q := range c.quotas {
		s.Quotas[id] = *q
	}
	for id, f := range c.projectFaults {
		s.ProjectFaults[id] = f
	}
	for id, p := range c.progress {
		s.Progress[id] = &progress{Started: p.Started, Passed: slices.Clone(p.Passed)}
	}
	return s
}

// MarshalState encodes the lab's whole state as JSON (State).
func (c *Cloud) MarshalState() ([]byte, error) {
	return json.Marshal(c.State())
}

// ParseState decodes a State and checks it names its format and a version
// this lab reads; unknown fields are errors.
func ParseState(data []byte) (*State, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s State
	if err := dec.Decode(&s); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("line %d: not valid JSON: %w", lineOf(data, se.Offset), err)
		}
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("more than one JSON value")
	}
	if s.Format != StateFormat {
		return nil, fmt.Errorf("format %q: not a lab state (want %q)", s.Format, StateFormat)
	}
	if s.Version != StateVersion {
		return nil, fmt.Errorf("version %d: this lab reads version %d", s.Version, StateVersion)
	}
	if s.Exercise != nil {
		// the checks' prepared matches are not in the JSON
		for i := range s.Exercise.Steps {
			if err := s.Exercise.Steps[i].Check.validate("check"); err != nil {
				return nil, fmt.Errorf("exercise %s, step %d: %w", s.Exercise.Name, i+1, err)
			}
		}
	}
	return &s, nil
}

// NewFromState returns a Cloud holding the state s (a restart, an
// import): every object as it was, the transitions that were pending
// completing after Options.Delay, no tokens (everyone logs in again).
// Options' Trainees, Scenario and Exercise are not applied: the state has
// its own. A state that does not hold together (a dangling reference) is
// an error.
func NewFromState(opts Options, s *State) (*Cloud, error) {
	c := newCloud(opts)
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.restore(s, time.Now()); err != nil {
		return nil, err
	}
	return c, nil
}

// ReplaceState replaces the whole lab with s (an import), keeping the
// tokens of users that s also has (by name): the trainer who imports stays
// logged in. s is checked whole before anything changes.
func (c *Cloud) ReplaceState(s *State) error {
	fresh, err := NewFromState(c.opts, s)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	tokens := map[[32]byte]*token{}
	for key, t := range c.tokens {
		u := fresh.usersByName[t.user.name]
		if u == nil {
			continue
		}
		p := t.project
		if p != nil {
			if p = fresh.projectsByName[p.name]; p == nil {
				continue
			}
		}
		nt := *t
		nt.user, nt.project, nt.appCred = u, p, nil
		if t.appCred != nil {
			continue
		}
		tokens[key] = &nt
		u.tokens = append(u.tokens, key)
	}
	fresh.mu.Lock()
	defer fresh.mu.Unlock()
	c.takeState(fresh)
	c.tokens = tokens
	c.markChanged()
	return nil
}

// takeState moves every field of the state from f into c. Caller holds
// both locks.
func (c *Cloud) takeState(f *Cloud) {
	c.rng, c.pcg = f.rng, f.pcg
	c.projects, c.projectsByID, c.projectsByName = f.projects, f.projectsByID, f.projectsByName
	c.users, c.usersByID, c.usersByName = f.users, f.usersByID, f.usersByName
	c.regions, c.appCreds = f.regions, f.appCreds
	c.networks, c.subnets, c.ports, c.servers = f.networks, f.subnets, f.ports, f.servers
	c.lbs, c.listeners, c.pools, c.members, c.monitors = f.lbs, f.listeners, f.pools, f.members, f.monitors
	c.l7policies, c.l7rules, c.amphorae = f.l7policies, f.l7rules, f.amphorae
	c.flavors, c.flavorProfiles, c.azs, c.azProfiles = f.flavors, f.flavorProfiles, f.azs, f.azProfiles
	c.quotas, c.quotaDefaults, c.ops, c.parked = f.quotas, f.quotaDefaults, f.ops, f.parked
	c.faults, c.projectFaults, c.effective = f.faults, f.projectFaults, f.effective
	c.activity, c.exercise, c.progress, c.mgmtNext = f.activity, f.exercise, f.progress, f.mgmtNext
	c.keys = f.keys
}

// restore fills an empty Cloud from s. Caller holds c.mu.
func (c *Cloud) restore(s *State, now time.Time) error {
	if s.Format != StateFormat || s.Version != StateVersion {
		return fmt.Errorf("not a lab state of version %d", StateVersion)
	}
	if len(s.RNG) > 0 {
		if err := c.pcg.UnmarshalBinary(s.RNG); err != nil {
			return fmt.Errorf("rng: %w", err)
		}
	}
	c.mgmtNext, c.regions, c.quotaDefaults = s.MgmtNext, slices.Clone(s.Regions), s.QuotaDefaults
	// Each kind restores its own objects, parents before children.
	for _, restore := range []func(*State) error{
		keystoneService{c}.restore, appCredKind{c}.restore, neutronService{c}.restore, novaService{c}.restore, lbKind{c}.restore,
		poolKind{c}.restore, listenerKind{c}.restore, memberKind{c}.restore, monitorKind{c}.restore,
		l7policyKind{c}.restore, l7ruleKind{c}.restore, amphoraKind{c}.restore, profiledKind{c, flavorSpec}.restore,
		profileKind{c, flavorProfileSpec}.restore, profiledKind{c, azSpec}.restore, profileKind{c, azProfileSpec}.restore,
		barbicanService{c}.restore,
	} {
		if err := restore(s); err != nil {
			return err
		}
	}
	for id, q := range s.Quotas {
		v := q
		c.quotas[id] = &v
	}
	c.faults = s.Faults
	for id, f := range s.ProjectFaults {
		if c.projectsByID[id] == nil {
			return fmt.Errorf("faults of project %s: no such project", id)
		}
		c.projectFaults[id] = f
	}
	c.rebuildEffective()
	c.exercise = s.Exercise
	for id, p := range s.Progress {
		if c.exercise != nil && len(p.Passed) != len(c.exercise.Steps) {
			return fmt.Errorf("progress of project %s: %d steps, the exercise has %d", id, len(p.Passed), len(c.exercise.Steps))
		}
		c.progress[id] = p
	}
	for _, lb := range c.lbs.order {
		c.resumePending(lb, now)
	}
	return nil
}

// missingRef is restore's error for an object whose reference to another
// is not in the state.
func missingRef(kind, id, what, ref string) error {
	return fmt.Errorf("%s %s: no %s %s", kind, id, what, ref)
}

func be32(b [4]byte) uint32 {
	return uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
}

// resumePending schedules again the transition of a load balancer saved
// with objects in PENDING_*: they complete after the usual delay (a
// PENDING_DELETE object is then gone). A stuck fault keeps them, as before.
// Caller holds c.mu.
func (c *Cloud) resumePending(lb *loadBalancer, now time.Time) {
	op := &pendingOp{lb: lb}
	for _, o := range treeOf(lb) {
		switch o.base().prov {
		case statusPendingCreate, statusPendingUpdate:
			op.activate = append(op.activate, o)
		case statusPendingDelete:
			if p := parentOf(o); p == nil || p.base().prov != statusPendingDelete {
				op.remove = append(op.remove, o)
			}
		}
	}
	var failed []*amphora
	for _, a := range lb.amphorae {
		if a.status == amphoraPendingDelete {
			failed = append(failed, a)
		}
	}
	if len(op.activate) == 0 && len(op.remove) == 0 && len(failed) == 0 {
		return
	}
	creating := lb.prov == statusPendingCreate && len(lb.amphorae) == 0
	amphorae := amphoraKind{c}
	op.after = func(done time.Time) {
		if creating {
			amphorae.addAmphorae(lb, done)
		}
		for _, a := range failed {
			amphorae.replaceAmphorae(lb, a, done)
		}
	}
	c.schedule(op, now)
}

// parentOf is the object whose delete removes o with it (nil for a load
// balancer).
func parentOf(o object) object {
	switch v := o.(type) {
	case *listener:
		return v.lb
	case *pool:
		return v.lb
	case *member:
		return v.pool
	case *healthMonitor:
		return v.pool
	case *l7policy:
		return v.listener
	case *l7rule:
		return v.policy
	}
	return nil
}

// describeState is one line about a state, for logs.
func describeState(s *State) string {
	trainees := 0
	for _, u := range s.Users {
		if u.Trainee {
			trainees++
		}
	}
	return strings.TrimSpace(fmt.Sprintf("%d users (%d trainees), %d projects, %d load balancers, saved %s",
		len(s.Users), trainees, len(s.Projects), len(s.LoadBalancers), s.SavedAt.Format(time.RFC3339)))
}
