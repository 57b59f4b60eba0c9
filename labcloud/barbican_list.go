// Barbican's lists: the caller's project's secrets or containers,
// filtered, sorted and cut in pages by limit and offset.

package labcloud

import (
	"cmp"
	"net/http"
	"slices"
	"strings"
	"time"
)

// listSecrets is GET /v1/secrets: the caller's project's secrets (or, with
// acl_only=true, those whose read ACL names the caller), not expired,
// filtered by name, alg and mode (SQL LIKE patterns, as Barbican), secret_type
// and bits, oldest first.
func (c barbicanService) listSecrets(w http.ResponseWriter, r *http.Request, k *kmCaller, _ []byte, now time.Time) {
	if !(k.admin || k.creator || k.observer) || k.project == "" {
		forbidden(w, "Secret(s) retrieval")
		return
	}
	q := r.URL.Query()
	sortKeys, ok := parseSecretSort(q.Get("sort"))
	if !ok {
		barbicanError(w, http.StatusBadRequest, "URI provided invalid query string parameters.")
		return
	}
	aclOnly := strings.EqualFold(q.Get("acl_only"), "true")
	bits, _ := atoiOK(q.Get("bits"))
	var sel []*secret
	for _, s := range c.keys.secretOrder {
		switch {
		case s.expired(now),
			aclOnly && !s.acl.names(k.user),
			!aclOnly && s.projectID != k.project,
			!likeFilter(unquotePlus(q.Get("name")), s.name),
			q.Get("secret_type") != "" && s.secretType != q.Get("secret_type"),
			!likeFilter(q.Get("alg"), s.algorithm),
			!likeFilter(q.Get("mode"), s.mode),
			bits > 0 && (s.bitLength == nil || *s.bitLength != bits):
			continue
		}
		sel = append(sel, s)
	}
	slices.SortStableFunc(sel, func(a, b *secret) int {
		for _, sk := range sortKeys {
			if n := sk.compare(a, b); n != 0 {
				return n
			}
		}
		return 0
	})
	base := c.barbicanBase(r)
	items := make([]any, len(sel))
	for i, s := range sel {
		items[i] = s.view(base)
	}
	offset, limit := listWindow(r)
	writePage(w, r, base, "secrets", items, offset, limit)
}

// listContainers is GET /v1/containers: the project's containers, filtered
// by name and type, oldest first.
func (c barbicanService) listContainers(w http.ResponseWriter, r *http.Request, k *kmCaller, _ []byte, _ time.Time) {
	if !(k.admin || k.creator || k.observer) || k.project == "" {
		forbidden(w, "Containers(s) retrieval")
		return
	}
	q := r.URL.Query()
	base := c.barbicanBase(r)
	items := []any{}
	for _, ct := range c.keys.containerOrder {
		if ct.projectID != k.project ||
			!likeFilter(q.Get("name"), ct.name) ||
			(q.Get("type") != "" && ct.typ != q.Get("type")) {
			continue
		}
		items = append(items, ct.view(base))
	}
	offset, limit := listWindow(r)
	writePage(w, r, base, "containers", items, offset, limit)
}

// secretSort is one key of a list's sort parameter ("name:desc").
type secretSort struct {
	key  string
	desc bool
}

// parseSecretSort reads sort=key[:asc|desc],... with the keys Barbican
// allows; false when it refuses them.
func parseSecretSort(spec string) ([]secretSort, bool) {
	if spec == "" {
		return nil, true
	}
	var out []secretSort
	for part := range strings.SplitSeq(spec, ",") {
		key, dir, hasDir := strings.Cut(part, ":")
		if !hasDir {
			dir = "asc"
		}
		if strings.Contains(dir, ":") || (dir != "asc" && dir != "desc") ||
			!slices.Contains([]string{"algorithm", "bit_length", "created", "expiration", "mode", "name", "secret_type", "status", "updated"}, key) {
			return nil, false
		}
		out = append(out, secretSort{key, dir == "desc"})
	}
	return out, true
}

// compare orders a and b by the key (a missing value first, as MySQL
// sorts NULL).
func (sk secretSort) compare(a, b *secret) int {
	str := func(p *string) string {
		if p == nil {
			return ""
		}
		return "\x01" + *p
	}
	var n int
	switch sk.key {
	case "name":
		n = strings.Compare(str(a.name), str(b.name))
	case "algorithm":
		n = strings.Compare(str(a.algorithm), str(b.algorithm))
	case "mode":
		n = strings.Compare(str(a.mode), str(b.mode))
	case "secret_type":
		n = strings.Compare(a.secretType, b.secretType)
	case "bit_length":
		bits := func(p *int) int {
			if p == nil {
				return 0
			}
			return *p
		}
		n = cmp.Compare(bits(a.bitLength), bits(b.bitLength))
	case "created":
		n = a.created.Compare(b.created)
	case "updated":
		n = a.updated.Compare(b.updated)
	case "expiration":
		n = a.expiration.Compare(b.expiration)
	}
	if sk.desc {
		return -n
	}
	return n
}

// listWindow is Barbican's offset and limit of a list: a limit that is not
// a number is the default (10), one out of range is clipped to 1..100; a
// bad offset is 0.
func listWindow(r *http.Request) (offset, limit int) {
	q := r.URL.Query()
	limit = barbicanPageDefault
	if s := q.Get("limit"); s != "" {
		if n, ok := atoiOK(s); ok {
			limit = min(max(n, 1), barbicanPageMax)
		}
	}
	if n, ok := atoiOK(q.Get("offset")); ok && n > 0 {
		offset = n
	}
	return offset, limit
}

// writePage answers a Barbican list: the window of items, previous and next
// links that carry only limit and offset (Barbican drops the filters), and
// the total.
func writePage(w http.ResponseWriter, r *http.Request, base, key string, items []any, offset, limit int) {
	total := len(items)
	page := []any{}
	if offset < total {
		page = items[offset:min(offset+limit, total)]
	}
	out := map[string]any{key: page, "total": total}
	if len(page) > 0 {
		link := func(off int) string { return base + "/v1/" + key + "?limit=" + itoa(limit) + "&offset=" + itoa(off) }
		if offset > 0 {
			out["previous"] = link(max(0, offset-limit))
		}
		if total > offset+limit {
			out["next"] = link(offset + limit)
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// sqlLike reports whether s matches pattern as Barbican's SQL LIKE filters
// do on MariaDB's default collation: % is any run, _ any one character,
// case-insensitive.
func sqlLike(pattern, s string) bool {
	p, t := []rune(strings.ToLower(pattern)), []rune(strings.ToLower(s))
	// match[j] reports whether p[:i] matches t[:j], row by row
	match := make([]bool, len(t)+1)
	match[0] = true
	for _, pc := range p {
		next := make([]bool, len(t)+1)
		if pc == '%' {
			next[0] = match[0]
		}
		for j := 1; j <= len(t); j++ {
			switch pc {
			case '%':
				next[j] = match[j] || next[j-1]
			case '_':
				next[j] = match[j-1]
			default:
				next[j] = match[j-1] && t[j-1] == pc
			}
		}
		match = next
	}
	return match[len(t)]
}

// likeFilter reports whether an optional value passes a LIKE filter
// ("" = no filter; a missing value never matches one).
func likeFilter(pattern string, v *string) bool {
	return pattern == "" || (v != nil && sqlLike(pattern, *v))
}

// unquotePlus is Python's urllib.parse.unquote_plus, which Barbican applies
// to the name filter after the query was decoded once: "+" is a space, a
// valid %XX its byte (bytes that are not UTF-8 become U+FFFD, which no
// name holds), anything else stays.
func unquotePlus(s string) string {
	s = strings.ReplaceAll(s, "+", " ")
	if !strings.Contains(s, "%") {
		return s
	}
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}
