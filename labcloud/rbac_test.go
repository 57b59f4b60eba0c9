package labcloud

import (
	"net/http"
	"slices"
	"testing"
	"time"
)

// rbacCall is a row of the RBAC tests: who makes which request, the
// status it must get and, for a list, the names it must hold (nil: not
// checked).
type rbacCall struct {
	name       string
	who        *tclient
	method     string
	path       string
	body       any
	wantStatus int
	wantNames  []string
}

// call makes the request as tc.who, failing t unless it gets wantStatus.
func (tc rbacCall) call(t *testing.T) tresp {
	tc.who.t = t
	return tc.who.must(tc.wantStatus, tc.method, tc.path, tc.body)
}

func TestRBAC(t *testing.T) {
	c := New(Options{Seed: 1, Trainees: 2, Scenario: &Scenario{LoadBalancers: []ScenarioLB{
		{Project: "admin", Name: "admins"},
		{Project: "demo", Name: "demos"},
		{Project: "trainee1", Name: "t1"},
	}}})
	admin, demo, viewer, t1 := login(t, c, "admin"), login(t, c, "demo"), login(t, c, "viewer"), login(t, c, "trainee1")
	lbID := func(name string) string {
		r := admin.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers?name="+name, nil)
		return ids(t, r, "loadbalancers")[0]
	}
	adminsLB, demosLB := lbID("admins"), lbID("demos")
	demoProject := keystoneID("project", "demo")
	policy := "Policy does not allow this request to be performed."
	cases := []rbacCall{
		{"admin lists every project", admin, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil, 200, []string{"admins", "demos", "t1"}},
		{"a member lists its project only", demo, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil, 200, []string{"demos"}},
		{"a reader lists its project", viewer, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil, 200, []string{"demos"}},
		{"a trainee sees only its own", t1, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil, 200, []string{"t1"}},
		{"listing another project is refused", demo, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers?project_id=" + keystoneID("project", "admin"), nil, 403, nil},
		{"showing another project's LB is refused", demo, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers/" + adminsLB, nil, 403, nil},
		{"a reader cannot create", viewer, http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", map[string]any{"loadbalancer": map[string]any{"vip_subnet_id": "x"}}, 403, nil},
		{"a reader cannot delete", viewer, http.MethodDelete, "/load-balancer/v2/lbaas/loadbalancers/" + demosLB, nil, 403, nil},
		{"a member cannot create in another project", demo, http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", map[string]any{"loadbalancer": map[string]any{"project_id": keystoneID("project", "admin"), "vip_network_id": "x"}}, 403, nil},
		{"amphorae are admin only", demo, http.MethodGet, "/load-balancer/v2/octavia/amphorae", nil, 403, nil},
		{"admin lists amphorae", admin, http.MethodGet, "/load-balancer/v2/octavia/amphorae", nil, 200, nil},
		{"a member reads its quota", demo, http.MethodGet, "/load-balancer/v2/lbaas/quotas/" + demoProject, nil, 200, nil},
		{"a member cannot read another project's quota", demo, http.MethodGet, "/load-balancer/v2/lbaas/quotas/" + keystoneID("project", "admin"), nil, 403, nil},
		{"a member cannot set quotas", demo, http.MethodPut, "/load-balancer/v2/lbaas/quotas/" + demoProject, map[string]any{"quota": map[string]any{"load_balancer": 100}}, 403, nil},
		{"quota defaults are admin only", demo, http.MethodGet, "/load-balancer/v2/lbaas/quotas/defaults", nil, 403, nil},
		{"admin reads quota defaults", admin, http.MethodGet, "/load-balancer/v2/lbaas/quotas/defaults", nil, 200, nil},
		{"a member reads flavors", demo, http.MethodGet, "/load-balancer/v2/lbaas/flavors", nil, 200, nil},
		{"a member cannot create flavors", demo, http.MethodPost, "/load-balancer/v2/lbaas/flavors", map[string]any{"flavor": map[string]any{"name": "x", "flavor_profile_id": "y"}}, 403, nil},
		{"a member cannot list flavor profiles", demo, http.MethodGet, "/load-balancer/v2/lbaas/flavorprofiles", nil, 403, nil},
		{"a member cannot create availability zones", demo, http.MethodPost, "/load-balancer/v2/lbaas/availabilityzones", map[string]any{"availability_zone": map[string]any{"name": "x", "availability_zone_profile_id": "y"}}, 403, nil},
		{"a member cannot fail over", demo, http.MethodPut, "/load-balancer/v2/lbaas/loadbalancers/" + demosLB + "/failover", nil, 403, nil},
		{"no token", &tclient{t: t, h: c}, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil, 401, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.call(t)
			if tc.wantStatus == http.StatusForbidden {
				if got := r.fault(t); got != policy {
					t.Errorf("got %q, want %q", got, policy)
				}
			}
			if tc.wantStatus == http.StatusUnauthorized {
				if id := r.header.Get("X-Openstack-Request-Id"); id != "" {
					t.Errorf("401 carries request id %q; keystonemiddleware answers without one", id)
				}
				if e := obj(r.json(t), "error"); e["title"] != "Unauthorized" {
					t.Errorf("401 body: got %s, want keystonemiddleware's error", r.body)
				}
			}
			if tc.wantNames != nil {
				if got := names(t, r, "loadbalancers"); !slices.Equal(got, tc.wantNames) {
					t.Errorf("got %v, want %v", got, tc.wantNames)
				}
			}
		})
	}
}

// TestRBACApplicationCredentialRoles: a credential carries only roles its
// creator's token holds, as Keystone does; nothing in the body grants more.
func TestRBACApplicationCredentialRoles(t *testing.T) {
	unassigned := "Invalid application credential: Cannot create an application credential with unassigned role"
	forbidden := "You are not authorized to perform the requested action: identity:create_application_credential."
	cases := []struct {
		name        string
		user        string
		forUser     string // "" = the caller itself
		roles       []map[string]string
		wantStatus  int
		wantMessage string
		wantRoles   []string // of a login with the credential
	}{
		{"a reader cannot ask for admin", "viewer", "", []map[string]string{{"name": "admin"}}, 400, unassigned, nil},
		{"a reader cannot ask for admin by id", "viewer", "", []map[string]string{{"id": keystoneID("role", "admin")}}, 400, unassigned, nil},
		{"a reader cannot ask for member", "viewer", "", []map[string]string{{"name": "member"}}, 400, unassigned, nil},
		{"a reader cannot ask for load-balancer_admin", "viewer", "", []map[string]string{{"name": "reader"}, {"name": "load-balancer_admin"}}, 400, unassigned, nil},
		{"a member cannot ask for admin", "demo", "", []map[string]string{{"name": "admin"}}, 400, unassigned, nil},
		{"a trainee cannot ask for load-balancer_admin", "trainee1", "", []map[string]string{{"name": "load-balancer_admin"}}, 400, unassigned, nil},
		{"an unknown role is not defined", "demo", "", []map[string]string{{"name": "superuser"}}, 404, "Role superuser is not defined", nil},
		{"an unknown role id is unassigned", "demo", "", []map[string]string{{"id": "0123456789abcdef"}}, 400, unassigned, nil},
		{"nobody creates another user's credential", "demo", "viewer", nil, 403, forbidden, nil},
		{"not even admin", "admin", "demo", nil, 403, forbidden, nil},
		{"a reader keeps its roles", "viewer", "", nil, 201, "", []string{"reader", "load-balancer_observer"}},
		{"a member may drop roles", "demo", "", []map[string]string{{"name": "reader"}}, 201, "", []string{"reader"}},
		{"admin may drop admin", "admin", "", []map[string]string{{"name": "reader"}, {"name": "member"}}, 201, "", []string{"reader", "member"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := New(Options{Seed: 1, Trainees: 1})
			who := login(t, c, tc.user)
			owner := tc.forUser
			if owner == "" {
				owner = tc.user
			}
			ac := map[string]any{"name": "mine", "secret": "s3cret"}
			if tc.roles != nil {
				ac["roles"] = tc.roles
			}
			path := "/identity/v3/users/" + keystoneID("user", owner) + "/application_credentials"
			r := who.must(tc.wantStatus, http.MethodPost, path, map[string]any{"application_credential": ac})
			if tc.wantStatus != http.StatusCreated {
				if got := obj(r.json(t), "error")["message"]; got != tc.wantMessage {
					t.Errorf("message: got %q, want %q", got, tc.wantMessage)
				}
				if got := list(who.must(http.StatusOK, http.MethodGet, "/identity/v3/users/"+keystoneID("user", tc.user)+"/application_credentials", nil).json(t), "application_credentials"); len(got) != 0 {
					t.Errorf("refused credential was stored: got %v", got)
				}
				return
			}
			id := obj(r.json(t), "application_credential")["id"]
			anon := &tclient{t: t, h: c}
			tok := obj(anon.must(http.StatusCreated, http.MethodPost, "/identity/v3/auth/tokens", map[string]any{"auth": map[string]any{"identity": map[string]any{
				"methods": []string{"application_credential"}, "application_credential": map[string]any{"id": id, "secret": "s3cret"}}}}).json(t), "token")
			var got []string
			for _, role := range list(tok, "roles") {
				got = append(got, role.(map[string]any)["name"].(string))
			}
			if !slices.Equal(got, tc.wantRoles) {
				t.Errorf("roles of a login with the credential: got %v, want %v", got, tc.wantRoles)
			}
		})
	}
}

// TestRBACEscalationThroughAppCredential replays the attack of issue 9: a
// reader that asks for admin gets no credential, so no admin API.
func TestRBACEscalationThroughAppCredential(t *testing.T) {
	c := New(Options{Seed: 1})
	viewer := login(t, c, "viewer")
	path := "/identity/v3/users/" + keystoneID("user", "viewer") + "/application_credentials"
	viewer.must(http.StatusBadRequest, http.MethodPost, path, map[string]any{"application_credential": map[string]any{
		"name": "root", "secret": "s3cret", "roles": []map[string]string{{"name": "admin"}, {"name": "load-balancer_admin"}}}})
	anon := &tclient{t: t, h: c}
	anon.must(http.StatusUnauthorized, http.MethodPost, "/identity/v3/auth/tokens", map[string]any{"auth": map[string]any{"identity": map[string]any{
		"methods": []string{"application_credential"}, "application_credential": map[string]any{
			"name": "root", "secret": "s3cret", "user": map[string]any{"name": "viewer", "domain": map[string]any{"name": "Default"}}}}}})
	for _, p := range []string{"/lab/users", "/lab/faults"} {
		viewer.must(http.StatusForbidden, http.MethodGet, p, nil)
	}
}

// TestRBACVIPPortOfAnotherProject: Octavia looks a vip_port_id up with the
// caller's token, so another project's port is not found (not "in use").
func TestRBACVIPPortOfAnotherProject(t *testing.T) {
	c := New(Options{Seed: 1, Scenario: &Scenario{LoadBalancers: []ScenarioLB{{Project: "admin", Name: "admins"}}}})
	admin, demo := login(t, c, "admin"), login(t, c, "demo")
	lbs := list(admin.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers?name=admins", nil).json(t), "loadbalancers")
	port := lbs[0].(map[string]any)["vip_port_id"].(string)
	r := demo.must(http.StatusBadRequest, http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", map[string]any{"loadbalancer": map[string]any{"vip_port_id": port}})
	if got, want := r.fault(t), "Port "+port+" not found."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestRBACNothingButTheToken: no other body grants more than the token
// holds: rescoping, a credential's token, project_id, quotas, /lab/*.
func TestRBACNothingButTheToken(t *testing.T) {
	c := New(Options{Seed: 1})
	demo, viewer := login(t, c, "demo"), login(t, c, "viewer")
	path := "/identity/v3/users/" + keystoneID("user", "demo") + "/application_credentials"
	demo.must(http.StatusCreated, http.MethodPost, path, map[string]any{"application_credential": map[string]any{
		"name": "ro", "secret": "s3cret", "roles": []map[string]string{{"name": "reader"}}}})
	anon := &tclient{t: t, h: c}
	r := anon.must(http.StatusCreated, http.MethodPost, "/identity/v3/auth/tokens", map[string]any{"auth": map[string]any{"identity": map[string]any{
		"methods": []string{"application_credential"}, "application_credential": map[string]any{
			"name": "ro", "secret": "s3cret", "user": map[string]any{"name": "demo", "domain": map[string]any{"name": "Default"}}}}}})
	ro := &tclient{t: t, h: c, token: r.header.Get("X-Subject-Token")}
	rescope := func(tok string, project map[string]any) map[string]any {
		return map[string]any{"auth": map[string]any{"identity": map[string]any{"methods": []string{"token"}, "token": map[string]any{"id": tok}},
			"scope": map[string]any{"project": project}}}
	}
	demoProject := map[string]any{"name": "demo", "domain": map[string]any{"id": "default"}}
	adminProject := map[string]any{"name": "admin", "domain": map[string]any{"id": "default"}}
	roRescoped := anon.must(http.StatusCreated, http.MethodPost, "/identity/v3/auth/tokens", rescope(ro.token, demoProject))
	roAgain := &tclient{t: t, h: c, token: roRescoped.header.Get("X-Subject-Token")}
	cases := []rbacCall{
		{"a reader cannot rescope to the admin project", anon, http.MethodPost, "/identity/v3/auth/tokens", rescope(viewer.token, adminProject), 401, nil},
		{"a credential's token cannot create credentials", ro, http.MethodPost, path, map[string]any{"application_credential": map[string]any{"name": "x"}}, 403, nil},
		{"a read-only credential's token cannot write", ro, http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", map[string]any{"loadbalancer": map[string]any{"vip_subnet_id": demo.subnetID()}}, 403, nil},
		{"nor once rescoped", roAgain, http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", map[string]any{"loadbalancer": map[string]any{"vip_subnet_id": demo.subnetID()}}, 403, nil},
		{"a member cannot set its quota", demo, http.MethodPut, "/load-balancer/v2/lbaas/quotas/" + keystoneID("project", "demo"), map[string]any{"quota": map[string]any{"load_balancer": -1}}, 403, nil},
		{"a member cannot set faults", demo, http.MethodPut, "/lab/faults", map[string]any{}, 403, nil},
		{"a reader cannot list the lab's users", viewer, http.MethodGet, "/lab/users", nil, 403, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.call(t)
		})
	}
}

// TestRBACMemberSubnetOfAnotherProject: Octavia looks a member's subnet_id
// up with the caller's token, as it does a VIP's: another project's subnet
// is not found, whether the member comes alone, in a batch update or in a
// fully populated create; its own and the shared subnet are fine, and an
// admin sees every subnet.
func TestRBACMemberSubnetOfAnotherProject(t *testing.T) {
	c := New(Options{Seed: 1, Delay: 20 * time.Millisecond, Scenario: &Scenario{LoadBalancers: []ScenarioLB{
		{Project: "demo", Name: "demos", Listener: &ScenarioListener{Protocol: "HTTP", Port: 80}},
	}}})
	admin, demo := login(t, c, "admin"), login(t, c, "demo")
	subnetOf := func(name string) string {
		r := admin.must(http.StatusOK, http.MethodGet, "/network/v2.0/subnets?name="+name, nil)
		return ids(t, r, "subnets")[0]
	}
	adminSubnet, demoSubnet, shared := subnetOf("admin-subnet"), subnetOf("demo-subnet"), subnetOf("public-subnet")
	pools := list(demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/pools", nil).json(t), "pools")
	pool := pools[0].(map[string]any)["id"].(string)
	members := "/load-balancer/v2/lbaas/pools/" + pool + "/members"
	notFound := "Subnet " + adminSubnet + " not found."

	member := func(addr, subnet string) map[string]any {
		return map[string]any{"address": addr, "protocol_port": 80, "subnet_id": subnet}
	}
	lbID := ids(t, demo.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers?name=demos", nil), "loadbalancers")[0]
	settle := func() { // each write locks the load balancer for the lab's Delay
		for i := 0; i < 200 && demo.lbStatus(lbID) != "ACTIVE"; i++ {
			time.Sleep(10 * time.Millisecond)
		}
	}
	cases := []struct {
		rbacCall
		wantFault string
	}{
		{rbacCall{"a member on another project's subnet", demo, http.MethodPost, members, map[string]any{"member": member("10.9.0.1", adminSubnet)}, 400, nil}, notFound},
		{rbacCall{"a batch update naming another project's subnet", demo, http.MethodPut, members, map[string]any{"members": []any{member("10.9.0.2", adminSubnet)}}, 400, nil}, notFound},
		{rbacCall{"a fully populated create naming another project's subnet", demo, http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", map[string]any{"loadbalancer": map[string]any{
			"name": "graph", "vip_subnet_id": demoSubnet,
			"listeners": []any{map[string]any{"protocol": "HTTP", "protocol_port": 80, "default_pool": map[string]any{"name": "p"}}},
			"pools":     []any{map[string]any{"name": "p", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN", "members": []any{member("10.9.0.3", adminSubnet)}}},
		}}, 400, nil}, notFound},
		{rbacCall{"a member on its own project's subnet", demo, http.MethodPost, members, map[string]any{"member": member("10.9.0.4", demoSubnet)}, 201, nil}, ""},
		{rbacCall{"a member on the shared subnet", demo, http.MethodPost, members, map[string]any{"member": member("10.9.0.5", shared)}, 201, nil}, ""},
		{rbacCall{"an admin on any project's subnet", admin, http.MethodPost, members, map[string]any{"member": member("10.9.0.6", adminSubnet)}, 201, nil}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			settle()
			r := tc.call(t)
			if tc.wantFault != "" {
				if got := r.fault(t); got != tc.wantFault {
					t.Errorf("got %q, want %q", got, tc.wantFault)
				}
			}
		})
	}
	settle()
	got := list(demo.must(http.StatusOK, http.MethodGet, members, nil).json(t), "members")
	for _, m := range got {
		if m.(map[string]any)["subnet_id"] == adminSubnet && m.(map[string]any)["address"] != "10.9.0.6" {
			t.Errorf("a member of demo's on admin's subnet was stored: %v", m)
		}
	}
}
