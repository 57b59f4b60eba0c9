// Package scripted is a test helper for gophercloud-style request packages: a
// gophercloud ServiceClient whose server expects a script of exchanges, in
// order, asserting each request (method, path, query, X-Auth-Token, Accept,
// JSON body) as well as answering it.
package scripted

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/gophercloud/gophercloud/v2"
)

// Token is the X-Auth-Token every request must carry.
const Token = "cbc36478b0bd8e67e89469c7749d4127"

// Exchange is one request the server expects and the answer it gives.
type Exchange struct {
	Method, Path, Query string
	Body                string // JSON the request must carry; "" = none
	Status              int
	Response            string // "{{base}}" is replaced by the server's URL
}

// Client starts a server that answers the exchanges in order and fails the
// test on any request that differs from the next one, and on any exchange left
// unserved when the test ends. The client's resource base ends in v2.0/, like
// gophercloud's NewLoadBalancerV2.
func Client(t testing.TB, exchanges ...Exchange) *gophercloud.ServiceClient {
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
		if r.Method != want.Method {
			t.Errorf("request %d method: got %s, want %s", n+1, r.Method, want.Method)
		}
		if got := r.URL.EscapedPath(); got != want.Path {
			t.Errorf("request %d path: got %s, want %s", n+1, got, want.Path)
		}
		if r.URL.RawQuery != want.Query {
			t.Errorf("request %d query: got %q, want %q", n+1, r.URL.RawQuery, want.Query)
		}
		if got := r.Header.Get("X-Auth-Token"); got != Token {
			t.Errorf("request %d X-Auth-Token: got %q, want %q", n+1, got, Token)
		}
		if got := r.Header.Get("Accept"); got != "application/json" {
			t.Errorf("request %d Accept: got %q, want application/json", n+1, got)
		}
		body, _ := io.ReadAll(r.Body)
		CheckJSON(t, "request body", string(body), want.Body)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(want.Status)
		io.WriteString(w, strings.ReplaceAll(want.Response, "{{base}}", "http://"+r.Host))
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
		ProviderClient: &gophercloud.ProviderClient{TokenID: Token},
		Endpoint:       srv.URL + "/",
		ResourceBase:   srv.URL + "/v2.0/",
	}
}

// CheckJSON compares two JSON documents by value ("" means no body).
func CheckJSON(t testing.TB, what, got, want string) {
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

// Describe prints v with pointers followed, so a failure shows values, not addresses.
func Describe(v any) string {
	return describeValue(reflect.ValueOf(v))
}

func describeValue(v reflect.Value) string {
	switch v.Kind() {
	case reflect.Invalid:
		return "nil"
	case reflect.Pointer:
		if v.IsNil() {
			return "nil"
		}
		return "&" + describeValue(v.Elem())
	case reflect.Slice:
		parts := make([]string, v.Len())
		for i := range parts {
			parts[i] = describeValue(v.Index(i))
		}
		return "[" + strings.Join(parts, " ") + "]"
	case reflect.Struct:
		if s, ok := v.Interface().(interface{ String() string }); ok {
			return s.String()
		}
		parts := make([]string, 0, v.NumField())
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				parts = append(parts, v.Type().Field(i).Name+":"+describeValue(v.Field(i)))
			}
		}
		return "{" + strings.Join(parts, " ") + "}"
	}
	return fmt.Sprint(v.Interface())
}
