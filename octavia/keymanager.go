package octavia

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/http"
	"net/url"
	"path"
	"strings"

	"github.com/gophercloud/gophercloud/v2"
	"github.com/gophercloud/gophercloud/v2/openstack/keymanager/v1/acls"
	"github.com/gophercloud/gophercloud/v2/openstack/keymanager/v1/containers"
	"github.com/gophercloud/gophercloud/v2/openstack/keymanager/v1/secrets"

	"github.com/octaview/octaview/internal/uuid"
)

// The Barbican (key-manager) subset the console needs for TLS certificates:
// list the project's secrets and containers, read a payload, store a secret,
// grant read access on it, delete it. Every call finds Barbican by the
// catalog type "key-manager"; a catalog without it is an EUNAVAILABLE *Error
// that says so (ErrNoKeyManager).
//
// A ref is Barbican's own URL of a secret or container
// (https://barbican:9311/v1/secrets/<uuid>): what a listener's
// default_tls_container_ref holds. Requests go to the catalog's endpoint
// with the ref's UUID, whatever host the ref names (Barbican writes its own
// host_href into refs, which a proxy cannot reach).

// ErrNoKeyManager is wrapped by the *Error of a Barbican call when the
// catalog lists no key-manager endpoint.
var ErrNoKeyManager = errors.New("the catalog has no key-manager (Barbican) endpoint: certificates cannot be listed or stored in this cloud")

// KeyManagerPageSize is the page size of the Barbican lists (Barbican's own
// default is 10, its maximum 100).
const KeyManagerPageSize = 100

// KeyManager is the console's client of Barbican: the secrets and
// containers that hold a listener's certificates, their payloads and read
// ACLs. Client.KeyManager hands it out; it is safe for concurrent use.
type KeyManager struct {
	sc *gophercloud.ServiceClient // nil when the catalog has no key-manager endpoint
}

// KeyManager returns the client of the catalog's key-manager endpoint (at
// the client's region and interface), looked up anew at each call.
func (c *Client) KeyManager() *KeyManager {
	u, err := c.endpoint("key-manager")
	if err != nil {
		return &KeyManager{}
	}
	u = gophercloud.NormalizeURL(u)
	base := u
	if !strings.HasSuffix(strings.TrimSuffix(u, "/"), "/v1") {
		base = u + "v1/"
	}
	return &KeyManager{sc: &gophercloud.ServiceClient{ProviderClient: c.provider, Endpoint: u, ResourceBase: base, Type: "key-manager",
		MoreHeaders: map[string]string{"Accept": "application/json"}}}
}

// client returns the Barbican service client, or an EUNAVAILABLE *Error
// wrapping ErrNoKeyManager.
func (k *KeyManager) client(op string) (*gophercloud.ServiceClient, error) {
	if k.sc == nil {
		return nil, &Error{Code: EUNAVAILABLE, Op: op, Err: ErrNoKeyManager}
	}
	return k.sc, nil
}

// Ref is the ref of the secret or container id (collection "secrets" or
// "containers") at the catalog's key-manager endpoint: what a page that
// knows only the UUID asks for; Barbican's answer names its own ref.
func (k *KeyManager) Ref(collection, id string) (string, error) {
	sc, err := k.client("find " + strings.TrimSuffix(collection, "s"))
	if err != nil {
		return "", err
	}
	return sc.ServiceURL(collection, url.PathEscape(id)), nil
}

// RefID returns the UUID a Barbican ref ends with, checking that ref is an
// http(s) URL whose path ends in /<collection>/<uuid> (collection "secrets"
// or "containers"). A ref that is not such a URL is an EINVALID *Error that
// says what a ref looks like.
func RefID(ref, collection string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(ref))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", &Error{Code: EINVALID, Err: fmt.Errorf("%q is not a Barbican ref: want a URL such as https://barbican:9311/v1/%s/<uuid>", ref, collection)}
	}
	dir, id := path.Split(strings.TrimSuffix(u.Path, "/"))
	if path.Base(dir) != collection || !uuid.Valid(id) {
		return "", &Error{Code: EINVALID, Err: fmt.Errorf("%q is not a Barbican %s ref: its path must end in /%s/<uuid>", ref, strings.TrimSuffix(collection, "s"), collection)}
	}
	return id, nil
}

// RefKind returns "secrets" or "containers" for a ref of either, or "".
func RefKind(ref string) string {
	for _, k := range []string{"secrets", "containers"} {
		if _, err := RefID(ref, k); err == nil {
			return k
		}
	}
	return ""
}

// Secrets streams the project's secrets matching opts (opts.SecretType
// narrows to one type, e.g. secrets.CertificateSecret; opts.Offset and
// opts.Limit start the first page), page after page as Barbican pages
// (offset and limit, a "next" link until the last page).
func (k *KeyManager) Secrets(ctx context.Context, opts secrets.ListOpts) iter.Seq2[secrets.Secret, error] {
	const op = "list secrets"
	if opts.Limit == 0 {
		opts.Limit = KeyManagerPageSize
	}
	q, err := opts.ToSecretListQuery()
	if err != nil {
		return errSeq[secrets.Secret](op, err)
	}
	return barbicanList[secrets.Secret](ctx, k, op, "secrets", q)
}

// Containers streams the project's containers matching opts (by name;
// Barbican's containers have no type filter: the caller keeps the
// "certificate" ones), paged as Secrets is.
func (k *KeyManager) Containers(ctx context.Context, opts containers.ListOpts) iter.Seq2[containers.Container, error] {
	const op = "list containers"
	if opts.Limit == 0 {
		opts.Limit = KeyManagerPageSize
	}
	q, err := opts.ToContainerListQuery()
	if err != nil {
		return errSeq[containers.Container](op, err)
	}
	return barbicanList[containers.Container](ctx, k, op, "containers", q)
}

// Secret reads the metadata of the secret ref names (not its payload).
func (k *KeyManager) Secret(ctx context.Context, ref string) (*secrets.Secret, error) {
	return getRef[secrets.Secret](ctx, k, "get secret", ref, "secrets")
}

// Container reads the container ref names.
func (k *KeyManager) Container(ctx context.Context, ref string) (*containers.Container, error) {
	return getRef[containers.Container](ctx, k, "get container", ref, "containers")
}

// MaxPayload is the largest secret payload SecretPayload reads (Barbican's
// own default max_allowed_secret_in_bytes is 20,000 bytes; a chain of
// certificates fits many times over).
const MaxPayload = 1 << 20

// SecretPayload reads the payload of the secret ref names, asking for
// contentType (the secret's content_types "default": "text/plain" for PEM,
// "application/octet-stream" for PKCS12; "" = "application/octet-stream").
// Barbican gives the payload to its owner and to users its ACL names. The
// caller owns the bytes and should zero them when done with a private key.
func (k *KeyManager) SecretPayload(ctx context.Context, ref, contentType string) ([]byte, error) {
	const op = "read secret payload"
	sc, id, err := k.ref(op, ref, "secrets")
	if err != nil {
		return nil, err
	}
	if contentType == "" {
		contentType = "application/octet-stream"
	}
	raw := *sc
	raw.MoreHeaders = nil // the client's Accept: application/json would replace contentType
	resp, err := raw.Request(ctx, http.MethodGet, sc.ServiceURL("secrets", id, "payload"), &gophercloud.RequestOpts{
		MoreHeaders:      map[string]string{"Accept": contentType},
		OkCodes:          []int{200},
		KeepResponseBody: true,
	})
	if err != nil {
		return nil, mapError(op, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, MaxPayload+1))
	if err != nil {
		return nil, mapError(op, err)
	}
	if len(b) > MaxPayload {
		return nil, &Error{Code: EINVALID, Op: op, Err: fmt.Errorf("the payload is over %d bytes", MaxPayload)}
	}
	return b, nil
}

// StoreSecret stores a secret with its payload in one request (Barbican's
// POST /v1/secrets) and returns its ref. For a PKCS12 bundle, as the
// Octavia cookbook and `openstack secret store` do: SecretType "opaque",
// PayloadContentType "application/octet-stream", PayloadContentEncoding
// "base64" and the base64 text as Payload.
func (k *KeyManager) StoreSecret(ctx context.Context, opts secrets.CreateOpts) (string, Accepted, error) {
	const op = "store secret"
	sc, err := k.client(op)
	if err != nil {
		return "", Accepted{}, err
	}
	body, err := opts.ToSecretCreateMap()
	if err != nil {
		return "", Accepted{}, mapError(op, err)
	}
	var out struct {
		Ref string `json:"secret_ref"`
	}
	acc, err := do(ctx, sc, op, http.MethodPost, sc.ServiceURL("secrets"), body, &out, 201)
	if err != nil {
		return "", acc, err
	}
	if out.Ref == "" {
		return "", acc, &Error{Code: EINTERNAL, Op: op, StatusCode: acc.StatusCode, RequestID: acc.RequestID, Err: errors.New("the answer has no secret_ref")}
	}
	return out.Ref, acc, nil
}

// SetSecretReadACL replaces the read ACL of the secret ref names: users
// (Keystone user IDs, e.g. Octavia's service user) may read it, and
// projectAccess says whether every user of the project may too (Barbican's
// default: true). It is `openstack acl user add --user <id> <ref>` without
// the merge: the users given are the whole list.
func (k *KeyManager) SetSecretReadACL(ctx context.Context, ref string, users []string, projectAccess bool) (Accepted, error) {
	const op = "set secret ACL"
	sc, id, err := k.ref(op, ref, "secrets")
	if err != nil {
		return Accepted{}, err
	}
	body, err := acls.SetOpts{{Type: "read", Users: &users, ProjectAccess: &projectAccess}}.ToACLSetMap()
	if err != nil {
		return Accepted{}, mapError(op, err)
	}
	return do(ctx, sc, op, http.MethodPut, sc.ServiceURL("secrets", id, "acl"), body, nil, 200, 201)
}

// DeleteSecret deletes the secret ref names (204). A listener that still
// uses it keeps serving its certificate until Octavia next reads it.
func (k *KeyManager) DeleteSecret(ctx context.Context, ref string) (Accepted, error) {
	return k.deleteRef(ctx, "delete secret", ref, "secrets")
}

// DeleteContainer deletes the container ref names (204), not its secrets.
func (k *KeyManager) DeleteContainer(ctx context.Context, ref string) (Accepted, error) {
	return k.deleteRef(ctx, "delete container", ref, "containers")
}

func (k *KeyManager) deleteRef(ctx context.Context, op, ref, collection string) (Accepted, error) {
	sc, id, err := k.ref(op, ref, collection)
	if err != nil {
		return Accepted{}, err
	}
	return do(ctx, sc, op, http.MethodDelete, sc.ServiceURL(collection, id), nil, nil, 204)
}

// getRef reads the secret or container ref names (a ref of collection,
// "secrets" or "containers") as T.
func getRef[T any](ctx context.Context, k *KeyManager, op, ref, collection string) (*T, error) {
	sc, id, err := k.ref(op, ref, collection)
	if err != nil {
		return nil, err
	}
	v := new(T)
	if _, err := do(ctx, sc, op, http.MethodGet, sc.ServiceURL(collection, id), nil, v); err != nil {
		return nil, err
	}
	return v, nil
}

// ref returns the Barbican client and the UUID of ref, a ref of
// collection.
func (k *KeyManager) ref(op, ref, collection string) (*gophercloud.ServiceClient, string, error) {
	id, err := RefID(ref, collection)
	if err != nil {
		err.(*Error).Op = op
		return nil, "", err
	}
	sc, err := k.client(op)
	if err != nil {
		return nil, "", err
	}
	return sc, id, nil
}
