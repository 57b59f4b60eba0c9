package octavia

import (
	"encoding/base64"
	"strconv"
	"testing"

	"github.com/gophercloud/gophercloud/v2/openstack/keymanager/v1/acls"
	"github.com/gophercloud/gophercloud/v2/openstack/keymanager/v1/secrets"

	"github.com/octaview/octaview/labcloud"
)

// TestKeyManagerLab runs the certificate calls against the lab's Barbican:
// store, list page by page, read the payload back, set the ACL, delete;
// another project's secret is refused.
func TestKeyManagerLab(t *testing.T) {
	c, srv, _ := startCloud(t, labcloud.Options{}, nil)
	ctx := t.Context()
	km, err := c.KeyManager().client("")
	if err != nil {
		t.Fatalf("the lab's catalog has no key-manager: %v", err)
	}
	before, err := Collect(c.KeyManager().Secrets(ctx, secrets.ListOpts{}))
	if err != nil {
		t.Fatal(err)
	}
	payload := []byte{0x30, 0x82, 0x01, 0x00, 0xff, 0x00, 0x7f}
	var refs []string
	for i := range 12 {
		ref, acc, err := c.KeyManager().StoreSecret(ctx, secrets.CreateOpts{Name: "cert-" + strconv.Itoa(i), SecretType: secrets.OpaqueSecret,
			Payload: base64.StdEncoding.EncodeToString(payload), PayloadContentType: "application/octet-stream", PayloadContentEncoding: "base64"})
		if err != nil || acc.StatusCode != 201 {
			t.Fatalf("store %d: %v (%d)", i, err, acc.StatusCode)
		}
		refs = append(refs, ref)
	}
	all, err := Collect(c.KeyManager().Secrets(ctx, secrets.ListOpts{SecretType: secrets.OpaqueSecret, Limit: 5}))
	if err != nil || len(all) != 12+countType(before, "opaque") {
		t.Fatalf("list by 5: got %d, %v; want %d", len(all), err, 12+countType(before, "opaque"))
	}
	b, err := c.KeyManager().SecretPayload(ctx, refs[0], "application/octet-stream")
	if err != nil || string(b) != string(payload) {
		t.Fatalf("payload: got %x, %v; want %x", b, err, payload)
	}
	if _, err := c.KeyManager().SetSecretReadACL(ctx, refs[0], []string{"0123456789abcdef0123456789abcdef"}, true); err != nil {
		t.Fatal(err)
	}
	id, _ := RefID(refs[0], "secrets")
	acl, err := acls.GetSecretACL(ctx, km, id).Extract()
	if err != nil || len((*acl)["read"].Users) != 1 || (*acl)["read"].Users[0] != "0123456789abcdef0123456789abcdef" {
		t.Fatalf("ACL: got %+v, %v", acl, err)
	}

	// another project (the admin's) cannot read demo's secret
	admin, err := New(ctx, adminConfig(srv.URL))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := admin.KeyManager().SecretPayload(ctx, refs[1], ""); ErrorCodeOf(err) != EFORBIDDEN && ErrorCodeOf(err) != ENOTFOUND {
		t.Fatalf("another project's payload: got %v; want refused", err)
	}

	for _, ref := range refs {
		if _, err := c.KeyManager().DeleteSecret(ctx, ref); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.KeyManager().Secret(ctx, refs[0]); ErrorCodeOf(err) != ENOTFOUND {
		t.Fatalf("after delete: got %v; want ENOTFOUND", err)
	}
}

func countType(ss []secrets.Secret, typ string) int {
	n := 0
	for _, s := range ss {
		if s.SecretType == typ {
			n++
		}
	}
	return n
}
