// Package labtest is how the app's tests reach the lab cloud in process
// (labcloud.Transport: no socket, fine in a testing/synctest bubble): Via
// signs a user in, Record also records the requests, Create makes an
// object and waits until it is ACTIVE (create.go), OneLB is a lab of one
// load balancer with its listener, pool and members (scenario.go). Only
// tests import it.
package labtest

import (
	"bufio"
	"bytes"
	"cmp"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
)

// As logs user (password: the same) in to project of an in-memory lab cloud.
func As(t *testing.T, cloud *labcloud.Cloud, user, project string) *octavia.Client {
	t.Helper()
	return Via(t, labcloud.Transport(cloud), user, project)
}

// Via logs user (password: the same) in to project of the lab that rt
// reaches (labcloud.Transport, or a recorder wrapping it).
func Via(t *testing.T, rt http.RoundTripper, user, project string) *octavia.Client {
	t.Helper()
	c, err := octavia.New(t.Context(), octavia.Config{AuthURL: "http://lab.test/identity/v3", Username: user, Password: user,
		UserDomainName: "Default", ProjectName: project, ProjectDomainName: "Default", HTTPClient: &http.Client{Transport: rt}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Recorder is the app tests' one request recorder: a RoundTripper in front
// of the lab (labcloud.Transport) that notes every request (method, path,
// query, body) and passes it on.
type Recorder struct {
	Next http.RoundTripper
	mu   sync.Mutex
	Reqs []recorded
}

// recorded is one request a recorder saw.
type recorded struct {
	Method, Path, Query string
	Body                []byte
}

func (r *Recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
		req.Body.Close()
		req.Body = io.NopCloser(bytes.NewReader(body))
	}
	r.mu.Lock()
	r.Reqs = append(r.Reqs, recorded{Method: req.Method, Path: req.URL.Path, Query: req.URL.RawQuery, Body: body})
	r.mu.Unlock()
	return r.Next.RoundTrip(req)
}

// Matching are the requests of method (any when "") whose path ends in
// suffix, in order.
func (r *Recorder) Matching(method, suffix string) []recorded {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []recorded
	for _, q := range r.Reqs {
		if (method == "" || q.Method == method) && strings.HasSuffix(q.Path, suffix) {
			out = append(out, q)
		}
	}
	return out
}

// Count is how many GETs went to a path ending in suffix.
func (r *Recorder) Count(suffix string) int { return len(r.Matching(http.MethodGet, suffix)) }

// Reset forgets what was recorded.
func (r *Recorder) Reset() {
	r.mu.Lock()
	r.Reqs = nil
	r.mu.Unlock()
}

// Record logs user in to project of cloud through a recorder, which
// it returns with the client.
func Record(t *testing.T, cloud *labcloud.Cloud, user, project string) (*octavia.Client, *Recorder) {
	t.Helper()
	rec := &Recorder{Next: labcloud.Transport(cloud)}
	return Via(t, rec, user, project), rec
}

// IDs are the ids of the objects of kind k the client sees, by name.
func IDs(t *testing.T, c *octavia.Client, k octavia.Kind, parentID string) map[string]string {
	t.Helper()
	ids := map[string]string{}
	for o, err := range c.List(t.Context(), k, parentID, octavia.ListQuery{}) {
		if err != nil {
			t.Fatal(err)
		}
		ids[o.Text("name")] = o.Text("id")
	}
	return ids
}

// First is the first of ids, "" when there is none.
func First(ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	return ids[0]
}

// RealCloud logs in to the real cloud with REALCLOUD_DIR's openrc
// (default /tmp/realcloud, which make fidelity starts).
func RealCloud(t *testing.T) *octavia.Client {
	t.Helper()
	env := map[string]string{}
	f, err := os.Open(filepath.Join(cmp.Or(os.Getenv("REALCLOUD_DIR"), "/tmp/realcloud"), "openrc"))
	if err != nil {
		t.Fatalf("the real cloud's openrc: %v (make fidelity starts it)", err)
	}
	defer f.Close()
	for sc := bufio.NewScanner(f); sc.Scan(); {
		for _, word := range strings.Fields(strings.TrimPrefix(sc.Text(), "export ")) {
			if k, v, ok := strings.Cut(word, "="); ok {
				env[k] = v
			}
		}
	}
	c, err := octavia.New(t.Context(), octavia.Config{AuthURL: env["OS_AUTH_URL"], Username: env["OS_USERNAME"], Password: env["OS_PASSWORD"],
		UserDomainName: env["OS_USER_DOMAIN_NAME"], ProjectName: env["OS_PROJECT_NAME"], ProjectDomainName: env["OS_PROJECT_DOMAIN_NAME"]})
	if err != nil {
		t.Fatalf("log in to the real cloud: %v", err)
	}
	return c
}
