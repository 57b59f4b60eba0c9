package labcloud

import (
	"net/http"
	"time"
)

var l7ruleAttrs = commonAttrs[*l7rule](true).with(attrs[*l7rule]{
	"type":         func(r *l7rule) string { return r.typ },
	"compare_type": func(r *l7rule) string { return r.compareType },
	"key":          func(r *l7rule) string { return deref(r.key) },
	"value":        func(r *l7rule) string { return r.value },
	"invert":       func(r *l7rule) string { return boolText(r.invert) },
})

var (
	l7RuleTypes    = []string{"COOKIE", "FILE_TYPE", "HEADER", "HOST_NAME", "PATH", "SSL_CONN_HAS_CERT", "SSL_VERIFY_RESULT", "SSL_DN_FIELD"}
	l7CompareTypes = []string{"CONTAINS", "ENDS_WITH", "EQUAL_TO", "REGEX", "STARTS_WITH"}
)

type l7ruleBody struct {
	Type         *string   `json:"type"`
	CompareType  *string   `json:"compare_type"`
	Key          *string   `json:"key"`
	Value        *string   `json:"value"`
	Invert       *bool     `json:"invert"`
	AdminStateUp *bool     `json:"admin_state_up"`
	ProjectID    *string   `json:"project_id"`
	Tags         *[]string `json:"tags"`
}

// findL7Rule is the rule of the path's {policy} and {id} for k.
func (c l7ruleKind) findL7Rule(r *http.Request, k *caller) (*l7rule, *apiError) {
	p, err := c.policyOfPath(r, k)
	if err != nil {
		return nil, err
	}
	id := r.PathValue("id")
	rule, ok := c.l7rules.get(id)
	if !ok || rule.policy != p {
		return nil, notFound("L7 Rule", id)
	}
	return rule, nil
}

// policyOfPath is the L7 policy of the path's {policy} for k.
func (c l7ruleKind) policyOfPath(r *http.Request, k *caller) (*l7policy, *apiError) {
	return c.findL7Policy(r.PathValue("policy"), k)
}

// buildL7Rule validates a rule body for p; it is not attached.
func (c l7ruleKind) buildL7Rule(b *l7ruleBody, p *l7policy, now time.Time) (*l7rule, *apiError) {
	for _, f := range []struct {
		v *string
		n string
	}{{b.Type, "type"}, {b.CompareType, "compare_type"}, {b.Value, "value"}} {
		if f.v == nil {
			return nil, mandatory(f.n)
		}
	}
	if len(p.rules) >= 50 {
		return nil, errorf(http.StatusConflict, "Too many rules on L7 policy %s", p.id)
	}
	r := &l7rule{meta: c.newMeta(p.projectID, nil, nil, b.AdminStateUp, b.Tags, now), policy: p}
	if err := r.apply(b); err != nil {
		return nil, err
	}
	return r, nil
}

func (r *l7rule) apply(b *l7ruleBody) *apiError {
	if b.Type != nil {
		if err := oneOf("type", *b.Type, l7RuleTypes); err != nil {
			return err
		}
		r.typ = *b.Type
	}
	if b.CompareType != nil {
		if err := oneOf("compare_type", *b.CompareType, l7CompareTypes); err != nil {
			return err
		}
		r.compareType = *b.CompareType
	}
	if b.Key != nil {
		r.key = strOrNil(*b.Key)
	}
	if b.Value != nil {
		r.value = *b.Value
	}
	if b.Invert != nil {
		r.invert = *b.Invert
	}
	if (r.typ == "HEADER" || r.typ == "COOKIE" || r.typ == "SSL_DN_FIELD") && r.key == nil {
		return errorf(http.StatusBadRequest, "Error parsing L7Rule: key must be specified when using the %s type.", r.typ)
	}
	r.cache = nil
	return nil
}

func (c l7ruleKind) attachL7Rule(p *l7policy, r *l7rule, _ time.Time) {
	p.rules = append(p.rules, r)
	p.cache = nil
	c.l7rules.add(r)
}

// child is the L7 rule kind's handler (childKind): under the path's
// policy; a rule changes what its load balancer's pools show.
func (c l7ruleKind) child() childKind[*l7policy, *l7rule, l7ruleBody] {
	return childKind[*l7policy, *l7rule, l7ruleBody]{
		cloud: c.Cloud, key: "rule",
		pathParent: c.policyOfPath, admit: admitUnder[*l7policy](c.Cloud, "l7rule"),
		build: c.buildL7Rule, attach: c.attachL7Rule,
		find: c.findL7Rule, change: c.change,
		poolViews: true,
		listing:   c.list,
	}
}

func (c l7ruleKind) change(_ *http.Request, _ *caller, b *l7ruleBody, r *l7rule, _ time.Time) *apiError {
	if err := r.apply(b); err != nil {
		return err
	}
	r.update(nil, nil, b.AdminStateUp, b.Tags)
	return nil
}

func (c l7ruleKind) list(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	p, err := c.policyOfPath(r, k)
	if err != nil {
		return err
	}
	return listObjects(c.Cloud, w, r, k, "rules", c.l7rules, l7ruleAttrs, func(x *l7rule) bool { return x.policy == p })
}

// restore adds its L7 rules, in their policies from s to an empty Cloud (Cloud.restore). Caller
// holds c.mu.
func (c l7ruleKind) restore(s *State) error {
	for _, sr := range s.L7Rules {
		p, ok := c.l7policies.get(sr.Policy)
		if !ok {
			return missingRef("L7 rule", sr.ID, "L7 policy", sr.Policy)
		}
		r := &l7rule{meta: sr.meta(), policy: p, typ: sr.Type, compareType: sr.CompareType, key: sr.Key, value: sr.Value, invert: sr.Invert}
		p.rules = append(p.rules, r)
		c.l7rules.add(r)
	}
	return nil
}

// save adds its L7 rules to s (Cloud.state). Caller holds c.mu.
func (c l7ruleKind) save(s *State) {
	for _, r := range c.l7rules.order {
		s.L7Rules = append(s.L7Rules, stL7Rule{metaOf(&r.meta), r.policy.id, r.typ, r.compareType, r.key, r.value, r.invert})
	}
}
