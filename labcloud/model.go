package labcloud

import (
	"slices"
	"time"
)

// Octavia's status values.
const (
	statusActive        = "ACTIVE"
	statusPendingCreate = "PENDING_CREATE"
	statusPendingUpdate = "PENDING_UPDATE"
	statusPendingDelete = "PENDING_DELETE"
	statusError         = "ERROR"

	operOnline    = "ONLINE"
	operOffline   = "OFFLINE"
	operDegraded  = "DEGRADED"
	operError     = "ERROR"
	operNoMonitor = "NO_MONITOR"
)

// Load balancer topologies (a flavor's loadbalancer_topology).
const (
	topologySingle        = "SINGLE"
	topologyActiveStandby = "ACTIVE_STANDBY"
)

type idRef struct {
	ID string `json:"id"`
}

type loadBalancer struct {
	meta
	vipAddress, vipPortID, vipSubnetID, vipNetworkID string
	vipQosPolicyID                                   *string
	provider, flavorID, az                           string
	topology                                         string
	listeners                                        []*listener
	pools                                            []*pool
	amphorae                                         []*amphora
	op                                               *pendingOp
}

type listener struct {
	meta
	lb                     *loadBalancer
	protocol               string
	port                   int
	connLimit              int
	defaultPool            *pool
	l7policies             []*l7policy
	insertHeaders          map[string]string
	timeoutClientData      int
	timeoutMemberConnect   int
	timeoutMemberData      int
	timeoutTCPInspect      int
	allowedCIDRs           []string
	defaultTLSContainerRef *string
	sniContainerRefs       []string
	clientCATLSRef         *string
	clientAuthentication   string
	clientCRLRef           *string
	tlsOptions
	upSince   time.Time // zero: not passing traffic
	statsBase stats
}

type sessionPersistence struct {
	Type                   string  `json:"type"`
	CookieName             *string `json:"cookie_name"`
	PersistenceTimeout     *int    `json:"persistence_timeout"`
	PersistenceGranularity *string `json:"persistence_granularity"`
}

type pool struct {
	meta
	lb                *loadBalancer
	listeners         []*listener
	protocol          string
	algorithm         string
	persistence       *sessionPersistence
	members           []*member
	hm                *healthMonitor
	tlsContainerRef   *string
	caTLSContainerRef *string
	crlContainerRef   *string
	tlsEnabled        bool
	tlsOptions
}

type member struct {
	meta
	pool           *pool
	address        string
	port           int
	weight         int
	backup         bool
	subnetID       *string
	monitorAddress *string
	monitorPort    *int
}

type healthMonitor struct {
	meta
	pool           *pool
	typ            string
	delay, timeout int
	maxRetries     int
	maxRetriesDown int
	httpMethod     *string
	urlPath        *string
	expectedCodes  *string
	httpVersion    *float64
	domainName     *string
}

type l7policy struct {
	meta
	listener         *listener
	action           string
	redirectPool     *pool
	redirectURL      *string
	redirectPrefix   *string
	redirectHTTPCode *int
	position         int
	rules            []*l7rule
}

type l7rule struct {
	meta
	policy      *l7policy
	typ         string
	compareType string
	key         *string
	value       string
	invert      bool
}

// parentOf is the object o hangs under, whose delete removes o with it: a
// listener's or a pool's load balancer, a member's or a health monitor's
// pool, an L7 policy's listener, an L7 rule's policy; nil for a load
// balancer. The kinds' one parent graph: lbOf and ancestors walk it.
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

// ancestors lists the objects o hangs under, its load balancer first; none
// for a load balancer.
func ancestors(o object) []object {
	var up []object
	for p := parentOf(o); p != nil; p = parentOf(p) {
		up = append(up, p)
	}
	slices.Reverse(up)
	return up
}

// lbOf returns the load balancer an object belongs to.
func lbOf(o object) *loadBalancer {
	for ; o != nil; o = parentOf(o) {
		if lb, ok := o.(*loadBalancer); ok {
			return lb
		}
	}
	return nil
}

// treeOf lists a load balancer and every object under it.
func treeOf(lb *loadBalancer) []object {
	out := []object{lb}
	for _, l := range lb.listeners {
		out = append(out, l)
		for _, p := range l.l7policies {
			out = append(out, p)
			for _, r := range p.rules {
				out = append(out, r)
			}
		}
	}
	for _, p := range lb.pools {
		out = append(out, p)
		if p.hm != nil {
			out = append(out, p.hm)
		}
		for _, m := range p.members {
			out = append(out, m)
		}
	}
	return out
}
