//go:build !js

package proxy

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/octaview/octaview/octavia"
)

// Fault is the body of an Octavia error: {"faultcode":"Server","faultstring":"...","debuginfo":null}.
type Fault struct {
	Code      string  `json:"faultcode"`
	String    string  `json:"faultstring"`
	DebugInfo *string `json:"debuginfo"`
}

// WriteFault answers status with an Octavia-style fault and a request id (a new
// req-<uuid> when the response has none yet). Client errors (4xx) have faultcode
// "Client", others "Server", like Octavia. Faults are never cached.
func WriteFault(w http.ResponseWriter, status int, format string, args ...any) {
	code := "Server"
	if status < 500 {
		code = "Client"
	}
	writeFaultBody(w, status, Fault{Code: code, String: fmt.Sprintf(format, args...)})
}

// writeFaultBody answers status with body as JSON, a request id (a new one
// when the response has none yet), never cached.
func writeFaultBody(w http.ResponseWriter, status int, body any) {
	raw, _ := json.Marshal(body)
	h := w.Header()
	if h.Get(octavia.RequestIDHeader) == "" {
		h.Set(octavia.RequestIDHeader, NewRequestID())
	}
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", fmt.Sprint(len(raw)))
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(raw)
}

// WriteServiceFault answers status as service itself would, so that its own
// clients (python-barbicanclient, novaclient, neutronclient) print the message:
// Barbican {"code","title","description"}, Nova {"forbidden":{"code","message"}},
// Neutron {"NeutronError":{"type","message","detail"}}; the others, and ""
// (not below a proxied prefix), an Octavia-style fault (WriteFault).
func WriteServiceFault(w http.ResponseWriter, service string, status int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	var body any
	switch service {
	case KeyManager:
		body = map[string]any{"code": status, "title": http.StatusText(status), "description": msg}
	case Compute, Image:
		body = map[string]any{novaFaultName(status): map[string]any{"code": status, "message": msg}}
	case Network:
		body = map[string]any{"NeutronError": map[string]string{"type": "HTTP" + strings.ReplaceAll(http.StatusText(status), " ", ""), "message": msg, "detail": ""}}
	default:
		WriteFault(w, status, "%s", msg)
		return
	}
	writeFaultBody(w, status, body)
}

// novaFaultName is the key Nova names a fault body with (webob's exception
// name, first letter lower case: HTTPForbidden → "forbidden").
func novaFaultName(status int) string {
	switch status {
	case http.StatusBadRequest:
		return "badRequest"
	case http.StatusForbidden:
		return "forbidden"
	case http.StatusNotFound:
		return "itemNotFound"
	case http.StatusMethodNotAllowed:
		return "methodNotAllowed"
	}
	return "computeFault"
}

// NewRequestID returns an OpenStack request id, req-<uuid v4>.
func NewRequestID() string {
	var b [16]byte
	rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("req-%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
