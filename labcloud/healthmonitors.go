package labcloud

import (
	"net/http"
	"strconv"
	"time"
)

var hmAttrs = commonAttrs[*healthMonitor](true).with(attrs[*healthMonitor]{
	"type":             func(h *healthMonitor) string { return h.typ },
	"delay":            func(h *healthMonitor) string { return strconv.Itoa(h.delay) },
	"timeout":          func(h *healthMonitor) string { return strconv.Itoa(h.timeout) },
	"max_retries":      func(h *healthMonitor) string { return strconv.Itoa(h.maxRetries) },
	"max_retries_down": func(h *healthMonitor) string { return strconv.Itoa(h.maxRetriesDown) },
	"http_method":      func(h *healthMonitor) string { return deref(h.httpMethod) },
	"url_path":         func(h *healthMonitor) string { return deref(h.urlPath) },
	"expected_codes":   func(h *healthMonitor) string { return deref(h.expectedCodes) },
	"pool_id":          func(h *healthMonitor) string { return h.pool.id },
})

var hmTypes = []string{"HTTP", "HTTPS", "PING", "SCTP", "TCP", "TLS-HELLO", "UDP-CONNECT"}

type hmBody struct {
	Name           *string   `json:"name"`
	AdminStateUp   *bool     `json:"admin_state_up"`
	PoolID         *string   `json:"pool_id"`
	Type           *string   `json:"type"`
	Delay          *int      `json:"delay"`
	Timeout        *int      `json:"timeout"`
	MaxRetries     *int      `json:"max_retries"`
	MaxRetriesDown *int      `json:"max_retries_down"`
	HTTPMethod     *string   `json:"http_method"`
	URLPath        *string   `json:"url_path"`
	ExpectedCodes  *string   `json:"expected_codes"`
	HTTPVersion    *float64  `json:"http_version"`
	DomainName     *string   `json:"domain_name"`
	ProjectID      *string   `json:"project_id"`
	Tags           *[]string `json:"tags"`
}

func (c monitorKind) findMonitor(id string, k *caller) (*healthMonitor, *apiError) {
	return findFor(c.monitors, "Health Monitor", id, k)
}

// buildMonitor validates a health monitor body for p; it is not attached.
func (c monitorKind) buildMonitor(b *hmBody, p *pool, now time.Time) (*healthMonitor, *apiError) {
	if b.Type == nil {
		return nil, mandatory("type")
	}
	if err := oneOf("type", *b.Type, hmTypes); err != nil {
		return nil, err
	}
	for _, f := range []struct {
		v *int
		n string
	}{{b.Delay, "delay"}, {b.Timeout, "timeout"}, {b.MaxRetries, "max_retries"}} {
		if f.v == nil {
			return nil, mandatory(f.n)
		}
	}
	if p.hm != nil {
		return nil, errorf(http.StatusConflict, "This pool already has a health monitor")
	}
	h := &healthMonitor{
		meta: c.newMeta(p.projectID, b.Name, nil, b.AdminStateUp, b.Tags, now),
		pool: p, typ: *b.Type, maxRetriesDown: 3,
	}
	if h.typ == "HTTP" || h.typ == "HTTPS" {
		get, slash, ok := http.MethodGet, "/", "200"
		h.httpMethod, h.urlPath, h.expectedCodes = &get, &slash, &ok
	}
	if err := h.apply(b); err != nil {
		return nil, err
	}
	if h.timeout > h.delay {
		return nil, validation("The timeout value must be less than or equal to the delay value.")
	}
	return h, nil
}

func (h *healthMonitor) apply(b *hmBody) *apiError {
	for _, f := range []struct {
		v      *int
		dst    *int
		n      string
		lo, hi int
	}{
		{b.Delay, &h.delay, "delay", 0, 2147483647},
		{b.Timeout, &h.timeout, "timeout", 0, 2147483647},
		{b.MaxRetries, &h.maxRetries, "max_retries", 1, 10},
		{b.MaxRetriesDown, &h.maxRetriesDown, "max_retries_down", 1, 10},
	} {
		if f.v != nil {
			if err := inRange(f.n, *f.v, f.lo, f.hi); err != nil {
				return err
			}
			*f.dst = *f.v
		}
	}
	isHTTP := h.typ == "HTTP" || h.typ == "HTTPS"
	if !isHTTP && (b.HTTPMethod != nil || b.URLPath != nil || b.ExpectedCodes != nil) {
		return validation("http_method, url_path, expected_codes are not valid for %s health monitors.", h.typ)
	}
	if b.HTTPMethod != nil {
		if err := oneOf("http_method", *b.HTTPMethod, []string{http.MethodConnect, http.MethodDelete, http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodPatch, http.MethodPost, http.MethodPut, http.MethodTrace}); err != nil {
			return err
		}
		h.httpMethod = b.HTTPMethod
	}
	if b.URLPath != nil {
		h.urlPath = b.URLPath
	}
	if b.ExpectedCodes != nil {
		h.expectedCodes = b.ExpectedCodes
	}
	if b.HTTPVersion != nil {
		h.httpVersion = b.HTTPVersion
		if *b.HTTPVersion == 0 {
			h.httpVersion = nil
		}
	}
	if b.DomainName != nil {
		h.domainName = strOrNil(*b.DomainName)
	}
	h.cache = nil
	return nil
}

func (c monitorKind) attachMonitor(p *pool, h *healthMonitor, _ time.Time) {
	p.hm = h
	p.cache = nil
	c.monitors.add(h)
}

// child is the health monitor kind's handler (childKind): on the
// pool its body names.
func (c monitorKind) child() childKind[*pool, *healthMonitor, hmBody] {
	return childKind[*pool, *healthMonitor, hmBody]{
		cloud: c.Cloud, key: "healthmonitor",
		bodyParent: c.poolOfBody, admit: admitUnder[*pool](c.Cloud, "health_monitor"),
		build: c.buildMonitor, attach: c.attachMonitor,
		find: inPath(c.findMonitor), change: c.change,
		listing: c.list,
	}
}

// poolOfBody is the pool a create's pool_id names, whichever project's it
// is (for another project's, admit answers Octavia's 403).
func (c monitorKind) poolOfBody(b *hmBody, _ *caller) (*pool, *apiError) {
	if err := checkUUIDs("pool_id", b.PoolID); err != nil {
		return nil, err
	}
	return parentNamed(c.pools, "pool_id", "Pool", b.PoolID)
}

func (c monitorKind) change(_ *http.Request, _ *caller, b *hmBody, h *healthMonitor, _ time.Time) *apiError {
	if err := h.apply(b); err != nil {
		return err
	}
	h.update(b.Name, nil, b.AdminStateUp, b.Tags)
	return nil
}

func (c monitorKind) list(w http.ResponseWriter, r *http.Request, k *caller, now time.Time) *apiError {
	return listObjects(c.Cloud, w, r, k, "healthmonitors", c.monitors, hmAttrs, visibleTo[*healthMonitor](k))
}

// restore adds its health monitors, on their pools from s to an empty Cloud (Cloud.restore). Caller
// holds c.mu.
func (c monitorKind) restore(s *State) error {
	for _, sh := range s.Monitors {
		p, ok := c.pools.get(sh.Pool)
		if !ok {
			return missingRef("health monitor", sh.ID, "pool", sh.Pool)
		}
		h := &healthMonitor{meta: sh.meta(), pool: p, typ: sh.Type, delay: sh.Delay, timeout: sh.Timeout, maxRetries: sh.MaxRetries,
			maxRetriesDown: sh.MaxRetriesDown, httpMethod: sh.HTTPMethod, urlPath: sh.URLPath, expectedCodes: sh.ExpectedCodes,
			httpVersion: sh.HTTPVersion, domainName: sh.DomainName}
		p.hm = h
		c.monitors.add(h)
	}
	return nil
}

// save adds its health monitors to s (Cloud.state). Caller holds c.mu.
func (c monitorKind) save(s *State) {
	for _, h := range c.monitors.order {
		s.Monitors = append(s.Monitors, stMonitor{metaOf(&h.meta), h.pool.id, h.typ, h.delay, h.timeout, h.maxRetries,
			h.maxRetriesDown, h.httpMethod, h.urlPath, h.expectedCodes, h.httpVersion, h.domainName})
	}
}
