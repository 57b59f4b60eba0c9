package labcloud

import (
	"net"
	"net/http"
	"net/http/httptest"
	"time"
)

// Server is a Cloud listening on a loopback port, like httptest.Server.
type Server struct {
	// URL is the base URL, http://127.0.0.1:port, with no trailing slash.
	// Keystone is at URL + "/identity/v3".
	URL   string
	Cloud *Cloud

	srv *httptest.Server
}

// NewServer starts a Cloud on 127.0.0.1:0. Options.PublicURL defaults to
// the server's URL, so the catalog points back at it. Close it when done.
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
	srv := &httptest.Server{Listener: l, Config: &http.Server{Handler: c, ReadHeaderTimeout: 30 * time.Second}}
	srv.Start()
	return &Server{URL: url, Cloud: c, srv: srv}
}

// Close shuts the server down and waits for its requests to finish.
func (s *Server) Close() {
	s.srv.Close()
}
