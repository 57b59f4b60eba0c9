package labcloud

import (
	"net/http"
	"time"
)

var poolAttrs = commonAttrs[*pool](true).with(attrs[*pool]{
	"protocol":        func(p *pool) string { return p.protocol },
	"lb_algorithm":    func(p *pool) string { return p.algorithm },
	"loadbalancer_id": func(p *pool) string { return p.lb.id },
	"healthmonitor_id": func(p *pool) string {
		if p.hm == nil {
			return ""
		}
		return p.hm.id
	},
	"tls_enabled": func(p *pool) string { return boolText(p.tlsEnabled) },
})

var (
	poolProtocols  = []string{"HTTP", "HTTPS", "PROXY", "PROXYV2", "SCTP", "TCP", "UDP"}
	lbAlgorithms   = []string{"SOURCE_IP", "ROUND_ROBIN", "LEAST_CONNECTIONS", "SOURCE_IP_PORT"}
	persistenceIDs = []string{"APP_COOKIE", "HTTP_COOKIE", "SOURCE_IP"}
)

type poolBody struct {
	Name               *string             `json:"name"`
	Description        *string             `json:"description"`
	AdminStateUp       *bool               `json:"admin_state_up"`
	Protocol           *string             `json:"protocol"`
	LBAlgorithm        *string             `json:"lb_algorithm"`
	SessionPersistence *sessionPersistence `json:"session_persistence"`
	LoadBalancerID     *string             `json:"loadbalancer_id"`
	ListenerID         *string             `json:"listener_id"`
	ProjectID          *string             `json:"project_id"`
	Members            []memberBody        `json:"members"`
	HealthMonitor      *hmBody             `json:"healthmonitor"`
	TLSContainerRef    *string             `json:"tls_container_ref"`
	CATLSContainerRef  *string             `json:"ca_tls_container_ref"`
	CRLContainerRef    *string             `json:"crl_container_ref"`
	TLSEnabled         *bool               `json:"tls_enabled"`
	TLSCiphers         *string             `json:"tls_ciphers"`
	TLSVersions        *[]string           `json:"tls_versions"`
	ALPNProtocols      *[]string           `json:"alpn_protocols"`
	Tags               *[]string           `json:"tags"`
}

func (c *Cloud) findPool(id string, k *caller) (*pool, *apiError) {
	return findFor(c.pools, "Pool", id, k)
}

// buildPool validates a pool body for lb; the pool is not attached.
func (c poolKind) buildPool(b *poolBody, lb *loadBalancer, now time.Time) (*pool, *apiError) {
	if b.Protocol == nil {
		return nil, mandatory("protocol")
	}
	if err := oneOf("protocol", *b.Protocol, poolProtocols); err != nil {
		return nil, err
	}
	if b.LBAlgorithm == nil {
		return nil, mandatory("lb_algorithm")
	}
	p := &pool{
		meta: c.newMeta(lb.projectID, b.Name, b.Description, b.AdminStateUp, b.Tags, now),
		lb:   lb, protocol: *b.Protocol,
	}
	if err := p.apply(b); err != nil {
		return nil, err
	}
	if p.tlsEnabled {
		p.tlsOptions.setDefaults()
	}
	return p, nil
}

func (p *pool) apply(b *poolBody) *apiError {
	if b.LBAlgorithm != nil {
		if err := oneOf("lb_algorithm", *b.LBAlgorithm, lbAlgorithms); err != nil {
			return err
		}
		p.algorithm = *b.LBAlgorithm
	}
	if sp := b.SessionPersistence; sp != nil {
		if err := oneOf("type", sp.Type, persistenceIDs); err != nil {
			return err
		}
		if sp.Type == "APP_COOKIE" && sp.CookieName == nil {
			return validation("session_persistence cookie_name must be specified when session_persistence type is APP_COOKIE.")
		}
		cp := *sp
		p.persistence = &cp
	}
	if b.TLSContainerRef != nil {
		p.tlsContainerRef = b.TLSContainerRef
	}
	if b.CATLSContainerRef != nil {
		p.caTLSContainerRef = b.CATLSContainerRef
	}
	if b.CRLContainerRef != nil {
		p.crlContainerRef = b.CRLContainerRef
	}
	if b.TLSEnabled != nil {
		p.tlsEnabled = *b.TLSEnabled
	}
	p.tlsOptions.set(b.TLSCiphers, b.TLSVersions, b.ALPNProtocols)
	p.cache = nil
	return nil
}

func (c poolKind) list(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	return listObjects(c.Cloud, w, r, k, "pools", c.pools, poolAttrs, visibleTo[*pool](k))
}

// poolSite is where a create puts its pool: a load balancer, and the
// listener whose default pool it becomes when the body names one.
type poolSite struct {
	lb *loadBalancer
	l  *listener
}

// child is the pool kind's handler (childKind): on the load balancer
// or the listener its body names, its certificate refs read through
// Barbican, its algorithm one the provider offers.
func (c poolKind) child() childKind[poolSite, *pool, poolBody] {
	return childKind[poolSite, *pool, poolBody]{
		cloud: c.Cloud, key: "pool",
		bodyParent: c.siteOfBody, admit: c.admit,
		build: c.buildAt, check: c.checkCreate, attach: c.attach,
		find: inPath(c.findPool), change: c.change,
		listing: c.list, inUse: c.inUse, deleteOnce: true,
	}
}

// siteOfBody is the load balancer and listener a create's body names: the
// listener's load balancer, which loadbalancer_id must match if given.
func (c poolKind) siteOfBody(b *poolBody, _ *caller) (poolSite, *apiError) {
	if err := checkUUIDs("loadbalancer_id", b.LoadBalancerID, "listener_id", b.ListenerID); err != nil {
		return poolSite{}, err
	}
	switch {
	case b.ListenerID != nil:
		l, ok := c.listeners.get(*b.ListenerID)
		if !ok {
			return poolSite{}, notFound("Listener", *b.ListenerID)
		}
		if b.LoadBalancerID != nil && *b.LoadBalancerID != l.lb.id {
			return poolSite{}, validation("Pool listener_id and loadbalancer_id do not match.")
		}
		return poolSite{l.lb, l}, nil
	case b.LoadBalancerID != nil:
		lb, ok := c.lbs.get(*b.LoadBalancerID)
		if !ok {
			return poolSite{}, notFound("Load Balancer", *b.LoadBalancerID)
		}
		return poolSite{lb: lb}, nil
	}
	return poolSite{}, errorf(http.StatusBadRequest, "Validation failure: Either loadbalancer_id or listener_id must be specified.")
}

// admit is admitChild for a pool: a listener that has a default pool
// refuses another (409) once k may write it, before the quota.
func (c poolKind) admit(k *caller, s poolSite) *apiError {
	if err := k.write(s.lb.projectID); err != nil {
		return err
	}
	if s.l != nil && s.l.defaultPool != nil {
		return errorf(http.StatusConflict, "This listener already has a default pool")
	}
	return c.admitChild(k, s.lb, "pool")
}

func (c poolKind) buildAt(b *poolBody, s poolSite, now time.Time) (*pool, *apiError) {
	return c.buildPool(b, s.lb, now)
}

// checkCreate reads a new pool's certificate refs and asks its provider
// for its algorithm.
func (c poolKind) checkCreate(r *http.Request, k *caller, b *poolBody, p *pool, now time.Time) *apiError {
	if err := c.checkTLS(r, k, b, nil, now); err != nil {
		return err
	}
	return driverRefusesAlgorithm(p.lb, p.algorithm)
}

func (c poolKind) attach(s poolSite, p *pool, _ time.Time) {
	s.lb.pools = append(s.lb.pools, p)
	s.lb.cache = nil
	c.pools.add(p)
	if s.l != nil {
		setDefaultPool(s.l, p)
	}
}

// change applies an update's body to p: a new algorithm one the provider
// offers, its certificate refs read through Barbican.
func (c poolKind) change(r *http.Request, k *caller, b *poolBody, p *pool, now time.Time) *apiError {
	if a := b.LBAlgorithm; a != nil {
		if err := oneOf("lb_algorithm", *a, lbAlgorithms); err != nil {
			return err
		}
		if err := driverRefusesAlgorithm(p.lb, *a); err != nil {
			return err
		}
	}
	if err := c.checkTLS(r, k, b, p, now); err != nil {
		return err
	}
	if err := p.apply(b); err != nil {
		return err
	}
	p.update(b.Name, b.Description, b.AdminStateUp, b.Tags)
	return nil
}

// inUse refuses the delete of a pool an L7 policy redirects to.
func (c poolKind) inUse(p *pool) *apiError {
	for _, l := range p.lb.listeners {
		for _, pol := range l.l7policies {
			if pol.redirectPool == p {
				return errorf(http.StatusConflict, "Pool %s is in use by L7 policy %s", p.id, pol.id)
			}
		}
	}
	return nil
}

// restore adds its pools, on their load balancers (restored before the listeners, which name their default pool) from s to an empty Cloud (Cloud.restore). Caller
// holds c.mu.
func (c poolKind) restore(s *State) error {
	for _, sp := range s.Pools {
		lb, ok := c.lbs.get(sp.LB)
		if !ok {
			return missingRef("pool", sp.ID, "load balancer", sp.LB)
		}
		p := &pool{meta: sp.meta(), lb: lb, protocol: sp.Protocol, algorithm: sp.Algorithm, persistence: sp.Persistence,
			tlsContainerRef: sp.TLSContainerRef, caTLSContainerRef: sp.CATLSContainerRef, crlContainerRef: sp.CRLContainerRef,
			tlsEnabled: sp.TLSEnabled, tlsOptions: sp.stTLS.options()}
		lb.pools = append(lb.pools, p)
		c.pools.add(p)
	}
	return nil
}

// save adds its pools to s (Cloud.state). Caller holds c.mu.
func (c poolKind) save(s *State) {
	for _, p := range c.pools.order {
		s.Pools = append(s.Pools, stPool{metaOf(&p.meta), p.lb.id, idsOf(p.listeners), p.protocol, p.algorithm, p.persistence,
			p.tlsContainerRef, p.caTLSContainerRef, p.crlContainerRef, p.tlsEnabled, p.tlsOptions.asState()})
	}
}
