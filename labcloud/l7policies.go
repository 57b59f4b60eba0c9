package labcloud

import (
	"net/http"
	"slices"
	"strconv"
	"time"
)

var l7policyAttrs = commonAttrs[*l7policy](true).with(attrs[*l7policy]{
	"action":      func(p *l7policy) string { return p.action },
	"listener_id": func(p *l7policy) string { return p.listener.id },
	"position":    func(p *l7policy) string { return strconv.Itoa(p.position) },
	"redirect_pool_id": func(p *l7policy) string {
		if p.redirectPool == nil {
			return ""
		}
		return p.redirectPool.id
	},
	"redirect_url":    func(p *l7policy) string { return deref(p.redirectURL) },
	"redirect_prefix": func(p *l7policy) string { return deref(p.redirectPrefix) },
})

var l7Actions = []string{"REDIRECT_PREFIX", "REDIRECT_TO_POOL", "REDIRECT_TO_URL", "REJECT"}

type l7policyBody struct {
	Name             *string      `json:"name"`
	Description      *string      `json:"description"`
	AdminStateUp     *bool        `json:"admin_state_up"`
	Action           *string      `json:"action"`
	ListenerID       *string      `json:"listener_id"`
	RedirectPoolID   *string      `json:"redirect_pool_id"`
	RedirectPool     *poolBody    `json:"redirect_pool"`
	RedirectURL      *string      `json:"redirect_url"`
	RedirectPrefix   *string      `json:"redirect_prefix"`
	RedirectHTTPCode *int         `json:"redirect_http_code"`
	Position         *int         `json:"position"`
	Rules            []l7ruleBody `json:"rules"`
	ProjectID        *string      `json:"project_id"`
	Tags             *[]string    `json:"tags"`
}

func (c *Cloud) findL7Policy(id string, k *caller) (*l7policy, *apiError) {
	return findFor(c.l7policies, "L7 Policy", id, k)
}

// buildL7Policy validates a policy body for l; it is not attached.
func (c l7policyKind) buildL7Policy(b *l7policyBody, l *listener, now time.Time) (*l7policy, *apiError) {
	if b.Action == nil {
		return nil, mandatory("action")
	}
	p := &l7policy{meta: c.newMeta(l.projectID, b.Name, b.Description, b.AdminStateUp, b.Tags, now), listener: l}
	if err := c.applyL7Policy(p, b); err != nil {
		return nil, err
	}
	if (p.action == "REDIRECT_TO_URL" || p.action == "REDIRECT_PREFIX") && p.redirectHTTPCode == nil {
		p.redirectHTTPCode = intp(302) // a default on create only: unset leaves it null
	}
	p.position = len(l.l7policies) + 1
	if b.Position != nil {
		if err := inRange("position", *b.Position, 1, 2147483647); err != nil {
			return nil, err
		}
		p.position = min(*b.Position, len(l.l7policies)+1)
	}
	return p, nil
}

func (c l7policyKind) applyL7Policy(p *l7policy, b *l7policyBody) *apiError {
	action := p.action
	if b.Action != nil {
		if err := oneOf("action", *b.Action, l7Actions); err != nil {
			return err
		}
		action = *b.Action
	}
	if b.RedirectPoolID != nil {
		rp, ok := c.pools.get(*b.RedirectPoolID)
		if !ok { // a pool of the same fully populated create, not stored yet
			i := slices.IndexFunc(p.listener.lb.pools, func(q *pool) bool { return q.id == *b.RedirectPoolID })
			if ok = i >= 0; ok {
				rp = p.listener.lb.pools[i]
			}
		}
		if !ok || rp.lb != p.listener.lb {
			return invalidSubresource("Pool", *b.RedirectPoolID)
		}
		p.redirectPool = rp
	}
	if b.RedirectURL != nil {
		p.redirectURL = b.RedirectURL
	}
	if b.RedirectPrefix != nil {
		p.redirectPrefix = b.RedirectPrefix
	}
	if b.RedirectHTTPCode != nil && *b.RedirectHTTPCode == 0 {
		p.redirectHTTPCode = nil
	} else if b.RedirectHTTPCode != nil {
		if err := oneOf("redirect_http_code", strconv.Itoa(*b.RedirectHTTPCode), []string{"301", "302", "303", "307", "308"}); err != nil {
			return err
		}
		p.redirectHTTPCode = b.RedirectHTTPCode
	}
	switch action {
	case "REDIRECT_TO_POOL":
		if p.redirectPool == nil {
			return errorf(http.StatusBadRequest, "Invalid L7 Policy arguments: A redirect_pool_id must be provided with a REDIRECT_TO_POOL action.")
		}
		p.redirectURL, p.redirectPrefix, p.redirectHTTPCode = nil, nil, nil
	case "REDIRECT_TO_URL":
		if p.redirectURL == nil {
			return errorf(http.StatusBadRequest, "Invalid L7 Policy arguments: A redirect_url must be provided with a REDIRECT_TO_URL action.")
		}
		p.redirectPool, p.redirectPrefix = nil, nil
	case "REDIRECT_PREFIX":
		if p.redirectPrefix == nil {
			return errorf(http.StatusBadRequest, "Invalid L7 Policy arguments: A redirect_prefix must be provided with a REDIRECT_PREFIX action.")
		}
		p.redirectPool, p.redirectURL = nil, nil
	case "REJECT":
		p.redirectPool, p.redirectURL, p.redirectPrefix, p.redirectHTTPCode = nil, nil, nil, nil
	}
	p.action = action
	p.cache = nil
	return nil
}

// attachL7Policy inserts p at its position and renumbers the others.
func (c l7policyKind) attachL7Policy(l *listener, p *l7policy, now time.Time) {
	l.l7policies = slices.Insert(l.l7policies, p.position-1, p)
	renumber(l, now)
	l.cache = nil
	c.l7policies.add(p)
}

// child is the L7 policy kind's handler (childKind): on the
// listener its body names; a redirect changes its pools' views.
func (c l7policyKind) child() childKind[*listener, *l7policy, l7policyBody] {
	return childKind[*listener, *l7policy, l7policyBody]{
		cloud: c.Cloud, key: "l7policy",
		bodyParent: c.listenerOfBody, admit: admitUnder[*listener](c.Cloud, "l7policy"),
		build: c.buildL7Policy, attach: c.attachL7Policy,
		find: inPath(c.findL7Policy), change: c.change,
		poolViews: true,
		listing:   c.list,
	}
}

// listenerOfBody is the listener a create's listener_id names, whichever
// project's it is (for another project's, admit answers Octavia's 403).
func (c l7policyKind) listenerOfBody(b *l7policyBody, _ *caller) (*listener, *apiError) {
	if err := checkUUIDs("listener_id", b.ListenerID, "redirect_pool_id", b.RedirectPoolID); err != nil {
		return nil, err
	}
	return parentNamed(c.listeners, "listener_id", "Listener", b.ListenerID)
}

// change applies an update's body to p, moving it to the body's position
// and renumbering the listener's others.
func (c l7policyKind) change(_ *http.Request, _ *caller, b *l7policyBody, p *l7policy, now time.Time) *apiError {
	if err := c.applyL7Policy(p, b); err != nil {
		return err
	}
	if b.Position != nil {
		if err := inRange("position", *b.Position, 1, 2147483647); err != nil {
			return err
		}
		l := p.listener
		l.l7policies = deleteItem(l.l7policies, p)
		pos := min(*b.Position, len(l.l7policies)+1)
		l.l7policies = slices.Insert(l.l7policies, pos-1, p)
		renumber(l, now)
	}
	p.update(b.Name, b.Description, b.AdminStateUp, b.Tags)
	return nil
}

func (c l7policyKind) list(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	return listObjects(c.Cloud, w, r, k, "l7policies", c.l7policies, l7policyAttrs, visibleTo[*l7policy](k))
}

// restore adds its L7 policies, on their listeners in their positions from s to an empty Cloud (Cloud.restore). Caller
// holds c.mu.
func (c l7policyKind) restore(s *State) error {
	for _, sp := range s.L7Policies {
		l, ok := c.listeners.get(sp.Listener)
		if !ok {
			return missingRef("L7 policy", sp.ID, "listener", sp.Listener)
		}
		p := &l7policy{meta: sp.meta(), listener: l, action: sp.Action, redirectURL: sp.RedirectURL,
			redirectPrefix: sp.RedirectPrefix, redirectHTTPCode: sp.RedirectHTTPCode, position: sp.Position}
		if sp.RedirectPool != "" {
			rp, ok := c.pools.get(sp.RedirectPool)
			if !ok {
				return missingRef("L7 policy", sp.ID, "pool", sp.RedirectPool)
			}
			p.redirectPool = rp
		}
		l.l7policies = append(l.l7policies, p)
		c.l7policies.add(p)
	}
	for _, l := range c.listeners.order {
		slices.SortStableFunc(l.l7policies, func(a, b *l7policy) int { return a.position - b.position })
	}
	return nil
}

// save adds its L7 policies to s (Cloud.state). Caller holds c.mu.
func (c l7policyKind) save(s *State) {
	for _, p := range c.l7policies.order {
		s.L7Policies = append(s.L7Policies, stL7Policy{metaOf(&p.meta), p.listener.id, p.action,
			idOf(p.redirectPool, p.redirectPool != nil), p.redirectURL, p.redirectPrefix, p.redirectHTTPCode, p.position})
	}
}
