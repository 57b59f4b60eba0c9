package form

import (
	"encoding/json"
	"testing"

	"github.com/octaview/octaview/octavia"
)

func TestBuildBody(t *testing.T) {
	fields := []Field{
		{Key: "name", Label: "Name"},
		{Key: "protocol", Label: "Protocol", Type: Choice, Only: "create"},
		{Key: "protocol_port", Label: "Port", Type: Int, Only: "create"},
		{Key: "admin_state_up", Label: "Admin state up", Type: Bool},
		{Key: "allowed_cidrs", Label: "CIDRs", Type: List, Null: true},
		{Key: "connection_limit", Label: "Limit", Type: Int, Null: true},
		{Key: "session_persistence.type", Label: "Persistence", Type: Choice},
		{Key: "session_persistence.cookie_name", Label: "Cookie", Show: func(v Values) bool { return v["session_persistence.type"] == "APP_COOKIE" }},
		{Key: "default_tls_container_ref", Label: "TLS", Show: func(v Values) bool { return v["protocol"] == "TERMINATED_HTTPS" }},
	}
	cases := []struct {
		name    string
		v, was  Values
		create  bool
		want    string
		wantErr bool
	}{
		{"create: typed values, empty ones left out, nested, hidden fields not sent",
			Values{"name": " web ", "protocol": "HTTP", "protocol_port": "80", "admin_state_up": "true", "allowed_cidrs": "10.0.0.0/8\n192.168.0.0/16",
				"session_persistence.type": "APP_COOKIE", "session_persistence.cookie_name": "sid", "default_tls_container_ref": "x"}, nil, true,
			`{"admin_state_up":true,"allowed_cidrs":["10.0.0.0/8","192.168.0.0/16"],"name":"web","protocol":"HTTP","protocol_port":80,"session_persistence":{"cookie_name":"sid","type":"APP_COOKIE"}}`, false},
		{"edit: only what changed; create-only fields never",
			Values{"name": "web2", "protocol": "TCP", "admin_state_up": "true", "connection_limit": "100"},
			Values{"name": "web", "protocol": "HTTP", "admin_state_up": "true", "connection_limit": "100"}, false,
			`{"name":"web2"}`, false},
		{"edit: a cleared Null field is unset (null), a cleared name is \"\"",
			Values{"name": "", "connection_limit": "", "allowed_cidrs": ""},
			Values{"name": "web", "connection_limit": "100", "allowed_cidrs": "10.0.0.0/8"}, false,
			`{"allowed_cidrs":null,"connection_limit":null,"name":""}`, false},
		{"a port that is not a number", Values{"protocol_port": "eighty"}, nil, true, "", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			body, err := Body(fields, tc.v, tc.was, tc.create)
			if (err != nil) != tc.wantErr {
				t.Fatalf("error: got %v, want error %v", err, tc.wantErr)
			}
			if tc.wantErr {
				return
			}
			b, _ := json.Marshal(body)
			if string(b) != tc.want {
				t.Errorf("got %s\nwant %s", b, tc.want)
			}
		})
	}
}

func TestValuesOf(t *testing.T) {
	o := octavia.Object{"name": "web", "connection_limit": float64(-1), "allowed_cidrs": []any{"10.0.0.0/8", "::/0"},
		"session_persistence": map[string]any{"type": "HTTP_COOKIE"}, "admin_state_up": true}
	fields := []Field{{Key: "name"}, {Key: "connection_limit", Type: Int}, {Key: "allowed_cidrs", Type: List},
		{Key: "session_persistence.type"}, {Key: "admin_state_up", Type: Bool}, {Key: "missing"}}
	got := ValuesOf(fields, o)
	want := Values{"name": "web", "connection_limit": "-1", "allowed_cidrs": "10.0.0.0/8\n::/0",
		"session_persistence.type": "HTTP_COOKIE", "admin_state_up": "true", "missing": ""}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: got %q, want %q", k, got[k], w)
		}
	}
}

// TestCheck: what a form says before sending: required fields left empty
// on a create (when shown), numbers that are not, values not among their
// field's choices, then the kind's own rules on the values sent; an edit
// does not ask for required fields.
func TestCheck(t *testing.T) {
	fields := []Field{
		{Key: "name", Label: "Name"},
		{Key: "protocol", Label: "Protocol", Type: Choice, Only: Create, Required: true, Choices: []string{"HTTP", "TERMINATED_HTTPS"}},
		{Key: "protocol_port", Label: "Port", Type: Int, Only: Create, Required: true},
		{Key: "default_tls_container_ref", Label: "TLS", Required: true, Show: func(v Values) bool { return v["protocol"] == "TERMINATED_HTTPS" }},
		{Key: "weight", Label: "Weight", Type: Int},
		{Key: "http_version", Label: "HTTP version", Type: Decimal, Choices: []string{"1.0", "1.1"}},
	}
	var saw Values
	validate := func(v Values, create bool) Errs {
		saw = v
		if v["name"] == "bad" {
			return Errs{"name": "A bad name.", "protocol": "Not this."}
		}
		return nil
	}
	tests := []struct {
		name   string
		v, was Values
		create bool
		want   Errs
	}{
		{"create, complete", Values{"protocol": "HTTP", "protocol_port": "80"}, nil, true, nil},
		{"create, required left empty", Values{"protocol": " ", "name": "x"}, nil, true,
			Errs{"protocol": "Protocol is required.", "protocol_port": "Port is required."}},
		{"a required field that does not apply", Values{"protocol": "HTTP", "protocol_port": "80", "default_tls_container_ref": ""}, nil, true, nil},
		{"a required field that applies", Values{"protocol": "TERMINATED_HTTPS", "protocol_port": "443"}, nil, true,
			Errs{"default_tls_container_ref": "TLS is required."}},
		{"not a number", Values{"protocol": "HTTP", "protocol_port": "eighty", "weight": "1.5"}, nil, true,
			Errs{"protocol_port": `"eighty" is not a whole number.`, "weight": `"1.5" is not a whole number.`}},
		{"not one of the choices", Values{"protocol": "FTP", "protocol_port": "21", "http_version": "2"}, nil, true,
			Errs{"protocol": "Choose one of: HTTP, TERMINATED_HTTPS.", "http_version": "Choose one of: 1.0, 1.1."}},
		{"a number not one of the choices", Values{"protocol": "HTTP", "protocol_port": "80", "http_version": "1.10"}, nil, true,
			Errs{"http_version": "Choose one of: 1.0, 1.1."}},
		{"not a number before not a choice", Values{"protocol": "HTTP", "protocol_port": "80", "http_version": "one"}, nil, true,
			Errs{"http_version": `"one" is not a number.`}},
		{"an edit checks a changed choice", Values{"http_version": "2.0"}, Values{"http_version": "1.1"}, false,
			Errs{"http_version": "Choose one of: 1.0, 1.1."}},
		{"an empty choice is not checked", Values{"http_version": ""}, Values{"http_version": "1.1"}, false, nil},
		{"the kind's rules, after the fields'", Values{"protocol": "", "protocol_port": "80", "name": "bad"}, nil, true,
			Errs{"protocol": "Protocol is required.", "name": "A bad name."}},
		{"an edit asks for nothing required", Values{"name": "y", "weight": ""}, Values{"name": "x", "weight": "3"}, false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Check(fields, tt.v, tt.was, tt.create, validate)
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for k, w := range tt.want {
				if got[k] != w {
					t.Errorf("%s: got %q, want %q", k, got[k], w)
				}
			}
		})
	}
	Check(fields, Values{"name": " n ", "protocol": "HTTP", "protocol_port": "80", "_own": "x"}, nil, true, validate)
	if want := (Values{"name": "n", "protocol": "HTTP", "protocol_port": "80"}); len(saw) != len(want) || saw["name"] != "n" {
		t.Errorf("the rules saw %v, want what is sent (%v)", saw, want)
	}
}

// TestLabelled: a field without a label reads as its attribute does on
// the detail pages (internal/attr); one the kind labels keeps its own, and
// the fields given are left as they were.
func TestLabelled(t *testing.T) {
	fields := []Field{{Key: "delay"}, {Key: "vip_address", Label: "Fixed VIP address"}, {Key: "session_persistence.type", Label: "Session persistence"}, {Key: "vip_foo_id"}}
	got := Labelled(fields)
	want := []string{"Delay (s)", "Fixed VIP address", "Session persistence", "Vip foo ID"}
	for i, f := range got {
		if f.Label != want[i] {
			t.Errorf("%s: got label %q, want %q", f.Key, f.Label, want[i])
		}
	}
	if fields[0].Label != "" {
		t.Errorf("Labelled changed the fields it was given: %q", fields[0].Label)
	}
}
