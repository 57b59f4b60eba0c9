package labcloud

import "slices"

// Which pools a listener sends traffic to, as Octavia counts them: its
// default pool, and the pool of each L7 policy that redirects to one while
// the policy is enabled and has at least one rule (Octavia's
// Listener.pools and Pool.listeners; a policy with no rule never matches).
// The status tree lists a listener's pools so, and a pool's GET its
// listeners (seen on the real Zed: a REDIRECT_TO_POOL policy's pool joins
// the listener's pools in the tree once the policy has a rule).

// routes reports whether p sends traffic to its redirect pool.
func (p *l7policy) routes() bool {
	return p.redirectPool != nil && p.enabled && len(p.rules) > 0
}

// listenerPools is l's pools: its default pool, then the pools its routing
// L7 policies redirect to, in position order, each once.
func listenerPools(l *listener) []*pool {
	var out []*pool
	if l.defaultPool != nil {
		out = append(out, l.defaultPool)
	}
	for _, p := range l.l7policies {
		if p.routes() && !slices.Contains(out, p.redirectPool) {
			out = append(out, p.redirectPool)
		}
	}
	return out
}

// poolListeners is p's listeners: those it is the default pool of, then
// those with a routing L7 policy that redirects to it, each once.
func poolListeners(p *pool) []*listener {
	out := append([]*listener(nil), p.listeners...)
	for _, l := range p.lb.listeners {
		for _, pol := range l.l7policies {
			if pol.redirectPool == p && pol.routes() && !slices.Contains(out, l) {
				out = append(out, l)
			}
		}
	}
	return out
}

// dropPoolViews drops the cached views of lb's pools: an L7 policy or rule
// changed, and with it, maybe, which listeners a pool shows.
func dropPoolViews(lb *loadBalancer) {
	for _, p := range lb.pools {
		p.cache = nil
	}
}
