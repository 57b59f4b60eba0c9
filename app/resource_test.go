package app

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/listeners"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/loadbalancers"

	"github.com/octaview/octaview/octavia"
)

// TestResourceTable checks every kind of the table: one description per
// kind, distinct paths and DOM prefixes, every link to a kind the table has,
// and every page's path parsed back to the same kind, parent, id and mode.
func TestResourceTable(t *testing.T) {
	kinds, paths, prefixes := map[octavia.Kind]bool{}, map[string]bool{}, map[string]bool{}
	for _, r := range resources {
		t.Run(r.Plural, func(t *testing.T) {
			if kinds[r.Kind] || prefixes[r.Prefix] {
				t.Errorf("kind %q or prefix %q described twice", r.Kind, r.Prefix)
			}
			kinds[r.Kind], prefixes[r.Prefix] = true, true
			if r.Parent == "" {
				if paths[r.Path] {
					t.Errorf("path %q used twice", r.Path)
				}
				paths[r.Path] = true
			}
			if r.Get == nil && !r.NoDetail || r.List == nil && r.Rows == nil {
				t.Errorf("got no Get (with a detail page) or no List, want both")
			}
			for _, c := range r.Columns {
				if c.Link != "" && resourceOf(c.Link) == nil {
					t.Errorf("column %q links to kind %q, which the table lacks", c.Title, c.Link)
				}
			}
			for _, p := range r.Props {
				if p.Link != "" && resourceOf(p.Link) == nil {
					t.Errorf("property %q links to kind %q, which the table lacks", p.Label, p.Link)
				}
			}
			for _, c := range r.Children {
				if resourceOf(c.Of) == nil {
					t.Errorf("child list of kind %q, which the table lacks", c.Of)
				}
			}
			if (r.Create != nil || r.Update != nil) && r.Envelope == "" {
				t.Errorf("writes with no Envelope")
			}
			parent := ""
			if r.Parent != "" {
				parent = "parent-1"
			}
			var want []pageRef
			if !r.NoDetail {
				want = append(want, pageRef{Res: r, ParentID: parent, ID: "id-1", Mode: "detail"})
			}
			if r.Parent == "" {
				want = append(want, pageRef{Res: r, Mode: "list"})
			}
			if r.Update != nil {
				want = append(want, pageRef{Res: r, ParentID: parent, ID: "id-1", Mode: "edit"})
			}
			if r.Create != nil && r.CreatePath == "" {
				want = append(want, pageRef{Res: r, ParentID: parent, Mode: "new"})
			}
			for _, w := range want {
				var path string
				switch w.Mode {
				case "list":
					path = r.Path
				case "detail":
					path = r.detailPathOf(parent, "id-1")
				case "edit":
					path = r.editPathOf(parent, "id-1")
				case "new":
					path = r.createPathOf(parent)
				}
				got, ok := parsePage(path)
				if !ok || got != w {
					t.Errorf("parsePage(%q): got %+v, %v; want %+v", path, got, ok, w)
				}
			}
		})
	}
	if _, ok := parsePage("/nothing/here"); ok {
		t.Errorf("parsePage of a path of no kind: got ok, want not")
	}
}

func TestToObject(t *testing.T) {
	lb := loadbalancers.LoadBalancer{ID: "lb-1", Name: "web", AdminStateUp: true, Tags: []string{"a"},
		Listeners: []listeners.Listener{{ID: "l-1"}},
		CreatedAt: time.Date(2026, 11, 30, 14, 55, 14, 0, time.UTC)}
	o := toObject(&lb)
	checks := []struct{ key, want string }{
		{"id", "lb-1"}, {"name", "web"}, {"admin_state_up", "true"}, {"tags", "a"},
		{"listeners", "l-1"}, {"created_at", "2026-11-30T14:55:14"}, {"updated_at", ""},
	}
	for _, c := range checks {
		if got := o.str(c.key); got != c.want {
			t.Errorf("%s: got %q, want %q", c.key, got, c.want)
		}
	}
	if got := o.ids("listeners"); len(got) != 1 || got[0] != "l-1" {
		t.Errorf("ids(listeners): got %q, want [l-1]", got)
	}
}

func TestSnake(t *testing.T) {
	for in, want := range map[string]string{"CreatedAt": "created_at", "HTTPVersion": "http_version", "Loadbalancer": "loadbalancer", "ID": "id"} {
		if got := snake(in); got != want {
			t.Errorf("snake(%q): got %q, want %q", in, got, want)
		}
	}
}

func TestBuildBody(t *testing.T) {
	fields := []formField{
		{Key: "name", Label: "Name"},
		{Key: "protocol", Label: "Protocol", Type: fChoice, Only: "create"},
		{Key: "protocol_port", Label: "Port", Type: fInt, Only: "create"},
		{Key: "admin_state_up", Label: "Admin state up", Type: fBool},
		{Key: "allowed_cidrs", Label: "CIDRs", Type: fList, Null: true},
		{Key: "connection_limit", Label: "Limit", Type: fInt, Null: true},
		{Key: "session_persistence.type", Label: "Persistence", Type: fChoice},
		{Key: "session_persistence.cookie_name", Label: "Cookie", Show: func(v formValues) bool { return v["session_persistence.type"] == "APP_COOKIE" }},
		{Key: "default_tls_container_ref", Label: "TLS", Show: func(v formValues) bool { return v["protocol"] == "TERMINATED_HTTPS" }},
	}
	cases := []struct {
		name    string
		v, was  formValues
		create  bool
		want    string
		wantErr bool
	}{
		{"create: typed values, empty ones left out, nested, hidden fields not sent",
			formValues{"name": " web ", "protocol": "HTTP", "protocol_port": "80", "admin_state_up": "true", "allowed_cidrs": "10.0.0.0/8\n192.168.0.0/16",
				"session_persistence.type": "APP_COOKIE", "session_persistence.cookie_name": "sid", "default_tls_container_ref": "x"}, nil, true,
			`{"admin_state_up":true,"allowed_cidrs":["10.0.0.0/8","192.168.0.0/16"],"name":"web","protocol":"HTTP","protocol_port":80,"session_persistence":{"cookie_name":"sid","type":"APP_COOKIE"}}`, false},
		{"edit: only what changed; create-only fields never",
			formValues{"name": "web2", "protocol": "TCP", "admin_state_up": "true", "connection_limit": "100"},
			formValues{"name": "web", "protocol": "HTTP", "admin_state_up": "true", "connection_limit": "100"}, false,
			`{"name":"web2"}`, false},
		{"edit: a cleared Null field is unset (null), a cleared name is \"\"",
			formValues{"name": "", "connection_limit": "", "allowed_cidrs": ""},
			formValues{"name": "web", "connection_limit": "100", "allowed_cidrs": "10.0.0.0/8"}, false,
			`{"allowed_cidrs":null,"connection_limit":null,"name":""}`, false},
		{"a port that is not a number", formValues{"protocol_port": "eighty"}, nil, true, "", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			body, err := buildBody(fields, tc.v, tc.was, tc.create)
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
	o := object{"name": "web", "connection_limit": float64(-1), "allowed_cidrs": []any{"10.0.0.0/8", "::/0"},
		"session_persistence": map[string]any{"type": "HTTP_COOKIE"}, "admin_state_up": true}
	fields := []formField{{Key: "name"}, {Key: "connection_limit", Type: fInt}, {Key: "allowed_cidrs", Type: fList},
		{Key: "session_persistence.type"}, {Key: "admin_state_up", Type: fBool}, {Key: "missing"}}
	got := valuesOf(fields, o)
	want := formValues{"name": "web", "connection_limit": "-1", "allowed_cidrs": "10.0.0.0/8\n::/0",
		"session_persistence.type": "HTTP_COOKIE", "admin_state_up": "true", "missing": ""}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: got %q, want %q", k, got[k], w)
		}
	}
}

func TestSortedBy(t *testing.T) {
	rows := []row{{ID: "b", Name: "beta", Cells: []string{"443"}}, {ID: "a", Name: "Alpha", Cells: []string{"80"}}, {ID: "c", Name: "gamma", Cells: []string{"8080"}}}
	names := func(rs []row) string {
		s := ""
		for _, r := range rs {
			s += r.Name + " "
		}
		return s
	}
	cases := []struct {
		name string
		col  int
		rev  bool
		want string
	}{
		{"by name, case-insensitive", sortName, false, "Alpha beta gamma "},
		{"by a numeric cell, as numbers", 1, false, "Alpha beta gamma "},
		{"reversed", 1, true, "gamma beta Alpha "},
		{"by id", sortID, false, "Alpha beta gamma "},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := names(sortedBy(rows, tc.col, tc.rev)); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
