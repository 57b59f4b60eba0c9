package labcloud

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// Server is a Cloud listening on a loopback port, like httptest.Server (a
// plain net.Listener and http.Server, so production code may start one).
type Server struct {
	// URL is the base URL, http://127.0.0.1:port, with no trailing slash.
	// Keystone is at URL + "/identity/v3".
	URL   string
	Cloud *Cloud

	srv  *http.Server
	done chan struct{} // closed when Serve has returned
}

// closeGrace bounds how long Close waits for requests in flight.
const closeGrace = 5 * time.Second

// NewServer starts a Cloud on 127.0.0.1:0. Options.PublicURL defaults to
// the server's URL, so the catalog points back at it. Close it when done.
// It panics when it cannot listen, as httptest.NewServer does.
func NewServer(opts Options) *Server {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic("labcloud: listen: " + err.Error())
	}
	url := "http://" + l.Addr().String()
	if opts.PublicURL == "" {
		opts.PublicURL = url
	}
	c := New(opts)
	s := &Server{
		URL: url, Cloud: c, done: make(chan struct{}),
		srv: &http.Server{Handler: c, ReadHeaderTimeout: 30 * time.Second},
	}
	go func() {
		defer close(s.done)
		if err := s.srv.Serve(l); err != nil && !errors.Is(err, http.ErrServerClosed) {
			c.opts.Logger.Error("lab cloud server stopped", "err", err)
		}
	}()
	return s
}

// Close shuts the server down: it stops listening, waits up to 5 s for the
// requests in flight to finish, then closes every connection.
func (s *Server) Close() {
	ctx, cancel := context.WithTimeout(context.Background(), closeGrace)
	defer cancel()
	if err := s.srv.Shutdown(ctx); err != nil {
		s.srv.Close()
	}
	<-s.done
	// As httptest.Server.Close: drop the default client's idle
	// connections to the closed port.
	if t, ok := http.DefaultTransport.(interface{ CloseIdleConnections() }); ok {
		t.CloseIdleConnections()
	}
}
