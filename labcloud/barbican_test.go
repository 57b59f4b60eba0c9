package labcloud

import (
	"bytes"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"software.sslmate.com/src/go-pkcs12"
)

// kmDo sends a raw Barbican request: body as given, with its content type
// and Accept ("" = no header).
func (c *tclient) kmDo(method, path, ctype, accept string, body []byte) tresp {
	c.t.Helper()
	req := httptest.NewRequest(method, "http://lab.example/key-manager/v1"+path, bytes.NewReader(body))
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	req.Header.Set("X-Auth-Token", c.token)
	return serve(c.h, req)
}

// storeSecret stores a secret and returns its id.
func (c *tclient) storeSecret(body map[string]any) string {
	c.t.Helper()
	r := c.must(http.StatusCreated, http.MethodPost, "/key-manager/v1/secrets", body)
	ref, _ := r.json(c.t)["secret_ref"].(string)
	if r.header.Get("Location") != ref || !strings.HasPrefix(ref, "http://lab.example/key-manager/v1/secrets/") {
		c.t.Fatalf("secret_ref %q, Location %q: want the same href under this Barbican", ref, r.header.Get("Location"))
	}
	return ref[strings.LastIndex(ref, "/")+1:]
}

// description is the description of Barbican's error body.
func (r tresp) description(t testing.TB) string {
	t.Helper()
	s, _ := r.json(t)["description"].(string)
	return s
}

func TestBarbicanVersions(t *testing.T) {
	lab := New(Options{})
	r := serve(lab, newReq(http.MethodGet, "/key-manager", ""))
	if r.status != http.StatusMultipleChoices || !strings.Contains(string(r.body), `"href":"http://lab.example/key-manager/v1/"`) {
		t.Errorf("GET /key-manager: got %d %s, want 300 naming v1", r.status, r.body)
	}
	if r := serve(lab, newReq(http.MethodGet, "/key-manager/v1", "")); r.status != http.StatusUnauthorized {
		t.Errorf("GET /v1 without a token: got %d, want 401", r.status)
	}
	demo := login(t, lab, "demo")
	if r := demo.kmDo(http.MethodGet, "", "", "", nil); r.status != http.StatusOK || obj(r.json(t), "version")["id"] != "v1" {
		t.Errorf("GET /v1: got %d %s", r.status, r.body)
	}
	cat := string(demo.must(http.StatusOK, http.MethodGet, "/identity/v3/auth/catalog", nil).body)
	if !strings.Contains(cat, `"type":"key-manager"`) || !strings.Contains(cat, "http://lab.example/key-manager") {
		t.Errorf("catalog lacks key-manager: %s", cat)
	}
}

func TestBarbicanSecretPayloads(t *testing.T) {
	lab := New(Options{})
	demo := login(t, lab, "demo")
	text := demo.storeSecret(map[string]any{"name": "pem", "payload": "-----BEGIN X-----\n", "payload_content_type": "text/plain", "secret_type": "certificate"})
	bin := demo.storeSecret(map[string]any{"name": "p12", "payload": base64.StdEncoding.EncodeToString([]byte{0, 1, 2, 0xff}),
		"payload_content_type": "application/octet-stream", "payload_content_encoding": "base64"})

	meta := demo.must(http.StatusOK, http.MethodGet, "/key-manager/v1/secrets/"+bin, nil).json(t)
	for _, k := range []string{"created", "updated", "status", "name", "secret_type", "expiration", "algorithm", "bit_length", "mode", "creator_id", "content_types", "secret_ref"} {
		if _, ok := meta[k]; !ok {
			t.Errorf("secret metadata lacks %q: %v", k, meta)
		}
	}
	if meta["secret_type"] != "opaque" || obj(meta, "content_types")["default"] != "application/octet-stream" {
		t.Errorf("binary secret: got type %v, content types %v", meta["secret_type"], meta["content_types"])
	}
	for _, tc := range []struct {
		name, id, accept string
		want             int
		ctype, body      string
	}{
		{"binary, octet-stream", bin, "application/octet-stream", 200, "application/octet-stream", "\x00\x01\x02\xff"},
		{"binary, no Accept", bin, "", 200, "application/octet-stream", "\x00\x01\x02\xff"},
		{"binary, text/plain", bin, "text/plain", 406, "application/json", ""},
		{"binary, json", bin, "application/json", 406, "application/json", ""},
		{"text, text/plain", text, "text/plain", 200, "text/plain; charset=UTF-8", "-----BEGIN X-----"},
		{"text, octet-stream", text, "application/octet-stream", 200, "application/octet-stream", "-----BEGIN X-----"},
		{"text, */*", text, "*/*", 200, "*/*", "-----BEGIN X-----"},
	} {
		r := demo.kmDo(http.MethodGet, "/secrets/"+tc.id+"/payload", "", tc.accept, nil)
		if r.status != tc.want || r.header.Get("Content-Type") != tc.ctype || (tc.want == 200 && string(r.body) != tc.body) {
			t.Errorf("%s: got %d %q %q, want %d %q %q", tc.name, r.status, r.header.Get("Content-Type"), r.body, tc.want, tc.ctype, tc.body)
		}
	}
	// metadata first, the payload by PUT (python-barbicanclient's update)
	later := demo.storeSecret(map[string]any{"name": "later"})
	if r := demo.kmDo(http.MethodGet, "/secrets/"+later+"/payload", "", "text/plain", nil); r.status != 404 ||
		r.description(t) != "Not Found. Sorry but your secret has no payload." {
		t.Errorf("payload of a secret without one: got %d %s", r.status, r.body)
	}
	if r := demo.kmDo(http.MethodPut, "/secrets/"+later, "application/json", "", []byte("{}")); r.status != http.StatusUnsupportedMediaType {
		t.Errorf("PUT as JSON: got %d, want 415", r.status)
	}
	if r := demo.kmDo(http.MethodPut, "/secrets/"+later, "application/octet-stream", "", []byte("k\x00")); r.status != http.StatusNoContent {
		t.Fatalf("PUT payload: got %d %s, want 204", r.status, r.body)
	}
	if r := demo.kmDo(http.MethodGet, "/secrets/"+later+"/payload", "", "", nil); string(r.body) != "k\x00" {
		t.Errorf("payload stored by PUT: got %q", r.body)
	}
	if r := demo.kmDo(http.MethodPut, "/secrets/"+later, "text/plain", "", []byte("again")); r.status != http.StatusConflict ||
		r.description(t) != "Secret already has data, cannot modify it." {
		t.Errorf("second PUT: got %d %s, want 409", r.status, r.body)
	}
	demo.must(http.StatusNoContent, http.MethodDelete, "/key-manager/v1/secrets/"+text, nil)
	if r := demo.do(http.MethodGet, "/key-manager/v1/secrets/"+text, nil); r.status != 404 || r.description(t) != "Secret not found." {
		t.Errorf("deleted secret: got %d %s", r.status, r.body)
	}
	if r := demo.do(http.MethodGet, "/key-manager/v1/secrets/nope", nil); r.status != 404 || r.description(t) != "Not Found. Provided secret id is invalid." {
		t.Errorf("bad id: got %d %s", r.status, r.body)
	}
}

func TestBarbicanSecretValidation(t *testing.T) {
	lab := New(Options{})
	demo := login(t, lab, "demo")
	long := strings.Repeat("a", 256)
	for _, tc := range []struct {
		name string
		body string
		want int
		desc string
	}{
		{"no content type", `{"payload":"abc"}`, 400, "Provided object does not match schema 'Secret': If 'payload' is supplied, 'payload_content_type' must also be supplied.. Invalid property: 'payload_content_type'"},
		{"bad content type", `{"payload":"abc","payload_content_type":"text/html"}`, 400, "Provided object does not match schema 'Secret': payload_content_type is not one of ['text/plain', 'text/plain;charset=utf-8', 'text/plain; charset=utf-8', 'application/octet-stream', 'application/pkcs8']. Invalid property: 'payload_content_type'"},
		{"binary without encoding", `{"payload":"abc","payload_content_type":"application/octet-stream"}`, 400, "Provided object does not match schema 'Secret': payload_content_encoding is not one of ['base64', 'binary']. Invalid property: 'payload_content_encoding'"},
		{"bad base64", `{"payload":"a!!bc","payload_content_type":"application/octet-stream","payload_content_encoding":"base64"}`, 400, "Provided object does not match schema 'Secret': Invalid payload for payload_content_encoding. Invalid property: 'payload'"},
		{"empty payload", `{"payload":"","payload_content_type":"text/plain"}`, 400, "Provided object does not match schema 'Secret': If 'payload' specified, must be non empty. Invalid property: 'payload'"},
		{"text with encoding", `{"payload":"abc","payload_content_type":"text/plain","payload_content_encoding":"base64"}`, 400, "Provided object does not match schema 'Secret': payload_content_encoding is not one of None. Invalid property: 'payload_content_encoding'"},
		{"bad secret type", `{"secret_type":"bogus"}`, 400, "Provided object does not match schema 'Secret': 'bogus' is not one of ['symmetric', 'passphrase', 'private', 'public', 'certificate', 'opaque']. Invalid property: 'secret_type'"},
		{"long name", `{"name":"` + long + `"}`, 400, "Provided object does not match schema 'Secret': '" + long + "' is too long. Invalid property: 'name'"},
		{"expired", `{"expiration":"2020-01-01T00:00:00"}`, 400, "Provided object does not match schema 'Secret': 'expiration' is before current time. Invalid property: 'expiration'"},
		{"bad date", `{"expiration":"tomorrow"}`, 400, "Provided object does not match schema 'Secret': Invalid date for 'expiration'. Invalid property: 'expiration'"},
		{"not JSON", `{`, 400, "Malformed JSON"},
		{"too big", `{"payload":"` + strings.Repeat("a", 20001) + `","payload_content_type":"text/plain"}`, 413, "Provided information too large to process"},
		{"body over 25,000 bytes", `{"payload":"` + strings.Repeat("a", 25001) + `","payload_content_type":"text/plain"}`, 400, "Malformed JSON"},
		{"hostile name", `{"name":"<script>'\"; DROP"}`, 201, ""},
	} {
		r := demo.kmDo(http.MethodPost, "/secrets", "application/json", "", []byte(tc.body))
		if r.status != tc.want || (tc.desc != "" && r.description(t) != tc.desc) {
			t.Errorf("%s: got %d %s, want %d %q", tc.name, r.status, r.body, tc.want, tc.desc)
		}
	}
	if r := demo.kmDo(http.MethodPost, "/secrets", "text/plain", "", []byte("{}")); r.status != 415 ||
		r.description(t) != "Unexpected content type. Expected content types are: ['application/json']" {
		t.Errorf("POST as text: got %d %s", r.status, r.body)
	}
	names := list(demo.must(http.StatusOK, http.MethodGet, "/key-manager/v1/secrets?name=%3Cscript%3E%27%22%3B+DROP", nil).json(t), "secrets")
	if len(names) != 1 {
		t.Errorf("the hostile name, listed by name: got %d secrets, want 1", len(names))
	}
}

func TestBarbicanListPages(t *testing.T) {
	lab := New(Options{})
	demo := login(t, lab, "demo")
	for _, n := range []string{"a", "b", "c"} {
		demo.storeSecret(map[string]any{"name": "page-" + n, "secret_type": "passphrase"})
	}
	page := demo.must(http.StatusOK, http.MethodGet, "/key-manager/v1/secrets?secret_type=passphrase&limit=1&offset=1", nil).json(t)
	s := list(page, "secrets")
	if len(s) != 1 || s[0].(map[string]any)["name"] != "page-b" || page["total"] != float64(3) {
		t.Fatalf("page 2 of 3: got %v", page)
	}
	if page["previous"] != "http://lab.example/key-manager/v1/secrets?limit=1&offset=0" ||
		page["next"] != "http://lab.example/key-manager/v1/secrets?limit=1&offset=2" {
		t.Errorf("links: got previous %v, next %v (Barbican's carry limit and offset only)", page["previous"], page["next"])
	}
	last := demo.must(http.StatusOK, http.MethodGet, "/key-manager/v1/secrets?secret_type=passphrase&limit=5&offset=5", nil).json(t)
	if len(list(last, "secrets")) != 0 || last["total"] != float64(3) || last["next"] != nil || last["previous"] != nil {
		t.Errorf("past the end: got %v", last)
	}
	desc := list(demo.must(http.StatusOK, http.MethodGet, "/key-manager/v1/secrets?secret_type=passphrase&sort=name:desc", nil).json(t), "secrets")
	if len(desc) != 3 || desc[0].(map[string]any)["name"] != "page-c" {
		t.Errorf("sort=name:desc: got %v", desc)
	}
	if r := demo.do(http.MethodGet, "/key-manager/v1/secrets?sort=nope", nil); r.status != 400 {
		t.Errorf("bad sort: got %d, want 400", r.status)
	}
}

func TestBarbicanProjectsAndACL(t *testing.T) {
	lab := New(Options{})
	admin, demo, viewer := login(t, lab, "admin"), login(t, lab, "demo"), login(t, lab, "viewer")
	id := admin.storeSecret(map[string]any{"name": "admins", "payload": "s3cret", "payload_content_type": "text/plain"})
	for _, tc := range []struct{ method, path, desc string }{
		{http.MethodGet, "/key-manager/v1/secrets/" + id, "Secret retrieval"},
		{http.MethodGet, "/key-manager/v1/secrets/" + id + "/payload", "Secret payload retrieval"},
		{http.MethodGet, "/key-manager/v1/secrets/" + id + "/acl", "SecretACL(s) retrieval"},
		{http.MethodDelete, "/key-manager/v1/secrets/" + id, "Secret deletion"},
		{http.MethodDelete, "/key-manager/v1/secrets/" + id + "/acl", "SecretACL(s) deletion"},
	} {
		r := demo.do(tc.method, tc.path, nil)
		if want := tc.desc + " attempt not allowed - please review your user/project privileges"; r.status != 403 || r.description(t) != want {
			t.Errorf("demo %s %s: got %d %s, want 403 %q", tc.method, tc.path, r.status, r.body, want)
		}
	}
	if n := len(list(demo.must(http.StatusOK, http.MethodGet, "/key-manager/v1/secrets?name=admins", nil).json(t), "secrets")); n != 0 {
		t.Errorf("demo lists admin's secret: %d", n)
	}
	if r := viewer.do(http.MethodPost, "/key-manager/v1/secrets", map[string]any{"name": "v"}); r.status != 403 {
		t.Errorf("a reader stores a secret: got %d, want 403", r.status)
	}

	acl := admin.must(http.StatusOK, http.MethodGet, "/key-manager/v1/secrets/"+id+"/acl", nil).json(t)
	if len(acl) != 1 || obj(acl, "read")["project-access"] != true || len(obj(acl, "read")) != 1 {
		t.Errorf("default ACL: got %v", acl)
	}
	demoID := keystoneID("user", "demo")
	r := admin.must(http.StatusOK, http.MethodPut, "/key-manager/v1/secrets/"+id+"/acl", map[string]any{"read": map[string]any{"users": []string{demoID, demoID}}})
	if r.json(t)["acl_ref"] != "http://lab.example/key-manager/v1/secrets/"+id+"/acl" {
		t.Errorf("PUT acl: got %s", r.body)
	}
	if got := demo.kmDo(http.MethodGet, "/secrets/"+id+"/payload", "", "text/plain", nil); got.status != 200 || string(got.body) != "s3cret" {
		t.Errorf("demo reads the payload once the ACL names it: got %d %s", got.status, got.body)
	}
	if got := demo.do(http.MethodGet, "/key-manager/v1/secrets/"+id+"/acl", nil); got.status != 403 {
		t.Errorf("the ACL names demo, who still may not read the ACL of another project: got %d", got.status)
	}
	acl = obj(admin.must(http.StatusOK, http.MethodGet, "/key-manager/v1/secrets/"+id+"/acl", nil).json(t), "read")
	if users, _ := acl["users"].([]any); len(users) != 1 || users[0] != demoID || acl["project-access"] != true || acl["created"] == nil {
		t.Errorf("ACL after PUT: got %v, want demo once and project access", acl)
	}
	admin.must(http.StatusOK, http.MethodPatch, "/key-manager/v1/secrets/"+id+"/acl", map[string]any{"read": map[string]any{"project-access": false}})
	acl = obj(admin.must(http.StatusOK, http.MethodGet, "/key-manager/v1/secrets/"+id+"/acl", nil).json(t), "read")
	if users, _ := acl["users"].([]any); len(users) != 1 || acl["project-access"] != false {
		t.Errorf("PATCH project-access kept the users? got %v", acl)
	}
	if n := len(list(demo.must(http.StatusOK, http.MethodGet, "/key-manager/v1/secrets?acl_only=true", nil).json(t), "secrets")); n != 1 {
		t.Errorf("acl_only=true: demo sees %d secrets, want 1", n)
	}
	for _, tc := range []struct{ body, desc string }{
		{`{"write":{"users":["a"]}}`, "Provided object does not match schema 'ACL': Additional properties are not allowed ('write' was unexpected). Invalid property: 'None'"},
		{`{"read":{"users":"a"}}`, "Provided object does not match schema 'ACL': 'a' is not of type 'array'. Invalid property: 'read'"},
		{`{"read":{"project-access":"yes"}}`, "Provided object does not match schema 'ACL': 'yes' is not of type 'boolean'. Invalid property: 'read'"},
	} {
		if got := admin.kmDo(http.MethodPut, "/secrets/"+id+"/acl", "application/json", "", []byte(tc.body)); got.status != 400 || got.description(t) != tc.desc {
			t.Errorf("PUT acl %s: got %d %s, want 400 %q", tc.body, got.status, got.body, tc.desc)
		}
	}
	if got := admin.do(http.MethodDelete, "/key-manager/v1/secrets/"+id+"/acl", nil); got.status != 200 || strings.TrimSpace(string(got.body)) != "null" {
		t.Errorf("DELETE acl: got %d %s, want 200 null", got.status, got.body)
	}
	if got := demo.do(http.MethodGet, "/key-manager/v1/secrets/"+id, nil); got.status != 403 {
		t.Errorf("after DELETE acl, demo reads: got %d, want 403", got.status)
	}
}

func TestBarbicanContainers(t *testing.T) {
	lab := New(Options{})
	admin, demo := login(t, lab, "admin"), login(t, lab, "demo")
	crt := demo.storeSecret(map[string]any{"name": "crt", "payload": "PEM", "payload_content_type": "text/plain", "secret_type": "certificate"})
	key := demo.storeSecret(map[string]any{"name": "key", "payload": "KEY", "payload_content_type": "text/plain", "secret_type": "private"})
	other := admin.storeSecret(map[string]any{"name": "other", "payload": "x", "payload_content_type": "text/plain"})
	href := func(id string) string { return "http://lab.example/key-manager/v1/secrets/" + id }
	refs := func(kv ...string) []map[string]string {
		var out []map[string]string
		for i := 0; i < len(kv); i += 2 {
			out = append(out, map[string]string{"name": kv[i], "secret_ref": kv[i+1]})
		}
		return out
	}
	for _, tc := range []struct {
		name string
		body map[string]any
		want int
		desc string
	}{
		{"no type", map[string]any{"name": "c"}, 400, "Provided object does not match schema 'Container': 'type' is a required property. Invalid property: 'None'"},
		{"bad type", map[string]any{"type": "bogus"}, 400, "Provided object does not match schema 'Container': 'bogus' is not one of ['generic', 'rsa', 'certificate']. Invalid property: 'type'"},
		{"no certificate", map[string]any{"type": "certificate", "secret_refs": refs("private_key", href(key))}, 400, "Provided object does not match schema 'Container': The minimum required reference name is 'certificate' for Certificate type. Invalid property: 'secret_refs'"},
		{"odd name", map[string]any{"type": "certificate", "secret_refs": refs("certificate", href(crt), "foo", href(key))}, 400, "Provided object does not match schema 'Container': only 'private_key', 'certificate' , 'private_key_passphrase',  or 'intermediates' reference names are allowed for Certificate type. Invalid property: 'secret_refs'"},
		{"another host", map[string]any{"type": "generic", "secret_refs": refs("a", "http://evil.example/v1/secrets/"+crt)}, 400, "Provided field value is not supported"},
		{"another project's secret", map[string]any{"type": "generic", "secret_refs": refs("a", href(other))}, 404, "Secret provided for 'a' doesn't exist."},
		{"duplicate names", map[string]any{"type": "generic", "secret_refs": refs("a", href(crt), "a", href(key))}, 400, "Provided object does not match schema 'Container': Duplicate reference names are not allowed. Invalid property: 'secret_refs'"},
	} {
		r := demo.do(http.MethodPost, "/key-manager/v1/containers", tc.body)
		if r.status != tc.want || r.description(t) != tc.desc {
			t.Errorf("%s: got %d %s, want %d %q", tc.name, r.status, r.body, tc.want, tc.desc)
		}
	}
	r := demo.must(http.StatusCreated, http.MethodPost, "/key-manager/v1/containers",
		map[string]any{"name": "www", "type": "certificate", "secret_refs": refs("certificate", href(crt), "private_key", href(key))})
	cref, _ := r.json(t)["container_ref"].(string)
	id := cref[strings.LastIndex(cref, "/")+1:]
	page := demo.must(http.StatusOK, http.MethodGet, "/key-manager/v1/containers?type=certificate&name=www", nil).json(t)
	if cs := list(page, "containers"); len(cs) != 1 || len(list(cs[0].(map[string]any), "secret_refs")) != 2 || page["total"] != float64(1) {
		t.Fatalf("container list: got %v", page)
	}
	if r := admin.do(http.MethodGet, "/key-manager/v1/containers/"+id, nil); r.status != 403 ||
		r.description(t) != "Container retrieval attempt not allowed - please review your user/project privileges" {
		t.Errorf("admin reads demo's container: got %d %s", r.status, r.body)
	}
	demo.must(http.StatusNoContent, http.MethodDelete, "/key-manager/v1/secrets/"+key, nil)
	got := demo.must(http.StatusOK, http.MethodGet, "/key-manager/v1/containers/"+id, nil).json(t)
	if rs := list(got, "secret_refs"); len(rs) != 1 || rs[0].(map[string]any)["name"] != "certificate" {
		t.Errorf("a deleted secret leaves its containers: got %v", rs)
	}
	demo.must(http.StatusNoContent, http.MethodDelete, "/key-manager/v1/containers/"+id, nil)
	if r := demo.do(http.MethodGet, "/key-manager/v1/containers/"+id, nil); r.status != 404 || r.description(t) != "Secrets container not found." {
		t.Errorf("deleted container: got %d %s", r.status, r.body)
	}
}

func TestBarbicanStateRoundTrip(t *testing.T) {
	lab := New(Options{})
	demo := login(t, lab, "demo")
	id := demo.storeSecret(map[string]any{"name": "kept", "payload": base64.StdEncoding.EncodeToString([]byte{9, 8}),
		"payload_content_type": "application/octet-stream", "payload_content_encoding": "base64"})
	demo.must(http.StatusOK, http.MethodPut, "/key-manager/v1/secrets/"+id+"/acl", map[string]any{"read": map[string]any{"users": []string{"u1"}}})
	again := restarted(t, lab, Options{})
	demo2 := login(t, again, "demo")
	if r := demo2.kmDo(http.MethodGet, "/secrets/"+id+"/payload", "", "application/octet-stream", nil); r.status != 200 || !bytes.Equal(r.body, []byte{9, 8}) {
		t.Errorf("payload after a restart: got %d %v", r.status, r.body)
	}
	acl := obj(demo2.must(http.StatusOK, http.MethodGet, "/key-manager/v1/secrets/"+id+"/acl", nil).json(t), "read")
	if users, _ := acl["users"].([]any); !slices.Equal(users, []any{"u1"}) {
		t.Errorf("ACL after a restart: got %v", acl)
	}
}

func TestBarbicanOutage(t *testing.T) {
	lab := New(Options{})
	demo := login(t, lab, "demo")
	if err := lab.SetFaults(Faults{Barbican: Outage503}); err != nil {
		t.Fatal(err)
	}
	if r := demo.do(http.MethodGet, "/key-manager/v1/secrets", nil); r.status != http.StatusServiceUnavailable {
		t.Errorf("Barbican down: got %d, want 503", r.status)
	}
	if r := demo.do(http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil); r.status != http.StatusOK {
		t.Errorf("Barbican down, Octavia: got %d, want 200", r.status)
	}
}

func TestBarbicanSeeds(t *testing.T) {
	lab := New(Options{})
	demo := login(t, lab, "demo")
	now := time.Now()
	for _, tc := range []struct {
		name   string
		expiry time.Duration // from now
	}{
		{"www.demo.lab.test.p12", 365 * 24 * time.Hour},
		{"soon.demo.lab.test.p12", 10 * 24 * time.Hour},
		{"old.demo.lab.test.p12", -30 * 24 * time.Hour},
	} {
		s := list(demo.must(http.StatusOK, http.MethodGet, "/key-manager/v1/secrets?name="+tc.name, nil).json(t), "secrets")
		if len(s) != 1 {
			t.Fatalf("%s: got %d secrets, want 1", tc.name, len(s))
		}
		ref := s[0].(map[string]any)["secret_ref"].(string)
		r := demo.kmDo(http.MethodGet, ref[strings.Index(ref, "/secrets/"):]+"/payload", "", "application/octet-stream", nil)
		_, cert, chain, err := pkcs12.DecodeChain(r.body, "")
		if err != nil || len(chain) != 1 {
			t.Fatalf("%s: not a PKCS12 bundle with its CA: %v (chain %d)", tc.name, err, len(chain))
		}
		if d := cert.NotAfter.Sub(now.Add(tc.expiry)); d < -24*time.Hour || d > 24*time.Hour {
			t.Errorf("%s: expires %v, want about %v from now", tc.name, cert.NotAfter, tc.expiry)
		}
		if want := strings.TrimSuffix(tc.name, ".p12"); !slices.Equal(cert.DNSNames, []string{want}) {
			t.Errorf("%s: SANs %v, want %s", tc.name, cert.DNSNames, want)
		}
	}
	cs := list(demo.must(http.StatusOK, http.MethodGet, "/key-manager/v1/containers?type=certificate", nil).json(t), "containers")
	if len(cs) != 1 || len(list(cs[0].(map[string]any), "secret_refs")) != 3 {
		t.Fatalf("seeded certificate container: got %v", cs)
	}
	// a deleted seed stays deleted
	id := seedID(keystoneID("project", "demo"), "old.demo.lab.test.p12")
	demo.must(http.StatusNoContent, http.MethodDelete, "/key-manager/v1/secrets/"+id, nil)
	if r := demo.do(http.MethodGet, "/key-manager/v1/secrets/"+id, nil); r.status != http.StatusNotFound {
		t.Errorf("a deleted seed: got %d, want 404", r.status)
	}
	// another project gets its own, and sees none of demo's
	admin := login(t, lab, "admin")
	if s := list(admin.must(http.StatusOK, http.MethodGet, "/key-manager/v1/secrets?name=www.demo.lab.test.p12", nil).json(t), "secrets"); len(s) != 0 {
		t.Errorf("admin lists demo's seed: %v", s)
	}
	if s := list(admin.must(http.StatusOK, http.MethodGet, "/key-manager/v1/secrets?name=www.admin.lab.test.p12", nil).json(t), "secrets"); len(s) != 1 {
		t.Errorf("admin's own seed: got %d", len(s))
	}
}

func TestBarbicanQuota(t *testing.T) {
	lab := New(Options{})
	demo := login(t, lab, "demo")
	demo.must(http.StatusOK, http.MethodGet, "/key-manager/v1/secrets", nil) // the seeds count
	seeds := len(lab.State().Secrets)
	if seeds == 0 {
		t.Fatal("no seeded secrets")
	}
	var last string
	for range MaxSecretsPerProject - seeds {
		last = demo.storeSecret(map[string]any{"name": "flood", "payload": "x", "payload_content_type": "text/plain"})
	}
	r := demo.do(http.MethodPost, "/key-manager/v1/secrets", map[string]any{"name": "one more"})
	if r.status != http.StatusForbidden || r.description(t) != "Creation not allowed because a quota has been reached" {
		t.Fatalf("secret %d: got %d %s, want Barbican's quota 403", MaxSecretsPerProject+1, r.status, r.body)
	}
	if n := lab.State(); len(n.Secrets) != MaxSecretsPerProject {
		t.Errorf("stored %d secrets, want %d", len(n.Secrets), MaxSecretsPerProject)
	}
	demo.must(http.StatusNoContent, http.MethodDelete, "/key-manager/v1/secrets/"+last, nil)
	demo.storeSecret(map[string]any{"name": "room again"})
	if admin := login(t, lab, "admin"); admin.do(http.MethodPost, "/key-manager/v1/secrets", map[string]any{"name": "other project"}).status != http.StatusCreated {
		t.Errorf("another project is not held by demo's quota")
	}
}

func TestBarbicanProjectReset(t *testing.T) {
	lab := New(Options{Trainees: 2})
	t1, t2 := login(t, lab, "trainee1"), login(t, lab, "trainee2")
	t1.storeSecret(map[string]any{"name": "mine"})
	kept := t2.storeSecret(map[string]any{"name": "theirs"})
	seed := seedID(keystoneID("project", "trainee1"), "old.trainee1.lab.test.p12")
	t1.must(http.StatusNoContent, http.MethodDelete, "/key-manager/v1/secrets/"+seed, nil)
	if err := lab.ResetProject([]string{"trainee1"}); err != nil {
		t.Fatal(err)
	}
	if n := list(t1.must(http.StatusOK, http.MethodGet, "/key-manager/v1/secrets?name=mine", nil).json(t), "secrets"); len(n) != 0 {
		t.Errorf("after a reset, trainee1 still has its secret")
	}
	if r := t1.do(http.MethodGet, "/key-manager/v1/secrets/"+seed, nil); r.status != http.StatusOK {
		t.Errorf("after a reset, the deleted seed is back: got %d, want 200", r.status)
	}
	t2.must(http.StatusOK, http.MethodGet, "/key-manager/v1/secrets/"+kept, nil)
}

func TestBarbicanLikeFilters(t *testing.T) {
	for _, tc := range []struct {
		pattern, s string
		want       bool
	}{
		{"probe-p12", "probe-p12", true},
		{"PROBE-P12", "probe-p12", true},
		{"probe%", "probe-meta", true},
		{"probe_p12", "probe-p12", true},
		{"probe-p1", "probe-p12", false},
		{"%p12", "www.demo.lab.test.p12", true},
		{"%.p1_", "x.p12", true},
		{"a%b%c", "axxbyyc", true},
		{"a%b%c", "axxbyy", false},
		{"", "", true},
		{"%", "", true},
		{"<script>'\"", "<SCRIPT>'\"", true},
	} {
		if got := sqlLike(tc.pattern, tc.s); got != tc.want {
			t.Errorf("%q LIKE %q: got %v, want %v", tc.s, tc.pattern, got, tc.want)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"a+b", "a b"}, {"a%20b", "a b"}, {"100%", "100%"}, {"%zz", "%zz"}, {"%41%", "A%"}, {"%BF9", "\uFFFD9"},
	} {
		if got := unquotePlus(tc.in); got != tc.want {
			t.Errorf("unquotePlus(%q): got %q, want %q", tc.in, got, tc.want)
		}
	}
	lab := New(Options{})
	demo := login(t, lab, "demo")
	for _, tc := range []struct {
		query string
		want  int
	}{
		{"name=%25.P12", 3},     // LIKE, case-insensitive
		{"name=%25%252eP12", 3}, // decoded twice, as Barbican does: %2e is "."
		{"name=W%25%25BF", 0},   // %BF decoded twice is not UTF-8
		{"name=www.demo.lab.test.p12", 1},
	} {
		if s := list(demo.must(http.StatusOK, http.MethodGet, "/key-manager/v1/secrets?"+tc.query, nil).json(t), "secrets"); len(s) != tc.want {
			t.Errorf("?%s: got %d secrets, want %d", tc.query, len(s), tc.want)
		}
	}
}

// BenchmarkSeedCertificates is the cost of a project's first Barbican call
// (its CA, three certificates and PKCS12 bundles), held under the lab's
// lock: go test -run '^$' -bench SeedCertificates ./labcloud/
func BenchmarkSeedCertificates(b *testing.B) {
	lab := New(Options{Trainees: 1})
	p := keystoneID("project", "trainee1")
	for b.Loop() {
		lab.mu.Lock()
		lab.keys.resetProject(p)
		lab.seedCertificates(p, time.Now())
		lab.mu.Unlock()
	}
}
