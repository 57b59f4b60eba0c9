package edit

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/app/internal/section"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/list"
	"github.com/octaview/octaview/labcloud"

	"github.com/octaview/octaview/octavia"
)

// TestParseMemberLines reads pasted member sets: every bad line is named
// with its number, good ones are read whatever the bad ones.
func TestParseMemberLines(t *testing.T) {
	tests := []struct {
		name     string
		text     string
		want     []section.BatchLine
		wantErrs []string
	}{
		{"empty", "", nil, nil},
		{"v4 with and without weight, blanks and comments",
			"10.0.0.1:80\n\n  10.0.0.2:8080,5  # the big one\n# all comment\n",
			[]section.BatchLine{{Line: 1, Address: "10.0.0.1", Port: 80, Weight: 1}, {Line: 3, Address: "10.0.0.2", Port: 8080, Weight: 5, HasWt: true}}, nil},
		{"v6 in brackets, normalized", "[fd00:0::0:1]:443,0",
			[]section.BatchLine{{Line: 1, Address: "fd00::1", Port: 443, Weight: 0, HasWt: true}}, nil},
		{"CRLF lines", "10.0.0.1:80\r\n10.0.0.2:80\r\n",
			[]section.BatchLine{{Line: 1, Address: "10.0.0.1", Port: 80, Weight: 1}, {Line: 2, Address: "10.0.0.2", Port: 80, Weight: 1}}, nil},
		{"no port", "10.0.0.1", nil, []string{`line 1: "10.0.0.1" has no port: write address:port`}},
		{"bare v6", "fd00::1:80", nil, []string{`line 1: "fd00::1:80": write an IPv6 member as [address]:port`}},
		{"bad v6", "[fd00::zz]:80", nil, []string{`line 1: "fd00::zz" is not an IPv6 address`}},
		{"bad address", "10.0.0.300:80", nil, []string{`line 1: "10.0.0.300" is not an IP address`}},
		{"host name", "web1:80", nil, []string{`line 1: "web1" is not an IP address`}},
		{"port too big", "10.0.0.1:70000", nil, []string{`line 1: port "70000" is not a number from 1 to 65535`}},
		{"port 0", "10.0.0.1:0", nil, []string{`line 1: port 0 in "10.0.0.1:0": a port is 1–65535`}},
		{"weight out of range", "10.0.0.1:80,257", nil, []string{`line 1: weight "257" is not a whole number from 0 to 256`}},
		{"weight not a number", "10.0.0.1:80,heavy", nil, []string{`line 1: weight "heavy" is not a whole number from 0 to 256`}},
		{"repeat names the first line", "10.0.0.1:80\n10.0.0.2:80\n10.0.0.1:80,3",
			[]section.BatchLine{{Line: 1, Address: "10.0.0.1", Port: 80, Weight: 1}, {Line: 2, Address: "10.0.0.2", Port: 80, Weight: 1}},
			[]string{"line 3: 10.0.0.1:80 is already on line 1"}},
		{"bad lines among good ones", "10.0.0.1:80\nnope\n10.0.0.3:80,2\n10.0.0.4:80,-1",
			[]section.BatchLine{{Line: 1, Address: "10.0.0.1", Port: 80, Weight: 1}, {Line: 3, Address: "10.0.0.3", Port: 80, Weight: 2, HasWt: true}},
			[]string{`line 2: "nope" has no port: write address:port`, `line 4: weight "-1" is not a whole number from 0 to 256`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, errs := section.ParseMemberLines(tt.text)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("lines: got %+v, want %+v", got, tt.want)
			}
			var gotErrs []string
			for _, e := range errs {
				gotErrs = append(gotErrs, e.String())
			}
			if !slices.Equal(gotErrs, tt.wantErrs) {
				t.Errorf("errors: got %q, want %q", gotErrs, tt.wantErrs)
			}
		})
	}
}

// TestTreePaths: every page of the tree's kinds is a URL, members and
// rules under their parent's page.
func TestTreePaths(t *testing.T) {
	tests := []struct {
		path             string
		kind             octavia.Kind
		parent, id, mode string
	}{
		{"/pools", octavia.KindPool, "", "", "list"},
		{"/pools/new", octavia.KindPool, "", "", "new"},
		{"/pools/P", octavia.KindPool, "", "P", "detail"},
		{"/pools/P/edit", octavia.KindPool, "", "P", "edit"},
		{"/pools/P/members/M", octavia.KindMember, "P", "M", "detail"},
		{"/pools/P/members/new", octavia.KindMember, "P", "", "new"},
		{"/pools/P/members/M/edit", octavia.KindMember, "P", "M", "edit"},
		{"/health-monitors", octavia.KindMonitor, "", "", "list"},
		{"/health-monitors/H", octavia.KindMonitor, "", "H", "detail"},
		{"/l7-policies", octavia.KindL7Policy, "", "", "list"},
		{"/l7-policies/X", octavia.KindL7Policy, "", "X", "detail"},
		{"/l7-policies/X/rules/Y", octavia.KindL7Rule, "X", "Y", "detail"},
		{"/l7-policies/X/rules/Y/edit", octavia.KindL7Rule, "X", "Y", "edit"},
		{"/l7-policies/X/rules/new", octavia.KindL7Rule, "X", "", "new"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			pr, ok := console.ParsePage(tt.path)
			if !ok || pr.Res.Kind != tt.kind || pr.ParentID != tt.parent || pr.ID != tt.id || pr.Mode != tt.mode {
				t.Fatalf("got %v %+v, want %s parent %q id %q %s", ok, pr, tt.kind, tt.parent, tt.id, tt.mode)
			}
			var back string
			switch tt.mode {
			case "list":
				back = pr.Res.ListPathOf(tt.parent)
			case "new":
				back = pr.Res.CreatePathOf(tt.parent)
			case "detail":
				back = pr.Res.DetailPathOf(tt.parent, tt.id)
			case "edit":
				back = pr.Res.EditPathOf(tt.parent, tt.id)
			}
			if back != tt.path {
				t.Errorf("path of the page: got %s, want %s", back, tt.path)
			}
		})
	}
	for _, bad := range []string{"/pools/P/rules/Y", "/l7-policies/X/members/M", "/pools/P/members"} {
		if pr, ok := console.ParsePage(bad); ok && pr.Mode != "detail" {
			t.Errorf("%s: got %+v, want no page of a child", bad, pr)
		}
	}
	// A pool's member links go under the pool; the member list is the pool's page.
	from := console.PageRef{Res: console.PoolRes, ID: "P", Mode: "detail"}
	if got := console.LinkTo(console.MemberRes, from, "M"); got != "/pools/P/members/M" {
		t.Errorf("member link from its pool: got %s", got)
	}
	if got := console.MemberRes.ListPathOf("P"); got != "/pools/P" {
		t.Errorf("members' list: got %s, want /pools/P", got)
	}
	if got := console.LinkTo(console.L7ruleRes, console.PageRef{Res: console.L7policyRes, ID: "X"}, "Y"); got != "/l7-policies/X/rules/Y" {
		t.Errorf("rule link from its policy: got %s", got)
	}
}

// TestTreeFieldsShown: the conditional fields appear only when they apply.
func TestTreeFieldsShown(t *testing.T) {
	tests := []struct {
		name  string
		res   *console.Resource
		key   string
		v     form.Values
		shown bool
	}{
		{"cookie name for APP_COOKIE", console.PoolRes, "session_persistence.cookie_name", form.Values{"session_persistence.type": "APP_COOKIE"}, true},
		{"no cookie name for HTTP_COOKIE", console.PoolRes, "session_persistence.cookie_name", form.Values{"session_persistence.type": "HTTP_COOKIE"}, false},
		{"URL path for HTTPS monitors", console.MonitorRes, "url_path", form.Values{"type": "HTTPS"}, true},
		{"no URL path for TCP monitors", console.MonitorRes, "url_path", form.Values{"type": "TCP"}, false},
		{"no expected codes for PING", console.MonitorRes, "expected_codes", form.Values{"type": "PING"}, false},
		{"redirect pool for REDIRECT_TO_POOL", console.L7policyRes, "redirect_pool_id", form.Values{"action": "REDIRECT_TO_POOL"}, true},
		{"no redirect pool for REJECT", console.L7policyRes, "redirect_pool_id", form.Values{"action": "REJECT"}, false},
		{"redirect URL for REDIRECT_TO_URL", console.L7policyRes, "redirect_url", form.Values{"action": "REDIRECT_TO_URL"}, true},
		{"no redirect URL for REDIRECT_PREFIX", console.L7policyRes, "redirect_url", form.Values{"action": "REDIRECT_PREFIX"}, false},
		{"redirect prefix for REDIRECT_PREFIX", console.L7policyRes, "redirect_prefix", form.Values{"action": "REDIRECT_PREFIX"}, true},
		{"redirect code for REDIRECT_PREFIX", console.L7policyRes, "redirect_http_code", form.Values{"action": "REDIRECT_PREFIX"}, true},
		{"no redirect code for REDIRECT_TO_POOL", console.L7policyRes, "redirect_http_code", form.Values{"action": "REDIRECT_TO_POOL"}, false},
		{"rule key for HEADER", console.L7ruleRes, "key", form.Values{"type": "HEADER"}, true},
		{"rule key for SSL_DN_FIELD", console.L7ruleRes, "key", form.Values{"type": "SSL_DN_FIELD"}, true},
		{"no rule key for PATH", console.L7ruleRes, "key", form.Values{"type": "PATH"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			i := slices.IndexFunc(tt.res.Fields, func(f form.Field) bool { return f.Key == tt.key })
			if i < 0 {
				t.Fatalf("%s has no field %s", tt.res.Plural, tt.key)
			}
			if got := tt.res.Fields[i].Shown(true, tt.v); got != tt.shown {
				t.Errorf("got shown %v, want %v", got, tt.shown)
			}
		})
	}
}

// TestTreeBuildBody: the request bodies of the tree's forms.
func TestTreeBuildBody(t *testing.T) {
	tests := []struct {
		name     string
		res      *console.Resource
		v, was   form.Values
		create   bool
		wantJSON string
	}{
		{"pool create with APP_COOKIE nests", console.PoolRes,
			form.Values{"loadbalancer_id": "LB", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN", "session_persistence.type": "APP_COOKIE",
				"session_persistence.cookie_name": "sid", "admin_state_up": "true", "tls_enabled": "false"}, nil, true,
			`{"admin_state_up":true,"lb_algorithm":"ROUND_ROBIN","loadbalancer_id":"LB","protocol":"HTTP","session_persistence":{"cookie_name":"sid","type":"APP_COOKIE"},"tls_enabled":false}`},
		{"pool create: a cookie name left from APP_COOKIE is not sent for SOURCE_IP", console.PoolRes,
			form.Values{"listener_id": "L", "protocol": "TCP", "lb_algorithm": "SOURCE_IP", "session_persistence.type": "SOURCE_IP", "session_persistence.cookie_name": "sid"}, nil, true,
			`{"lb_algorithm":"SOURCE_IP","listener_id":"L","protocol":"TCP","session_persistence":{"type":"SOURCE_IP"}}`},
		{"pool edit of the cookie name sends the persistence whole", console.PoolRes,
			form.Values{"lb_algorithm": "ROUND_ROBIN", "session_persistence.type": "APP_COOKIE", "session_persistence.cookie_name": "new"},
			form.Values{"lb_algorithm": "ROUND_ROBIN", "session_persistence.type": "APP_COOKIE", "session_persistence.cookie_name": "old"}, false,
			`{"session_persistence":{"cookie_name":"new","type":"APP_COOKIE"}}`},
		{"pool edit clearing the persistence sends null", console.PoolRes,
			form.Values{"lb_algorithm": "ROUND_ROBIN", "session_persistence.type": "", "session_persistence.cookie_name": "sid"},
			form.Values{"lb_algorithm": "ROUND_ROBIN", "session_persistence.type": "APP_COOKIE", "session_persistence.cookie_name": "sid"}, false,
			`{"session_persistence":null}`},
		{"pool edit of the algorithm leaves the persistence out", console.PoolRes,
			form.Values{"lb_algorithm": "LEAST_CONNECTIONS", "session_persistence.type": "SOURCE_IP"},
			form.Values{"lb_algorithm": "ROUND_ROBIN", "session_persistence.type": "SOURCE_IP"}, false,
			`{"lb_algorithm":"LEAST_CONNECTIONS"}`},
		{"member edit clearing monitor address and weight sends null", console.MemberRes,
			form.Values{"weight": "", "monitor_address": "", "monitor_port": "9000", "backup": "true"},
			form.Values{"weight": "5", "monitor_address": "10.1.1.1", "monitor_port": "9000", "backup": "false"}, false,
			`{"backup":true,"monitor_address":null,"weight":null}`},
		{"member create types its numbers", console.MemberRes,
			form.Values{"address": "10.0.0.5", "protocol_port": "8080", "weight": "0", "admin_state_up": "true", "subnet_id": ""}, nil, true,
			`{"address":"10.0.0.5","admin_state_up":true,"protocol_port":8080,"weight":0}`},
		{"TCP monitor create sends no HTTP field", console.MonitorRes,
			form.Values{"pool_id": "P", "type": "TCP", "delay": "5", "timeout": "3", "max_retries": "3", "url_path": "/health", "http_method": "GET"}, nil, true,
			`{"delay":5,"max_retries":3,"pool_id":"P","timeout":3,"type":"TCP"}`},
		{"HTTP monitor edit clearing the URL path sends null", console.MonitorRes,
			form.Values{"type": "HTTP", "delay": "5", "url_path": ""}, form.Values{"type": "HTTP", "delay": "5", "url_path": "/health"}, false,
			`{"url_path":null}`},
		{"policy to a pool sends only its pool", console.L7policyRes,
			form.Values{"listener_id": "L", "action": "REDIRECT_TO_POOL", "redirect_pool_id": "P", "redirect_url": "http://x", "redirect_http_code": "301"}, nil, true,
			`{"action":"REDIRECT_TO_POOL","listener_id":"L","redirect_pool_id":"P"}`},
		{"policy redirect prefix with its code", console.L7policyRes,
			form.Values{"listener_id": "L", "action": "REDIRECT_PREFIX", "redirect_prefix": "https://example.com", "redirect_http_code": "308"}, nil, true,
			`{"action":"REDIRECT_PREFIX","listener_id":"L","redirect_http_code":"308","redirect_prefix":"https://example.com"}`},
		{"rule create with a HEADER key", console.L7ruleRes,
			form.Values{"type": "HEADER", "compare_type": "EQUAL_TO", "key": "X-Env", "value": "beta", "invert": "false"}, nil, true,
			`{"compare_type":"EQUAL_TO","invert":false,"key":"X-Env","type":"HEADER","value":"beta"}`},
		{"rule create of PATH drops the key", console.L7ruleRes,
			form.Values{"type": "PATH", "compare_type": "STARTS_WITH", "key": "X-Env", "value": "/api"}, nil, true,
			`{"compare_type":"STARTS_WITH","type":"PATH","value":"/api"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, err := form.Body(tt.res.Fields, tt.v, tt.was, tt.create)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(body)
			if string(b) != tt.wantJSON {
				t.Errorf("got %s, want %s", b, tt.wantJSON)
			}
		})
	}
}

// TestParentOpsKey: an embedded member list is read again when an
// operation on its pool starts or ends, not on each of its polls.
func TestParentOpsKey(t *testing.T) {
	pool := octavia.Ref{Kind: octavia.KindPool, ID: "P"}
	waiting := []tab.Operation{{ID: "1", Ref: pool, State: tab.OpWaiting, Polls: 1}}
	polled := []tab.Operation{{ID: "1", Ref: pool, State: tab.OpWaiting, Polls: 4}}
	ended := []tab.Operation{{ID: "1", Ref: pool, State: tab.OpSucceeded, Polls: 5}}
	other := []tab.Operation{{ID: "2", Ref: octavia.Ref{Kind: octavia.KindPool, ID: "Q"}, State: tab.OpWaiting}}
	key := func(ops []tab.Operation) string { return list.ParentOpsKey(ops, console.MemberRes, "P") }
	if key(nil) != key(other) {
		t.Errorf("another pool's operation: got a change, want none")
	}
	if key(nil) == key(waiting) || key(waiting) != key(polled) || key(polled) == key(ended) {
		t.Errorf("got keys %q %q %q %q, want a change at start and end only", key(nil), key(waiting), key(polled), key(ended))
	}
	if got := list.ParentOpsKey(waiting, console.PoolRes, ""); got != "" {
		t.Errorf("a top-level list: got %q, want none", got)
	}
}

// TestPoolsOfListener reads the lab's pools through the pool kind's list
// rows: Octavia has no listener filter for pools, the kind's Local filter
// applies it on the listeners the rows ask for.
func TestPoolsOfListener(t *testing.T) {
	cloud := labcloud.New(labcloud.Options{Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{
		{Project: "demo", Name: "shop", Listener: &labcloud.ScenarioListener{Protocol: "HTTP", Port: 80, Members: []string{"10.0.0.11"}}},
		{Project: "demo", Name: "api", Listener: &labcloud.ScenarioListener{Protocol: "TCP", Port: 443, Members: []string{"10.0.0.21"}}},
	}}})
	c := labtest.As(t, cloud, "demo", "demo")
	ls, err := octavia.Collect(c.List(t.Context(), octavia.KindListener, "", octavia.ListQuery{Filters: map[string][]string{"protocol": {"TCP"}}}))
	if err != nil || len(ls) != 1 {
		t.Fatalf("got %d TCP listeners, %v; want 1", len(ls), err)
	}
	var got []tab.Row
	for r, err := range list.ReadRows(t.Context(), c, console.PoolRes, console.ListQuery{Filters: map[string][]string{"listener_id": {ls[0].Text("id")}}}) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, r)
	}
	if len(got) != 1 || got[0].ID != ls[0].Text("default_pool_id") {
		t.Fatalf("pools of the TCP listener: got %d, want its default pool %s", len(got), ls[0].Text("default_pool_id"))
	}
	if lb := got[0].Cells[2]; lb != labtest.First(ls[0].IDs("loadbalancers")) {
		t.Errorf("its load balancer's cell: got %q, want %q", lb, labtest.First(ls[0].IDs("loadbalancers")))
	}
	all := 0
	for _, err := range list.ReadRows(t.Context(), c, console.PoolRes, console.ListQuery{}) {
		if err != nil {
			t.Fatal(err)
		}
		all++
	}
	if all != 2 {
		t.Errorf("every pool: got %d, want 2", all)
	}
}

// TestNavOrder: the table (and so the navigation) follows the tree, not
// the order of the files' names.
