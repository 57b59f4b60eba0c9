package labcloud

import (
	"net/http"
	"net/netip"
	"slices"
	"strconv"
	"time"
)

var listenerAttrs = commonAttrs[*listener](true).with(attrs[*listener]{
	"protocol":         func(l *listener) string { return l.protocol },
	"protocol_port":    func(l *listener) string { return strconv.Itoa(l.port) },
	"connection_limit": func(l *listener) string { return strconv.Itoa(l.connLimit) },
	"loadbalancer_id":  func(l *listener) string { return l.lb.id },
	"default_pool_id": func(l *listener) string {
		if l.defaultPool == nil {
			return ""
		}
		return l.defaultPool.id
	},
	"timeout_client_data":    func(l *listener) string { return strconv.Itoa(l.timeoutClientData) },
	"timeout_member_connect": func(l *listener) string { return strconv.Itoa(l.timeoutMemberConnect) },
	"timeout_member_data":    func(l *listener) string { return strconv.Itoa(l.timeoutMemberData) },
	"timeout_tcp_inspect":    func(l *listener) string { return strconv.Itoa(l.timeoutTCPInspect) },
	"client_authentication":  func(l *listener) string { return l.clientAuthentication },
})

var listenerProtocols = []string{"HTTP", "HTTPS", "PROMETHEUS", "SCTP", "TCP", "TERMINATED_HTTPS", "UDP"}

type listenerBody struct {
	Name                    *string           `json:"name"`
	Description             *string           `json:"description"`
	AdminStateUp            *bool             `json:"admin_state_up"`
	Protocol                *string           `json:"protocol"`
	ProtocolPort            *int              `json:"protocol_port"`
	ConnectionLimit         *int              `json:"connection_limit"`
	LoadBalancerID          *string           `json:"loadbalancer_id"`
	ProjectID               *string           `json:"project_id"`
	DefaultPoolID           *string           `json:"default_pool_id"`
	DefaultPool             *poolBody         `json:"default_pool"`
	L7Policies              []l7policyBody    `json:"l7policies"`
	InsertHeaders           map[string]string `json:"insert_headers"`
	TimeoutClientData       *int              `json:"timeout_client_data"`
	TimeoutMemberConnect    *int              `json:"timeout_member_connect"`
	TimeoutMemberData       *int              `json:"timeout_member_data"`
	TimeoutTCPInspect       *int              `json:"timeout_tcp_inspect"`
	DefaultTLSContainerRef  *string           `json:"default_tls_container_ref"`
	SNIContainerRefs        *[]string         `json:"sni_container_refs"`
	ClientCATLSContainerRef *string           `json:"client_ca_tls_container_ref"`
	ClientAuthentication    *string           `json:"client_authentication"`
	ClientCRLContainerRef   *string           `json:"client_crl_container_ref"`
	AllowedCIDRs            *[]string         `json:"allowed_cidrs"`
	TLSCiphers              *string           `json:"tls_ciphers"`
	TLSVersions             *[]string         `json:"tls_versions"`
	ALPNProtocols           *[]string         `json:"alpn_protocols"`
	Tags                    *[]string         `json:"tags"`
}

func (c listenerKind) findListener(id string, k *caller) (*listener, *apiError) {
	return findFor(c.listeners, "Listener", id, k)
}

// buildListener validates a listener body for lb. The listener is not attached.
func (c listenerKind) buildListener(b *listenerBody, lb *loadBalancer, now time.Time) (*listener, *apiError) {
	if b.Protocol == nil {
		return nil, mandatory("protocol")
	}
	if err := oneOf("protocol", *b.Protocol, listenerProtocols); err != nil {
		return nil, err
	}
	if b.ProtocolPort == nil {
		return nil, mandatory("protocol_port")
	}
	if err := inRange("protocol_port", *b.ProtocolPort, 1, 65535); err != nil {
		return nil, err
	}
	for _, o := range lb.listeners {
		if o.port == *b.ProtocolPort && sameL4(o.protocol, *b.Protocol) {
			return nil, errorf(http.StatusConflict, "Another Listener on this Load Balancer is already using protocol %s and protocol_port %d", *b.Protocol, *b.ProtocolPort)
		}
	}
	if *b.Protocol == "TERMINATED_HTTPS" && b.DefaultTLSContainerRef == nil && (b.SNIContainerRefs == nil || len(*b.SNIContainerRefs) == 0) {
		return nil, validation("An SNI or default certificate container reference must be provided for TERMINATED_HTTPS protocol listeners.")
	}
	l := &listener{
		meta: c.newMeta(lb.projectID, b.Name, b.Description, b.AdminStateUp, b.Tags, now),
		lb:   lb, protocol: *b.Protocol, port: *b.ProtocolPort, connLimit: -1,
		timeoutClientData: 50000, timeoutMemberConnect: 5000, timeoutMemberData: 50000,
		clientAuthentication: "NONE",
	}
	if *b.Protocol == "TERMINATED_HTTPS" {
		l.tlsOptions.setDefaults()
	}
	if err := l.apply(b); err != nil {
		return nil, err
	}
	return l, nil
}

// sameL4 reports whether two listener protocols would share a port's
// transport (UDP and SCTP may reuse a TCP port).
func sameL4(a, b string) bool {
	l4 := func(p string) string {
		switch p {
		case "UDP", "SCTP":
			return p
		}
		return "TCP"
	}
	return l4(a) == l4(b)
}

// allowed returns the allowed_cidrs as Octavia stores them (host bits
// cleared, duplicates dropped, nil for none); each must be of the VIP's IP
// version. The list's form was checked by decodeArg.
func (l *listener) allowed(list []string) ([]string, *apiError) {
	var out []string
	vip, _ := netip.ParseAddr(l.lb.vipAddress)
	for _, s := range list {
		p, ok := parseCIDR(s)
		if !ok {
			return nil, invalidInput("allowed_cidrs", s, "Value should be IPv4 or IPv6 CIDR format")
		}
		if vip.IsValid() && p.Addr().Is4() != vip.Is4() {
			return nil, validation("CIDR %s IP version incompatible with VIP %s IP version.", p, vip)
		}
		if !slices.Contains(out, p.String()) {
			out = append(out, p.String())
		}
	}
	return out, nil
}

// apply sets the optional fields of a create or update body.
func (l *listener) apply(b *listenerBody) *apiError {
	if b.ConnectionLimit != nil {
		if *b.ConnectionLimit < -1 {
			return invalidInput("connection_limit", *b.ConnectionLimit, "Value should be greater or equal to -1")
		}
		l.connLimit = *b.ConnectionLimit
	}
	for _, t := range []struct {
		v   *int
		dst *int
		f   string
	}{
		{b.TimeoutClientData, &l.timeoutClientData, "timeout_client_data"},
		{b.TimeoutMemberConnect, &l.timeoutMemberConnect, "timeout_member_connect"},
		{b.TimeoutMemberData, &l.timeoutMemberData, "timeout_member_data"},
		{b.TimeoutTCPInspect, &l.timeoutTCPInspect, "timeout_tcp_inspect"},
	} {
		if t.v != nil {
			if err := inRange(t.f, *t.v, 0, 31536000000); err != nil {
				return err
			}
			*t.dst = *t.v
		}
	}
	if b.InsertHeaders != nil {
		l.insertHeaders = b.InsertHeaders
	}
	if b.DefaultTLSContainerRef != nil {
		l.defaultTLSContainerRef = b.DefaultTLSContainerRef
	}
	if b.SNIContainerRefs != nil {
		l.sniContainerRefs = *b.SNIContainerRefs
	}
	if b.ClientCATLSContainerRef != nil {
		l.clientCATLSRef = b.ClientCATLSContainerRef
	}
	if b.ClientAuthentication != nil {
		if err := oneOf("client_authentication", *b.ClientAuthentication, []string{"NONE", "OPTIONAL", "MANDATORY"}); err != nil {
			return err
		}
		l.clientAuthentication = *b.ClientAuthentication
	}
	if b.ClientCRLContainerRef != nil {
		l.clientCRLRef = b.ClientCRLContainerRef
	}
	if b.AllowedCIDRs != nil {
		cidrs, err := l.allowed(*b.AllowedCIDRs)
		if err != nil {
			return err
		}
		l.allowedCIDRs = cidrs
	}
	l.tlsOptions.set(b.TLSCiphers, b.TLSVersions, b.ALPNProtocols)
	l.cache = nil
	return nil
}

func (c listenerKind) list(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	return listObjects(c.Cloud, w, r, k, "listeners", c.listeners, listenerAttrs, visibleTo[*listener](k))
}

// defaultPoolFor resolves default_pool_id for l: a pool of the same load
// balancer. As in Octavia (Zed), the pool may already be another
// listener's default pool: it then serves both.
func (c listenerKind) defaultPoolFor(id string, l *listener) (*pool, *apiError) {
	p, ok := c.pools.get(id)
	if !ok || p.lb != l.lb {
		return nil, invalidSubresource("Pool", id)
	}
	return p, nil
}

func setDefaultPool(l *listener, p *pool) {
	if old := l.defaultPool; old != nil {
		old.listeners = deleteItem(old.listeners, l)
		old.cache = nil
	}
	l.defaultPool = p
	if p != nil {
		p.listeners = append(p.listeners, l)
		p.cache = nil
	}
	l.cache = nil
}

// child is the listener kind's handler (childKind): on the load
// balancer its body names, its certificate refs read through Barbican.
func (c listenerKind) child() childKind[*loadBalancer, *listener, listenerBody] {
	return childKind[*loadBalancer, *listener, listenerBody]{
		cloud: c.Cloud, key: "listener",
		bodyParent: c.lbOfBody, admit: admitUnder[*loadBalancer](c.Cloud, "listener"),
		build: c.buildListener, check: c.checkCreate, attach: c.attach,
		find: inPath(c.findListener), writable: c.writable, change: c.change,
		listing: c.list, deleteOnce: true,
	}
}

// lbOfBody is the load balancer a create's loadbalancer_id names, for k.
func (c listenerKind) lbOfBody(b *listenerBody, k *caller) (*loadBalancer, *apiError) {
	if err := checkUUIDs("loadbalancer_id", b.LoadBalancerID, "default_pool_id", b.DefaultPoolID); err != nil {
		return nil, err
	}
	if b.LoadBalancerID == nil {
		return nil, mandatory("loadbalancer_id")
	}
	return c.findLB(*b.LoadBalancerID, k)
}

// checkCreate reads a new listener's certificate refs and sets its
// default pool.
func (c listenerKind) checkCreate(r *http.Request, k *caller, b *listenerBody, l *listener, now time.Time) *apiError {
	if err := c.checkTLS(r, k, b, nil, now); err != nil {
		return err
	}
	if b.DefaultPoolID != nil {
		p, err := c.defaultPoolFor(*b.DefaultPoolID, l)
		if err != nil {
			return err
		}
		setDefaultPool(l, p)
		l.changed(now) // Zed sets the pool in a second write: updated_at is set
	}
	return nil
}

func (c listenerKind) attach(lb *loadBalancer, l *listener, _ time.Time) {
	lb.listeners = append(lb.listeners, l)
	lb.cache = nil
	c.listeners.add(l)
}

// writable is checkWritable for a listener's update, which Octavia
// refuses while the listener itself is not ACTIVE too.
func (c listenerKind) writable(k *caller, l *listener) *apiError {
	if err := k.write(l.projectID); err != nil {
		return err
	}
	return checkMutable([]object{l.lb, l})
}

// change applies an update's body to l: its certificate refs read
// through Barbican, its default pool set ("" unsets it).
func (c listenerKind) change(r *http.Request, k *caller, b *listenerBody, l *listener, now time.Time) *apiError {
	if err := c.checkTLS(r, k, b, l, now); err != nil {
		return err
	}
	if b.DefaultPoolID != nil {
		var p *pool
		if *b.DefaultPoolID != "" {
			var err *apiError
			if p, err = c.defaultPoolFor(*b.DefaultPoolID, l); err != nil {
				return err
			}
		}
		setDefaultPool(l, p)
	}
	if err := l.apply(b); err != nil {
		return err
	}
	l.update(b.Name, b.Description, b.AdminStateUp, b.Tags)
	return nil
}

func (c listenerKind) stats(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	l, err := c.findListener(r.PathValue("id"), k)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"stats": l.stats(now)})
	return nil
}

// restore adds its listeners, on their load balancers, then each pool's listeners from s to an empty Cloud (Cloud.restore). Caller
// holds c.mu.
func (c listenerKind) restore(s *State) error {
	for _, sl := range s.Listeners {
		lb, ok := c.lbs.get(sl.LB)
		if !ok {
			return missingRef("listener", sl.ID, "load balancer", sl.LB)
		}
		l := &listener{meta: sl.meta(), lb: lb, protocol: sl.Protocol, port: sl.Port, connLimit: sl.ConnLimit,
			insertHeaders: sl.InsertHeaders, timeoutClientData: sl.TimeoutClientData, timeoutMemberConnect: sl.TimeoutMemberConnect,
			timeoutMemberData: sl.TimeoutMemberData, timeoutTCPInspect: sl.TimeoutTCPInspect, allowedCIDRs: sl.AllowedCIDRs,
			defaultTLSContainerRef: sl.DefaultTLSContainerRef, sniContainerRefs: sl.SNIContainerRefs, clientCATLSRef: sl.ClientCATLSRef,
			clientAuthentication: sl.ClientAuthentication, clientCRLRef: sl.ClientCRLRef, tlsOptions: sl.stTLS.options(),
			upSince: sl.UpSince, statsBase: sl.StatsBase}
		if sl.DefaultPool != "" {
			p, ok := c.pools.get(sl.DefaultPool)
			if !ok {
				return missingRef("listener", sl.ID, "pool", sl.DefaultPool)
			}
			l.defaultPool = p
		}
		lb.listeners = append(lb.listeners, l)
		c.listeners.add(l)
	}
	for _, sp := range s.Pools {
		p, _ := c.pools.get(sp.ID)
		for _, id := range sp.Listeners {
			l, ok := c.listeners.get(id)
			if !ok {
				return missingRef("pool", sp.ID, "listener", id)
			}
			p.listeners = append(p.listeners, l)
		}
	}
	return nil
}

// save adds its listeners to s (Cloud.state). Caller holds c.mu.
func (c listenerKind) save(s *State) {
	for _, l := range c.listeners.order {
		s.Listeners = append(s.Listeners, stListener{metaOf(&l.meta), l.lb.id, l.protocol, l.port, l.connLimit,
			idOf(l.defaultPool, l.defaultPool != nil), l.insertHeaders, l.timeoutClientData, l.timeoutMemberConnect,
			l.timeoutMemberData, l.timeoutTCPInspect, l.allowedCIDRs, l.defaultTLSContainerRef, l.sniContainerRefs,
			l.clientCATLSRef, l.clientAuthentication, l.clientCRLRef, l.tlsOptions.asState(),
			l.upSince, l.statsBase})
	}
}
