//go:build !js

package proxy

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"strconv"
)

// clientBody is a request body read in full before anything goes upstream (API
// bodies are small JSON documents): a body over the limit gets the same 413 whether
// it came with a Content-Length or chunked, and a client that stops sending costs
// no upstream connection.
type clientBody struct {
	data []byte // nil: the request has no body
}

// readBody reads r's body, at most p.maxBody bytes. It answers the client itself
// and returns false when the body is too large (413) or does not arrive (408).
func (p *Proxy) readBody(w http.ResponseWriter, r *http.Request) (*clientBody, bool) {
	if r.ContentLength > p.maxBody {
		p.tooLarge(w)
		return nil, false
	}
	if r.Body == nil || r.Body == http.NoBody {
		return &clientBody{}, true
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, p.maxBody))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		p.tooLarge(w)
		return nil, false
	case err != nil:
		w.Header().Set("Connection", "close")
		WriteFault(w, http.StatusRequestTimeout, "The request body did not arrive.")
		return nil, false
	}
	if data == nil {
		data = []byte{}
	}
	return &clientBody{data: data}, true
}

func (p *Proxy) tooLarge(w http.ResponseWriter) {
	w.Header().Set("Connection", "close")
	WriteFault(w, http.StatusRequestEntityTooLarge, "Request body too large: the limit is %d bytes.", p.maxBody)
}

// attach sets the body (and its length) of the outgoing request.
func (b *clientBody) attach(out *http.Request) {
	if b == nil || b.data == nil {
		return
	}
	out.Body = io.NopCloser(bytes.NewReader(b.data))
	out.ContentLength = int64(len(b.data))
	out.TransferEncoding = nil
	out.Header.Set("Content-Length", strconv.Itoa(len(b.data)))
	out.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b.data)), nil }
}
