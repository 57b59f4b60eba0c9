package site

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
)

// Paths of the services the server proxies, below the origin that served
// the app (docs/operating.md lists every route of the server; the paths of its own
// API are serverapi's).
const (
	IdentityPath     = "/identity/v3"
	loadBalancerPath = "/load-balancer/"
	networkPath      = "/network/"
)

// OriginOf is the scheme://host[:port] of u, without a trailing slash.
func OriginOf(u *url.URL) string {
	return u.Scheme + "://" + u.Host
}

// ClientConfig is the octavia client's configuration in the browser: every
// service through the server that served the app (origin), password
// authentication scoped to project, user and project in domain.
func ClientConfig(origin, user, password, domain, project string) octavia.Config {
	origin = strings.TrimSuffix(origin, "/")
	if domain == "" {
		domain = "Default"
	}
	return octavia.Config{
		AuthURL:              origin + IdentityPath,
		Username:             user,
		Password:             password,
		UserDomainName:       domain,
		ProjectName:          project,
		ProjectDomainName:    domain,
		LoadBalancerEndpoint: origin + loadBalancerPath,
		NetworkEndpoint:      origin + networkPath,
	}
}

// GetJSON GETs origin+path with hc and decodes its JSON body into v. It
// blocks: call it in ctx.Async.
func GetJSON(ctx context.Context, hc *http.Client, origin, path string, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, origin+path, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return fmt.Errorf("get %s: %w", path, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("get %s: %s", path, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		return fmt.Errorf("get %s: decoding: %w", path, err)
	}
	return nil
}

// writerRoles are the roles with which Octavia's default policy lets a
// user write (create, update, delete).
var writerRoles = []string{"admin", "member", "load-balancer_member", "load-balancer_admin", "load-balancer_global_admin"}

// readOnlyFor reports whether the UI hides its write controls: the server
// runs read-only, or the user's roles (when known) include none that may
// write — a reader.
func ReadOnlyFor(cfg serverapi.Config, roles []string) bool {
	if cfg.ReadOnly {
		return true
	}
	if len(roles) == 0 {
		return false
	}
	for _, r := range roles {
		for _, w := range writerRoles {
			if strings.EqualFold(r, w) {
				return false
			}
		}
	}
	return true
}
