package labcloud

import (
	"net/http"
	"time"
)

// authenticated answers one request of an OpenStack service behind
// keystonemiddleware: under c.mu, with the transitions due by now completed,
// it runs h as the caller whose token Keystone knows. When Keystone knows
// none, h does not run and unauthorized answers keystonemiddleware's 401
// (each service frames it its own way: see octaviaUnauthorized).
func (c *Cloud) authenticated(w http.ResponseWriter, r *http.Request, unauthorized func(http.ResponseWriter),
	h func(k *caller, now time.Time)) {
	now := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.advance(now)
	k := c.caller(r, now)
	if k == nil {
		unauthorized(w)
		return
	}
	h(k, now)
}

// keystoneUnauthorized is keystonemiddleware's 401 as a service whose
// request-id middleware runs first (Neutron's paste pipeline) sends it: with
// the request id every answer carries.
func keystoneUnauthorized(w http.ResponseWriter) {
	keystoneError(w, http.StatusUnauthorized, msgAuthRequired)
}
