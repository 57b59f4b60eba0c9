package export

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/octaview/octaview/octavia"
)

// TestPlainNumbers: a health monitor as gophercloud's Get decodes it
// (json.Number) writes as the same monitor read by a list (float64): an
// HCL number, and a default left out.
func TestPlainNumbers(t *testing.T) {
	const body = `{"id": "hm-1", "name": "check", "type": "HTTP", "delay": 7, "timeout": 3, "max_retries": 3,
		"max_retries_down": 3, "http_method": "GET", "url_path": "/", "expected_codes": "200",
		"admin_state_up": true, "pools": [{"id": "pool-1"}], "tags": []}`
	dec := json.NewDecoder(strings.NewReader(body))
	dec.UseNumber()
	var got octavia.Object
	if err := dec.Decode(&got); err != nil {
		t.Fatal(err)
	}
	var want octavia.Object
	if err := json.Unmarshal([]byte(body), &want); err != nil {
		t.Fatal(err)
	}
	plainNumbers(got)
	for k, v := range want {
		if g, ok := got[k].(float64); ok && g != v {
			t.Errorf("%s: got %v, want %v", k, g, v)
		}
		if _, ok := got[k].(json.Number); ok {
			t.Errorf("%s: still a json.Number", k)
		}
	}
	if !sameValue(got["delay"], want["delay"]) {
		t.Errorf("delay: got %#v, want %#v", got["delay"], want["delay"])
	}
}
