// Scoped faults and who a request comes from: faults may act on the whole
// lab or on one project (a trainee's), and the lab records what each
// project's users last did, for the trainer's page.

package labcloud

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/octaview/octaview/app/serverapi"
)

// mergeFaults is what acts on a project that has faults of its own: the
// lab-wide faults g plus the project's p. Lists add up, the longer latency
// and the higher error rate win, the shorter token lifetime wins, and the
// project's outage, when it has one, replaces the lab-wide one.
func mergeFaults(g, p Faults) Faults {
	m := g
	m.Latency.Duration = max(g.Latency.Duration, p.Latency.Duration)
	m.ErrorRate = max(g.ErrorRate, p.ErrorRate)
	m.Error = append(slices.Clone(g.Error), p.Error...)
	m.Stuck = append(slices.Clone(g.Stuck), p.Stuck...)
	m.DownMembers = append(slices.Clone(g.DownMembers), p.DownMembers...)
	if p.TokenTTL.Duration > 0 && (m.TokenTTL.Duration == 0 || p.TokenTTL.Duration < m.TokenTTL.Duration) {
		m.TokenTTL = p.TokenTTL
	}
	if p.Octavia != OutageNone {
		m.Octavia = p.Octavia
	}
	if p.Keystone != OutageNone {
		m.Keystone = p.Keystone
	}
	if p.Barbican != OutageNone {
		m.Barbican = p.Barbican
	}
	return m
}

// faultless reports whether f injects nothing.
func faultless(f *Faults) bool {
	return f.Latency.Duration == 0 && f.ErrorRate == 0 && len(f.Error) == 0 && len(f.Stuck) == 0 &&
		len(f.DownMembers) == 0 && f.TokenTTL.Duration == 0 && f.Octavia == OutageNone && f.Keystone == OutageNone && f.Barbican == OutageNone
}

// faultsFor returns the faults acting on the objects and users of
// projectID. Caller holds c.mu.
func (c *Cloud) faultsFor(projectID string) *Faults {
	if f, ok := c.effective[projectID]; ok {
		return f
	}
	return &c.faults
}

// rebuildEffective recomputes each project's merged faults after a change
// of the lab-wide or a project's faults. Caller holds c.mu.
func (c *Cloud) rebuildEffective() {
	c.effective = make(map[string]*Faults, len(c.projectFaults))
	for id, pf := range c.projectFaults {
		m := mergeFaults(c.faults, pf)
		c.effective[id] = &m
	}
}

// setProjectFaults replaces the faults of one project ({} lifts them) and
// applies at once those that act on its existing objects. Caller holds c.mu.
func (c *Cloud) setProjectFaults(p *project, f Faults, now time.Time) {
	if faultless(&f) {
		delete(c.projectFaults, p.id)
	} else {
		c.projectFaults[p.id] = f
	}
	c.rebuildEffective()
	c.applyFaults(now, p.id)
}

// findProject resolves a project by name or id. Caller holds c.mu.
func (c *Cloud) findProject(ref string) *project {
	if p := c.projectsByName[ref]; p != nil {
		return p
	}
	return c.projectsByID[ref]
}

// SetProjectFaults replaces the faults of the projects named (by name or
// id; {} lifts them), each scoped to its own project: a down member, a
// stuck or failed resource, latency, an outage or a short token lifetime
// acts on that project's objects and users only.
func (c *Cloud) SetProjectFaults(projects []string, f Faults) error {
	if err := validateFaults(&f); err != nil {
		return err
	}
	return c.eachProject(projects, func(p *project, now time.Time) error {
		c.setProjectFaults(p, f, now)
		return nil
	})
}

// eachProject runs do on every project named (by name or id) under c.mu,
// once the clock has advanced to now, and marks the lab changed; nothing
// runs if one name is unknown. An error stops it and names the project.
func (c *Cloud) eachProject(refs []string, do func(p *project, now time.Time) error) error {
	now := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	ps, err := c.resolveProjects(refs)
	if err != nil {
		return err
	}
	c.advance(now)
	defer c.markChanged()
	for _, p := range ps {
		if err := do(p, now); err != nil {
			return fmt.Errorf("project %s: %w", p.name, err)
		}
	}
	return nil
}

// resolveProjects finds every project named, or says which is unknown.
// Caller holds c.mu.
func (c *Cloud) resolveProjects(refs []string) ([]*project, error) {
	if len(refs) == 0 {
		return nil, fmt.Errorf("no project named")
	}
	out := make([]*project, 0, len(refs))
	for _, ref := range refs {
		p := c.findProject(ref)
		if p == nil {
			return nil, fmt.Errorf("no project %q", ref)
		}
		out = append(out, p)
	}
	return out, nil
}

// ProjectFaults returns the faults of each project that has its own, by
// project name.
func (c *Cloud) ProjectFaults() map[string]Faults {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[string]Faults, len(c.projectFaults))
	for id, f := range c.projectFaults {
		out[c.projectsByID[id].name] = f
	}
	return out
}

// requestScope finds who a request comes from before it is served: the
// user and project of its X-Auth-Token, or, for a login, the user its body
// names (and that user's default project). nil, nil when it cannot tell.
// It never refuses anything: the handlers do. Caller holds c.mu.
func (c *Cloud) requestScope(r *http.Request, body []byte) (*user, *project) {
	if s := r.Header.Get("X-Auth-Token"); s != "" {
		if t := c.tokens[digest(s)]; t != nil {
			if t.project != nil {
				return t.user, t.project
			}
			return t.user, t.user.project
		}
	}
	if r.Method != http.MethodPost || r.URL.Path != "/identity/v3/auth/tokens" || len(body) == 0 {
		return nil, nil
	}
	var req authRequest
	if json.Unmarshal(body, &req) != nil {
		return nil, nil
	}
	id := req.Auth.Identity
	var u *user
	switch {
	case id.Password != nil:
		u = c.findUser(id.Password.User)
	case id.Token != nil:
		if t := c.tokens[digest(id.Token.ID)]; t != nil {
			u = t.user
		}
	case id.AppCred != nil:
		if ac := c.findAppCred(id.AppCred.ID, id.AppCred.Name, id.AppCred.User); ac != nil {
			return ac.user, ac.project
		}
	}
	if u == nil {
		return nil, nil
	}
	return u, u.project
}

// activity is what a project's users last did, for the trainer's page.
type activity struct {
	LastSeen time.Time `json:"last_seen"`
	LastOp   *event    `json:"last_op,omitempty"`
	LastErr  *event    `json:"last_error,omitempty"`
}

// event is one request of a trainee: when, what (method and path, the
// service's prefix included) and the answer's status; message is the
// faultstring (Octavia) or error message (Keystone) of a refusal.
type event struct {
	at      time.Time
	method  string
	path    string
	status  int
	message string
}

// wire is e as the trainer's API writes it (nil for nil).
func (e *event) wire() *serverapi.Event {
	if e == nil {
		return nil
	}
	return &serverapi.Event{At: wireTime(e.at), Method: e.method, Path: e.path, Status: e.status, Message: e.message}
}

// record notes a served request of its project's users: when it was
// seen, the last write, and the last refusal with its message. A 404 of a
// GET (a wait for a delete ends on it) is not an error a trainer needs to
// see. Caller holds the Cloud's mu.
func (a *activity) record(r *http.Request, status int, body []byte, now time.Time) {
	a.LastSeen = now
	ev := &event{at: now, method: r.Method, path: r.URL.Path, status: status}
	write := r.Method != http.MethodGet && r.Method != http.MethodHead
	login := r.Method == http.MethodPost && r.URL.Path == "/identity/v3/auth/tokens"
	if write && !login {
		a.LastOp = ev
	}
	if status >= 400 && !(r.Method == http.MethodGet && status == http.StatusNotFound) {
		e := *ev
		e.message = faultMessage(body)
		if e.message == "" {
			e.message = http.StatusText(status)
		}
		a.LastErr = &e
	}
}

// faultMessage is the message of an error body: Octavia's faultstring,
// Keystone's error.message or Neutron's NeutronError.message.
func faultMessage(body []byte) string {
	var f struct {
		FaultString string `json:"faultstring"`
		Error       struct {
			Message string `json:"message"`
		} `json:"error"`
		Neutron struct {
			Message string `json:"message"`
		} `json:"NeutronError"`
	}
	if json.Unmarshal(body, &f) != nil {
		return ""
	}
	for _, s := range []string{f.FaultString, f.Error.Message, f.Neutron.Message} {
		if s != "" {
			return s
		}
	}
	return ""
}
