//go:build !js

// A session refused: its fault, in the shapes both of its readers know,
// and the cookies that cannot be trusted cleared.

package proxy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/octaview/octaview/app/serverapi"
)

// Reasons of serverapi.SessionRefusedHeader.
const (
	refusedDuplicate = "duplicate" // two session cookies came with the request
	refusedChanged   = "changed"   // the cookie is another browser session's
	refusedTooLarge  = "too-large" // the token would not fit in a cookie
	refusedUser      = "user"      // a rescope answered another user's token
)

// refuseAnswer replaces an identity answer with a session fault (see
// writeSessionFault), after which nothing of Keystone's answer is left.
func refuseAnswer(resp *http.Response, status int, reason, format string, args ...any) {
	body := sessionFault(status, fmt.Sprintf(format, args...))
	resp.Body.Close()
	resp.StatusCode, resp.Status = status, fmt.Sprintf("%d %s", status, http.StatusText(status))
	for _, h := range []string{"X-Subject-Token", "Set-Cookie", "Content-Encoding", serverapi.SessionHeader} {
		resp.Header.Del(h)
	}
	resp.Header.Set("Content-Type", "application/json")
	resp.Header.Set("Content-Length", strconv.Itoa(len(body)))
	resp.Header.Set(serverapi.SessionRefusedHeader, reason)
	resp.Body = io.NopCloser(bytes.NewReader(body))
	resp.ContentLength = int64(len(body))
}

// refuse answers a request whose session cookies cannot be trusted:
// a 400 session fault, and every cookie of the session's name that the
// request's path may have received cleared (at "/" and at each prefix of
// the path, as a page on another port may set one with any path).
func (s *sessions) refuse(w http.ResponseWriter, r *http.Request, secure bool, reason, format string, args ...any) {
	h := w.Header()
	for _, path := range cookiePaths(r.URL.Path) {
		c := &http.Cookie{Name: s.cookieName(secure), Path: path, MaxAge: -1, HttpOnly: true, Secure: secure, SameSite: http.SameSiteStrictMode}
		h.Add("Set-Cookie", c.String())
	}
	h.Set(serverapi.SessionRefusedHeader, reason)
	writeSessionFault(w, http.StatusBadRequest, fmt.Sprintf(format, args...))
}

// cookiePaths are "/" and every prefix of path, with and without a
// trailing slash, at most 16 of them: the paths a cookie sent with a
// request for path may have been set with.
func cookiePaths(path string) []string {
	out := []string{"/"}
	for i := 1; i < len(path) && len(out) < 16; i++ {
		if path[i] == '/' {
			out = append(out, path[:i], path[:i+1])
		}
	}
	if len(path) > 1 && !strings.HasSuffix(path, "/") && len(out) < 16 {
		out = append(out, path)
	}
	return out
}

// sessionFault is the body of a session refusal in both shapes its
// readers know: Octavia's (faultcode, faultstring, debuginfo) and
// Keystone's (error: code, title, message).
func sessionFault(status int, msg string) []byte {
	code := "Client"
	if status >= 500 {
		code = "Server"
	}
	body, _ := json.Marshal(map[string]any{
		"faultcode": code, "faultstring": msg, "debuginfo": nil,
		"error": map[string]any{"code": status, "title": http.StatusText(status), "message": msg},
	})
	return body
}

func writeSessionFault(w http.ResponseWriter, status int, msg string) {
	body := sessionFault(status, msg)
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	h.Set("Cache-Control", "no-store")
	if h.Get("X-Openstack-Request-Id") == "" {
		h.Set("X-Openstack-Request-Id", NewRequestID())
	}
	w.WriteHeader(status)
	w.Write(body)
}
