//go:build !js

package main

import "net/http"

// labRoute sends the requests for one host (the lab cloud's) to lab, an
// in-process labcloud.Transport, and the others to next.
type labRoute struct {
	host string
	lab  http.RoundTripper
	next http.RoundTripper
}

func (t *labRoute) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host == t.host {
		return t.lab.RoundTrip(req)
	}
	return t.next.RoundTrip(req)
}
