package labcloud

func refs[T object](s []T) []idRef {
	out := make([]idRef, len(s))
	for i, o := range s {
		out[i] = idRef{o.base().id}
	}
	return out
}

func strOrNil(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// listOrEmpty is s, or [] for nil: Octavia and Neutron send an empty list
// (tags, sni_container_refs), never null.
func listOrEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// metaView is what the view of every Octavia object with a status shows of
// its meta, once: Octavia's common keys (tenant_id is project_id's old
// name, still sent). Each view embeds it and adds its kind's own keys.
type metaView struct {
	ID                 string   `json:"id"`
	ProvisioningStatus string   `json:"provisioning_status"`
	OperatingStatus    string   `json:"operating_status"`
	AdminStateUp       bool     `json:"admin_state_up"`
	ProjectID          string   `json:"project_id"`
	TenantID           string   `json:"tenant_id"`
	CreatedAt          *string  `json:"created_at"`
	UpdatedAt          *string  `json:"updated_at"`
	Tags               []string `json:"tags"`
}

func (m *meta) metaView() metaView {
	return metaView{ID: m.id, ProvisioningStatus: m.prov, OperatingStatus: m.oper, AdminStateUp: m.enabled,
		ProjectID: m.projectID, TenantID: m.projectID, CreatedAt: stamp(m.created), UpdatedAt: stamp(m.updated),
		Tags: listOrEmpty(m.tags)}
}

type lbView struct {
	metaView
	Name             string  `json:"name"`
	Description      string  `json:"description"`
	VipAddress       string  `json:"vip_address"`
	VipPortID        string  `json:"vip_port_id"`
	VipSubnetID      string  `json:"vip_subnet_id"`
	VipNetworkID     string  `json:"vip_network_id"`
	AdditionalVips   []any   `json:"additional_vips"`
	Listeners        []idRef `json:"listeners"`
	Pools            []idRef `json:"pools"`
	Provider         string  `json:"provider"`
	FlavorID         *string `json:"flavor_id"`
	VipQosPolicyID   *string `json:"vip_qos_policy_id"`
	AvailabilityZone *string `json:"availability_zone"`
}

func (l *loadBalancer) view() any {
	return &lbView{
		metaView: l.metaView(), Name: l.name, Description: l.description,
		VipAddress: l.vipAddress, VipPortID: l.vipPortID, VipSubnetID: l.vipSubnetID, VipNetworkID: l.vipNetworkID, AdditionalVips: []any{},
		Listeners: refs(l.listeners), Pools: refs(l.pools), Provider: l.provider,
		FlavorID: strOrNil(l.flavorID), VipQosPolicyID: l.vipQosPolicyID, AvailabilityZone: strOrNil(l.az),
	}
}

type listenerView struct {
	metaView
	Name                    string            `json:"name"`
	Description             string            `json:"description"`
	Protocol                string            `json:"protocol"`
	ProtocolPort            int               `json:"protocol_port"`
	ConnectionLimit         int               `json:"connection_limit"`
	DefaultTLSContainerRef  *string           `json:"default_tls_container_ref"`
	SNIContainerRefs        []string          `json:"sni_container_refs"`
	DefaultPoolID           *string           `json:"default_pool_id"`
	L7Policies              []idRef           `json:"l7policies"`
	InsertHeaders           map[string]string `json:"insert_headers"`
	LoadBalancers           []idRef           `json:"loadbalancers"`
	TimeoutClientData       int               `json:"timeout_client_data"`
	TimeoutMemberConnect    int               `json:"timeout_member_connect"`
	TimeoutMemberData       int               `json:"timeout_member_data"`
	TimeoutTCPInspect       int               `json:"timeout_tcp_inspect"`
	ClientCATLSContainerRef *string           `json:"client_ca_tls_container_ref"`
	ClientAuthentication    string            `json:"client_authentication"`
	ClientCRLContainerRef   *string           `json:"client_crl_container_ref"`
	AllowedCIDRs            []string          `json:"allowed_cidrs"`
	tlsView
}

func (l *listener) view() any {
	ih := l.insertHeaders
	if ih == nil {
		ih = map[string]string{}
	}
	return &listenerView{
		metaView: l.metaView(), Name: l.name, Description: l.description,
		Protocol: l.protocol, ProtocolPort: l.port, ConnectionLimit: l.connLimit,
		DefaultTLSContainerRef: l.defaultTLSContainerRef, SNIContainerRefs: listOrEmpty(l.sniContainerRefs),
		DefaultPoolID: strOrNil(idOf(l.defaultPool, l.defaultPool != nil)), L7Policies: refs(l.l7policies),
		InsertHeaders: ih, LoadBalancers: []idRef{{l.lb.id}},
		TimeoutClientData: l.timeoutClientData, TimeoutMemberConnect: l.timeoutMemberConnect,
		TimeoutMemberData: l.timeoutMemberData, TimeoutTCPInspect: l.timeoutTCPInspect,
		ClientCATLSContainerRef: l.clientCATLSRef,
		ClientAuthentication:    l.clientAuthentication, ClientCRLContainerRef: l.clientCRLRef,
		AllowedCIDRs: l.allowedCIDRs, tlsView: l.tlsOptions.asView(),
	}
}

type poolView struct {
	metaView
	Name               string              `json:"name"`
	Description        string              `json:"description"`
	Protocol           string              `json:"protocol"`
	LBAlgorithm        string              `json:"lb_algorithm"`
	SessionPersistence *sessionPersistence `json:"session_persistence"`
	LoadBalancers      []idRef             `json:"loadbalancers"`
	Listeners          []idRef             `json:"listeners"`
	HealthMonitorID    *string             `json:"healthmonitor_id,omitempty"`
	Members            []idRef             `json:"members"`
	TLSContainerRef    *string             `json:"tls_container_ref"`
	CATLSContainerRef  *string             `json:"ca_tls_container_ref"`
	CRLContainerRef    *string             `json:"crl_container_ref"`
	TLSEnabled         bool                `json:"tls_enabled"`
	tlsView
}

func (p *pool) view() any {
	return &poolView{
		metaView: p.metaView(), Name: p.name, Description: p.description,
		Protocol: p.protocol, LBAlgorithm: p.algorithm, SessionPersistence: p.persistence,
		LoadBalancers: []idRef{{p.lb.id}}, Listeners: refs(poolListeners(p)),
		HealthMonitorID: strOrNil(idOf(p.hm, p.hm != nil)), Members: refs(p.members),
		TLSContainerRef: p.tlsContainerRef, CATLSContainerRef: p.caTLSContainerRef, CRLContainerRef: p.crlContainerRef,
		TLSEnabled: p.tlsEnabled, tlsView: p.tlsOptions.asView(),
	}
}

type memberView struct {
	metaView
	Name           string  `json:"name"`
	Address        string  `json:"address"`
	ProtocolPort   int     `json:"protocol_port"`
	Weight         int     `json:"weight"`
	Backup         bool    `json:"backup"`
	SubnetID       *string `json:"subnet_id"`
	MonitorAddress *string `json:"monitor_address"`
	MonitorPort    *int    `json:"monitor_port"`
}

func (m *member) view() any {
	return &memberView{
		metaView: m.metaView(), Name: m.name,
		Address: m.address, ProtocolPort: m.port, Weight: m.weight, Backup: m.backup, SubnetID: m.subnetID,
		MonitorAddress: m.monitorAddress, MonitorPort: m.monitorPort,
	}
}

type hmView struct {
	metaView
	Name           string   `json:"name"`
	Type           string   `json:"type"`
	Delay          int      `json:"delay"`
	Timeout        int      `json:"timeout"`
	MaxRetries     int      `json:"max_retries"`
	MaxRetriesDown int      `json:"max_retries_down"`
	HTTPMethod     *string  `json:"http_method"`
	URLPath        *string  `json:"url_path"`
	ExpectedCodes  *string  `json:"expected_codes"`
	Pools          []idRef  `json:"pools"`
	HTTPVersion    *float64 `json:"http_version"`
	DomainName     *string  `json:"domain_name"`
}

func (h *healthMonitor) view() any {
	return &hmView{
		metaView: h.metaView(), Name: h.name, Type: h.typ, Delay: h.delay, Timeout: h.timeout,
		MaxRetries: h.maxRetries, MaxRetriesDown: h.maxRetriesDown, HTTPMethod: h.httpMethod,
		URLPath: h.urlPath, ExpectedCodes: h.expectedCodes, Pools: []idRef{{h.pool.id}},
		HTTPVersion: h.httpVersion, DomainName: h.domainName,
	}
}

type l7policyView struct {
	metaView
	Name             string  `json:"name"`
	Description      string  `json:"description"`
	Action           string  `json:"action"`
	ListenerID       string  `json:"listener_id"`
	RedirectPoolID   *string `json:"redirect_pool_id"`
	RedirectURL      *string `json:"redirect_url"`
	RedirectPrefix   *string `json:"redirect_prefix"`
	Position         int     `json:"position"`
	Rules            []idRef `json:"rules"`
	RedirectHTTPCode *int    `json:"redirect_http_code"`
}

func (p *l7policy) view() any {
	return &l7policyView{
		metaView: p.metaView(), Name: p.name, Description: p.description,
		Action: p.action, ListenerID: p.listener.id, RedirectPoolID: strOrNil(idOf(p.redirectPool, p.redirectPool != nil)),
		RedirectURL: p.redirectURL, RedirectPrefix: p.redirectPrefix, Position: p.position, Rules: refs(p.rules),
		RedirectHTTPCode: p.redirectHTTPCode,
	}
}

type l7ruleView struct {
	metaView
	Type        string  `json:"type"`
	CompareType string  `json:"compare_type"`
	Key         *string `json:"key"`
	Value       string  `json:"value"`
	Invert      bool    `json:"invert"`
}

func (r *l7rule) view() any {
	return &l7ruleView{
		metaView: r.metaView(), Type: r.typ, CompareType: r.compareType, Key: r.key, Value: r.value, Invert: r.invert,
	}
}
