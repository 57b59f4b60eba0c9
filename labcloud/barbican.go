// The lab's Barbican (key-manager v1) subset: secrets with payloads,
// containers and read ACLs, under /key-manager, with Barbican Zed's
// shapes, status codes, messages and default (legacy) policy.

package labcloud

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/octaview/octaview/internal/uuid"
)

// Barbican's limits (barbican.conf defaults): a request body is read up to
// 25,000 bytes (the rest is cut, so a longer JSON body is "Malformed
// JSON"), a payload may be 20,000 bytes.
const (
	barbicanMaxRequest = 25000
	barbicanMaxSecret  = 20000
)

// barbicanPageDefault and barbicanPageMax are Barbican's list limits
// (default_limit_paging, max_limit_paging).
const (
	barbicanPageDefault = 10
	barbicanPageMax     = 100
)

// MaxSecretsPerProject and MaxContainersPerProject bound what one project
// keeps in the lab's Barbican (a real one has quotas, unlimited by
// default): the next create is Barbican's quota 403 until one is deleted,
// so a loop cannot grow the lab's memory.
const (
	MaxSecretsPerProject    = 500
	MaxContainersPerProject = 200
)

// keyStore holds the lab's secrets and containers, each in creation order
// (Barbican lists them by created, oldest first), and saves and restores
// them in a State (barbican_state.go). The Cloud owns one and uses it
// under its mu.
type keyStore struct {
	secrets        map[string]*secret
	secretOrder    []*secret
	containers     map[string]*container
	containerOrder []*container
	seeded         map[string]bool // by project id: its certificates were seeded
	secretCount    map[string]int  // by project id
	containerCount map[string]int  // by project id
}

func newKeyStore() *keyStore {
	return &keyStore{secrets: map[string]*secret{}, containers: map[string]*container{}, seeded: map[string]bool{},
		secretCount: map[string]int{}, containerCount: map[string]int{}}
}

func (ks *keyStore) addSecret(s *secret) {
	ks.secrets[s.id] = s
	ks.secretOrder = append(ks.secretOrder, s)
	ks.secretCount[s.projectID]++
}

func (ks *keyStore) addContainer(c *container) {
	ks.containers[c.id] = c
	ks.containerOrder = append(ks.containerOrder, c)
	ks.containerCount[c.projectID]++
}

// removeSecret deletes s and drops it from every container that names it,
// as Barbican does.
func (ks *keyStore) removeSecret(s *secret) {
	delete(ks.secrets, s.id)
	ks.secretOrder = deleteItem(ks.secretOrder, s)
	ks.secretCount[s.projectID]--
	for _, c := range ks.containerOrder {
		c.refs = slices.DeleteFunc(c.refs, func(r containerRef) bool { return r.secretID == s.id })
	}
}

// resetProject removes the project's secrets and containers; its next
// Barbican call seeds its certificates again (a trainer's reset).
func (ks *keyStore) resetProject(projectID string) {
	for _, ct := range slices.Clone(ks.containerOrder) {
		if ct.projectID == projectID {
			ks.removeContainer(ct)
		}
	}
	for _, s := range slices.Clone(ks.secretOrder) {
		if s.projectID == projectID {
			ks.removeSecret(s)
		}
	}
	delete(ks.seeded, projectID)
}

func (ks *keyStore) removeContainer(c *container) {
	delete(ks.containers, c.id)
	ks.containerOrder = deleteItem(ks.containerOrder, c)
	ks.containerCount[c.projectID]--
}

// barbicanService answers the lab's Barbican for the Cloud it holds.
type barbicanService struct{ *Cloud }

// kmCaller is who calls Barbican, in the terms of its default policy: the
// lab's admin is Barbican's admin, a member its creator, a reader its
// observer (as Octavia's roles, the lab's tokens carry them).
type kmCaller struct {
	user, project            string
	admin, creator, observer bool
}

// barbicanHandler serves one Barbican call; the lab's lock is held.
type barbicanHandler func(w http.ResponseWriter, r *http.Request, k *kmCaller, body []byte, now time.Time)

// routes registers the Barbican v1 subset under /key-manager.
func (c barbicanService) routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /key-manager", c.versions)
	mux.HandleFunc("GET /key-manager/{$}", c.versions)
	for _, p := range []string{"/key-manager/v1", "/key-manager/v1/{$}"} {
		mux.HandleFunc("GET "+p, c.barbican(c.version))
	}
	const s, ct = "/key-manager/v1/secrets", "/key-manager/v1/containers"
	for _, p := range []string{"", "/{$}"} { // python-barbicanclient adds the slash
		mux.HandleFunc("GET "+s+p, c.barbican(c.listSecrets))
		mux.HandleFunc("POST "+s+p, c.barbican(c.createSecret))
		mux.HandleFunc("GET "+ct+p, c.barbican(c.listContainers))
		mux.HandleFunc("POST "+ct+p, c.barbican(c.createContainer))
	}
	mux.HandleFunc("GET "+s+"/{id}", c.barbican(c.showSecret))
	mux.HandleFunc("PUT "+s+"/{id}", c.barbican(c.putPayload))
	mux.HandleFunc("DELETE "+s+"/{id}", c.barbican(c.deleteSecret))
	mux.HandleFunc("GET "+s+"/{id}/payload", c.barbican(c.showPayload))
	mux.HandleFunc("GET "+ct+"/{id}", c.barbican(c.showContainer))
	mux.HandleFunc("DELETE "+ct+"/{id}", c.barbican(c.deleteContainer))
	for _, m := range []string{"GET", "PUT", "PATCH", "DELETE"} {
		mux.HandleFunc(m+" "+s+"/{id}/acl", c.barbican(c.secretACL))
		mux.HandleFunc(m+" "+ct+"/{id}/acl", c.barbican(c.containerACL))
	}
	mux.HandleFunc("/key-manager/", func(w http.ResponseWriter, r *http.Request) {
		barbicanError(w, http.StatusNotFound, "The resource could not be found.")
	})
}

// versionDoc is Barbican's description of v1 at base.
func versionDoc(base string) map[string]any {
	return map[string]any{
		"id": "v1", "status": "stable",
		"links": []map[string]string{
			{"rel": "self", "href": base + "/v1/"},
			{"rel": "describedby", "type": "text/html", "href": "https://docs.openstack.org/"},
		},
		"media-types": []map[string]string{{"base": "application/json", "type": "application/vnd.openstack.key-manager-v1+json"}},
	}
}

// versions is GET /: 300 with the one version, no token needed.
func (c barbicanService) versions(w http.ResponseWriter, r *http.Request) {
	w.Header().Del(RequestIDHeader) // Barbican's root answers without one
	w.Header().Set("openstack-api-version", "key-manager 1.0")
	writeJSON(w, http.StatusMultipleChoices, map[string]any{"versions": map[string]any{
		"values": []any{versionDoc(c.barbicanBase(r))}}})
}

func (c barbicanService) version(w http.ResponseWriter, r *http.Request, _ *kmCaller, _ []byte, _ time.Time) {
	writeJSON(w, http.StatusOK, map[string]any{"version": versionDoc(c.barbicanBase(r))})
}

// barbicanBase is the endpoint the catalog lists for key-manager.
func (c *Cloud) barbicanBase(r *http.Request) string {
	return c.publicBase(r) + "/key-manager"
}

// barbicanError answers with Barbican's error body.
func barbicanError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]any{"code": code, "title": http.StatusText(code), "description": msg})
}

// createdRef is Barbican's 201 for a new secret or container: its ref in
// Location and in the body, under key ("secret_ref", "container_ref").
func createdRef(w http.ResponseWriter, key, ref string) {
	w.Header().Set("Location", ref)
	writeJSON(w, http.StatusCreated, map[string]string{key: ref})
}

// quotaReached is Barbican's 403 for a create beyond the project's quota.
func quotaReached(w http.ResponseWriter) {
	barbicanError(w, http.StatusForbidden, "Creation not allowed because a quota has been reached")
}

// forbidden is Barbican's 403 for a policy refusal of operation.
func forbidden(w http.ResponseWriter, operation string) {
	barbicanError(w, http.StatusForbidden, operation+" attempt not allowed - please review your user/project privileges")
}

// schemaError is Barbican's 400 for a body its JSON schema refuses.
func schemaError(w http.ResponseWriter, schema, reason, property string) {
	barbicanError(w, http.StatusBadRequest, "Provided object does not match schema '"+schema+"': "+reason+
		". Invalid property: '"+property+"'")
}

// barbican wraps a handler: the body read (Barbican reads at most 25,000
// bytes of it) before the lock; then, under the lock, due transitions, the
// token (keystonemiddleware's 401) and the caller's roles.
func (c barbicanService) barbican(h barbicanHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var body []byte
		if r.Body != nil {
			body, _ = io.ReadAll(io.LimitReader(r.Body, barbicanMaxRequest))
		}
		c.authenticated(w, r, keystoneUnauthorized, func(k *caller, now time.Time) {
			kc := &kmCaller{user: k.tok.user.id, project: k.project, admin: k.admin, creator: k.member,
				observer: k.tok.hasRole(roleReader)}
			if kc.project != "" {
				c.seedCertificates(kc.project, now)
			}
			w.Header().Set("openstack-api-version", "key-manager 1.0")
			h(w, r, kc, body, now)
		})
	}
}

// jsonBody reports whether r says its body is JSON, as Barbican requires
// of a POST (and of an ACL's PUT and PATCH); if not, it answers 415.
func jsonBody(w http.ResponseWriter, r *http.Request) bool {
	ct, _, _ := strings.Cut(r.Header.Get("Content-Type"), ";")
	if strings.TrimSpace(strings.ToLower(ct)) == "application/json" {
		return true
	}
	barbicanError(w, http.StatusUnsupportedMediaType, "Unexpected content type. Expected content types are: ['application/json']")
	return false
}

// jsonObject decodes body into v and reports whether body is a JSON object
// (white space before it allowed), as Barbican's controllers require of
// a body; anything else is their 400 "Malformed JSON".
func jsonObject(body []byte, v any) bool {
	return json.Unmarshal(body, v) == nil && bytes.HasPrefix(bytes.TrimSpace(body), []byte("{"))
}

// createBody is what Barbican checks of a create (a POST of a secret or a
// container, what: "Secret" or "Container") before the kind's own schema,
// in Barbican's order: the caller's role (403), a JSON content type (415),
// the project's quota of the kind, reached when full (403), and a body
// that is a JSON object (400), decoded as B. It answers a refusal itself
// and returns false.
func createBody[B any](w http.ResponseWriter, r *http.Request, k *kmCaller, what string, full bool, body []byte) (*B, bool) {
	if !k.admin && !k.creator {
		forbidden(w, what+" creation")
		return nil, false
	}
	if !jsonBody(w, r) {
		return nil, false
	}
	if full {
		quotaReached(w)
		return nil, false
	}
	b := new(B)
	if !jsonObject(body, b) {
		barbicanError(w, http.StatusBadRequest, "Malformed JSON")
		return nil, false
	}
	return b, true
}

// entityID is the id a Barbican path names, or "" (and a 404 answered)
// when it is not a UUID: "Not Found. Provided secret id is invalid."
func entityID(w http.ResponseWriter, r *http.Request, kind string) string {
	id := r.PathValue("id")
	if !uuid.Valid(id) {
		barbicanError(w, http.StatusNotFound, "Not Found. Provided "+kind+" id is invalid.")
		return ""
	}
	return id
}

// barbicanStamp formats t as Barbican does: UTC, seconds, no zone.
func barbicanStamp(t time.Time) string {
	return t.UTC().Format(octaviaTime)
}
