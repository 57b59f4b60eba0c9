// Barbican secrets: create (with a payload, or metadata first and the
// payload by PUT), list with Barbican's filters, show, payload, delete.

package labcloud

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"time"
)

// Barbican's secret types and the payload content types it stores.
var (
	secretTypes        = []string{"symmetric", "passphrase", "private", "public", "certificate", "opaque"}
	secretContentTypes = []string{"text/plain", "text/plain;charset=utf-8", "text/plain; charset=utf-8", "application/octet-stream", "application/pkcs8"}
)

const (
	ctypeText   = "text/plain"
	ctypeBinary = "application/octet-stream"
	ctypePKCS8  = "application/pkcs8"
)

// secret is one Barbican secret. Its payload is stored as given (decoded
// from base64): the lab has no key-encryption key, and its state file is
// written 0600.
type secret struct {
	id, projectID, creatorID string
	name                     *string
	secretType               string
	algorithm, mode          *string
	bitLength                *int
	expiration               time.Time // zero: never
	contentType              string    // "" until a payload is stored
	payload                  []byte
	created, updated         time.Time
	acl                      kmACL
}

// expired reports whether s has passed its expiration: Barbican then
// neither lists nor shows it.
func (s *secret) expired(now time.Time) bool {
	return !s.expiration.IsZero() && !s.expiration.After(now)
}

func (s *secret) ref(base string) string { return base + "/v1/secrets/" + s.id }

// view is the secret's metadata as Barbican answers it.
func (s *secret) view(base string) map[string]any {
	v := map[string]any{
		"created": barbicanStamp(s.created), "updated": barbicanStamp(s.updated), "status": "ACTIVE",
		"name": s.name, "secret_type": s.secretType, "expiration": nil, "algorithm": s.algorithm,
		"bit_length": s.bitLength, "mode": s.mode, "creator_id": s.creatorID, "secret_ref": s.ref(base),
	}
	if !s.expiration.IsZero() {
		v["expiration"] = barbicanStamp(s.expiration)
	}
	if s.contentType != "" {
		v["content_types"] = map[string]string{"default": s.contentType}
	}
	return v
}

// normalizeContentType is Barbican's internal form of a payload content
// type ("text/plain; charset=utf-8" is text/plain), "" if unsupported.
func normalizeContentType(ct string) string {
	mime, params, hasParams := strings.Cut(ct, ";")
	mime = strings.ToLower(strings.TrimSpace(mime))
	if hasParams {
		k, v, ok := strings.Cut(strings.ToLower(strings.TrimSpace(params)), "=")
		if !ok || strings.TrimSpace(k) == "" || strings.TrimSpace(v) != "utf-8" {
			return ""
		}
	}
	switch mime {
	case ctypeText, ctypeBinary, ctypePKCS8:
		return mime
	}
	return ""
}

// secretBody is a new secret (NewSecretValidator's schema).
type secretBody struct {
	Name       json.RawMessage `json:"name"`
	Algorithm  json.RawMessage `json:"algorithm"`
	Mode       json.RawMessage `json:"mode"`
	BitLength  json.RawMessage `json:"bit_length"`
	Expiration json.RawMessage `json:"expiration"`
	Payload    json.RawMessage `json:"payload"`
	SecretType json.RawMessage `json:"secret_type"`
	CType      json.RawMessage `json:"payload_content_type"`
	CEncoding  json.RawMessage `json:"payload_content_encoding"`
}

func (c barbicanService) createSecret(w http.ResponseWriter, r *http.Request, k *kmCaller, body []byte, now time.Time) {
	b, ok := createBody[secretBody](w, r, k, "Secret", c.keys.secretCount[k.project] >= MaxSecretsPerProject, body)
	if !ok {
		return
	}
	s, fail := newSecret(b, now)
	if fail != nil {
		fail(w)
		return
	}
	s.id, s.projectID, s.creatorID = newUUID(c.rng), k.project, k.user
	c.keys.addSecret(s)
	createdRef(w, "secret_ref", s.ref(c.barbicanBase(r)))
}

// answer is a refusal still to be written.
type answer func(http.ResponseWriter)

func schemaFail(reason, property string) answer {
	return func(w http.ResponseWriter) { schemaError(w, "Secret", reason, property) }
}

// newSecret checks b as Barbican's NewSecretValidator does and builds the
// secret (no id, project or creator yet).
func newSecret(b *secretBody, now time.Time) (*secret, answer) {
	s := &secret{secretType: "opaque", created: now, updated: now}
	var ok bool
	if s.name, ok = optString(b.Name, 255); !ok {
		return nil, schemaFail(pyTypeError(b.Name, "string", 255), "name")
	}
	if s.name != nil {
		trimmed := strings.TrimSpace(*s.name)
		s.name = &trimmed
	}
	for _, f := range []struct {
		raw  json.RawMessage
		dst  **string
		name string
	}{{b.Algorithm, &s.algorithm, "algorithm"}, {b.Mode, &s.mode, "mode"}} {
		if *f.dst, ok = optString(f.raw, 255); !ok || (f.raw != nil && *f.dst == nil) {
			return nil, schemaFail(pyTypeError(f.raw, "string", 255), f.name)
		}
	}
	if b.BitLength != nil {
		var n int
		if json.Unmarshal(b.BitLength, &n) != nil || n < 1 || n > 32767 {
			return nil, schemaFail(pyJSON(b.BitLength)+" is not of type 'integer'", "bit_length")
		}
		s.bitLength = &n
	}
	if b.SecretType != nil {
		st, _ := optString(b.SecretType, 80)
		if st == nil || !slices.Contains(secretTypes, *st) {
			return nil, schemaFail(pyJSON(b.SecretType)+" is not one of "+pyList(secretTypes), "secret_type")
		}
		s.secretType = *st
	}
	exp, ok := optString(b.Expiration, 255)
	if !ok || (b.Expiration != nil && exp == nil) {
		return nil, schemaFail(pyTypeError(b.Expiration, "string", 255), "expiration")
	}
	if exp != nil && strings.TrimSpace(*exp) != "" {
		t, err := parseISOTime(strings.TrimSpace(*exp))
		if err != nil {
			return nil, schemaFail("Invalid date for 'expiration'", "expiration")
		}
		if !t.After(now) {
			return nil, schemaFail("'expiration' is before current time", "expiration")
		}
		s.expiration = t
	}
	ctype, ok := optString(b.CType, 255)
	if !ok {
		return nil, schemaFail(pyTypeError(b.CType, "string", 255), "payload_content_type")
	}
	enc, ok := optString(b.CEncoding, 255)
	if !ok || (b.CEncoding != nil && (enc == nil || *enc != "base64")) {
		return nil, schemaFail(pyJSON(b.CEncoding)+" is not one of ['base64']", "payload_content_encoding")
	}
	if b.Payload == nil {
		if ctype != nil && normalizeContentType(*ctype) == "" {
			return nil, schemaFail("payload_content_type is not one of "+pyList(secretContentTypes), "payload_content_type")
		}
		if b.CType != nil {
			return nil, schemaFail("payload must be provided when payload_content_type is specified", "payload")
		}
		return s, nil
	}
	payload, ok := optString(b.Payload, -1)
	if !ok || payload == nil {
		return nil, schemaFail(pyJSON(b.Payload)+" is not of type 'string'", "payload")
	}
	if ctype == nil {
		return nil, schemaFail("If 'payload' is supplied, 'payload_content_type' must also be supplied.", "payload_content_type")
	}
	norm := normalizeContentType(*ctype)
	if norm == "" {
		return nil, schemaFail("payload_content_type is not one of "+pyList(secretContentTypes), "payload_content_type")
	}
	if norm == ctypeText && enc != nil {
		return nil, schemaFail("payload_content_encoding is not one of None", "payload_content_encoding")
	}
	if norm != ctypeText && enc == nil {
		return nil, schemaFail("payload_content_encoding is not one of ['base64', 'binary']", "payload_content_encoding")
	}
	if len(*payload) > barbicanMaxSecret {
		return nil, func(w http.ResponseWriter) {
			barbicanError(w, http.StatusRequestEntityTooLarge, "Provided information too large to process")
		}
	}
	p := strings.TrimSpace(*payload)
	if p == "" {
		return nil, schemaFail("If 'payload' specified, must be non empty", "payload")
	}
	data := []byte(p)
	if enc != nil {
		var err error
		if data, err = base64.StdEncoding.DecodeString(p); err != nil {
			return nil, schemaFail("Invalid payload for payload_content_encoding", "payload")
		}
	}
	s.contentType, s.payload = norm, data
	return s, nil
}

// findSecret returns the secret id names, or answers 404 as Barbican does
// (an expired secret is not found).
func (c barbicanService) findSecret(w http.ResponseWriter, r *http.Request, now time.Time) *secret {
	id := entityID(w, r, "secret")
	if id == "" {
		return nil
	}
	s := c.keys.secrets[id]
	if s == nil || s.expired(now) {
		barbicanError(w, http.StatusNotFound, "Secret not found.")
		return nil
	}
	return s
}

// secret:get and secret:decrypt: the project's users unless the secret is
// private, its creator, the project's admin, or a user its read ACL names.
func (k *kmCaller) canRead(projectID, creatorID string, a *kmACL) bool {
	match := k.project == projectID
	all := k.admin || k.creator || k.observer
	return (all && match && !a.private()) || (k.creator && match && k.user == creatorID) ||
		(k.admin && match) || a.names(k.user)
}

// secret:delete and the ACL's put, patch and delete: the project's admin,
// the creator, or any creator of the project when it is not private.
func (k *kmCaller) canManage(projectID, creatorID string, a *kmACL) bool {
	match := k.project == projectID
	return (k.admin && match) || (k.creator && match && (k.user == creatorID || !a.private()))
}

// kmPolicy is one of Barbican's rules on a secret or a container of
// projectID made by creatorID (kmCaller.canRead, kmCaller.canManage).
type kmPolicy func(k *kmCaller, projectID, creatorID string, a *kmACL) bool

// secretFor returns the secret the path names when allowed lets k do
// operation on it; otherwise it answers 404 (findSecret) or 403.
func (c barbicanService) secretFor(w http.ResponseWriter, r *http.Request, k *kmCaller, now time.Time, allowed kmPolicy, operation string) *secret {
	s := c.findSecret(w, r, now)
	if s == nil {
		return nil
	}
	if !allowed(k, s.projectID, s.creatorID, &s.acl) {
		forbidden(w, operation)
		return nil
	}
	return s
}

func (c barbicanService) showSecret(w http.ResponseWriter, r *http.Request, k *kmCaller, _ []byte, now time.Time) {
	s := c.secretFor(w, r, k, now, (*kmCaller).canRead, "Secret retrieval")
	if s == nil {
		return
	}
	if accept := r.Header.Get("Accept"); accept == "" || accept == "application/json" || accept == "*/*" {
		writeJSON(w, http.StatusOK, s.view(c.barbicanBase(r)))
		return
	}
	writePayload(w, r, s) // the deprecated way to read a payload
}

func (c barbicanService) showPayload(w http.ResponseWriter, r *http.Request, k *kmCaller, _ []byte, now time.Time) {
	if s := c.secretFor(w, r, k, now, (*kmCaller).canRead, "Secret payload retrieval"); s != nil {
		writePayload(w, r, s)
	}
}

// writePayload answers the payload in the type Accept asks for: none
// means application/octet-stream, which (like */*) gives any payload;
// text/plain gives only a text payload; anything else is 406.
func writePayload(w http.ResponseWriter, r *http.Request, s *secret) {
	if s.contentType == "" {
		barbicanError(w, http.StatusNotFound, "Not Found. Sorry but your secret has no payload.")
		return
	}
	accept := strings.TrimSpace(r.Header.Get("Accept"))
	if accept == "" {
		accept = ctypeBinary
	}
	var ctype string
	switch norm := normalizeContentType(accept); {
	case accept == "*/*":
		ctype = accept
	case norm == ctypeBinary:
		ctype = ctypeBinary
	case norm == ctypeText && s.contentType == ctypeText:
		ctype = "text/plain; charset=UTF-8"
	default:
		barbicanError(w, http.StatusNotAcceptable, "Secret payload retrieval issue seen - Wrong payload content-type.")
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.WriteHeader(http.StatusOK)
	w.Write(s.payload)
}

// putPayload stores the payload of a secret made without one, as
// python-barbicanclient's update does (text/plain or octet-stream, the
// latter optionally with Content-Encoding: base64).
func (c barbicanService) putPayload(w http.ResponseWriter, r *http.Request, k *kmCaller, body []byte, now time.Time) {
	s := c.findSecret(w, r, now)
	if s == nil {
		return
	}
	if !(k.admin || k.creator) || k.project != s.projectID {
		forbidden(w, "Secret update")
		return
	}
	ct := r.Header.Get("Content-Type")
	norm := normalizeContentType(ct)
	if norm != ctypeText && norm != ctypeBinary {
		barbicanError(w, http.StatusUnsupportedMediaType, "Unexpected content type. Expected content types are: ['application/octet-stream', 'text/plain']")
		return
	}
	if len(body) == 0 {
		barbicanError(w, http.StatusBadRequest, "No data supplied to process.")
		return
	}
	if len(body) > barbicanMaxSecret {
		barbicanError(w, http.StatusRequestEntityTooLarge, "Provided information too large to process")
		return
	}
	if s.contentType != "" {
		barbicanError(w, http.StatusConflict, "Secret already has data, cannot modify it.")
		return
	}
	data := body
	if strings.EqualFold(r.Header.Get("Content-Encoding"), "base64") {
		d, err := base64.StdEncoding.DecodeString(strings.TrimSpace(string(body)))
		if err != nil {
			barbicanError(w, http.StatusBadRequest, "Problem decoding payload")
			return
		}
		data = d
	}
	s.contentType, s.payload, s.updated = norm, slices.Clone(data), now
	w.WriteHeader(http.StatusNoContent)
}

func (c barbicanService) deleteSecret(w http.ResponseWriter, r *http.Request, k *kmCaller, _ []byte, now time.Time) {
	s := c.secretFor(w, r, k, now, (*kmCaller).canManage, "Secret deletion")
	if s == nil {
		return
	}
	c.keys.removeSecret(s)
	w.WriteHeader(http.StatusNoContent)
}

// parseISOTime reads an ISO 8601 time as oslo's parse_isotime does (a zone
// or none, which is UTC), as UTC.
func parseISOTime(s string) (time.Time, error) {
	var err error
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02T15:04:05.999999999Z0700", "2006-01-02"} {
		var t time.Time
		if t, err = time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, err
}
