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

// MaxBufferedBodies is the default bound of request bodies being read or held at
// once, over all clients (503 beyond): with MaxRequestBody, at most 256 MiB.
const MaxBufferedBodies = 256

// readBody reads r's body, at most p.maxBody bytes, into a buffer sized from its
// Content-Length when known. It answers the client itself and returns false when the
// body is too large (413), malformed (400), does not arrive (408) or too many bodies
// are buffered already (503). On true, the caller calls release once the body is no
// longer needed.
func (p *Proxy) readBody(w http.ResponseWriter, r *http.Request) (body *clientBody, release func(), ok bool) {
	if r.ContentLength > p.maxBody {
		p.tooLarge(w)
		return nil, nil, false
	}
	if r.Body == nil || r.Body == http.NoBody {
		return &clientBody{}, func() {}, true
	}
	select {
	case p.bodies <- struct{}{}:
	default:
		w.Header().Set("Retry-After", "1")
		WriteFault(w, http.StatusServiceUnavailable, "The server is busy reading other request bodies: try again in a second.")
		return nil, nil, false
	}
	release = func() { <-p.bodies }
	data, err := readAtMost(http.MaxBytesReader(w, r.Body, p.maxBody), r.ContentLength, p.maxBody)
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		release()
		p.tooLarge(w)
		return nil, nil, false
	case err != nil && (isTimeout(err) || errors.Is(err, io.ErrUnexpectedEOF) || clientGone(r)):
		release()
		w.Header().Set("Connection", "close")
		WriteFault(w, http.StatusRequestTimeout, "The request body did not arrive.")
		return nil, nil, false
	case err != nil: // e.g. malformed chunked encoding
		release()
		w.Header().Set("Connection", "close")
		WriteFault(w, http.StatusBadRequest, "The request body could not be read: %v.", err)
		return nil, nil, false
	}
	return &clientBody{data: data}, release, true
}

// readAtMost reads rd to its end into a buffer of length n when n is known (≥ 0), or
// else one that grows by doubling but never beyond limit+1 bytes (rd is limited to
// limit bytes, and reads one more to tell).
func readAtMost(rd io.Reader, n, limit int64) ([]byte, error) {
	if n >= 0 {
		data := make([]byte, n)
		if _, err := io.ReadFull(rd, data); err != nil {
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
		return data, nil
	}
	data := make([]byte, 0, min(512, limit+1))
	for {
		if len(data) == cap(data) {
			grown := make([]byte, len(data), min(2*int64(cap(data)), limit+1))
			copy(grown, data)
			data = grown
		}
		k, err := rd.Read(data[len(data):cap(data)])
		data = data[:len(data)+k]
		if errors.Is(err, io.EOF) {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
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
