//go:build !js

package proxy

import (
	"bytes"
	"encoding/json"
	"strings"
)

// maxRewriteBody is the largest Keystone body the proxy rewrites (or reads a catalog
// from); larger ones pass through as they are.
const maxRewriteBody = 8 << 20

// identityRewriter points a Keystone body at this origin: the catalog of a token
// (POST/GET /v3/auth/tokens, GET /v3/auth/catalog) lists origin/identity,
// origin/load-balancer and origin/network, and links to Keystone itself (version
// discovery, "self" links) start with origin/identity. Other services of the catalog
// are left as they are.
type identityRewriter struct {
	keystoneBase string // e.g. http://127.0.0.1:5000 or http://host/identity
}

// rewrite returns body rewritten for origin, or body itself when it is not JSON.
func (rw identityRewriter) rewrite(body []byte, origin string) []byte {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return body
	}
	m, ok := doc.(map[string]any)
	if !ok {
		return body
	}
	if tok, ok := m["token"].(map[string]any); ok {
		rw.rewriteCatalog(tok["catalog"], origin)
	}
	rw.rewriteCatalog(m["catalog"], origin)
	rw.rewriteLinks(doc, origin)
	out, err := json.Marshal(doc)
	if err != nil {
		return body
	}
	return out
}

func (rw identityRewriter) rewriteCatalog(catalog any, origin string) {
	services, _ := catalog.([]any)
	for _, s := range services {
		svc, _ := s.(map[string]any)
		typ, _ := svc["type"].(string)
		if !proxied(typ) {
			continue
		}
		prefix := Prefix(typ)
		eps, _ := svc["endpoints"].([]any)
		for _, e := range eps {
			ep, _ := e.(map[string]any)
			if ep == nil {
				continue
			}
			u, _ := ep["url"].(string)
			if typ == Identity {
				// keep a version suffix (http://keystone:5000/v3 → origin/identity/v3)
				if rest, ok := rw.underKeystone(u); ok {
					ep["url"] = origin + prefix + rest
					continue
				}
			}
			ep["url"] = origin + prefix
		}
	}
}

// rewriteLinks rewrites every href/self/next/previous link into Keystone.
func (rw identityRewriter) rewriteLinks(v any, origin string) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if s, ok := x.(string); ok {
				switch k {
				case "href", "self", "next", "previous":
					if rest, ok := rw.underKeystone(s); ok {
						v[k] = origin + Prefix(Identity) + rest
					}
				}
				continue
			}
			if k == "catalog" {
				continue
			}
			rw.rewriteLinks(x, origin)
		}
	case []any:
		for _, x := range v {
			rw.rewriteLinks(x, origin)
		}
	}
}

// underKeystone reports whether u is Keystone's base or below it, and the rest of its path.
func (rw identityRewriter) underKeystone(u string) (string, bool) {
	base := strings.TrimRight(rw.keystoneBase, "/")
	if u == base {
		return "", true
	}
	if strings.HasPrefix(u, base+"/") || strings.HasPrefix(u, base+"?") {
		return u[len(base):], true
	}
	return "", false
}
