package octavia

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/gophercloud/gophercloud/v2"
	"github.com/gophercloud/gophercloud/v2/openstack/keymanager/v1/secrets"
)

// fakeBarbican answers GET /v1/secrets as Barbican pages (offset, limit, a
// next link on Barbican's own host), POST /v1/secrets, the payload, the ACL
// and DELETE; it records the requests it was sent.
type fakeBarbican struct {
	n    int // secrets 0..n-1
	reqs []string
	acl  map[string]any
}

func (f *fakeBarbican) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.reqs = append(f.reqs, r.Method+" "+r.URL.RequestURI())
	if r.Header.Get("X-Auth-Token") != "tok" {
		http.Error(w, `{"code":401}`, 401)
		return
	}
	id := func(i int) string { return fmt.Sprintf("00000000-0000-0000-0000-%012d", i) }
	ref := func(i int) string { return "https://barbican.internal:9311/v1/secrets/" + id(i) }
	switch {
	case r.Method == "GET" && r.URL.Path == "/v1/secrets":
		off, _ := strconv.Atoi(r.URL.Query().Get("offset"))
		lim, _ := strconv.Atoi(r.URL.Query().Get("limit"))
		var items []map[string]any
		for i := off; i < off+lim && i < f.n; i++ {
			items = append(items, map[string]any{"name": "s" + strconv.Itoa(i), "secret_ref": ref(i), "secret_type": r.URL.Query().Get("secret_type"),
				"created": "2026-01-02T03:04:05", "content_types": map[string]string{"default": "text/plain"}})
		}
		page := map[string]any{"secrets": items, "total": f.n}
		if off+lim < f.n {
			page["next"] = fmt.Sprintf("https://barbican.internal:9311/v1/secrets?limit=%d&offset=%d", lim, off+lim)
		}
		json.NewEncoder(w).Encode(page)
	case r.Method == "POST" && r.URL.Path == "/v1/secrets":
		w.WriteHeader(201)
		json.NewEncoder(w).Encode(map[string]string{"secret_ref": ref(f.n)})
		f.n++
	case r.Method == "GET" && strings.HasSuffix(r.URL.Path, "/payload"):
		if r.Header.Get("Accept") != "application/octet-stream" {
			http.Error(w, "not acceptable", 406)
			return
		}
		w.Write([]byte{1, 2, 3})
	case r.Method == "PUT" && strings.HasSuffix(r.URL.Path, "/acl"):
		json.NewDecoder(r.Body).Decode(&f.acl)
		json.NewEncoder(w).Encode(map[string]string{"acl_ref": ref(0) + "/acl"})
	case r.Method == "DELETE":
		w.WriteHeader(204)
	default:
		http.Error(w, `{"code":404}`, 404)
	}
}

// barbicanClient is a Client whose catalog has a key-manager endpoint at
// url (or none when url is "").
func barbicanClient(url string) *Client {
	p := new(gophercloud.ProviderClient)
	p.SetToken("tok")
	p.EndpointLocator = func(eo gophercloud.EndpointOpts) (string, error) {
		if eo.Type != "key-manager" || url == "" {
			return "", fmt.Errorf("no %s", eo.Type)
		}
		return url + "/", nil
	}
	return &Client{provider: p, iface: "public"}
}

func TestSecretsPageAsBarbican(t *testing.T) {
	tests := []struct {
		name      string
		n, limit  int
		wantPages int
	}{
		{"one page", 3, 0, 1},
		{"three pages", 7, 3, 3},
		{"exact pages", 6, 3, 2},
		{"none", 0, 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeBarbican{n: tt.n}
			srv := httptest.NewServer(f)
			defer srv.Close()
			c := barbicanClient(srv.URL)
			got, err := Collect(c.KeyManager().Secrets(t.Context(), secrets.ListOpts{SecretType: secrets.CertificateSecret, Limit: tt.limit}))
			if err != nil || len(got) != tt.n {
				t.Fatalf("got %d secrets, %v; want %d", len(got), err, tt.n)
			}
			if len(f.reqs) != tt.wantPages {
				t.Fatalf("got requests %q; want %d pages", f.reqs, tt.wantPages)
			}
			for _, r := range f.reqs {
				if !strings.Contains(r, "secret_type=certificate") {
					t.Fatalf("request %q lost the type filter", r)
				}
			}
			if tt.n > 0 && got[0].Created.IsZero() {
				t.Fatalf("got no creation time in %+v", got[0])
			}
		})
	}
}

func TestKeyManagerCalls(t *testing.T) {
	f := &fakeBarbican{n: 1}
	srv := httptest.NewServer(f)
	defer srv.Close()
	c := barbicanClient(srv.URL)
	ctx := t.Context()
	ref, _, err := c.KeyManager().StoreSecret(ctx, secrets.CreateOpts{Name: "web", SecretType: secrets.OpaqueSecret, Payload: "AQID",
		PayloadContentType: "application/octet-stream", PayloadContentEncoding: "base64"})
	if err != nil || !strings.HasSuffix(ref, "000000000001") {
		t.Fatalf("store: got %q, %v", ref, err)
	}
	b, err := c.KeyManager().SecretPayload(ctx, ref, "")
	if err != nil || string(b) != "\x01\x02\x03" {
		t.Fatalf("payload: got %q, %v", b, err)
	}
	if _, err := c.KeyManager().SetSecretReadACL(ctx, ref, []string{"octavia-user"}, true); err != nil {
		t.Fatal(err)
	}
	if r, _ := json.Marshal(f.acl); string(r) != `{"read":{"project-access":true,"users":["octavia-user"]}}` {
		t.Fatalf("ACL body: got %s", r)
	}
	if _, err := c.KeyManager().DeleteSecret(ctx, ref); err != nil {
		t.Fatal(err)
	}
	// every request went to the catalog's endpoint, none to the ref's host
	want := []string{"POST /v1/secrets", "GET /v1/secrets/00000000-0000-0000-0000-000000000001/payload",
		"PUT /v1/secrets/00000000-0000-0000-0000-000000000001/acl", "DELETE /v1/secrets/00000000-0000-0000-0000-000000000001"}
	if fmt.Sprint(f.reqs) != fmt.Sprint(want) {
		t.Fatalf("got requests %q; want %q", f.reqs, want)
	}

	if _, err := c.KeyManager().DeleteSecret(ctx, "web-cert"); ErrorCodeOf(err) != EINVALID || len(f.reqs) != 4 {
		t.Fatalf("a name as ref: got %v and %d requests; want EINVALID and none sent", err, len(f.reqs))
	}
	none := barbicanClient("")
	if _, err := Collect(none.KeyManager().Secrets(ctx, secrets.ListOpts{})); ErrorCodeOf(err) != EUNAVAILABLE || !strings.Contains(err.Error(), "no key-manager") {
		t.Fatalf("no key-manager: got %v; want EUNAVAILABLE saying so", err)
	}
}

func TestRefID(t *testing.T) {
	const id = "6c6f0a2e-7c1e-4c39-9c43-4f5a8c0e1b2d"
	tests := []struct {
		ref, collection, want string
	}{
		{"https://b:9311/v1/secrets/" + id, "secrets", id},
		{"http://b/key-manager/v1/containers/" + id + "/", "containers", id},
		{"https://b:9311/v1/containers/" + id, "secrets", ""},
		{"https://b:9311/v1/secrets/not-a-uuid", "secrets", ""},
		{"/v1/secrets/" + id, "secrets", ""},
		{"javascript:alert(1)//secrets/" + id, "secrets", ""},
		{"", "secrets", ""},
	}
	for _, tt := range tests {
		got, err := RefID(tt.ref, tt.collection)
		if got != tt.want || (tt.want == "") != (err != nil) {
			t.Errorf("RefID(%q, %q) = %q, %v; want %q", tt.ref, tt.collection, got, err, tt.want)
		}
	}
}
