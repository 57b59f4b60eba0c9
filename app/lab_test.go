package app

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
)

// The app's tests reach the lab cloud in process (labcloud.Transport: no
// socket, fine in a testing/synctest bubble) through one helper, labVia.

// labAs logs user (password: the same) in to project of an in-memory lab cloud.
func labAs(t *testing.T, cloud *labcloud.Cloud, user, project string) *octavia.Client {
	t.Helper()
	return labVia(t, labcloud.Transport(cloud), user, project)
}

// labVia logs user (password: the same) in to project of the lab that rt
// reaches (labcloud.Transport, or a recorder wrapping it).
func labVia(t *testing.T, rt http.RoundTripper, user, project string) *octavia.Client {
	t.Helper()
	c, err := octavia.New(t.Context(), octavia.Config{AuthURL: "http://lab.test/identity/v3", Username: user, Password: user,
		UserDomainName: "Default", ProjectName: project, ProjectDomainName: "Default", HTTPClient: &http.Client{Transport: rt}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// recorder is the app tests' one request recorder: a RoundTripper in front
// of the lab (labcloud.Transport) that notes every request (method, path,
// query, body) and passes it on.
type recorder struct {
	next http.RoundTripper
	mu   sync.Mutex
	reqs []recorded
}

// recorded is one request a recorder saw.
type recorded struct {
	Method, Path, Query string
	Body                []byte
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
		req.Body.Close()
		req.Body = io.NopCloser(bytes.NewReader(body))
	}
	r.mu.Lock()
	r.reqs = append(r.reqs, recorded{Method: req.Method, Path: req.URL.Path, Query: req.URL.RawQuery, Body: body})
	r.mu.Unlock()
	return r.next.RoundTrip(req)
}

// matching are the requests of method (any when "") whose path ends in
// suffix, in order.
func (r *recorder) matching(method, suffix string) []recorded {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []recorded
	for _, q := range r.reqs {
		if (method == "" || q.Method == method) && strings.HasSuffix(q.Path, suffix) {
			out = append(out, q)
		}
	}
	return out
}

// count is how many GETs went to a path ending in suffix.
func (r *recorder) count(suffix string) int { return len(r.matching(http.MethodGet, suffix)) }

// reset forgets what was recorded.
func (r *recorder) reset() {
	r.mu.Lock()
	r.reqs = nil
	r.mu.Unlock()
}

// labRecorded logs user in to project of cloud through a recorder, which
// it returns with the client.
func labRecorded(t *testing.T, cloud *labcloud.Cloud, user, project string) (*octavia.Client, *recorder) {
	t.Helper()
	rec := &recorder{next: labcloud.Transport(cloud)}
	return labVia(t, rec, user, project), rec
}
