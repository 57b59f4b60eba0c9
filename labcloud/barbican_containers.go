// Barbican containers: named references to a project's secrets (a
// certificate container holds certificate, private_key, intermediates and
// private_key_passphrase).

package labcloud

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"time"
)

var containerTypes = []string{"generic", "rsa", "certificate"}

type container struct {
	id, projectID, creatorID string
	name                     *string
	typ                      string
	refs                     []containerRef
	created, updated         time.Time
	acl                      kmACL
}

// containerRef is one named secret of a container.
type containerRef struct {
	name     *string
	secretID string
}

func (ct *container) ref(base string) string { return base + "/v1/containers/" + ct.id }

// secret returns the id of the container's secret called name, or "".
func (ct *container) secret(name string) string {
	for _, r := range ct.refs {
		if r.name != nil && *r.name == name {
			return r.secretID
		}
	}
	return ""
}

func (ct *container) view(base string) map[string]any {
	refs := make([]map[string]any, len(ct.refs))
	for i, r := range ct.refs {
		refs[i] = map[string]any{"name": r.name, "secret_ref": base + "/v1/secrets/" + r.secretID}
	}
	return map[string]any{
		"created": barbicanStamp(ct.created), "updated": barbicanStamp(ct.updated), "status": "ACTIVE",
		"name": ct.name, "type": ct.typ, "creator_id": ct.creatorID, "secret_refs": refs,
		"consumers": []any{}, "container_ref": ct.ref(base),
	}
}

// findContainer returns the container the path names, or answers 404.
func (c barbicanService) findContainer(w http.ResponseWriter, r *http.Request) *container {
	id := entityID(w, r, "container")
	if id == "" {
		return nil
	}
	ct := c.keys.containers[id]
	if ct == nil {
		barbicanError(w, http.StatusNotFound, "Secrets container not found.")
	}
	return ct
}

// containerFor returns the container the path names when allowed lets k do
// operation on it; otherwise it answers 404 (findContainer) or 403.
func (c barbicanService) containerFor(w http.ResponseWriter, r *http.Request, k *kmCaller, allowed kmPolicy, operation string) *container {
	ct := c.findContainer(w, r)
	if ct == nil {
		return nil
	}
	if !allowed(k, ct.projectID, ct.creatorID, &ct.acl) {
		forbidden(w, operation)
		return nil
	}
	return ct
}

type containerBody struct {
	Name       json.RawMessage `json:"name"`
	Type       json.RawMessage `json:"type"`
	SecretRefs json.RawMessage `json:"secret_refs"`
}

func (c barbicanService) createContainer(w http.ResponseWriter, r *http.Request, k *kmCaller, body []byte, now time.Time) {
	b, ok := createBody[containerBody](w, r, k, "Container", c.keys.containerCount[k.project] >= MaxContainersPerProject, body)
	if !ok {
		return
	}
	ct, fail := newContainer(b, c.barbicanBase(r), k.project, c.keys.secrets)
	if fail != nil {
		fail(w)
		return
	}
	ct.id, ct.projectID, ct.creatorID, ct.created, ct.updated = newUUID(c.rng), k.project, k.user, now, now
	c.keys.addContainer(ct)
	createdRef(w, "container_ref", ct.ref(c.barbicanBase(r)))
}

// newContainer checks b as Barbican's ContainerValidator and controller do:
// the schema, unique names and secrets, refs to this Barbican (base), the
// names a type allows, and secrets of the caller's project that exist
// (secrets, the lab's by id).
func newContainer(b *containerBody, base, project string, secrets map[string]*secret) (*container, answer) {
	fail := func(reason, property string) answer {
		return func(w http.ResponseWriter) { schemaError(w, "Container", reason, property) }
	}
	ct := &container{}
	var ok bool
	if ct.name, ok = optString(b.Name, 255); !ok {
		return nil, fail(pyTypeError(b.Name, "string", 255), "name")
	}
	if b.Type == nil {
		return nil, fail("'type' is a required property", "None")
	}
	typ, _ := optString(b.Type, -1)
	if typ == nil || !slices.Contains(containerTypes, *typ) {
		return nil, fail(pyJSON(b.Type)+" is not one of "+pyList(containerTypes), "type")
	}
	ct.typ = *typ
	var refs []struct {
		Name      json.RawMessage `json:"name"`
		SecretRef json.RawMessage `json:"secret_ref"`
	}
	if b.SecretRefs != nil && string(b.SecretRefs) != "null" && json.Unmarshal(b.SecretRefs, &refs) != nil {
		return nil, fail(pyJSON(b.SecretRefs)+" is not of type 'array'", "secret_refs")
	}
	names := map[string]bool{}
	ids := map[string]bool{}
	for _, ref := range refs {
		name, ok := optString(ref.Name, 255)
		if !ok {
			return nil, fail(pyTypeError(ref.Name, "string", 255), "secret_refs")
		}
		href, _ := optString(ref.SecretRef, -1)
		if href == nil {
			return nil, fail("'secret_ref' is a required property", "secret_refs")
		}
		key := ""
		if name != nil {
			key = *name
		}
		names[key] = true
		id := (*href)[strings.LastIndex(*href, "/")+1:]
		ids[id] = true
		ct.refs = append(ct.refs, containerRef{name: name, secretID: id})
	}
	if len(names) != len(refs) {
		return nil, fail("Duplicate reference names are not allowed", "secret_refs")
	}
	if len(ids) != len(refs) {
		return nil, fail("Duplicate secret ids are not allowed", "secret_refs")
	}
	for _, ref := range refs {
		href, _ := optString(ref.SecretRef, -1)
		if !strings.HasPrefix(*href, base) {
			return nil, func(w http.ResponseWriter) {
				barbicanError(w, http.StatusBadRequest, "Provided field value is not supported")
			}
		}
	}
	if msg := checkRefNames(ct.typ, names); msg != "" {
		return nil, fail(msg, "secret_refs")
	}
	for _, ref := range ct.refs {
		if s := secrets[ref.secretID]; s == nil || s.projectID != project {
			name := ""
			if ref.name != nil {
				name = *ref.name
			}
			return nil, func(w http.ResponseWriter) {
				barbicanError(w, http.StatusNotFound, "Secret provided for '"+name+"' doesn't exist.")
			}
		}
	}
	return ct, nil
}

// checkRefNames is the reason a container of typ may not hold these
// secret names ("" when it may).
func checkRefNames(typ string, names map[string]bool) string {
	if len(names) == 0 {
		return ""
	}
	allowed := func(list ...string) bool {
		for n := range names {
			if !slices.Contains(list, n) {
				return false
			}
		}
		return true
	}
	switch typ {
	case "certificate":
		if !allowed("certificate", "private_key", "private_key_passphrase", "intermediates") {
			return "only 'private_key', 'certificate' , 'private_key_passphrase',  or 'intermediates' reference names are allowed for Certificate type"
		}
		if !names["certificate"] {
			return "The minimum required reference name is 'certificate' for Certificate type"
		}
	case "rsa":
		if !allowed("public_key", "private_key", "private_key_passphrase") {
			return "only 'private_key', 'public_key' and 'private_key_passphrase' reference names are allowed for RSA type"
		}
		if !names["public_key"] || !names["private_key"] {
			return "The minimum required reference names are 'public_key' and'private_key' for RSA type"
		}
	}
	return ""
}

// showContainer is GET /v1/containers/{id}; container:get is as a
// secret's read (canRead).
func (c barbicanService) showContainer(w http.ResponseWriter, r *http.Request, k *kmCaller, _ []byte, _ time.Time) {
	if ct := c.containerFor(w, r, k, (*kmCaller).canRead, "Container retrieval"); ct != nil {
		writeJSON(w, http.StatusOK, ct.view(c.barbicanBase(r)))
	}
}

func (c barbicanService) deleteContainer(w http.ResponseWriter, r *http.Request, k *kmCaller, _ []byte, _ time.Time) {
	ct := c.containerFor(w, r, k, (*kmCaller).canManage, "Container deletion")
	if ct == nil {
		return
	}
	c.keys.removeContainer(ct)
	w.WriteHeader(http.StatusNoContent)
}
