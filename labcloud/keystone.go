package labcloud

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"
)

// keystoneService answers the lab's Keystone v3 subset (this file,
// appcreds.go, projects.go, catalog.go) for the Cloud it holds; tokens and
// users, which Octavia's and Neutron's calls check too, stay on Cloud;
// application credentials have their own handler, appCredKind.
type keystoneService struct{ *Cloud }

// routes registers the Keystone v3 subset under /identity.
func (c keystoneService) routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /identity/{$}", c.identityVersions)
	mux.HandleFunc("GET /identity", c.identityVersions)
	mux.HandleFunc("GET /identity/v3", c.identityVersion)
	mux.HandleFunc("GET /identity/v3/{$}", c.identityVersion)
	mux.HandleFunc("POST /identity/v3/auth/tokens", c.createToken)
	mux.HandleFunc("GET /identity/v3/auth/tokens", c.authed(c.validateToken))
	mux.HandleFunc("HEAD /identity/v3/auth/tokens", c.authed(c.validateToken))
	mux.HandleFunc("DELETE /identity/v3/auth/tokens", c.authed(c.revokeToken))
	mux.HandleFunc("GET /identity/v3/auth/projects", c.authed(c.authProjects))
	mux.HandleFunc("GET /identity/v3/auth/catalog", c.authed(c.authCatalog))
	mux.HandleFunc("GET /identity/v3/projects", c.authed(c.listProjects))
	mux.HandleFunc("GET /identity/v3/projects/{id}", c.authed(c.showProject))
	appCreds := appCredKind{c.Cloud}
	mux.HandleFunc("POST /identity/v3/users/{user_id}/application_credentials", appCreds.create)
	mux.HandleFunc("GET /identity/v3/users/{user_id}/application_credentials", appCreds.list)
	mux.HandleFunc("GET /identity/v3/users/{user_id}/application_credentials/{id}", appCreds.one(appCreds.show))
	mux.HandleFunc("DELETE /identity/v3/users/{user_id}/application_credentials/{id}", appCreds.one(appCreds.delete))
	mux.HandleFunc("/identity/", func(w http.ResponseWriter, r *http.Request) {
		keystoneError(w, http.StatusNotFound, "The resource could not be found.")
	})
}

// keystoneError answers with Keystone's error body.
func keystoneError(w http.ResponseWriter, code int, msg string) {
	if code == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Keystone uri="/identity/v3"`)
	}
	writeJSON(w, code, map[string]any{"error": map[string]any{
		"code": code, "message": msg, "title": http.StatusText(code),
	}})
}

const msgAuthRequired = "The request you have made requires authentication."

func (c keystoneService) identityVersionBody(r *http.Request) map[string]any {
	return map[string]any{
		"id": "v3.14", "status": "stable", "updated": "2020-04-07T00:00:00Z",
		"links": []map[string]string{{"rel": "self", "href": c.publicBase(r) + "/identity/v3/"}},
		"media-types": []map[string]string{{
			"base": "application/json", "type": "application/vnd.openstack.identity-v3+json",
		}},
	}
}

func (c keystoneService) identityVersions(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusMultipleChoices, map[string]any{
		"versions": map[string]any{"values": []any{c.identityVersionBody(r)}},
	})
}

func (c keystoneService) identityVersion(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"version": c.identityVersionBody(r)})
}

// authRequest is the body of POST /v3/auth/tokens.
type authRequest struct {
	Auth struct {
		Identity struct {
			Methods  []string `json:"methods"`
			Password *struct {
				User authUser `json:"user"`
			} `json:"password"`
			Token *struct {
				ID string `json:"id"`
			} `json:"token"`
			AppCred *struct {
				ID     string    `json:"id"`
				Name   string    `json:"name"`
				Secret string    `json:"secret"`
				User   *authUser `json:"user"`
			} `json:"application_credential"`
		} `json:"identity"`
		Scope json.RawMessage `json:"scope"`
	} `json:"auth"`
}

type authUser struct {
	ID       string    `json:"id"`
	Name     string    `json:"name"`
	Password string    `json:"password"`
	Domain   *idOrName `json:"domain"`
}

type idOrName struct {
	ID     string    `json:"id"`
	Name   string    `json:"name"`
	Domain *idOrName `json:"domain"`
}

func domainOK(d *idOrName) bool {
	return d == nil || d.ID == defaultDomainID || strings.EqualFold(d.Name, defaultDomainName) || (d.ID == "" && d.Name == "")
}

// findUser resolves a user by id, or by name in the Default domain. Caller holds c.mu.
func (c *Cloud) findUser(a authUser) *user {
	if a.ID != "" {
		return c.usersByID[a.ID]
	}
	if !domainOK(a.Domain) || a.Domain == nil {
		return nil
	}
	return c.usersByName[a.Name]
}

func (c keystoneService) createToken(w http.ResponseWriter, r *http.Request) {
	var req authRequest
	if err := decodeBody(r, &req); err != nil {
		keystoneError(w, http.StatusBadRequest, "Expecting to find auth in request body.")
		return
	}
	now := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	t, apiErr := c.authenticate(&req, now)
	if apiErr != nil {
		keystoneError(w, apiErr.code, apiErr.msg)
		return
	}
	s := c.issue(t)
	w.Header().Set("X-Subject-Token", s)
	writeJSON(w, http.StatusCreated, map[string]any{"token": c.tokenBody(r, t)})
}

// authenticate checks the identity and scope of req. Caller holds c.mu.
func (c keystoneService) authenticate(req *authRequest, now time.Time) (*token, *apiError) {
	id := req.Auth.Identity
	unauth := errorf(http.StatusUnauthorized, msgAuthRequired)
	t := &token{issued: now, expires: now.Add(c.opts.TokenTTL)}
	method := ""
	if len(id.Methods) > 0 {
		method = id.Methods[0]
	}
	switch {
	case method == "password" && id.Password != nil:
		u := c.findUser(id.Password.User)
		if u == nil || u.password != digest(id.Password.User.Password) {
			return nil, unauth
		}
		t.user, t.project = u, u.project
	case method == "token" && id.Token != nil:
		old := c.lookupToken(id.Token.ID, now)
		if old == nil {
			return nil, errorf(http.StatusNotFound, "Could not find token: %s.", id.Token.ID)
		}
		t.user, t.project, t.appCred, t.expires = old.user, old.project, old.appCred, old.expires
		t.view, t.parent = old.view, old.parent
	case method == "application_credential" && id.AppCred != nil:
		ac := c.findAppCred(id.AppCred.ID, id.AppCred.Name, id.AppCred.User)
		if ac == nil || ac.secret != digest(id.AppCred.Secret) {
			return nil, unauth
		}
		if !ac.expires.IsZero() && !now.Before(ac.expires) {
			return nil, unauth
		}
		t.user, t.project, t.appCred = ac.user, ac.project, ac
		t.methods = []string{"application_credential"}
		return t, nil
	default:
		return nil, errorf(http.StatusBadRequest, "Expecting to find identity in auth.")
	}
	t.methods = []string{method}
	return c.scope(t, req.Auth.Scope)
}

// scope applies the requested scope: a project by id or by name + domain,
// "unscoped", or none (the user's default project, as Keystone does).
func (c keystoneService) scope(t *token, raw json.RawMessage) (*token, *apiError) {
	if len(raw) == 0 || string(raw) == "null" {
		return t, nil
	}
	if string(raw) == `"unscoped"` {
		if t.view {
			return nil, errorf(http.StatusUnauthorized, msgAuthRequired)
		}
		t.project = nil
		return t, nil
	}
	var s struct {
		Project *idOrName `json:"project"`
	}
	if err := json.Unmarshal(raw, &s); err != nil || s.Project == nil {
		return nil, errorf(http.StatusUnauthorized, msgAuthRequired)
	}
	var p *project
	if s.Project.ID != "" {
		p = c.projectsByID[s.Project.ID]
	} else if s.Project.Domain != nil && domainOK(s.Project.Domain) {
		p = c.projectsByName[s.Project.Name]
	}
	if p == nil {
		return nil, errorf(http.StatusUnauthorized, msgAuthRequired)
	}
	if t.view {
		// a trainer's view stays on the project it was minted for
		if p != t.project {
			return nil, errorf(http.StatusUnauthorized, "User %s has no access to project %s", t.user.id, p.id)
		}
		return t, nil
	}
	if !t.user.memberOf(p) {
		return nil, errorf(http.StatusUnauthorized, "User %s has no access to project %s", t.user.id, p.id)
	}
	t.project = p
	return t, nil
}

func domainBody() map[string]string {
	return map[string]string{"id": defaultDomainID, "name": defaultDomainName}
}

func (c keystoneService) tokenBody(r *http.Request, t *token) map[string]any {
	body := map[string]any{
		"methods": t.methods,
		"user": map[string]any{
			"domain": domainBody(), "id": t.user.id, "name": t.user.name, "password_expires_at": nil,
		},
		"audit_ids":  []string{t.auditID},
		"expires_at": t.expires.UTC().Format(keystoneTime),
		"issued_at":  t.issued.UTC().Format(keystoneTime),
	}
	if t.project == nil {
		return body
	}
	body["project"] = map[string]any{"domain": domainBody(), "id": t.project.id, "name": t.project.name}
	body["is_domain"] = false
	roles := []map[string]string{}
	for _, name := range t.roles() {
		roles = append(roles, map[string]string{"id": keystoneID("role", name), "name": name})
	}
	body["roles"] = roles
	body["catalog"] = c.catalog(r)
	if t.appCred != nil {
		body["application_credential"] = map[string]any{
			"id": t.appCred.id, "name": t.appCred.name, "restricted": !t.appCred.unrestricted,
		}
	}
	return body
}

// authToken returns the live token of X-Auth-Token. Caller holds c.mu.
// authed locks the cloud and answers Keystone's 401 unless the request
// carries a valid X-Auth-Token; h runs under the lock with the caller's token.
func (c *Cloud) authed(h func(w http.ResponseWriter, r *http.Request, t *token, now time.Time)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		now := time.Now()
		c.mu.Lock()
		defer c.mu.Unlock()
		t := c.authToken(r, now)
		if t == nil {
			keystoneError(w, http.StatusUnauthorized, msgAuthRequired)
			return
		}
		h(w, r, t, now)
	}
}

func (c *Cloud) authToken(r *http.Request, now time.Time) *token {
	return c.lookupToken(r.Header.Get("X-Auth-Token"), now)
}

func (c keystoneService) validateToken(w http.ResponseWriter, r *http.Request, _ *token, now time.Time) {
	subject := r.Header.Get("X-Subject-Token")
	t := c.lookupToken(subject, now)
	if t == nil {
		keystoneError(w, http.StatusNotFound, "Could not find token: "+redact(subject)+".")
		return
	}
	w.Header().Set("X-Subject-Token", subject)
	if r.Method == http.MethodHead {
		w.WriteHeader(http.StatusOK)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"token": c.tokenBody(r, t)})
}

// redact shortens a token for messages: never echo a whole secret.
func redact(s string) string {
	if len(s) > 8 {
		return s[:8] + "..."
	}
	return s
}

func (c keystoneService) revokeToken(w http.ResponseWriter, r *http.Request, _ *token, now time.Time) {
	subject := r.Header.Get("X-Subject-Token")
	if c.lookupToken(subject, now) == nil {
		keystoneError(w, http.StatusNotFound, "Could not find token: "+redact(subject)+".")
		return
	}
	// logging out of a trainer's view logs the trainer out too: the admin
	// token kept aside for "back to the trainer page" dies with it
	if t := c.tokens[digest(subject)]; t != nil && t.view {
		delete(c.tokens, t.parent)
	}
	delete(c.tokens, digest(subject))
	w.WriteHeader(http.StatusNoContent)
}

func (c keystoneService) projectBody(r *http.Request, p *project) map[string]any {
	return map[string]any{
		"id": p.id, "name": p.name, "domain_id": defaultDomainID, "description": p.description,
		"enabled": true, "is_domain": false, "parent_id": defaultDomainID, "tags": []string{}, "options": map[string]any{},
		"links": map[string]string{"self": c.publicBase(r) + "/identity/v3/projects/" + p.id},
	}
}

func (c keystoneService) authProjects(w http.ResponseWriter, r *http.Request, t *token, now time.Time) {
	projects := []any{c.projectBody(r, t.user.project)}
	for _, p := range t.user.others {
		projects = append(projects, c.projectBody(r, p))
	}
	if t.view {
		projects = []any{c.projectBody(r, t.project)}
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"projects": projects,
		"links":    map[string]any{"self": c.publicBase(r) + "/identity/v3/auth/projects", "previous": nil, "next": nil},
	})
}

func (c keystoneService) authCatalog(w http.ResponseWriter, r *http.Request, t *token, now time.Time) {
	catalog := []map[string]any{}
	if t.project != nil {
		catalog = c.catalog(r)
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"catalog": catalog,
		"links":   map[string]any{"self": c.publicBase(r) + "/identity/v3/auth/catalog", "previous": nil, "next": nil},
	})
}
