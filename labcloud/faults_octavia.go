package labcloud

import (
	"fmt"
	"html"
	"net/http"
	"strconv"
	"strings"
)

// apiError is an Octavia API exception: an HTTP code and a faultstring.
type apiError struct {
	code int
	msg  string
	html bool // webob's HTML page instead of the wsme fault
}

func (e *apiError) Error() string { return e.msg }

func errorf(code int, format string, args ...any) *apiError {
	return &apiError{code: code, msg: fmt.Sprintf(format, args...)}
}

// Octavia's exception messages (octavia/common/exceptions.py).
func notFound(resource, id string) *apiError {
	return errorf(http.StatusNotFound, "%s %s not found.", resource, id)
}

func invalidSubresource(resource, id string) *apiError {
	return errorf(http.StatusBadRequest, "%s %s not found.", resource, id)
}

func immutable(resource, id string) *apiError {
	return errorf(http.StatusConflict, "%s %s is immutable and cannot be updated.", resource, id)
}

func lbPendingState(state, id string) *apiError {
	return errorf(http.StatusConflict, "Invalid state %s of loadbalancer resource %s", state, id)
}

func validation(format string, args ...any) *apiError {
	return errorf(http.StatusBadRequest, "Validation failure: "+format, args...)
}

func quotaMet(resource string) *apiError {
	return errorf(http.StatusForbidden, "Quota has been met for resources: %s", resource)
}

var (
	errPolicy        = errorf(http.StatusForbidden, "Policy does not allow this request to be performed.")
	errInvalidFilter = errorf(http.StatusBadRequest, "One or more arguments are either duplicate or invalid")
)

// writeFault answers with Octavia's wsme fault body.
func writeFault(w http.ResponseWriter, err *apiError) {
	code := "Client"
	if err.code >= 500 {
		code = "Server"
	}
	writeJSON(w, err.code, struct {
		FaultCode   string  `json:"faultcode"`
		FaultString string  `json:"faultstring"`
		DebugInfo   *string `json:"debuginfo"`
	}{code, err.msg, nil})
}

// writeWebobError answers as webob does when Octavia raises before wsme
// (bad limit, bad sort direction): JSON {code, title, description} for a
// client that accepts JSON, an HTML page otherwise.
func writeWebobError(w http.ResponseWriter, r *http.Request, err *apiError) {
	if strings.Contains(r.Header.Get("Accept"), "json") {
		writeJSON(w, err.code, map[string]any{"code": err.code, "title": http.StatusText(err.code), "description": err.msg})
		return
	}
	writeWebobPage(w, err)
}

func writeWebobPage(w http.ResponseWriter, err *apiError) {
	status := fmt.Sprintf("%d %s", err.code, http.StatusText(err.code))
	body := "<html>\n <head>\n  <title>" + status + "</title>\n </head>\n <body>\n  <h1>" + status +
		"</h1>\n  The server could not comply with the request since it is either malformed or otherwise incorrect.<br /><br />\n" +
		strings.ReplaceAll(html.EscapeString(err.msg), "&#39;", "&#x27;") + "\n\n\n </body>\n</html>"
	w.Header().Set("Content-Type", "text/html; charset=UTF-8")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(err.code)
	w.Write([]byte(body))
}
