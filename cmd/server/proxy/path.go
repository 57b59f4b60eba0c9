//go:build !js

package proxy

import (
	"net/http"
	"path"
	"strings"
)

// pathBelow is the path guard: it returns the path of r below prefix ("" for the
// prefix itself), or false when it is not a clean path: dot segments (encoded or
// not), empty segments (//host), encoded slashes or backslashes, control characters.
func pathBelow(r *http.Request, prefix string) (string, bool) {
	p := r.URL.Path
	if p != prefix && !strings.HasPrefix(p, prefix+"/") {
		return "", false
	}
	raw := strings.ToLower(r.URL.EscapedPath())
	if strings.Contains(raw, "%2f") || strings.Contains(raw, "%5c") || strings.Contains(raw, "%2e") || strings.Contains(raw, "%00") {
		return "", false
	}
	if strings.ContainsAny(p, "\\\x00\r\n\t") || strings.Contains(p, "//") {
		return "", false
	}
	clean := path.Clean(p)
	if strings.HasSuffix(p, "/") && clean != "/" {
		clean += "/"
	}
	if clean != p {
		return "", false
	}
	return p[len(prefix):], true
}
