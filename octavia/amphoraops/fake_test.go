package amphoraops_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/gophercloud/gophercloud/v2"
)

const tokenID = "cbc36478b0bd8e67e89469c7749d4127"

// exchange is one request the fake expects and the answer it gives.
type exchange struct {
	method, path, query string
	body                string // JSON the request must carry; "" = none
	status              int
	response            string // "{{base}}" is replaced by the server's URL
}

// fakeClient answers the exchanges in order and fails the test on any request
// that differs from the next one, and on any exchange left unserved. The
// client's resource base ends in v2.0/, like gophercloud's NewLoadBalancerV2.
func fakeClient(t *testing.T, exchanges ...exchange) *gophercloud.ServiceClient {
	t.Helper()
	var mu sync.Mutex
	served := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		n := served
		served++
		mu.Unlock()
		if n >= len(exchanges) {
			t.Errorf("request %d: got %s %s, want none", n+1, r.Method, r.URL)
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		want := exchanges[n]
		if r.Method != want.method {
			t.Errorf("request %d method: got %s, want %s", n+1, r.Method, want.method)
		}
		if got := r.URL.EscapedPath(); got != want.path {
			t.Errorf("request %d path: got %s, want %s", n+1, got, want.path)
		}
		if r.URL.RawQuery != want.query {
			t.Errorf("request %d query: got %q, want %q", n+1, r.URL.RawQuery, want.query)
		}
		if got := r.Header.Get("X-Auth-Token"); got != tokenID {
			t.Errorf("request %d X-Auth-Token: got %q, want %q", n+1, got, tokenID)
		}
		if got := r.Header.Get("Accept"); got != "application/json" {
			t.Errorf("request %d Accept: got %q, want application/json", n+1, got)
		}
		body, _ := io.ReadAll(r.Body)
		checkJSON(t, "request body", string(body), want.body)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(want.status)
		io.WriteString(w, strings.ReplaceAll(want.response, "{{base}}", "http://"+r.Host))
	}))
	t.Cleanup(func() {
		srv.Close()
		mu.Lock()
		defer mu.Unlock()
		if served < len(exchanges) {
			t.Errorf("requests: got %d, want %d", served, len(exchanges))
		}
	})
	return &gophercloud.ServiceClient{
		ProviderClient: &gophercloud.ProviderClient{TokenID: tokenID},
		Endpoint:       srv.URL + "/",
		ResourceBase:   srv.URL + "/v2.0/",
	}
}

// checkJSON compares two JSON documents by value ("" means no body).
func checkJSON(t *testing.T, what, got, want string) {
	t.Helper()
	if got == "" || want == "" {
		if got != want {
			t.Errorf("%s: got %q, want %q", what, got, want)
		}
		return
	}
	var g, w any
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Errorf("%s: %v in %s", what, err, got)
		return
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("%s: bad fixture: %v", what, err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("%s: got %s, want %s", what, got, want)
	}
}
