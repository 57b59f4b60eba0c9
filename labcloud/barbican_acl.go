// Barbican's read ACLs on secrets and containers: GET, PUT (replace),
// PATCH (update) and DELETE of /v1/{secrets,containers}/{id}/acl.

package labcloud

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"time"
)

// kmACL is the read ACL of a secret or a container. Unset, it is
// Barbican's implicit default: the project's users may read.
type kmACL struct {
	set              bool
	users            []string
	projectAccess    bool
	created, updated time.Time
}

// private reports whether only the ACL's users, the creator and the
// project's admins may read.
func (a *kmACL) private() bool { return a.set && !a.projectAccess }

// names reports whether the ACL grants user read access.
func (a *kmACL) names(user string) bool { return a.set && slices.Contains(a.users, user) }

// grant adds user to the read ACL, keeping its project access (what
// Octavia's barbican_acl_auth does with the caller's token).
func (a *kmACL) grant(user string, now time.Time) {
	if a.names(user) {
		return
	}
	if !a.set {
		*a = kmACL{set: true, projectAccess: true, created: now}
	}
	a.users = append(a.users, user)
	a.updated = now
}

func (a *kmACL) view() map[string]any {
	if !a.set {
		return map[string]any{"read": map[string]any{"project-access": true}}
	}
	return map[string]any{"read": map[string]any{
		"project-access": a.projectAccess, "users": slices.Clone(a.users),
		"created": barbicanStamp(a.created), "updated": barbicanStamp(a.updated),
	}}
}

// aclTarget is the secret or container an ACL call acts on: its kind, its
// owners and its ACL.
type aclTarget struct {
	kind                 string // "Secret" or "Container": the operation names
	projectID, creatorID string
	acl                  *kmACL
	ref                  string
}

func (c barbicanService) secretACL(w http.ResponseWriter, r *http.Request, k *kmCaller, body []byte, now time.Time) {
	s := c.findSecret(w, r, now)
	if s == nil {
		return
	}
	aclTarget{"Secret", s.projectID, s.creatorID, &s.acl, s.ref(c.barbicanBase(r))}.call(w, r, k, body, now)
}

func (c barbicanService) containerACL(w http.ResponseWriter, r *http.Request, k *kmCaller, body []byte, now time.Time) {
	ct := c.findContainer(w, r)
	if ct == nil {
		return
	}
	aclTarget{"Container", ct.projectID, ct.creatorID, &ct.acl, ct.ref(c.barbicanBase(r))}.call(w, r, k, body, now)
}

// call answers the four ACL methods on t with Barbican's policy: any role
// of the project reads the ACL; its admin, the creator, or (unless
// private) a creator of the project changes it. The lab's lock is held.
func (t aclTarget) call(w http.ResponseWriter, r *http.Request, k *kmCaller, body []byte, now time.Time) {
	if r.Method == http.MethodGet {
		if !(k.admin || k.creator || k.observer) || k.project != t.projectID {
			forbidden(w, t.kind+"ACL(s) retrieval")
			return
		}
		writeJSON(w, http.StatusOK, t.acl.view())
		return
	}
	if r.Method == http.MethodDelete {
		if !k.canManage(t.projectID, t.creatorID, t.acl) {
			forbidden(w, t.kind+"ACL(s) deletion")
			return
		}
		*t.acl = kmACL{}
		writeJSON(w, http.StatusOK, nil)
		return
	}
	if !k.canManage(t.projectID, t.creatorID, t.acl) {
		forbidden(w, t.kind+"ACL(s) Update")
		return
	}
	if !jsonBody(w, r) {
		return
	}
	read, fail := parseACLBody(body)
	if fail != nil {
		fail(w)
		return
	}
	applyACL(t.acl, read, r.Method == http.MethodPut, now)
	writeJSON(w, http.StatusOK, map[string]string{"acl_ref": t.ref + "/acl"})
}

// aclRead is the "read" operation of an ACL body; nil fields were absent.
type aclRead struct {
	users         []string
	usersSet      bool
	projectAccess *bool
}

// parseACLBody checks an ACL body against Barbican's ACL schema; a nil
// aclRead means the body had no (or an empty) "read".
func parseACLBody(body []byte) (*aclRead, answer) {
	fail := func(reason, property string) answer {
		return func(w http.ResponseWriter) { schemaError(w, "ACL", reason, property) }
	}
	var top map[string]json.RawMessage
	if !jsonObject(body, &top) {
		return nil, func(w http.ResponseWriter) { barbicanError(w, http.StatusBadRequest, "Malformed JSON") }
	}
	if extra := extraKeys(top, "read"); extra != "" {
		return nil, fail("Additional properties are not allowed ("+extra+")", "None")
	}
	raw, ok := top["read"]
	if !ok || string(raw) == "null" {
		return nil, nil
	}
	var ops map[string]json.RawMessage
	if json.Unmarshal(raw, &ops) != nil {
		return nil, fail(pyJSON(raw)+" is not of type 'object'", "read")
	}
	if extra := extraKeys(ops, "users", "project-access"); extra != "" {
		return nil, fail("Additional properties are not allowed ("+extra+")", "read")
	}
	if len(ops) == 0 {
		return nil, nil
	}
	read := &aclRead{}
	if u, ok := ops["users"]; ok {
		var list []json.RawMessage
		if json.Unmarshal(u, &list) != nil || string(u) == "null" {
			return nil, fail(pyJSON(u)+" is not of type 'array'", "read")
		}
		read.usersSet = true
		for _, item := range list {
			s, ok := optString(item, 255)
			if !ok || s == nil {
				return nil, fail(pyTypeError(item, "string", 255), "read")
			}
			if !slices.Contains(read.users, *s) {
				read.users = append(read.users, *s)
			}
		}
	}
	if p, ok := ops["project-access"]; ok {
		var b bool
		if json.Unmarshal(p, &b) != nil || string(p) == "null" {
			return nil, fail(pyJSON(p)+" is not of type 'boolean'", "read")
		}
		read.projectAccess = &b
	}
	return read, nil
}

// extraKeys is jsonschema's "('x' was unexpected)" for keys of m not in
// allowed, "" when there are none.
func extraKeys(m map[string]json.RawMessage, allowed ...string) string {
	var extra []string
	for k := range m {
		if !slices.Contains(allowed, k) {
			extra = append(extra, k)
		}
	}
	if len(extra) == 0 {
		return ""
	}
	slices.Sort(extra)
	quoted := make([]string, len(extra))
	for i, k := range extra {
		quoted[i] = pyRepr(k)
	}
	verb := " was unexpected"
	if len(extra) > 1 {
		verb = " were unexpected"
	}
	return strings.Join(quoted, ", ") + verb
}

// applyACL sets a from read: a PUT replaces the ACL (no read removes it;
// project access defaults to true, users to none), a PATCH changes only
// what it names.
func applyACL(a *kmACL, read *aclRead, replace bool, now time.Time) {
	if read == nil {
		if replace {
			*a = kmACL{}
		}
		return
	}
	if !a.set {
		*a = kmACL{set: true, projectAccess: true, created: now, users: []string{}}
	}
	switch {
	case read.usersSet:
		a.users = read.users
		if a.users == nil {
			a.users = []string{}
		}
	case replace:
		a.users = []string{}
	}
	switch {
	case read.projectAccess != nil:
		a.projectAccess = *read.projectAccess
	case replace:
		a.projectAccess = true
	}
	a.updated = now
}
