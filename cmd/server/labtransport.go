//go:build !js

package main

import (
	"io"
	"net/http"
	"strconv"
	"sync"
)

// inProcessTransport sends requests for one host (the lab cloud's loopback address)
// straight to its handler, in this process, without a socket; others go to next. The
// response body streams through a pipe as the handler writes it. Lab mode only: the
// lab runs in this process anyway, so the proxy saves a TCP hop per request.
type inProcessTransport struct {
	host    string
	handler http.Handler
	next    http.RoundTripper
}

func (t *inProcessTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host != t.host {
		return t.next.RoundTrip(req)
	}
	in := req.Clone(req.Context())
	in.RequestURI = req.URL.RequestURI()
	in.RemoteAddr = "127.0.0.1:0"
	if in.Host == "" {
		in.Host = req.URL.Host
	}
	if in.Body == nil {
		in.Body = http.NoBody
	}
	pr, pw := io.Pipe()
	w := &pipeResponseWriter{header: http.Header{}, body: pw, ready: make(chan struct{})}
	go func() {
		defer func() {
			if v := recover(); v != nil { // like net/http: the answer is cut short
				pw.CloseWithError(io.ErrUnexpectedEOF)
				w.writeHeader(http.StatusInternalServerError)
				return
			}
			w.writeHeader(http.StatusOK)
			pw.Close()
		}()
		t.handler.ServeHTTP(w, in)
	}()
	select {
	case <-w.ready:
	case <-req.Context().Done():
		pr.CloseWithError(req.Context().Err())
		return nil, req.Context().Err()
	}
	resp := &http.Response{
		Status:        strconv.Itoa(w.code) + " " + http.StatusText(w.code),
		StatusCode:    w.code,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        w.sent,
		Body:          pr,
		ContentLength: -1,
		Request:       req,
	}
	if n, err := strconv.ParseInt(w.sent.Get("Content-Length"), 10, 64); err == nil {
		resp.ContentLength = n
	}
	if req.Method == http.MethodHead || w.code == http.StatusNoContent || w.code == http.StatusNotModified {
		resp.Body = http.NoBody
		pr.Close()
	}
	go func() { // a client that gives up unblocks the handler's writes
		<-req.Context().Done()
		pr.CloseWithError(req.Context().Err())
	}()
	return resp, nil
}

// pipeResponseWriter hands a handler's status and headers over at the first write or
// WriteHeader, then its body through a pipe.
type pipeResponseWriter struct {
	header http.Header
	sent   http.Header
	code   int
	body   *io.PipeWriter
	once   sync.Once
	ready  chan struct{}
}

func (w *pipeResponseWriter) Header() http.Header { return w.header }

func (w *pipeResponseWriter) WriteHeader(code int) {
	if code >= 100 && code < 200 {
		return // informational answers are not passed on
	}
	w.writeHeader(code)
}

func (w *pipeResponseWriter) writeHeader(code int) {
	w.once.Do(func() {
		w.code = code
		w.sent = w.header.Clone()
		close(w.ready)
	})
}

func (w *pipeResponseWriter) Write(p []byte) (int, error) {
	w.writeHeader(http.StatusOK)
	return w.body.Write(p)
}

// Flush is a no-op: pipe writes are handed over as they happen.
func (w *pipeResponseWriter) Flush() {}
