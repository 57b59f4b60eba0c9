package labcloud

import (
	"encoding/hex"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

const msgCreateAppCredForbidden = "You are not authorized to perform the requested action: identity:create_application_credential."

// grantableRoles resolves the roles a new application credential asks for
// (by name or id) against the roles the caller's token carries, as Keystone
// does: an unknown role name is 404, a role the token lacks is 400. No roles
// asked: the token's roles. Nothing in the body can grant more than the token
// holds.
func grantableRoles(t *token, asked []idOrName) ([]string, *apiError) {
	held := t.roles()
	if len(asked) == 0 {
		return held, nil
	}
	unassigned := errorf(http.StatusBadRequest, "Invalid application credential: Cannot create an application credential with unassigned role")
	var out []string
	for _, a := range asked {
		name := a.Name
		if a.ID != "" {
			name = ""
			for _, h := range held {
				if keystoneID("role", h) == a.ID {
					name = h
				}
			}
			if name == "" {
				return nil, unassigned
			}
		}
		if !isDefinedRole(name) {
			return nil, errorf(http.StatusNotFound, "Role %s is not defined", name)
		}
		if !slices.Contains(held, name) {
			return nil, unassigned
		}
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out, nil
}

// findAppCred resolves an application credential by id, or by name and
// user. Caller holds c.mu.
func (c *Cloud) findAppCred(id, name string, u *authUser) *appCred {
	if id != "" {
		return c.appCreds[id]
	}
	if u == nil {
		return nil
	}
	owner := c.findUser(*u)
	if owner == nil {
		return nil
	}
	for _, ac := range c.appCreds {
		if ac.user == owner && ac.name == name {
			return ac
		}
	}
	return nil
}

// appCredKind answers Keystone's application credentials of a user
// (/identity/v3/users/{user_id}/application_credentials) for the Cloud it
// holds.
type appCredKind struct{ *Cloud }

func (c appCredKind) body(r *http.Request, ac *appCred) map[string]any {
	roles := []map[string]string{}
	for _, name := range ac.roles {
		roles = append(roles, map[string]string{"id": keystoneID("role", name), "name": name, "domain_id": ""})
	}
	var expires any
	if !ac.expires.IsZero() {
		expires = ac.expires.UTC().Format(keystoneTime)
	}
	return map[string]any{
		"id": ac.id, "name": ac.name, "description": ac.description, "user_id": ac.user.id,
		"project_id": ac.project.id, "roles": roles, "expires_at": expires,
		"unrestricted": ac.unrestricted, "access_rules": []any{},
		"links": map[string]string{"self": c.publicBase(r) + "/identity/v3/application_credentials/" + ac.id},
	}
}

// appCredOwner checks the caller may manage user_id's credentials: itself,
// with a project-scoped token. Caller holds c.mu.
func (c appCredKind) owner(w http.ResponseWriter, r *http.Request, now time.Time) *token {
	t := c.authToken(r, now)
	if t == nil {
		keystoneError(w, http.StatusUnauthorized, msgAuthRequired)
		return nil
	}
	if t.view || t.user.id != r.PathValue("user_id") && !t.hasRole(roleAdmin) {
		keystoneError(w, http.StatusForbidden, msgCreateAppCredForbidden)
		return nil
	}
	if c.usersByID[r.PathValue("user_id")] == nil {
		keystoneError(w, http.StatusNotFound, "Could not find user: "+r.PathValue("user_id")+".")
		return nil
	}
	return t
}

// MaxAppCredsPerUser caps the application credentials one user holds in
// the lab (Keystone has no such cap): a trainee's loop cannot grow the
// lab's memory without bound. The next create is a 400 until one is
// deleted; on a shared user (demo) the credentials are everyone's to list
// and delete.
const MaxAppCredsPerUser = 100

// maxAppCredDescription is the most bytes of description Keystone (Zed)
// stores: a longer one is a 500 there (its database column); the lab
// answers 400.
const maxAppCredDescription = 65535

// checkAppCredName checks a new credential's name and description as
// Keystone's schema does (name: 1 to 255 characters).
func checkAppCredName(name, description string) *apiError {
	if utf8.RuneCountInString(name) > maxNameLength {
		q := pyRepr(name)
		return errorf(http.StatusBadRequest, "Invalid input for field 'name': %s is too long\n\n"+
			"Failed validating 'maxLength' in schema['properties']['name']:\n"+
			"    {'maxLength': 255,\n     'minLength': 1,\n     'pattern': '[\\\\S]+',\n     'type': 'string'}\n\n"+
			"On instance['name']:\n    %s", q, q)
	}
	if len(description) > maxAppCredDescription {
		return errorf(http.StatusBadRequest, "Invalid input for field 'description': longer than %d bytes", maxAppCredDescription)
	}
	return nil
}

// pyRepr quotes s as Python's repr does (the common cases).
func pyRepr(s string) string {
	q := "'"
	if strings.Contains(s, "'") && !strings.Contains(s, `"`) {
		q = `"`
	}
	s = strings.ReplaceAll(s, `\`, `\\`)
	s = strings.ReplaceAll(s, q, `\`+q)
	return q + s + q
}

// keystoneClientError ends Keystone's 400 messages.
const keystoneClientError = " The server could not comply with the request since it is either malformed or otherwise incorrect. The client is assumed to be in error."

// parseExpiresAt parses a new credential's expires_at as Keystone does: an
// ISO 8601 time in UTC ("Z" added when missing, so an offset is refused),
// not before now.
func parseExpiresAt(s string, now time.Time) (time.Time, *apiError) {
	if !strings.HasSuffix(s, "Z") {
		s += "Z"
	}
	for _, layout := range []string{"2006-01-02T15:04:05.999999999Z", "2006-01-02 15:04:05.999999999Z",
		"2006-01-02T15:04Z", "2006-01-02 15:04Z"} {
		if e, err := time.Parse(layout, s); err == nil {
			if e.Before(now) {
				return time.Time{}, errorf(http.StatusBadRequest, "The 'expires_at' must not be before now."+keystoneClientError)
			}
			return e, nil
		}
	}
	return time.Time{}, errorf(http.StatusBadRequest, "Timestamp not in expected format."+keystoneClientError)
}

func (c appCredKind) create(w http.ResponseWriter, r *http.Request) {
	var req struct {
		AC struct {
			Name         string     `json:"name"`
			Description  string     `json:"description"`
			Secret       string     `json:"secret"`
			ExpiresAt    *string    `json:"expires_at"`
			Unrestricted bool       `json:"unrestricted"`
			Roles        []idOrName `json:"roles"`
		} `json:"application_credential"`
	}
	if err := decodeBody(r, &req); err != nil || req.AC.Name == "" {
		keystoneError(w, http.StatusBadRequest, "Invalid input for field 'name': None is not of type 'string'")
		return
	}
	if apiErr := checkAppCredName(req.AC.Name, req.AC.Description); apiErr != nil {
		keystoneError(w, apiErr.code, apiErr.msg)
		return
	}
	now := time.Now()
	var expires time.Time
	if req.AC.ExpiresAt != nil {
		e, apiErr := parseExpiresAt(*req.AC.ExpiresAt, now)
		if apiErr != nil {
			keystoneError(w, apiErr.code, apiErr.msg)
			return
		}
		expires = e
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	t := c.owner(w, r, now)
	if t == nil {
		return
	}
	// Keystone's policy: a user creates credentials for itself only (an
	// admin too), from a project-scoped token that is not one itself.
	if t.user.id != r.PathValue("user_id") || t.project == nil || t.appCred != nil {
		keystoneError(w, http.StatusForbidden, msgCreateAppCredForbidden)
		return
	}
	u := c.usersByID[r.PathValue("user_id")]
	held := 0
	for _, ac := range c.appCreds {
		if ac.user != u {
			continue
		}
		held++
		if ac.name == req.AC.Name {
			keystoneError(w, http.StatusConflict, "Conflict occurred attempting to store application_credential - Duplicate entry.")
			return
		}
	}
	if held >= MaxAppCredsPerUser {
		keystoneError(w, http.StatusBadRequest, fmt.Sprintf("Invalid application credential: the lab allows at most %d application credentials per user", MaxAppCredsPerUser))
		return
	}
	secret := req.AC.Secret
	if secret == "" {
		secret = newTokenString()[7:]
	}
	ac := &appCred{
		id: keystoneID("appcred", newUUID(c.rng)), name: req.AC.Name, description: req.AC.Description,
		secret: digest(secret), user: u, project: t.project, unrestricted: req.AC.Unrestricted,
		expires: expires,
	}
	roles, apiErr := grantableRoles(t, req.AC.Roles)
	if apiErr != nil {
		keystoneError(w, apiErr.code, apiErr.msg)
		return
	}
	ac.roles = roles
	c.appCreds[ac.id] = ac
	body := c.body(r, ac)
	body["secret"] = secret
	writeJSON(w, http.StatusCreated, map[string]any{"application_credential": body})
}

func (c appCredKind) list(w http.ResponseWriter, r *http.Request) {
	now := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.owner(w, r, now) == nil {
		return
	}
	name := r.URL.Query().Get("name")
	list := []any{}
	for _, ac := range c.sortedAppCreds() {
		if ac.user.id == r.PathValue("user_id") && (name == "" || ac.name == name) {
			list = append(list, c.body(r, ac))
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"application_credentials": list,
		"links":                   map[string]any{"self": c.publicBase(r) + r.URL.Path, "previous": nil, "next": nil},
	})
}

// named is the credential the path names ({user_id}/…/{id}) when its
// owner asks for it; nil when not, with the error answered (Keystone's
// 404 for a credential that is not the user's). Caller holds c.mu.
func (c appCredKind) named(w http.ResponseWriter, r *http.Request) *appCred {
	if c.owner(w, r, time.Now()) == nil {
		return nil
	}
	ac := c.appCreds[r.PathValue("id")]
	if ac == nil || ac.user.id != r.PathValue("user_id") {
		keystoneError(w, http.StatusNotFound, "Could not find application credential: "+r.PathValue("id")+".")
		return nil
	}
	return ac
}

// one wraps a handler of the credential the path names: under c.mu, and
// only when named finds it (named answers otherwise).
func (c appCredKind) one(h func(http.ResponseWriter, *http.Request, *appCred)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c.mu.Lock()
		defer c.mu.Unlock()
		if ac := c.named(w, r); ac != nil {
			h(w, r, ac)
		}
	}
}

func (c appCredKind) show(w http.ResponseWriter, r *http.Request, ac *appCred) {
	writeJSON(w, http.StatusOK, map[string]any{"application_credential": c.body(r, ac)})
}

func (c appCredKind) delete(w http.ResponseWriter, r *http.Request, ac *appCred) {
	delete(c.appCreds, ac.id)
	for k, t := range c.tokens {
		if t.appCred == ac {
			delete(c.tokens, k)
		}
	}
	w.WriteHeader(http.StatusNoContent)
}

// sortedAppCreds returns the credentials by name. Caller holds c.mu.
func (c appCredKind) sortedAppCreds() []*appCred {
	out := make([]*appCred, 0, len(c.appCreds))
	for _, ac := range c.appCreds {
		out = append(out, ac)
	}
	slices.SortFunc(out, func(a, b *appCred) int { return strings.Compare(a.name, b.name) })
	return out
}

// restore adds its application credentials from s to an empty Cloud (Cloud.restore). Caller
// holds c.mu.
func (c appCredKind) restore(s *State) error {
	for _, a := range s.AppCreds {
		u, p := c.usersByID[a.User], c.projectsByID[a.Project]
		sec, err := hex.DecodeString(a.SecretSHA256)
		if u == nil || p == nil || err != nil || len(sec) != 32 {
			return fmt.Errorf("application credential %s: bad user, project or secret digest", a.ID)
		}
		ac := &appCred{id: a.ID, name: a.Name, description: a.Description, user: u, project: p, roles: a.Roles,
			expires: a.Expires, unrestricted: a.Unrestricted}
		copy(ac.secret[:], sec)
		c.appCreds[ac.id] = ac
	}
	return nil
}

// save adds its application credentials to s (Cloud.state). Caller holds c.mu.
func (c appCredKind) save(s *State) {
	for _, ac := range c.sortedAppCreds() {
		s.AppCreds = append(s.AppCreds, stAppCred{ID: ac.id, Name: ac.name, Description: ac.description,
			SecretSHA256: hex.EncodeToString(ac.secret[:]), User: ac.user.id, Project: ac.project.id,
			Roles: slices.Clone(ac.roles), Expires: ac.expires, Unrestricted: ac.unrestricted})
	}
}
