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

func (c l7ruleKind) findL7Rule(policyID, id string, k *caller) (*l7policy, *l7rule, *apiError) {
	p, err := c.findL7Policy(policyID, k)
	if err != nil {
		return nil, nil, err
	}
	r, ok := c.l7rules.get(id)
	if !ok || r.policy != p {
		return nil, nil, notFound("L7 Rule", id)
	}
	return p, r, nil
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

func (c l7ruleKind) attachL7Rule(r *l7rule) {
	r.policy.rules = append(r.policy.rules, r)
	r.policy.cache = nil
	c.l7rules.add(r)
}

func (c l7ruleKind) list(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	p, err := c.findL7Policy(r.PathValue("policy"), k)
	if err != nil {
		return err
	}
	return listObjects(c.Cloud, w, r, k, "rules", c.l7rules, l7ruleAttrs, func(x *l7rule) bool { return x.policy == p })
}

func (c l7ruleKind) show(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	_, rule, err := c.findL7Rule(r.PathValue("policy"), r.PathValue("id"), k)
	if err != nil {
		return err
	}
	writeOne(w, http.StatusOK, "rule", rule, r)
	return nil
}

func (c l7ruleKind) create(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	p, err := c.findL7Policy(r.PathValue("policy"), k)
	if err != nil {
		return err
	}
	var req struct{ R *l7ruleBody }
	if err := decodeArg(r, "rule", &req.R); err != nil {
		return err
	}
	if err := c.admitChild(k, p, "l7rule"); err != nil {
		return err
	}
	rule, err := c.buildL7Rule(req.R, p, now)
	if err != nil {
		return err
	}
	c.attachL7Rule(rule)
	c.acceptChildWrite(rule, statusPendingCreate, now)
	dropPoolViews(p.listener.lb)
	writeOne(w, http.StatusCreated, "rule", rule, r)
	return nil
}

func (c l7ruleKind) update(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	_, rule, err := c.findL7Rule(r.PathValue("policy"), r.PathValue("id"), k)
	if err != nil {
		return err
	}
	var req struct{ R *l7ruleBody }
	if err := decodeArg(r, "rule", &req.R); err != nil {
		return err
	}
	if err := checkWritable(k, rule); err != nil {
		return err
	}
	if err := rule.apply(req.R); err != nil {
		return err
	}
	rule.update(nil, nil, req.R.AdminStateUp, req.R.Tags)
	c.acceptChildWrite(rule, statusPendingUpdate, now)
	dropPoolViews(rule.policy.listener.lb)
	writeOne(w, http.StatusOK, "rule", rule, r)
	return nil
}

func (c l7ruleKind) delete(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	_, rule, err := c.findL7Rule(r.PathValue("policy"), r.PathValue("id"), k)
	if err != nil {
		return err
	}
	return c.deleteChild(w, k, rule, now)
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
