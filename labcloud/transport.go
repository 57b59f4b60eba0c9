package labcloud

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"sync"
)

// Transport returns an http.RoundTripper that serves every request with h in
// this process, without a socket: the lab server's own path for its
// in-process upstream, and the way tests reach a Cloud inside a
// testing/synctest bubble (sockets cannot live in one). The handler runs on
// its own goroutine and the response body streams through a pipe as it
// writes; the response arrives at its first write or WriteHeader. A request
// whose context ends, or a body closed early, unblocks the handler's writes.
// A handler that panics cuts the body short with io.ErrUnexpectedEOF, as
// net/http does.
func Transport(h http.Handler) http.RoundTripper { return transport{h} }

type transport struct{ h http.Handler }

func (t transport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	in := req.Clone(ctx)
	in.RequestURI = req.URL.RequestURI()
	if in.RemoteAddr == "" {
		in.RemoteAddr = "127.0.0.1:0"
	}
	if in.Host == "" {
		in.Host = req.URL.Host
	}
	if in.Body == nil {
		in.Body = http.NoBody
	}
	pr, pw := io.Pipe()
	w := &pipeWriter{header: http.Header{}, body: pw, ready: make(chan struct{})}
	go func() {
		defer func() {
			if v := recover(); v != nil {
				pw.CloseWithError(io.ErrUnexpectedEOF)
				w.writeHeader(http.StatusInternalServerError)
				return
			}
			w.writeHeader(http.StatusOK)
			pw.Close()
		}()
		t.h.ServeHTTP(w, in)
	}()
	// A client that gives up unblocks the handler's writes; AfterFunc starts
	// no goroutine until then, so nothing is left behind in a bubble.
	stop := context.AfterFunc(ctx, func() { pr.CloseWithError(context.Cause(ctx)) })
	select {
	case <-w.ready:
	case <-ctx.Done():
		stop()
		pr.CloseWithError(ctx.Err())
		return nil, ctx.Err()
	}
	resp := &http.Response{
		Status:        strconv.Itoa(w.code) + " " + http.StatusText(w.code),
		StatusCode:    w.code,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        w.sent,
		Body:          &pipeBody{PipeReader: pr, stop: stop},
		ContentLength: -1,
		Request:       req,
	}
	if n, err := strconv.ParseInt(w.sent.Get("Content-Length"), 10, 64); err == nil {
		resp.ContentLength = n
	}
	if req.Method == http.MethodHead || w.code == http.StatusNoContent || w.code == http.StatusNotModified {
		resp.Body.Close()
		resp.Body = http.NoBody
	}
	return resp, nil
}

// pipeBody is the response body: closing it releases the context hook and
// unblocks a handler still writing.
type pipeBody struct {
	*io.PipeReader
	stop func() bool
}

func (b *pipeBody) Close() error {
	b.stop()
	return b.PipeReader.Close()
}

// pipeWriter hands a handler's status and headers over at the first write
// or WriteHeader, then its body through a pipe.
type pipeWriter struct {
	header http.Header
	sent   http.Header
	code   int
	body   *io.PipeWriter
	once   sync.Once
	ready  chan struct{}
}

func (w *pipeWriter) Header() http.Header { return w.header }

func (w *pipeWriter) WriteHeader(code int) {
	if code >= 100 && code < 200 {
		return // informational answers are not passed on
	}
	w.writeHeader(code)
}

func (w *pipeWriter) writeHeader(code int) {
	w.once.Do(func() {
		w.code = code
		w.sent = w.header.Clone()
		close(w.ready)
	})
}

func (w *pipeWriter) Write(p []byte) (int, error) {
	w.writeHeader(http.StatusOK)
	return w.body.Write(p)
}

// Flush is a no-op: pipe writes are handed over as they happen.
func (w *pipeWriter) Flush() {}
