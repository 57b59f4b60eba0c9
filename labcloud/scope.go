// Who a request comes from and the projects a call names: the user and
// project a request acts for (its token, or a login's user), which scoped
// faults (faultbook.go) and the activity follow; the projects a trainer's
// call names; and what each project's users last did, for the trainer's
// page.

package labcloud

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/octaview/octaview/app/serverapi"
)

// findProject resolves a project by name or id. Caller holds c.mu.
func (c *Cloud) findProject(ref string) *project {
	if p := c.projectsByName[ref]; p != nil {
		return p
	}
	return c.projectsByID[ref]
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
