package labcloud

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/octaview/octaview/app/serverapi"
)

// treeBody is the extra of a fully populated create: an HTTP :80 listener
// whose default pool has the members (port 80) and an HTTP monitor.
func treeBody(name string, members ...string) map[string]any {
	ms := []any{}
	for _, m := range members {
		ms = append(ms, map[string]any{"address": m, "protocol_port": 80})
	}
	return map[string]any{"listeners": []any{map[string]any{
		"name": name + "-http", "protocol": "HTTP", "protocol_port": 80,
		"default_pool": map[string]any{"name": name + "-pool", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN", "members": ms,
			"healthmonitor": map[string]any{"type": "HTTP", "delay": 5, "timeout": 3, "max_retries": 3}},
	}}}
}

// memberOper is the operating status of the member at addr of the caller's
// only load balancer ("" when there is none).
func memberOper(t testing.TB, c *tclient, addr string) string {
	t.Helper()
	for _, p := range list(c.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/pools", nil).json(t), "pools") {
		id := p.(map[string]any)["id"].(string)
		for _, m := range list(c.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/pools/"+id+"/members", nil).json(t), "members") {
			mm := m.(map[string]any)
			if mm["address"] == addr {
				return mm["operating_status"].(string)
			}
		}
	}
	return ""
}

func TestScopedFaultsActOnTheirProjectOnly(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New(Options{Seed: 1, Trainees: 2, Delay: time.Second})
		t1, t2 := login(t, c, "trainee1"), login(t, c, "trainee2")
		lb1 := t1.createLB("web", treeBody("web", "10.0.0.11", "10.0.0.12"))
		lb2 := t2.createLB("web", treeBody("web", "10.0.0.11", "10.0.0.12"))
		time.Sleep(2 * time.Second)
		if err := c.SetProjectFaults([]string{"trainee1"}, Faults{DownMembers: []string{"10.0.0.12"}}); err != nil {
			t.Fatal(err)
		}
		if got := memberOper(t, t1, "10.0.0.12"); got != operError {
			t.Errorf("trainee1's member 10.0.0.12: got %s, want ERROR (its project's fault)", got)
		}
		if got := memberOper(t, t2, "10.0.0.12"); got != operOnline {
			t.Errorf("trainee2's member 10.0.0.12: got %s, want ONLINE (the fault is trainee1's)", got)
		}
		// stuck, scoped: trainee1's "web" only
		if err := c.SetProjectFaults([]string{"trainee1"}, Faults{Stuck: []string{"web"}}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(3 * time.Second)
		if got, other := t1.lbStatus(lb1["id"].(string)), t2.lbStatus(lb2["id"].(string)); got != statusPendingUpdate || other != statusActive {
			t.Errorf("stuck web in trainee1: got trainee1 %s, trainee2 %s; want PENDING_UPDATE, ACTIVE", got, other)
		}
		if got := memberOper(t, t1, "10.0.0.12"); got != operOnline {
			t.Errorf("after the down member's fault was replaced: got %s, want ONLINE", got)
		}
		if f := c.ProjectFaults(); len(f) != 1 || len(f["trainee1"].Stuck) != 1 {
			t.Errorf("ProjectFaults: got %v, want trainee1's stuck only", f)
		}
		if err := c.SetProjectFaults([]string{"trainee1"}, Faults{}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(3 * time.Second)
		if got := t1.lbStatus(lb1["id"].(string)); got != statusActive {
			t.Errorf("after the fault was lifted: got %s, want ACTIVE", got)
		}
		if len(c.ProjectFaults()) != 0 {
			t.Errorf("an empty Faults should lift the project's faults: %v", c.ProjectFaults())
		}
		if err := c.SetProjectFaults([]string{"nobody"}, Faults{}); err == nil {
			t.Error("faults for an unknown project: want an error")
		}
	})
}

func TestScopedOutagesAndTokenLifetime(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New(Options{Seed: 1, Trainees: 2})
		anon := &tclient{t: t, h: c}
		t1, t2 := login(t, c, "trainee1"), login(t, c, "trainee2")
		if err := c.SetProjectFaults([]string{"trainee1"}, Faults{Keystone: Outage503, Octavia: Outage503}); err != nil {
			t.Fatal(err)
		}
		anon.must(http.StatusServiceUnavailable, http.MethodPost, "/identity/v3/auth/tokens", passwordAuth("trainee1", "trainee1", "trainee1"))
		anon.must(http.StatusCreated, http.MethodPost, "/identity/v3/auth/tokens", passwordAuth("trainee2", "trainee2", "trainee2"))
		t1.must(http.StatusServiceUnavailable, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil)
		t2.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil)

		if err := c.SetProjectFaults([]string{"trainee1"}, Faults{TokenTTL: Duration{Duration: time.Second}}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(2 * time.Second)
		t1.must(http.StatusUnauthorized, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil)
		t2.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil)
	})
}

// TestNoFaultLocksOutTheAdmin: with Keystone down and tokens living one
// second for everyone, the lab's admin still logs in, and its token still
// opens the control API, which lifts the faults.
func TestNoFaultLocksOutTheAdmin(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New(Options{Seed: 1, Trainees: 1})
		admin := login(t, c, "admin")
		admin.must(http.StatusOK, http.MethodPut, "/lab/faults", map[string]any{"keystone": "503", "token_ttl": "1s"})
		time.Sleep(5 * time.Second)
		anon := &tclient{t: t, h: c}
		anon.must(http.StatusServiceUnavailable, http.MethodPost, "/identity/v3/auth/tokens", passwordAuth("trainee1", "trainee1", "trainee1"))
		admin.must(http.StatusOK, http.MethodGet, "/lab/faults", nil)
		if _, ok := c.Whoami(admin.token); !ok {
			t.Error("Whoami of the admin's token under a 1 s token_ttl: want it alive")
		}
		fresh := loginTo(t, c, "admin", "admin", "admin")
		fresh.must(http.StatusOK, http.MethodPut, "/lab/faults", map[string]any{})
		anon.must(http.StatusCreated, http.MethodPost, "/identity/v3/auth/tokens", passwordAuth("trainee1", "trainee1", "trainee1"))
	})
}

func TestScopedFaultsAPI(t *testing.T) {
	c := New(Options{Seed: 1, Trainees: 3})
	admin, t1 := login(t, c, "admin"), login(t, c, "trainee1")
	t1.must(http.StatusForbidden, http.MethodPut, "/lab/faults?project=trainee1", map[string]any{})
	admin.must(http.StatusOK, http.MethodPut, "/lab/faults?project=trainee1,trainee3", map[string]any{"down_members": []string{"10.0.0.9"}})
	admin.must(http.StatusNotFound, http.MethodPut, "/lab/faults?project=trainee9", map[string]any{})
	got := admin.must(http.StatusOK, http.MethodGet, "/lab/projects/faults", nil).json(t)
	if len(got) != 2 || got["trainee1"] == nil || got["trainee3"] == nil {
		t.Errorf("GET /lab/projects/faults: got %v, want trainee1 and trainee3", got)
	}
	if g := admin.must(http.StatusOK, http.MethodGet, "/lab/faults", nil).json(t); len(list(g, "down_members")) != 0 {
		t.Errorf("the lab-wide faults: got %v, want none", g)
	}
	if g := admin.must(http.StatusOK, http.MethodGet, "/lab/faults?project=trainee3", nil).json(t); len(list(g, "down_members")) != 1 {
		t.Errorf("trainee3's faults: got %v, want the down member", g)
	}
}

func TestResetProjectEmptiesOneProjectOnly(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New(Options{Seed: 1, Trainees: 2, Delay: time.Second})
		admin, t1, t2 := login(t, c, "admin"), login(t, c, "trainee1"), login(t, c, "trainee2")
		t1.createLB("a", treeBody("a", "10.0.0.1"))
		t1.createLB("b", nil) // pending when reset
		t2.createLB("a", treeBody("a", "10.0.0.1"))
		time.Sleep(2 * time.Second)
		t1.createLB("c", nil)
		if err := c.SetProjectFaults([]string{"trainee1"}, Faults{Latency: Duration{Duration: time.Millisecond}}); err != nil {
			t.Fatal(err)
		}
		admin.must(http.StatusNoContent, http.MethodPost, "/lab/projects/trainee1/reset", nil)
		time.Sleep(3 * time.Second)
		for _, kind := range []string{"loadbalancers", "listeners", "pools", "healthmonitors"} {
			if n := len(list(t1.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/"+kind, nil).json(t), kind)); n != 0 {
				t.Errorf("trainee1's %s after reset: got %d, want 0", kind, n)
			}
			if n := len(list(t2.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/"+kind, nil).json(t), kind)); n != 1 {
				t.Errorf("trainee2's %s after trainee1's reset: got %d, want 1", kind, n)
			}
		}
		if ports := list(t1.must(http.StatusOK, http.MethodGet, "/network/v2.0/ports?device_owner=Octavia", nil).json(t), "ports"); len(ports) != 0 {
			t.Errorf("trainee1's VIP ports after reset: got %d, want 0", len(ports))
		}
		if len(c.ProjectFaults()) != 0 {
			t.Errorf("trainee1's faults after reset: got %v, want none", c.ProjectFaults())
		}
		t1.createLB("again", nil) // the project still works, quota and subnet included
		admin.must(http.StatusNotFound, http.MethodPost, "/lab/projects/nobody/reset", nil)
	})
}

func TestLoadScenarioIntoAProject(t *testing.T) {
	c := New(Options{Seed: 1, Trainees: 2})
	admin, t1, t2 := login(t, c, "admin"), login(t, c, "trainee1"), login(t, c, "trainee2")
	admin.must(http.StatusNoContent, http.MethodPost, "/lab/projects/trainee2/scenario", map[string]any{
		"load_balancers": []any{map[string]any{"project": "demo", "name": "shop",
			"listener": map[string]any{"protocol": "HTTP", "port": 80, "members": []string{"192.0.2.11", "192.0.2.12"}, "monitor": "HTTP"}}},
		"faults": map[string]any{"down_members": []string{"192.0.2.12"}},
	})
	if n := len(list(t1.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil).json(t), "loadbalancers")); n != 0 {
		t.Errorf("trainee1's load balancers: got %d, want 0", n)
	}
	lbs := list(t2.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil).json(t), "loadbalancers")
	if len(lbs) != 1 || lbs[0].(map[string]any)["name"] != "shop" {
		t.Fatalf("trainee2's load balancers: got %v, want shop (the scenario names demo: the project given wins)", lbs)
	}
	if got := memberOper(t, t2, "192.0.2.12"); got != operError {
		t.Errorf("the scenario's down member in trainee2: got %s, want ERROR", got)
	}
	admin.must(http.StatusBadRequest, http.MethodPost, "/lab/projects/trainee1/scenario", map[string]any{"trainees": 3})
	admin.must(http.StatusBadRequest, http.MethodPost, "/lab/projects/trainee1/scenario", map[string]any{"load_balancers": "x"})
}

func TestTraineeAndAdminPasswords(t *testing.T) {
	c := New(Options{Trainees: 3, TraineePasswords: PasswordsRandom, AdminPassword: "s3cret-admin"})
	seen := map[string]bool{}
	for _, u := range c.Users() {
		switch {
		case u.Trainee:
			if u.Password == u.Name || len(u.Password) != 12 || seen[u.Password] {
				t.Errorf("trainee %s: password %q, want 12 random characters of its own", u.Name, u.Password)
			}
			seen[u.Password] = true
			loginTo(t, c, u.Name, u.Password, u.Project)
		case u.Name == "admin":
			if u.Password != "s3cret-admin" {
				t.Errorf("admin's password: got %q", u.Password)
			}
		}
	}
	anon := &tclient{t: t, h: c}
	anon.must(http.StatusUnauthorized, http.MethodPost, "/identity/v3/auth/tokens", passwordAuth("trainee1", "trainee1", "trainee1"))
	anon.must(http.StatusUnauthorized, http.MethodPost, "/identity/v3/auth/tokens", passwordAuth("admin", "admin", "admin"))
	if got := len(seen); got != 3 {
		t.Errorf("trainees: got %d, want 3", got)
	}
}

// TestDemoPasswords: with DemoPasswords random, demo and viewer are not
// guessable (their name is not their password) and log in with theirs;
// without, their password is their name.
func TestDemoPasswords(t *testing.T) {
	for _, tt := range []struct {
		mode   string
		random bool
	}{{"", false}, {PasswordsName, false}, {PasswordsRandom, true}} {
		c := New(Options{DemoPasswords: tt.mode})
		for _, u := range c.Users() {
			if u.Name != "demo" && u.Name != "viewer" {
				continue
			}
			if got := u.Password != u.Name && len(u.Password) == 12; got != tt.random {
				t.Errorf("DemoPasswords %q: %s's password %q, want random %v", tt.mode, u.Name, u.Password, tt.random)
			}
			loginTo(t, c, u.Name, u.Password, u.Project)
		}
		if tt.random {
			anon := &tclient{t: t, h: c}
			anon.must(http.StatusUnauthorized, http.MethodPost, "/identity/v3/auth/tokens", passwordAuth("demo", "demo", "demo"))
		}
	}
}

func TestTrainerViewIsReadOnlyAndStaysInItsProject(t *testing.T) {
	c := New(Options{Seed: 1, Trainees: 2})
	admin, t1 := login(t, c, "admin"), login(t, c, "trainee1")
	t1.createLB("mine", nil)
	login(t, c, "trainee2").createLB("theirs", nil)
	if _, _, err := c.MintView(t1.token, "trainee2"); err == nil {
		t.Fatal("MintView with a trainee's token: want ErrNotAdmin")
	}
	tok, _, err := c.MintView(admin.token, "trainee1")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.MintView(tok, "trainee2"); err == nil {
		t.Fatal("MintView from a view token: want an error")
	}
	view := &tclient{t: t, h: c, token: tok}
	lbs := list(view.must(http.StatusOK, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil).json(t), "loadbalancers")
	if len(lbs) != 1 || lbs[0].(map[string]any)["name"] != "mine" {
		t.Errorf("the view lists %v, want trainee1's load balancer only", lbs)
	}
	view.must(http.StatusForbidden, http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers",
		map[string]any{"loadbalancer": map[string]any{"vip_subnet_id": t1.subnetID()}})
	view.must(http.StatusForbidden, http.MethodGet, "/lab/faults", nil)
	id, _ := c.Whoami(tok)
	if !id.View || id.Admin || id.Project != "trainee1" || id.User != "admin" {
		t.Errorf("Whoami of the view: got %+v", id)
	}
	view.must(http.StatusForbidden, http.MethodPost, "/identity/v3/users/"+id.UserID+"/application_credentials",
		map[string]any{"application_credential": map[string]any{"name": "x"}})
	rescope := func(project string) map[string]any {
		return map[string]any{"auth": map[string]any{"identity": map[string]any{"methods": []string{"token"}, "token": map[string]any{"id": tok}},
			"scope": map[string]any{"project": map[string]any{"name": project, "domain": map[string]any{"id": "default"}}}}}
	}
	anon := &tclient{t: t, h: c}
	anon.must(http.StatusUnauthorized, http.MethodPost, "/identity/v3/auth/tokens", rescope("admin"))
	anon.must(http.StatusUnauthorized, http.MethodPost, "/identity/v3/auth/tokens", rescope("trainee2"))
	same := anon.must(http.StatusCreated, http.MethodPost, "/identity/v3/auth/tokens", rescope("trainee1"))
	if roles := list(obj(same.json(t), "token"), "roles"); len(roles) != 2 {
		t.Errorf("a view rescoped to its own project: roles %v, want the reader's two", roles)
	}
	projects := list(view.must(http.StatusOK, http.MethodGet, "/identity/v3/auth/projects", nil).json(t), "projects")
	if len(projects) != 1 || projects[0].(map[string]any)["name"] != "trainee1" {
		t.Errorf("the view's projects: got %v, want trainee1 only", projects)
	}
	// back to the trainer page: the view ends, the admin token stays
	c.EndView(tok)
	view.must(http.StatusUnauthorized, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil)
	admin.must(http.StatusOK, http.MethodGet, "/lab/faults", nil)
	// logging out of a view logs the trainer out
	tok2, _, _ := c.MintView(admin.token, "trainee1")
	req := newReq(http.MethodDelete, "/identity/v3/auth/tokens", tok2)
	req.Header.Set("X-Subject-Token", tok2)
	if r := serve(c, req); r.status != http.StatusNoContent {
		t.Fatalf("revoking the view: %d", r.status)
	}
	admin.must(http.StatusUnauthorized, http.MethodGet, "/lab/faults", nil)
}

func TestExerciseFilesRefusedWithLineAndReason(t *testing.T) {
	cases := []struct {
		name, file, want string
	}{
		{"not JSON", "{\n  \"name\": \"x\",\n  \"title\": oops\n}", "bad.json:3: not valid JSON"},
		{"unknown top field", "{\"name\": \"x\",\n\"titel\": \"y\"}", "bad.json:2: unknown field \"titel\""},
		{"no steps", `{"name": "x", "title": "y", "steps": []}`, "bad.json:1: steps: want at least one step"},
		{"unknown kind", "{\"name\": \"x\", \"title\": \"y\", \"steps\": [\n  {\"title\": \"a\", \"check\": {\"exists\": {\"kind\": \"listener\"}}},\n  {\"title\": \"b\", \"check\": {\"exists\": {\"kind\": \"pol\"}}}\n]}",
			"bad.json:3: step 2 (b): check.exists: unknown kind \"pol\""},
		{"unknown attribute", "{\"name\": \"x\", \"title\": \"y\", \"steps\": [\n\n  {\"title\": \"a\", \"check\": {\"exists\": {\"kind\": \"listener\", \"where\": {\"port\": 80}}}}]}",
			"bad.json:3: step 1 (a): check.exists.where: listener has no attribute \"port\""},
		{"unknown relation", "{\"name\": \"x\", \"title\": \"y\", \"steps\": [\n  {\"title\": \"a\", \"check\": {\"exists\": {\"kind\": \"listener\", \"has\": {\"members\": {}}}}}]}",
			"bad.json:2: step 1 (a): check.exists.has: listener has no relation \"members\""},
		{"two checks in one", "{\"name\": \"x\", \"title\": \"y\", \"steps\": [\n  {\"title\": \"a\", \"check\": {\"exists\": {\"kind\": \"pool\"}, \"none\": {\"kind\": \"pool\"}}}]}",
			"bad.json:2: step 1 (a): check: want exactly one of exists, none, all, any"},
		{"unknown step field", "{\"name\": \"x\", \"title\": \"y\", \"steps\": [\n  {\"title\": \"a\", \"chek\": {}}]}",
			"bad.json:2: step 1: json: unknown field \"chek\""},
		{"step without title", "{\"name\": \"x\", \"title\": \"y\", \"steps\": [\n  {\"check\": {\"exists\": {\"kind\": \"pool\"}}}]}",
			"bad.json:2: step 1: title is missing"},
		{"bad value", "{\"name\": \"x\", \"title\": \"y\", \"steps\": [\n  {\"title\": \"a\", \"check\": {\"exists\": {\"kind\": \"pool\", \"where\": {\"name\": [1]}}}}]}",
			"bad.json:2: step 1 (a): check.exists.where.name: want a string, a number or true/false"},
		{"setup for the whole lab", "{\"name\": \"x\", \"title\": \"y\",\n \"setup\": {\"trainees\": 2}, \"steps\": []}", "bad.json:2: setup: trainees"},
		{"cut short", `{"name": "x", "title": "y", "steps": [`, "bad.json:1: the file ends too early"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseExercise("bad.json", []byte(tc.file))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// stepsHeld is which steps of trainee user's progress hold now.
func stepsHeld(c *Cloud, user string) []bool {
	for _, tr := range c.Class().Trainees {
		if tr.User == user {
			var out []bool
			for _, s := range tr.Steps {
				out = append(out, s.Holds)
			}
			return out
		}
	}
	return nil
}

func TestShippedExercisesCheckThemselves(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New(Options{Seed: 1, Trainees: 2, Delay: time.Second})
		e, err := ShippedExercise("1-first-http-lb")
		if err != nil {
			t.Fatal(err)
		}
		if err := c.SetExercise(e, false); err != nil {
			t.Fatal(err)
		}
		t1 := login(t, c, "trainee1")
		if got := stepsHeld(c, "trainee1"); slices.Contains(got, true) {
			t.Fatalf("before any work: got %v, want no step passed", got)
		}
		lb := t1.createLB("web", nil)
		time.Sleep(2 * time.Second)
		if got := stepsHeld(c, "trainee1"); !got[0] || got[1] {
			t.Errorf("after the load balancer: got %v, want step 1 only", got)
		}
		l := obj(t1.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/listeners", map[string]any{"listener": map[string]any{
			"loadbalancer_id": lb["id"], "protocol": "HTTP", "protocol_port": 80}}).json(t), "listener")
		time.Sleep(2 * time.Second)
		p := obj(t1.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/pools", map[string]any{"pool": map[string]any{
			"listener_id": l["id"], "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"}}).json(t), "pool")
		time.Sleep(2 * time.Second)
		for _, addr := range []string{"192.0.2.11", "192.0.2.12"} {
			t1.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/pools/"+p["id"].(string)+"/members",
				map[string]any{"member": map[string]any{"address": addr, "protocol_port": 80}})
			time.Sleep(2 * time.Second)
		}
		if got := stepsHeld(c, "trainee1"); !got[3] || got[4] || got[5] {
			t.Errorf("after two members: got %v, want steps 1-4", got)
		}
		t1.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/healthmonitors", map[string]any{"healthmonitor": map[string]any{
			"pool_id": p["id"], "type": "HTTP", "delay": 5, "timeout": 3, "max_retries": 3}})
		time.Sleep(2 * time.Second)
		cl := c.Class()
		var tr serverapi.Trainee
		for _, x := range cl.Trainees {
			if x.User == "trainee1" {
				tr = x
			}
		}
		for i, s := range tr.Steps {
			if !s.Holds || s.PassedAt == "" {
				t.Errorf("step %d after the whole exercise: %+v, want passed", i+1, s)
			}
		}
		if tr.Help != serverapi.HelpNone || cl.Trainees[0].User != "trainee2" || cl.Trainees[0].Help != serverapi.HelpFailing {
			t.Errorf("help: got trainee1 %d, first tile %s (%d); want trainee1 fine and trainee2 (failing) first", tr.Help, cl.Trainees[0].User, cl.Trainees[0].Help)
		}

		// the L7 exercise through one fully populated create
		e2, _ := ShippedExercise("2-l7-api-admin")
		c.SetExercise(e2, false)
		t2 := login(t, c, "trainee2")
		t2.createLB("shop", map[string]any{
			"listeners": []any{map[string]any{"protocol": "HTTP", "protocol_port": 80,
				"default_pool": map[string]any{"name": "web", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN",
					"members": []any{map[string]any{"address": "192.0.2.11", "protocol_port": 80}}},
				"l7policies": []any{
					map[string]any{"action": "REDIRECT_TO_POOL", "redirect_pool": map[string]any{"name": "api"},
						"rules": []any{map[string]any{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/api"}}},
					map[string]any{"action": "REJECT",
						"rules": []any{map[string]any{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/admin"}}}}}},
			"pools": []any{map[string]any{"name": "api", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN",
				"members": []any{map[string]any{"address": "192.0.2.21", "protocol_port": 8080}}}},
		})
		time.Sleep(2 * time.Second)
		if got := stepsHeld(c, "trainee2"); !slices.Equal(got, []bool{true, true, true, true}) {
			t.Errorf("the L7 exercise done: got %v, want every step", got)
		}

		// the drill: its set-up breaks every trainee's project
		e3, _ := ShippedExercise("3-troubleshooting-drill")
		if err := c.SetExercise(e3, true); err != nil {
			t.Fatal(err)
		}
		if got := stepsHeld(c, "trainee1"); !slices.Equal(got, []bool{false, false, false}) {
			t.Errorf("the drill's start: got %v, want no step", got)
		}
		if tr := c.Class().Trainees[0]; tr.Help != serverapi.HelpError || !strings.Contains(tr.HelpText, "192.0.2.12") {
			t.Errorf("the drill's start: help %d %q, want an ERROR naming the down member", tr.Help, tr.HelpText)
		}
	})
}

// labWithClass builds n trainees with three load balancer trees each.
func labWithClass(tb testing.TB, n int) *Cloud {
	c := New(Options{Seed: 1, Trainees: n, Delay: time.Millisecond})
	for i := 1; i <= n; i++ {
		u := "trainee" + itoa(i)
		tc := login(tb, c, u)
		for _, name := range []string{"web", "api", "db"} {
			tc.createLB(name, treeBody(name, "10.0.0.11", "10.0.0.12"))
		}
	}
	time.Sleep(5 * time.Millisecond)
	return c
}

// sameObjects fails unless a and b answer the same JSON for every object.
func sameObjects(t *testing.T, a, b *Cloud) {
	t.Helper()
	check := func(kind string, x, y []object) {
		if len(x) != len(y) {
			t.Fatalf("%s: %d objects, want %d", kind, len(y), len(x))
		}
		for i := range x {
			if string(encode(x[i])) != string(encode(y[i])) {
				t.Errorf("%s %d:\n got %s\nwant %s", kind, i, encode(y[i]), encode(x[i]))
			}
		}
	}
	check("load balancers", objects(a.lbs.order), objects(b.lbs.order))
	check("listeners", objects(a.listeners.order), objects(b.listeners.order))
	check("pools", objects(a.pools.order), objects(b.pools.order))
	check("members", objects(a.members.order), objects(b.members.order))
	check("monitors", objects(a.monitors.order), objects(b.monitors.order))
	check("L7 policies", objects(a.l7policies.order), objects(b.l7policies.order))
	check("L7 rules", objects(a.l7rules.order), objects(b.l7rules.order))
	check("amphorae", objects(a.amphorae.order), objects(b.amphorae.order))
	check("ports", objects(a.ports.order), objects(b.ports.order))
	check("subnets", objects(a.subnets.order), objects(b.subnets.order))
	check("flavors", objects(a.flavors.order), objects(b.flavors.order))
	check("flavor profiles", objects(a.flavorProfiles.order), objects(b.flavorProfiles.order))
	check("availability zones", objects(a.azs.order), objects(b.azs.order))
	check("availability zone profiles", objects(a.azProfiles.order), objects(b.azProfiles.order))
}

func TestStateRoundTrip(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New(Options{Seed: 7, Trainees: 2, TraineePasswords: PasswordsRandom, Delay: time.Second})
		admin := login(t, c, "admin")
		var t1 *tclient
		for _, u := range c.Users() {
			if u.Name == "trainee1" {
				t1 = loginTo(t, c, u.Name, u.Password, u.Project)
			}
		}
		e, _ := ShippedExercise("2-l7-api-admin")
		c.SetExercise(e, false)
		t1.createLB("shop", map[string]any{"tags": []string{"a", "b"},
			"listeners": []any{map[string]any{"protocol": "HTTP", "protocol_port": 80,
				"default_pool": map[string]any{"name": "web", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN",
					"session_persistence": map[string]any{"type": "APP_COOKIE", "cookie_name": "sid"},
					"members":             []any{map[string]any{"address": "192.0.2.11", "protocol_port": 80, "weight": 3}},
					"healthmonitor":       map[string]any{"type": "HTTP", "delay": 5, "timeout": 3, "max_retries": 3, "url_path": "/health"}},
				"l7policies": []any{map[string]any{"action": "REJECT", "position": 1,
					"rules": []any{map[string]any{"type": "HEADER", "key": "X-Bad", "compare_type": "EQUAL_TO", "value": "1"}}}}}}})
		admin.createLB("standby", nil)
		fp := obj(admin.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/flavorprofiles", map[string]any{"flavorprofile": map[string]any{
			"name": "fp", "provider_name": "amphora", "flavor_data": `{"loadbalancer_topology": "ACTIVE_STANDBY"}`}}).json(t), "flavorprofile")
		admin.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/flavors", map[string]any{"flavor": map[string]any{
			"name": "ha", "description": "two amphorae", "flavor_profile_id": fp["id"]}})
		azp := obj(admin.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/availabilityzoneprofiles", map[string]any{"availability_zone_profile": map[string]any{
			"name": "azp", "provider_name": "amphora", "availability_zone_data": `{"compute_zone": "nova"}`}}).json(t), "availability_zone_profile")
		admin.must(http.StatusCreated, http.MethodPost, "/load-balancer/v2/lbaas/availabilityzones", map[string]any{"availability_zone": map[string]any{
			"name": "az1", "enabled": false, "availability_zone_profile_id": azp["id"]}})
		admin.must(http.StatusAccepted, http.MethodPut, "/load-balancer/v2/lbaas/quotas/"+keystoneID("project", "trainee1"),
			map[string]any{"quota": map[string]any{"load_balancer": 5}})
		appcred := obj(t1.must(http.StatusCreated, http.MethodPost, "/identity/v3/users/"+keystoneID("user", "trainee1")+"/application_credentials",
			map[string]any{"application_credential": map[string]any{"name": "ci"}}).json(t), "application_credential")
		time.Sleep(2 * time.Second)
		c.SetProjectFaults([]string{"trainee2"}, Faults{DownMembers: []string{"192.0.2.99"}})
		c.Class() // records progress
		pending := t1.createLB("pending", nil)

		r := restarted(t, c, Options{Delay: time.Second})
		sameObjects(t, c, r)
		if !slices.Equal(c.Users(), r.Users()) {
			t.Errorf("users: got %v, want %v", r.Users(), c.Users())
		}
		if got, want := r.ProjectFaults(), c.ProjectFaults(); len(got) != 1 || len(got["trainee2"].DownMembers) != 1 || len(want) != 1 {
			t.Errorf("project faults: got %v, want %v", got, want)
		}
		if r.Exercise() == nil || r.Exercise().Name != e.Name {
			t.Errorf("exercise: got %v", r.Exercise())
		}
		rc, cc := r.Class(), c.Class()
		// trainee1's, wherever who needs help puts its tile
		trainee1 := func(cl serverapi.Class) serverapi.Trainee {
			i := slices.IndexFunc(cl.Trainees, func(tr serverapi.Trainee) bool { return tr.User == "trainee1" })
			if i < 0 {
				t.Fatal("no tile of trainee1")
			}
			return cl.Trainees[i]
		}
		if g, w := trainee1(rc).Steps, trainee1(cc).Steps; len(g) != len(w) || g[0].PassedAt == "" || !sameTime(t, g[0].PassedAt, w[0].PassedAt) {
			t.Errorf("progress: got %+v, want %+v", g, w)
		}
		// tokens are not kept; passwords and application credentials are
		old := &tclient{t: t, h: r, token: t1.token}
		old.must(http.StatusUnauthorized, http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", nil)
		var t1r *tclient
		for _, u := range r.Users() {
			if u.Name == "trainee1" {
				t1r = loginTo(t, r, u.Name, u.Password, u.Project)
			}
		}
		anon := &tclient{t: t, h: r}
		anon.must(http.StatusCreated, http.MethodPost, "/identity/v3/auth/tokens", map[string]any{"auth": map[string]any{"identity": map[string]any{
			"methods": []string{"application_credential"}, "application_credential": map[string]any{"id": appcred["id"], "secret": appcred["secret"]}}}})
		// the pending load balancer completes after the restore, and new ids do not collide
		if got := t1r.lbStatus(pending["id"].(string)); got != statusPendingCreate {
			t.Errorf("the pending load balancer right after the restore: got %s", got)
		}
		time.Sleep(2 * time.Second)
		if got := t1r.lbStatus(pending["id"].(string)); got != statusActive {
			t.Errorf("the pending load balancer after the delay: got %s, want ACTIVE", got)
		}
		t1r.createLB("after", nil)
		if len(r.lbs.order) != len(c.lbs.order)+1 {
			t.Errorf("a create after the restore: %d load balancers, want %d", len(r.lbs.order), len(c.lbs.order)+1)
		}
	})
}

func TestStateFilesThatCannotBeRead(t *testing.T) {
	dir := t.TempDir()
	good, _ := New(Options{}).MarshalState()
	cases := []struct {
		name, data, want string
	}{
		{"garbage", "{\n\"format\": oops", "line 2: not valid JSON"},
		{"another file", `{"format": "something"}`, `format "something": not a lab state`},
		{"a newer version", strings.Replace(string(good), `"version":1`, `"version":99`, 1), "version 99"},
		{"cut short", string(good[:len(good)/2]), "unexpected EOF"},
		{"an unknown field", strings.Replace(string(good), `"format"`, `"colour":1,"format"`, 1), "unknown field"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".json")
			writeFile(t, path, tc.data)
			_, err := ReadStateFile(path)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "left as it is") {
				t.Errorf("got %v, want an error saying %q and that the file is left alone", err, tc.want)
			}
			if b, _ := os.ReadFile(path); string(b) != tc.data {
				t.Error("the file was changed")
			}
		})
	}
	if s, err := ReadStateFile(filepath.Join(dir, "missing.json")); s != nil || err != nil {
		t.Errorf("a missing file: got %v, %v; want a fresh start", s, err)
	}
	if _, err := ReadStateFile(dir); err == nil {
		t.Error("a directory: want an error")
	}
	dangling := strings.Replace(string(good), `"project":"`+keystoneID("project", "demo")+`"`, `"project":"nope"`, 1)
	s, err := ParseState([]byte(dangling))
	if err == nil {
		_, err = NewFromState(Options{}, s)
	}
	if err == nil || !strings.Contains(err.Error(), "no project nope") {
		t.Errorf("a dangling reference: got %v, want an error naming it", err)
	}
}

func TestAutosave(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "lab.json")
		c := New(Options{Seed: 1, Trainees: 1})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() {
			c.Autosave(ctx, path, 3*time.Second, slog.New(slog.NewTextHandler(io.Discard, nil)))
			close(done)
		}()
		login(t, c, "trainee1").createLB("saved", nil)
		time.Sleep(time.Second)
		if _, err := os.Stat(path); err == nil {
			t.Fatal("saved before the delay")
		}
		time.Sleep(3 * time.Second)
		synctest.Wait()
		s, err := ReadStateFile(path)
		if err != nil || s == nil || len(s.LoadBalancers) != 1 {
			t.Fatalf("after the delay: %v, %v; want the load balancer saved", s, err)
		}
		c.SetProjectFaults([]string{"trainee1"}, Faults{Stuck: []string{"x"}})
		cancel()
		<-done
		if s, _ := ReadStateFile(path); len(s.ProjectFaults) != 1 {
			t.Errorf("at shutdown: got %v, want the last change saved", s.ProjectFaults)
		}
		entries, _ := os.ReadDir(filepath.Dir(path))
		if len(entries) != 1 {
			t.Errorf("files beside the state: %v, want none (temporary files are renamed or removed)", entries)
		}
		if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
			t.Errorf("mode %v, want 0600 (the file holds passwords)", fi.Mode().Perm())
		}
	})
}

// sameTime reports whether two of the trainer's API's times are the same
// instant.
func sameTime(t *testing.T, a, b string) bool {
	t.Helper()
	ta, err := time.Parse(time.RFC3339Nano, a)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := time.Parse(time.RFC3339Nano, b)
	if err != nil {
		t.Fatal(err)
	}
	return ta.Equal(tb)
}

// TestClassTile: a trainee's tile carries its load balancer's status tree,
// the exercise's steps and the project's faults, in the trainer's API's
// types; the class names the shipped exercises.
func TestClassTile(t *testing.T) {
	c := New(Options{Trainees: 1, Scenario: &Scenario{LoadBalancers: []ScenarioLB{
		{Project: "trainee1", Name: "web", Listener: &ScenarioListener{Protocol: "HTTP", Port: 80, Members: []string{"192.0.2.1"}, Monitor: "HTTP"}}}}})
	e, err := ShippedExercise("1-first-http-lb")
	if err != nil {
		t.Fatal(err)
	}
	c.SetExercise(e, false)
	c.SetProjectFaults([]string{"trainee1"}, Faults{Stuck: []string{"x"}})
	cl := c.Class()
	tr := cl.Trainees[0]
	if len(tr.LoadBalancers) != 1 || len(tr.LoadBalancers[0].Tree.Listeners) != 1 || len(tr.Steps) != 6 || len(tr.Faults) != 1 {
		t.Errorf("tile: %+v", tr)
	}
	if !slices.Contains(cl.Exercises, "1-first-http-lb") || cl.Faults.Latency.String() != "0s" {
		t.Errorf("class: exercises %v, faults %+v; want the shipped exercises and no latency (0s)", cl.Exercises, cl.Faults)
	}
}

func TestClassJSON(t *testing.T) {
	c := New(Options{Seed: 1, Trainees: 2})
	admin := login(t, c, "admin")
	login(t, c, "trainee1").do(http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers/nope", nil)
	t2 := login(t, c, "trainee2")
	t2.do(http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", map[string]any{"loadbalancer": map[string]any{"vip_subnet_id": "not-a-uuid"}})
	var cl serverapi.Class
	if err := json.Unmarshal(admin.must(http.StatusOK, http.MethodGet, "/lab/class", nil).body, &cl); err != nil {
		t.Fatal(err)
	}
	if len(cl.Trainees) != 2 {
		t.Fatalf("trainees: %d", len(cl.Trainees))
	}
	for _, tr := range cl.Trainees {
		switch tr.User {
		case "trainee1":
			if tr.LastSeen == "" || tr.LastError != nil {
				t.Errorf("trainee1: last seen %v, last error %v; want seen, and a GET's 404 not counted as an error", tr.LastSeen, tr.LastError)
			}
		case "trainee2":
			if tr.LastError == nil || !strings.Contains(tr.LastError.Message, "vip_subnet_id") || tr.LastOp == nil || tr.LastOp.Status != 400 {
				t.Errorf("trainee2: last error %+v, last op %+v; want the 400 with Octavia's faultstring", tr.LastError, tr.LastOp)
			}
		}
	}
	login(t, c, "trainee1").must(http.StatusForbidden, http.MethodGet, "/lab/class", nil)
}
