package site

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/octaview/octaview/octavia"
)

// LoginErrorText is what a failed login says: Keystone's 401 as wrong
// credentials, an unreachable Keystone as such, with where it was tried.
func LoginErrorText(err error, authURL string) string {
	var e *octavia.Error
	if !errors.As(err, &e) {
		return "Keystone could not be reached at " + authURL + ": " + err.Error()
	}
	if e.StatusCode == http.StatusTooManyRequests && e.Fault != "" {
		return e.Fault // the server's login throttle: "… try again in N s."
	}
	switch e.Code {
	case octavia.EUNAUTHORIZED:
		return "Keystone refused these credentials (401): check the user name, password and domain."
	case octavia.ENOPROJECT:
		return "You have no project yet: ask an administrator for a role on one, then log in again."
	case octavia.EUNAVAILABLE, octavia.ETIMEOUT:
		s := "Keystone could not be reached at " + authURL
		if e.StatusCode != 0 {
			s += fmt.Sprintf(" (HTTP %d)", e.StatusCode)
		} else {
			s += " (no answer)"
		}
		s += "."
		if e.Fault != "" {
			s += " It said: " + e.Fault
		}
		return s + " Try again once it is back."
	}
	return "Login failed: " + octavia.Message(err)
}
