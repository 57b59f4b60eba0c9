//go:build !js

package proxy

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"

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
	body, _ := json.Marshal(Fault{Code: code, String: fmt.Sprintf(format, args...)})
	h := w.Header()
	if h.Get(octavia.RequestIDHeader) == "" {
		h.Set(octavia.RequestIDHeader, NewRequestID())
	}
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", fmt.Sprint(len(body)))
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(body)
}

// NewRequestID returns an OpenStack request id, req-<uuid v4>.
func NewRequestID() string {
	var b [16]byte
	rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("req-%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
