package octavia

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia/internal/scripted"
)

// Tests of the admin and catalogue resources (amphorae, quotas, providers,
// flavors, flavor profiles, availability zones and their profiles) log in to
// the lab cloud and answer the Octavia requests from canned bodies, taken
// from Octavia's API reference and its source, so that each case checks the
// exact exchange (lab_admin_test.go runs the same calls against the lab's own
// model of these resources).

// lbPrefix is the path of the load-balancer endpoint as gophercloud uses it.
const lbPrefix = "/load-balancer/v2.0"

// canned answers Octavia requests by "METHOD /path" under lbPrefix (the
// escaped path), or by "METHOD /path?query" (the exact query) when such a key
// exists. A key's answers are used in turn; the last one repeats. Requests
// without a key go to the lab itself.
func canned(answers map[string][]cannedAnswer) func(*http.Request) *cannedAnswer {
	var mu sync.Mutex
	return func(r *http.Request) *cannedAnswer {
		p, ok := strings.CutPrefix(r.URL.EscapedPath(), lbPrefix)
		if !ok {
			return nil
		}
		key := r.Method + " " + p
		mu.Lock()
		defer mu.Unlock()
		if r.URL.RawQuery != "" {
			if _, ok := answers[key+"?"+r.URL.RawQuery]; ok {
				key += "?" + r.URL.RawQuery
			}
		}
		queue := answers[key]
		if len(queue) == 0 {
			return nil
		}
		a := queue[0]
		if len(queue) > 1 {
			answers[key] = queue[1:]
		}
		return &a
	}
}

// answer returns a canned JSON answer.
func answer(status int, body string) []cannedAnswer {
	return []cannedAnswer{{Status: status, Body: body}}
}

// object is body, a JSON object, as List returns it (numbers float64).
func object(body string) Object {
	var o Object
	if err := json.Unmarshal([]byte(body), &o); err != nil {
		panic(fmt.Sprintf("object %s: %v", body, err))
	}
	return o
}

// answered is body, a JSON object, as Get, Create and Update return it:
// gophercloud decodes an answer's numbers as json.Number.
func answered(body string) Object {
	dec := json.NewDecoder(strings.NewReader(body))
	dec.UseNumber()
	var o Object
	if err := dec.Decode(&o); err != nil {
		panic(fmt.Sprintf("answered %s: %v", body, err))
	}
	return o
}

// octaviaFault is an Octavia error body.
func octaviaFault(msg string) string {
	return `{"faultcode": "Client", "faultstring": "` + msg + `", "debuginfo": null}`
}

// sent is a request the client must send to Octavia: "METHOD /path?query"
// (path under lbPrefix, query sorted as url.Values.Encode does) and, for
// writes with a body, the JSON it carries.
type sent struct {
	line, body string
}

// extraCase is one call of a client method against canned answers.
type extraCase struct {
	name    string
	answers map[string][]cannedAnswer
	call    func(ctx context.Context, c *Client) (any, Accepted, error)
	want    any       // what call returns; compared with reflect.DeepEqual
	status  int       // a write's Accepted.StatusCode (and a request id); 0 = not a write
	code    ErrorCode // the expected error's code; "" = success
	sent    []sent    // every request to Octavia, in order
}

// runExtraCases runs each case against a fresh lab logged in as demo.
func runExtraCases(t *testing.T, tests []extraCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, srv, _ := startCloud(t, labcloud.Options{}, canned(tt.answers))
			srv.ResetRequests()
			got, acc, err := tt.call(t.Context(), c)
			checkSent(t, srv.Requests(), tt.sent)
			if tt.code != "" {
				if ErrorCodeOf(err) != tt.code {
					t.Fatalf("error: got %v (%s), want %s", err, ErrorCodeOf(err), tt.code)
				}
				return
			}
			if err != nil {
				t.Fatalf("error: got %v, want nil", err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %s, want %s", scripted.Describe(got), scripted.Describe(tt.want))
			}
			if tt.status != 0 && (acc.StatusCode != tt.status || acc.RequestID == "") {
				t.Errorf("got %+v, want status %d and a request id", acc, tt.status)
			}
		})
	}
}

// checkSent compares the requests that reached Octavia with want.
func checkSent(t *testing.T, reqs []request, want []sent) {
	t.Helper()
	var got []sent
	for _, r := range reqs {
		p, ok := strings.CutPrefix(r.Path, lbPrefix)
		if !ok {
			continue
		}
		if r.Header.Get("X-Auth-Token") == "" {
			t.Errorf("%s %s: got no X-Auth-Token, want the session's token", r.Method, p)
		}
		line := r.Method + " " + p
		if q := r.Query.Encode(); q != "" {
			line += "?" + q
		}
		got = append(got, sent{line, r.Body})
	}
	if len(got) != len(want) {
		t.Fatalf("requests: got %q, want %q", got, want)
	}
	for i := range want {
		if got[i].line != want[i].line {
			t.Errorf("request %d: got %s, want %s", i+1, got[i].line, want[i].line)
		}
		scripted.CheckJSON(t, fmt.Sprintf("request %d body", i+1), got[i].body, want[i].body)
	}
}
