// The lab's state file format, version StateVersion: the wire structs of
// State, one per kind of object, each naming its parents and references by
// id. Saving, parsing and restoring it is state.go's.

package labcloud

import "time"

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
