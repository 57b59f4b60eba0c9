//go:build !js

package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
)

type recordingTransport struct{ got []string }

func (r *recordingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	r.got = append(r.got, req.URL.String())
	return &http.Response{StatusCode: 200, Body: http.NoBody, Header: http.Header{}, Request: req}, nil
}

func TestInProcessTransport(t *testing.T) {
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/created":
			body, _ := io.ReadAll(r.Body)
			w.Header().Set("X-Openstack-Request-Id", "req-1")
			w.Header().Set("Content-Length", "13")
			w.WriteHeader(http.StatusCreated)
			io.WriteString(w, "got "+string(body)+" "+r.Host[:4])
		case "/empty":
			w.WriteHeader(http.StatusNoContent)
		case "/implicit":
			io.WriteString(w, r.URL.RawQuery)
		case "/panic":
			io.WriteString(w, "partial")
			panic("boom")
		}
	})
	next := &recordingTransport{}
	tr := &inProcessTransport{host: "127.0.0.1:5000", handler: handler, next: next}
	tests := []struct {
		name, method, url, body string
		wantCode                int
		wantBody                string
		wantErr                 bool
	}{
		{"status, headers and body", "POST", "http://127.0.0.1:5000/created", "abcd", 201, "got abcd 127.", false},
		{"no content", "DELETE", "http://127.0.0.1:5000/empty", "", 204, "", false},
		{"implicit 200 with the query", "GET", "http://127.0.0.1:5000/implicit?limit=2", "", 200, "limit=2", false},
		{"a panic cuts the body", "GET", "http://127.0.0.1:5000/panic", "", 200, "partial", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var body io.Reader
			if tt.body != "" {
				body = strings.NewReader(tt.body)
			}
			req, _ := http.NewRequest(tt.method, tt.url, body)
			resp, err := tr.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			b, err := io.ReadAll(resp.Body)
			if resp.StatusCode != tt.wantCode || string(b) != tt.wantBody || (err != nil) != tt.wantErr {
				t.Errorf("got %d %q (%v), want %d %q (error: %v)", resp.StatusCode, b, err, tt.wantCode, tt.wantBody, tt.wantErr)
			}
			if tt.wantCode == 201 && (resp.Header.Get("X-Openstack-Request-Id") != "req-1" || resp.ContentLength != 13) {
				t.Errorf("got headers %v, length %d, want the handler's", resp.Header, resp.ContentLength)
			}
		})
	}
	req, _ := http.NewRequest("GET", "http://keystone.example:5000/v3", nil)
	if _, err := tr.RoundTrip(req); err != nil || len(next.got) != 1 || next.got[0] != "http://keystone.example:5000/v3" {
		t.Errorf("another host: got %v %v, want it sent to the next transport", next.got, err)
	}
	if len(next.got) != 1 {
		t.Errorf("the lab's requests went to the next transport: %v", next.got)
	}
}

func TestInProcessTransportStreamsAndStops(t *testing.T) {
	release := make(chan struct{})
	handlerDone := make(chan error, 1)
	tr := &inProcessTransport{host: "lab", next: &recordingTransport{}, handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "first\n")
		<-release
		var err error
		for err == nil { // writes until the client is gone
			_, err = io.WriteString(w, "more\n")
		}
		handlerDone <- err
	})}
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://lab/stream", nil)
	resp, err := tr.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(resp.Body).ReadString('\n')
	if line != "first\n" || err != nil {
		t.Fatalf("got %q %v, want the first line before the handler finished", line, err)
	}
	close(release)
	cancel()
	if err := <-handlerDone; !errors.Is(err, context.Canceled) && !errors.Is(err, io.ErrClosedPipe) {
		t.Errorf("the handler's write after the client left: got %v, want an error", err)
	}
}
