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

func listOrEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

type lbView struct {
	ID                 string   `json:"id"`
	Name               string   `json:"name"`
	Description        string   `json:"description"`
	ProvisioningStatus string   `json:"provisioning_status"`
	OperatingStatus    string   `json:"operating_status"`
	AdminStateUp       bool     `json:"admin_state_up"`
	ProjectID          string   `json:"project_id"`
	CreatedAt          *string  `json:"created_at"`
	UpdatedAt          *string  `json:"updated_at"`
	VipAddress         string   `json:"vip_address"`
	VipPortID          string   `json:"vip_port_id"`
	VipSubnetID        string   `json:"vip_subnet_id"`
	VipNetworkID       string   `json:"vip_network_id"`
	AdditionalVips     []any    `json:"additional_vips"`
	Listeners          []idRef  `json:"listeners"`
	Pools              []idRef  `json:"pools"`
	Provider           string   `json:"provider"`
	FlavorID           *string  `json:"flavor_id"`
	VipQosPolicyID     *string  `json:"vip_qos_policy_id"`
	Tags               []string `json:"tags"`
	AvailabilityZone   *string  `json:"availability_zone"`
	TenantID           string   `json:"tenant_id"`
}

func (l *loadBalancer) view() any {
	return &lbView{
		ID: l.id, Name: l.name, Description: l.description,
		ProvisioningStatus: l.prov, OperatingStatus: l.oper, AdminStateUp: l.enabled,
		ProjectID: l.projectID, TenantID: l.projectID, CreatedAt: stamp(l.created), UpdatedAt: stamp(l.updated),
		VipAddress: l.vipAddress, VipPortID: l.vipPortID, VipSubnetID: l.vipSubnetID, VipNetworkID: l.vipNetworkID, AdditionalVips: []any{},
		Listeners: refs(l.listeners), Pools: refs(l.pools), Provider: l.provider,
		FlavorID: strOrNil(l.flavorID), VipQosPolicyID: l.vipQosPolicyID, Tags: tagsOrEmpty(l.tags),
		AvailabilityZone: strOrNil(l.az),
	}
}

type listenerView struct {
	ID                      string            `json:"id"`
	Name                    string            `json:"name"`
	Description             string            `json:"description"`
	ProvisioningStatus      string            `json:"provisioning_status"`
	OperatingStatus         string            `json:"operating_status"`
	AdminStateUp            bool              `json:"admin_state_up"`
	Protocol                string            `json:"protocol"`
	ProtocolPort            int               `json:"protocol_port"`
	ConnectionLimit         int               `json:"connection_limit"`
	DefaultTLSContainerRef  *string           `json:"default_tls_container_ref"`
	SNIContainerRefs        []string          `json:"sni_container_refs"`
	ProjectID               string            `json:"project_id"`
	DefaultPoolID           *string           `json:"default_pool_id"`
	L7Policies              []idRef           `json:"l7policies"`
	InsertHeaders           map[string]string `json:"insert_headers"`
	CreatedAt               *string           `json:"created_at"`
	UpdatedAt               *string           `json:"updated_at"`
	LoadBalancers           []idRef           `json:"loadbalancers"`
	TimeoutClientData       int               `json:"timeout_client_data"`
	TimeoutMemberConnect    int               `json:"timeout_member_connect"`
	TimeoutMemberData       int               `json:"timeout_member_data"`
	TimeoutTCPInspect       int               `json:"timeout_tcp_inspect"`
	Tags                    []string          `json:"tags"`
	ClientCATLSContainerRef *string           `json:"client_ca_tls_container_ref"`
	ClientAuthentication    string            `json:"client_authentication"`
	ClientCRLContainerRef   *string           `json:"client_crl_container_ref"`
	AllowedCIDRs            []string          `json:"allowed_cidrs"`
	TLSCiphers              *string           `json:"tls_ciphers"`
	TLSVersions             []string          `json:"tls_versions"`
	ALPNProtocols           []string          `json:"alpn_protocols"`
	TenantID                string            `json:"tenant_id"`
}

func (l *listener) view() any {
	var pid *string
	if l.defaultPool != nil {
		pid = &l.defaultPool.id
	}
	ih := l.insertHeaders
	if ih == nil {
		ih = map[string]string{}
	}
	return &listenerView{
		ID: l.id, Name: l.name, Description: l.description,
		ProvisioningStatus: l.prov, OperatingStatus: l.oper, AdminStateUp: l.enabled,
		Protocol: l.protocol, ProtocolPort: l.port, ConnectionLimit: l.connLimit,
		DefaultTLSContainerRef: l.defaultTLSContainerRef, SNIContainerRefs: listOrEmpty(l.sniContainerRefs),
		ProjectID: l.projectID, TenantID: l.projectID, DefaultPoolID: pid, L7Policies: refs(l.l7policies), InsertHeaders: ih,
		CreatedAt: stamp(l.created), UpdatedAt: stamp(l.updated), LoadBalancers: []idRef{{l.lb.id}},
		TimeoutClientData: l.timeoutClientData, TimeoutMemberConnect: l.timeoutMemberConnect,
		TimeoutMemberData: l.timeoutMemberData, TimeoutTCPInspect: l.timeoutTCPInspect,
		Tags: tagsOrEmpty(l.tags), ClientCATLSContainerRef: l.clientCATLSRef,
		ClientAuthentication: l.clientAuthentication, ClientCRLContainerRef: l.clientCRLRef,
		AllowedCIDRs: l.allowedCIDRs, TLSCiphers: l.tlsCiphers, TLSVersions: l.tlsVersions,
		ALPNProtocols: l.alpnProtocols,
	}
}

type poolView struct {
	ID                 string              `json:"id"`
	Name               string              `json:"name"`
	Description        string              `json:"description"`
	ProvisioningStatus string              `json:"provisioning_status"`
	OperatingStatus    string              `json:"operating_status"`
	AdminStateUp       bool                `json:"admin_state_up"`
	Protocol           string              `json:"protocol"`
	LBAlgorithm        string              `json:"lb_algorithm"`
	SessionPersistence *sessionPersistence `json:"session_persistence"`
	ProjectID          string              `json:"project_id"`
	LoadBalancers      []idRef             `json:"loadbalancers"`
	Listeners          []idRef             `json:"listeners"`
	CreatedAt          *string             `json:"created_at"`
	UpdatedAt          *string             `json:"updated_at"`
	HealthMonitorID    *string             `json:"healthmonitor_id,omitempty"`
	Members            []idRef             `json:"members"`
	Tags               []string            `json:"tags"`
	TLSContainerRef    *string             `json:"tls_container_ref"`
	CATLSContainerRef  *string             `json:"ca_tls_container_ref"`
	CRLContainerRef    *string             `json:"crl_container_ref"`
	TLSEnabled         bool                `json:"tls_enabled"`
	TLSCiphers         *string             `json:"tls_ciphers"`
	TLSVersions        []string            `json:"tls_versions"`
	ALPNProtocols      []string            `json:"alpn_protocols"`
	TenantID           string              `json:"tenant_id"`
}

func (p *pool) view() any {
	var hm *string
	if p.hm != nil {
		hm = &p.hm.id
	}
	return &poolView{
		ID: p.id, Name: p.name, Description: p.description,
		ProvisioningStatus: p.prov, OperatingStatus: p.oper, AdminStateUp: p.enabled,
		Protocol: p.protocol, LBAlgorithm: p.algorithm, SessionPersistence: p.persistence,
		ProjectID: p.projectID, TenantID: p.projectID, LoadBalancers: []idRef{{p.lb.id}}, Listeners: refs(p.listeners),
		CreatedAt: stamp(p.created), UpdatedAt: stamp(p.updated), HealthMonitorID: hm,
		Members: refs(p.members), Tags: tagsOrEmpty(p.tags), TLSContainerRef: p.tlsContainerRef,
		CATLSContainerRef: p.caTLSContainerRef, CRLContainerRef: p.crlContainerRef,
		TLSEnabled: p.tlsEnabled, TLSCiphers: p.tlsCiphers, TLSVersions: p.tlsVersions, ALPNProtocols: p.alpnProtocols,
	}
}

type memberView struct {
	ID                 string   `json:"id"`
	Name               string   `json:"name"`
	OperatingStatus    string   `json:"operating_status"`
	ProvisioningStatus string   `json:"provisioning_status"`
	AdminStateUp       bool     `json:"admin_state_up"`
	Address            string   `json:"address"`
	ProtocolPort       int      `json:"protocol_port"`
	Weight             int      `json:"weight"`
	Backup             bool     `json:"backup"`
	SubnetID           *string  `json:"subnet_id"`
	ProjectID          string   `json:"project_id"`
	CreatedAt          *string  `json:"created_at"`
	UpdatedAt          *string  `json:"updated_at"`
	MonitorAddress     *string  `json:"monitor_address"`
	MonitorPort        *int     `json:"monitor_port"`
	Tags               []string `json:"tags"`
	TenantID           string   `json:"tenant_id"`
}

func (m *member) view() any {
	return &memberView{
		ID: m.id, Name: m.name, OperatingStatus: m.oper, ProvisioningStatus: m.prov, AdminStateUp: m.enabled,
		Address: m.address, ProtocolPort: m.port, Weight: m.weight, Backup: m.backup, SubnetID: m.subnetID,
		ProjectID: m.projectID, TenantID: m.projectID, CreatedAt: stamp(m.created), UpdatedAt: stamp(m.updated),
		MonitorAddress: m.monitorAddress, MonitorPort: m.monitorPort, Tags: tagsOrEmpty(m.tags),
	}
}

type hmView struct {
	ID                 string   `json:"id"`
	Name               string   `json:"name"`
	Type               string   `json:"type"`
	Delay              int      `json:"delay"`
	Timeout            int      `json:"timeout"`
	MaxRetries         int      `json:"max_retries"`
	MaxRetriesDown     int      `json:"max_retries_down"`
	HTTPMethod         *string  `json:"http_method"`
	URLPath            *string  `json:"url_path"`
	ExpectedCodes      *string  `json:"expected_codes"`
	AdminStateUp       bool     `json:"admin_state_up"`
	ProjectID          string   `json:"project_id"`
	Pools              []idRef  `json:"pools"`
	ProvisioningStatus string   `json:"provisioning_status"`
	OperatingStatus    string   `json:"operating_status"`
	CreatedAt          *string  `json:"created_at"`
	UpdatedAt          *string  `json:"updated_at"`
	Tags               []string `json:"tags"`
	HTTPVersion        *float64 `json:"http_version"`
	DomainName         *string  `json:"domain_name"`
	TenantID           string   `json:"tenant_id"`
}

func (h *healthMonitor) view() any {
	return &hmView{
		ID: h.id, Name: h.name, Type: h.typ, Delay: h.delay, Timeout: h.timeout,
		MaxRetries: h.maxRetries, MaxRetriesDown: h.maxRetriesDown, HTTPMethod: h.httpMethod,
		URLPath: h.urlPath, ExpectedCodes: h.expectedCodes, AdminStateUp: h.enabled, ProjectID: h.projectID, TenantID: h.projectID,
		Pools: []idRef{{h.pool.id}}, ProvisioningStatus: h.prov, OperatingStatus: h.oper,
		CreatedAt: stamp(h.created), UpdatedAt: stamp(h.updated), Tags: tagsOrEmpty(h.tags),
		HTTPVersion: h.httpVersion, DomainName: h.domainName,
	}
}

type l7policyView struct {
	ID                 string   `json:"id"`
	Name               string   `json:"name"`
	Description        string   `json:"description"`
	AdminStateUp       bool     `json:"admin_state_up"`
	ProjectID          string   `json:"project_id"`
	Action             string   `json:"action"`
	ListenerID         string   `json:"listener_id"`
	RedirectPoolID     *string  `json:"redirect_pool_id"`
	RedirectURL        *string  `json:"redirect_url"`
	RedirectPrefix     *string  `json:"redirect_prefix"`
	Position           int      `json:"position"`
	Rules              []idRef  `json:"rules"`
	ProvisioningStatus string   `json:"provisioning_status"`
	OperatingStatus    string   `json:"operating_status"`
	CreatedAt          *string  `json:"created_at"`
	UpdatedAt          *string  `json:"updated_at"`
	Tags               []string `json:"tags"`
	RedirectHTTPCode   *int     `json:"redirect_http_code"`
	TenantID           string   `json:"tenant_id"`
}

func (p *l7policy) view() any {
	var rp *string
	if p.redirectPool != nil {
		rp = &p.redirectPool.id
	}
	return &l7policyView{
		ID: p.id, Name: p.name, Description: p.description, AdminStateUp: p.enabled, ProjectID: p.projectID, TenantID: p.projectID,
		Action: p.action, ListenerID: p.listener.id, RedirectPoolID: rp, RedirectURL: p.redirectURL,
		RedirectPrefix: p.redirectPrefix, Position: p.position, Rules: refs(p.rules),
		ProvisioningStatus: p.prov, OperatingStatus: p.oper, CreatedAt: stamp(p.created),
		UpdatedAt: stamp(p.updated), Tags: tagsOrEmpty(p.tags), RedirectHTTPCode: p.redirectHTTPCode,
	}
}

type l7ruleView struct {
	ID                 string   `json:"id"`
	Type               string   `json:"type"`
	CompareType        string   `json:"compare_type"`
	Key                *string  `json:"key"`
	Value              string   `json:"value"`
	Invert             bool     `json:"invert"`
	AdminStateUp       bool     `json:"admin_state_up"`
	ProjectID          string   `json:"project_id"`
	ProvisioningStatus string   `json:"provisioning_status"`
	OperatingStatus    string   `json:"operating_status"`
	CreatedAt          *string  `json:"created_at"`
	UpdatedAt          *string  `json:"updated_at"`
	Tags               []string `json:"tags"`
	TenantID           string   `json:"tenant_id"`
}

func (r *l7rule) view() any {
	return &l7ruleView{
		ID: r.id, Type: r.typ, CompareType: r.compareType, Key: r.key, Value: r.value, Invert: r.invert,
		AdminStateUp: r.enabled, ProjectID: r.projectID, TenantID: r.projectID, ProvisioningStatus: r.prov, OperatingStatus: r.oper,
		CreatedAt: stamp(r.created), UpdatedAt: stamp(r.updated), Tags: tagsOrEmpty(r.tags),
	}
}
