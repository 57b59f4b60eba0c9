package labcloud

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"sync"
)

var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

func getBuf() *bytes.Buffer {
	b := bufPool.Get().(*bytes.Buffer)
	b.Reset()
	return b
}

func putBuf(b *bytes.Buffer) {
	if b.Cap() > 8<<20 {
		return
	}
	bufPool.Put(b)
}

// writeJSON encodes v into a pooled buffer and writes it with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b := getBuf()
	defer putBuf(b)
	if err := json.NewEncoder(b).Encode(v); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeBytes(w, status, b.Bytes())
}

// writeBytes writes an already encoded JSON body.
func writeBytes(w http.ResponseWriter, status int, body []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	w.Write(body)
}

// decodeBody reads a JSON request body into v.
func decodeBody(r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, 4<<20))
	dec.UseNumber()
	return dec.Decode(v)
}
