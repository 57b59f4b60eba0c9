//go:build !js

package proxy

import (
	"net/http"
	"strings"
)

// Headers a client must never send upstream because an OpenStack service,
// or a proxy in front of it, may take them as facts: keystonemiddleware's
// auth_token sets these on each request it validates (the identity of the
// token: X-Roles, X-Identity-Status, X-User-Id, X-Project-Id, their
// X-Service-* twins, the deprecated X-Tenant*, X-Role and X-User) and
// removes what a client sent only where it runs, so a service behind a
// misconfigured pipeline, or a sidecar that trusts them, would believe a
// trainee who wrote X-Roles: admin. Via names the proxies a request went
// through, which the client does not know. The proxy sets X-Auth-Token
// (and X-Subject-Token for Keystone) itself, so every other X-Auth-* goes.
var forgedIdentityHeaders = []string{
	"Via",
	"X-Identity-Status", "X-Service-Identity-Status",
	"X-Roles", "X-Role", "X-Service-Roles",
	"X-Domain-Id", "X-Domain-Name",
	"X-Project-Id", "X-Project-Name", "X-Project-Domain-Id", "X-Project-Domain-Name",
	"X-User-Id", "X-User-Name", "X-User-Domain-Id", "X-User-Domain-Name", "X-User",
	"X-Tenant-Id", "X-Tenant-Name", "X-Tenant",
	"X-Service-Catalog", "X-Is-Admin-Project", "Openstack-System-Scope", "X-System-Scope",
	"X-Trust-Id", "X-Trustor-Id", "X-Trustee-Id",
}

// forgedIdentityPrefixes are families of such headers: every X-Service-*
// (X-Service-Token, X-Service-User-Id, ...), every X-Auth-* but the token
// itself, and every X-Forwarded-* (the proxy sets For, Host and Proto
// after this).
var forgedIdentityPrefixes = []string{"X-Service-", "X-Auth-", "X-Forwarded-", "X-App-Cred-", "X-Application-Credential-"}

// stripForgedHeaders deletes from h what a client may not claim upstream:
// forgedIdentityHeaders and forgedIdentityPrefixes, keeping X-Auth-Token.
func stripForgedHeaders(h http.Header) {
	for _, k := range forgedIdentityHeaders {
		h.Del(k)
	}
	for k := range h {
		if k == "X-Auth-Token" {
			continue
		}
		for _, p := range forgedIdentityPrefixes {
			if strings.HasPrefix(k, p) {
				delete(h, k)
				break
			}
		}
	}
}
