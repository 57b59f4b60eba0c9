//go:build !js

package proxy

import (
	"context"
	"net/http"
	"net/url"
)

// ValidateToken asks the Keystone at keystone (any URL KeystoneBase accepts)
// about token with GET /v3/auth/tokens, the token validating itself (it is both
// X-Auth-Token and X-Subject-Token, which Keystone's default policy allows).
// query is the request's raw query: "" for the token with its catalog,
// "nocatalog" for the token alone. The error is client.Do's; the caller judges
// the answer's status (ValidateToken does not) and reads and closes its body.
func ValidateToken(ctx context.Context, client *http.Client, keystone *url.URL, query, token string) (*http.Response, error) {
	u := KeystoneBase(keystone)
	u.Path += "/v3/auth/tokens"
	u.RawQuery = query
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("X-Auth-Token", token)
	req.Header.Set("X-Subject-Token", token)
	req.Header.Set("Accept", "application/json")
	return client.Do(req)
}
