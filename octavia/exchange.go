package octavia

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	tokens3 "github.com/gophercloud/gophercloud/v2/openstack/identity/v3/tokens"
)

// ExchangeToken trades token, an existing Keystone token, for a new one of
// the same project, as the console's login with a pasted token needs (its
// server seals the new token into the session cookie on the way back): it
// validates token (GET /v3/auth/tokens) to read its project, then asks for
// a new token with the token method scoped to that project (POST
// /v3/auth/tokens; Keystone's token method keeps no scope by itself). Both
// go to cfg.AuthURL through cfg.HTTPClient (and the transport guard), and
// the new token is not kept: log in with New afterwards. Errors are *Error
// (EUNAUTHORIZED or ENOTFOUND: Keystone does not accept the token;
// EUNAVAILABLE: Keystone cannot be reached).
func ExchangeToken(ctx context.Context, cfg Config, token string) error {
	const op = "log in"
	httpClient := http.Client{}
	if cfg.HTTPClient != nil {
		httpClient = *cfg.HTTPClient
	}
	g := newGuard(httpClient.Transport)
	httpClient.Transport = g
	if err := g.allow(cfg.AuthURL); err != nil {
		return &Error{Code: EINVALID, Op: op, Err: err}
	}
	if !strings.HasSuffix(strings.TrimSuffix(cfg.AuthURL, "/"), "/v3") {
		return &Error{Code: EINVALID, Op: op, Err: fmt.Errorf("auth URL %q does not end in /v3", cfg.AuthURL)}
	}
	provider := newProvider(cfg.AuthURL) // keystone.go: not gophercloud's openstack package
	provider.HTTPClient = httpClient
	provider.UserAgent.Prepend("octaview")
	identity := identityClient(provider)
	identity.MoreHeaders = map[string]string{"Accept": "application/json"}
	provider.SetToken(token) // the validation's X-Auth-Token: the token itself
	scope := tokens3.Scope{}
	if p, err := tokens3.Get(ctx, identity, token).ExtractProject(); err != nil {
		if code := ErrorCodeOf(mapError(op, err)); code == EUNAUTHORIZED || code == ENOTFOUND || code == EUNAVAILABLE {
			return mapError(op, err)
		}
	} else if p != nil {
		scope.ProjectID = p.ID
	}
	provider.SetToken("")
	r := tokens3.Create(ctx, identity, &tokens3.AuthOptions{TokenID: token, Scope: scope})
	return mapError(op, r.Err)
}
