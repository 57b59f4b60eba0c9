package labcloud

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestCLI drives Debian's openstack CLI (python3-openstackclient +
// python3-octaviaclient) against a lab cloud, the way a user would: every
// command must exit 0 and print what a real Octavia would. Independent
// chains of commands run at once on separate load balancers.
func TestCLI(t *testing.T) {
	bin, err := exec.LookPath("openstack")
	if err != nil {
		t.Fatalf("the openstack CLI is not installed (%v): run `make test`, which installs "+
			"python3-openstackclient and python3-octaviaclient", err)
	}
	srv := NewServer(Options{Delay: 300 * time.Millisecond, Seed: 1})
	defer srv.Close()
	o := newOSC(t, bin, srv.URL+"/identity/v3")

	var subnet string
	if !t.Run("subnet list", func(t *testing.T) { subnet = o.subnet(t) }) {
		t.FailNow()
	}
	// t.Run from goroutines: the chains are mostly waiting on the CLI's 3 s
	// polls, so they overlap better than t.Parallel's GOMAXPROCS limit allows.
	var wg sync.WaitGroup
	for _, c := range cliChains {
		wg.Go(func() { t.Run(c.name, func(t *testing.T) { c.run(t, o, subnet) }) })
	}
	wg.Wait()
}

// cliChains are independent sequences of commands, each on objects of its own.
var cliChains = []struct {
	name string
	run  func(t *testing.T, o osc, subnet string)
}{
	{"loadbalancer", cliLoadBalancer},
	{"pool member healthmonitor", cliPoolMemberMonitor},
	{"listener l7policy l7rule", cliListenerL7},
	{"amphora", cliAmphora},
	{"quota provider", cliQuotaProvider},
	{"flavor availabilityzone", cliFlavorAZ},
}

func cliLoadBalancer(t *testing.T, o osc, subnet string) {
	lb := o.show(t, "loadbalancer", "create", "--name", "cli-lb", "--description", "first",
		"--vip-subnet-id", subnet, "--tag", "blue", "--tag", "green", "--wait")
	expect(t, "loadbalancer create --wait", lb, fields{
		"name": "cli-lb", "description": "first", "provisioning_status": "ACTIVE",
		"vip_subnet_id": subnet, "tags": tags("blue", "green"), "admin_state_up": true,
	})
	id := str(lb["id"])
	expectRow(t, o.list(t, "loadbalancer", "list"), "cli-lb", fields{"id": id, "provisioning_status": "ACTIVE"})
	expectRow(t, o.list(t, "loadbalancer", "list", "--tags", "blue"), "cli-lb", fields{"id": id})

	o.run(t, "loadbalancer", "set", "--description", "second", "--tag", "red", "--wait", "cli-lb")
	expect(t, "show after set", o.show(t, "loadbalancer", "show", "cli-lb"), fields{
		"description": "second", "provisioning_status": "ACTIVE", "tags": tags("blue", "green", "red"),
	})
	o.run(t, "loadbalancer", "unset", "--description", "--tag", "blue", "--wait", id)
	expect(t, "show after unset", o.show(t, "loadbalancer", "show", id), fields{
		"description": "", "provisioning_status": "ACTIVE", "tags": tags("green", "red"),
	})

	stats := o.show(t, "loadbalancer", "stats", "show", "cli-lb")
	expectCounters(t, "loadbalancer stats show", stats,
		"active_connections", "bytes_in", "bytes_out", "request_errors", "total_connections")

	var tree struct {
		Loadbalancer struct {
			ID                 string `json:"id"`
			Name               string `json:"name"`
			ProvisioningStatus string `json:"provisioning_status"`
			OperatingStatus    string `json:"operating_status"`
			Listeners          []any  `json:"listeners"`
		} `json:"loadbalancer"`
	}
	o.decode(t, &tree, "loadbalancer", "status", "show", "cli-lb")
	if got := tree.Loadbalancer; got.ID != id || got.Name != "cli-lb" || got.ProvisioningStatus != "ACTIVE" ||
		got.OperatingStatus == "" || got.Listeners == nil {
		t.Errorf("loadbalancer status show: got %+v, want id %s, name cli-lb, ACTIVE, an operating status, listeners []", got, id)
	}

	o.run(t, "loadbalancer", "failover", "--wait", "cli-lb")
	expect(t, "show after failover", o.show(t, "loadbalancer", "show", id), fields{"provisioning_status": "ACTIVE"})

	o.run(t, "loadbalancer", "delete", "--wait", "cli-lb")
	expectNoRow(t, o.list(t, "loadbalancer", "list"), "cli-lb")
}

func cliPoolMemberMonitor(t *testing.T, o osc, subnet string) {
	lb := o.show(t, "loadbalancer", "create", "--name", "cli-lb-pool", "--vip-subnet-id", subnet, "--wait")
	expect(t, "loadbalancer create --wait", lb, fields{"provisioning_status": "ACTIVE"})

	// pool
	pool := o.show(t, "loadbalancer", "pool", "create", "--name", "cli-pool", "--loadbalancer", "cli-lb-pool",
		"--protocol", "HTTP", "--lb-algorithm", "ROUND_ROBIN", "--tag", "p1", "--wait")
	expect(t, "pool create --wait", pool, fields{
		"name": "cli-pool", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN",
		"provisioning_status": "ACTIVE", "tags": tags("p1"), "loadbalancers": str(lb["id"]),
	})
	expectRow(t, o.list(t, "loadbalancer", "pool", "list", "--loadbalancer", "cli-lb-pool"), "cli-pool",
		fields{"id": pool["id"], "provisioning_status": "ACTIVE", "lb_algorithm": "ROUND_ROBIN"})
	o.run(t, "loadbalancer", "pool", "set", "--description", "web", "--lb-algorithm", "LEAST_CONNECTIONS",
		"--tag", "p2", "--wait", "cli-pool")
	expect(t, "pool show after set", o.show(t, "loadbalancer", "pool", "show", "cli-pool"), fields{
		"description": "web", "lb_algorithm": "LEAST_CONNECTIONS", "provisioning_status": "ACTIVE", "tags": tags("p1", "p2"),
	})
	o.run(t, "loadbalancer", "pool", "unset", "--description", "--tag", "p1", "--wait", "cli-pool")
	expect(t, "pool show after unset", o.show(t, "loadbalancer", "pool", "show", "cli-pool"), fields{
		"description": "", "provisioning_status": "ACTIVE", "tags": tags("p2"),
	})

	// member
	m := o.show(t, "loadbalancer", "member", "create", "--name", "cli-member", "--address", "10.0.0.10",
		"--protocol-port", "8080", "--weight", "3", "--tag", "m1", "--wait", "cli-pool")
	expect(t, "member create --wait", m, fields{
		"name": "cli-member", "address": "10.0.0.10", "protocol_port": 8080.0, "weight": 3.0,
		"provisioning_status": "ACTIVE", "tags": tags("m1"),
	})
	expectRow(t, o.list(t, "loadbalancer", "member", "list", "cli-pool"), "cli-member",
		fields{"id": m["id"], "address": "10.0.0.10", "protocol_port": 8080.0, "provisioning_status": "ACTIVE"})
	o.run(t, "loadbalancer", "member", "set", "--weight", "7", "--tag", "m2", "--wait", "cli-pool", "cli-member")
	expect(t, "member show after set", o.show(t, "loadbalancer", "member", "show", "cli-pool", "cli-member"), fields{
		"weight": 7.0, "provisioning_status": "ACTIVE", "tags": tags("m1", "m2"),
	})
	o.run(t, "loadbalancer", "member", "unset", "--weight", "--tag", "m1", "--wait", "cli-pool", "cli-member")
	expect(t, "member show after unset", o.show(t, "loadbalancer", "member", "show", "cli-pool", str(m["id"])), fields{
		"weight": 1.0, "provisioning_status": "ACTIVE", "tags": tags("m2"),
	})

	// health monitor
	hm := o.show(t, "loadbalancer", "healthmonitor", "create", "--name", "cli-hm", "--type", "HTTP",
		"--delay", "5", "--timeout", "3", "--max-retries", "2", "--url-path", "/health", "--tag", "h1", "--wait", "cli-pool")
	expect(t, "healthmonitor create --wait", hm, fields{
		"name": "cli-hm", "type": "HTTP", "delay": 5.0, "timeout": 3.0, "max_retries": 2.0,
		"url_path": "/health", "provisioning_status": "ACTIVE", "tags": tags("h1"), "pools": str(pool["id"]),
	})
	expectRow(t, o.list(t, "loadbalancer", "healthmonitor", "list"), "cli-hm",
		fields{"id": hm["id"], "type": "HTTP", "admin_state_up": true})
	o.run(t, "loadbalancer", "healthmonitor", "set", "--delay", "10", "--expected-codes", "200-204",
		"--tag", "h2", "--wait", "cli-hm")
	expect(t, "healthmonitor show after set", o.show(t, "loadbalancer", "healthmonitor", "show", "cli-hm"), fields{
		"delay": 10.0, "expected_codes": "200-204", "provisioning_status": "ACTIVE", "tags": tags("h1", "h2"),
	})
	o.run(t, "loadbalancer", "healthmonitor", "unset", "--url-path", "--expected-codes", "--tag", "h1", "--wait", "cli-hm")
	expect(t, "healthmonitor show after unset", o.show(t, "loadbalancer", "healthmonitor", "show", str(hm["id"])), fields{
		"url_path": "/", "expected_codes": "200", "provisioning_status": "ACTIVE", "tags": tags("h2"),
	})
	expect(t, "pool show with monitor and member", o.show(t, "loadbalancer", "pool", "show", "cli-pool"), fields{
		"healthmonitor_id": hm["id"], "members": str(m["id"]),
	})

	var tree struct {
		Loadbalancer struct {
			Name      string `json:"name"`
			Listeners []any  `json:"listeners"`
		} `json:"loadbalancer"`
	}
	o.decode(t, &tree, "loadbalancer", "status", "show", "cli-lb-pool")
	if tree.Loadbalancer.Name != "cli-lb-pool" || tree.Loadbalancer.Listeners == nil {
		t.Errorf("status show: got %+v, want name cli-lb-pool and a listeners list", tree.Loadbalancer)
	}

	o.run(t, "loadbalancer", "healthmonitor", "delete", "--wait", "cli-hm")
	expectNoRow(t, o.list(t, "loadbalancer", "healthmonitor", "list"), "cli-hm")
	o.run(t, "loadbalancer", "member", "delete", "--wait", "cli-pool", "cli-member")
	expectNoRow(t, o.list(t, "loadbalancer", "member", "list", "cli-pool"), "cli-member")

	// The pool is still there: only --cascade may delete the load balancer.
	o.run(t, "loadbalancer", "delete", "--cascade", "--wait", "cli-lb-pool")
	expectNoRow(t, o.list(t, "loadbalancer", "list"), "cli-lb-pool")
	expectNoRow(t, o.list(t, "loadbalancer", "pool", "list"), "cli-pool")
}

func cliListenerL7(t *testing.T, o osc, subnet string) {
	lb := o.show(t, "loadbalancer", "create", "--name", "cli-lb-l7", "--vip-subnet-id", subnet, "--wait")
	expect(t, "loadbalancer create --wait", lb, fields{"provisioning_status": "ACTIVE"})

	// listener
	l := o.show(t, "loadbalancer", "listener", "create", "--name", "cli-listener", "--protocol", "HTTP",
		"--protocol-port", "80", "--tag", "l1", "--wait", "cli-lb-l7")
	expect(t, "listener create --wait", l, fields{
		"name": "cli-listener", "protocol": "HTTP", "protocol_port": 80.0, "provisioning_status": "ACTIVE",
		"tags": tags("l1"), "loadbalancers": str(lb["id"]), "connection_limit": -1.0,
	})
	expectRow(t, o.list(t, "loadbalancer", "listener", "list", "--loadbalancer", "cli-lb-l7"), "cli-listener",
		fields{"id": l["id"], "protocol": "HTTP", "protocol_port": 80.0, "admin_state_up": true})
	o.run(t, "loadbalancer", "listener", "set", "--description", "front", "--connection-limit", "100",
		"--tag", "l2", "--wait", "cli-listener")
	expect(t, "listener show after set", o.show(t, "loadbalancer", "listener", "show", "cli-listener"), fields{
		"description": "front", "connection_limit": 100.0, "provisioning_status": "ACTIVE", "tags": tags("l1", "l2"),
	})
	o.run(t, "loadbalancer", "listener", "unset", "--description", "--connection-limit", "--tag", "l1", "--wait", "cli-listener")
	expect(t, "listener show after unset", o.show(t, "loadbalancer", "listener", "show", str(l["id"])), fields{
		"description": "", "connection_limit": -1.0, "provisioning_status": "ACTIVE", "tags": tags("l2"),
	})
	expectCounters(t, "listener stats show", o.show(t, "loadbalancer", "listener", "stats", "show", "cli-listener"),
		"active_connections", "bytes_in", "bytes_out", "request_errors", "total_connections")

	// l7 policy
	p := o.show(t, "loadbalancer", "l7policy", "create", "--name", "cli-policy", "--action", "REDIRECT_TO_URL",
		"--redirect-url", "https://example.com/", "--tag", "x1", "--wait", "cli-listener")
	expect(t, "l7policy create --wait", p, fields{
		"name": "cli-policy", "action": "REDIRECT_TO_URL", "redirect_url": "https://example.com/",
		"position": 1.0, "listener_id": l["id"], "provisioning_status": "ACTIVE", "tags": tags("x1"),
	})
	expectRow(t, o.list(t, "loadbalancer", "l7policy", "list", "--listener", "cli-listener"), "cli-policy",
		fields{"id": p["id"], "action": "REDIRECT_TO_URL", "provisioning_status": "ACTIVE"})
	o.run(t, "loadbalancer", "l7policy", "set", "--description", "moved", "--redirect-http-code", "301",
		"--tag", "x2", "--wait", "cli-policy")
	expect(t, "l7policy show after set", o.show(t, "loadbalancer", "l7policy", "show", "cli-policy"), fields{
		"description": "moved", "redirect_http_code": 301.0, "provisioning_status": "ACTIVE", "tags": tags("x1", "x2"),
	})
	o.run(t, "loadbalancer", "l7policy", "unset", "--description", "--tag", "x1", "--wait", "cli-policy")
	expect(t, "l7policy show after unset", o.show(t, "loadbalancer", "l7policy", "show", str(p["id"])), fields{
		"description": "", "provisioning_status": "ACTIVE", "tags": tags("x2"),
	})

	// l7 rule: python-octaviaclient 3.1.0's `l7rule create --wait` swaps its
	// arguments and fails on any cloud, so create without --wait and poll.
	r := o.show(t, "loadbalancer", "l7rule", "create", "--type", "PATH", "--compare-type", "STARTS_WITH",
		"--value", "/old", "--tag", "r1", "cli-policy")
	expect(t, "l7rule create", r, fields{
		"type": "PATH", "compare_type": "STARTS_WITH", "value": "/old", "provisioning_status": "PENDING_CREATE",
		"tags": tags("r1"),
	})
	rid := str(r["id"])
	o.pollActive(t, "loadbalancer", "l7rule", "show", "cli-policy", rid)
	expectID(t, o.list(t, "loadbalancer", "l7rule", "list", "cli-policy"), rid,
		fields{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/old", "provisioning_status": "ACTIVE"})
	o.run(t, "loadbalancer", "l7rule", "set", "--type", "HEADER", "--key", "X-Old", "--value", "yes",
		"--compare-type", "EQUAL_TO", "--tag", "r2", "--wait", "cli-policy", rid)
	expect(t, "l7rule show after set", o.show(t, "loadbalancer", "l7rule", "show", "cli-policy", rid), fields{
		"type": "HEADER", "key": "X-Old", "value": "yes", "compare_type": "EQUAL_TO",
		"provisioning_status": "ACTIVE", "tags": tags("r1", "r2"),
	})
	o.run(t, "loadbalancer", "l7rule", "unset", "--tag", "r1", "--wait", "cli-policy", rid)
	expect(t, "l7rule show after unset", o.show(t, "loadbalancer", "l7rule", "show", "cli-policy", rid), fields{
		"provisioning_status": "ACTIVE", "tags": tags("r2"),
	})
	expect(t, "l7policy show with its rule", o.show(t, "loadbalancer", "l7policy", "show", "cli-policy"),
		fields{"rules": rid})

	o.run(t, "loadbalancer", "l7rule", "delete", "--wait", "cli-policy", rid)
	if rows := o.list(t, "loadbalancer", "l7rule", "list", "cli-policy"); len(rows) != 0 {
		t.Errorf("l7rule list after delete: got %v, want no rules", rows)
	}
	o.run(t, "loadbalancer", "l7policy", "delete", "--wait", "cli-policy")
	expectNoRow(t, o.list(t, "loadbalancer", "l7policy", "list"), "cli-policy")
	o.run(t, "loadbalancer", "listener", "delete", "--wait", "cli-listener")
	expectNoRow(t, o.list(t, "loadbalancer", "listener", "list"), "cli-listener")
	o.run(t, "loadbalancer", "delete", "--wait", "cli-lb-l7")
	expectNoRow(t, o.list(t, "loadbalancer", "list"), "cli-lb-l7")
}

func cliAmphora(t *testing.T, o osc, subnet string) {
	lb := o.show(t, "loadbalancer", "create", "--name", "cli-lb-amp", "--vip-subnet-id", subnet, "--wait")
	expect(t, "loadbalancer create --wait", lb, fields{"provisioning_status": "ACTIVE"})
	lbID := str(lb["id"])

	amps := o.list(t, "loadbalancer", "amphora", "list", "--loadbalancer", lbID)
	if len(amps) == 0 {
		t.Fatalf("amphora list --loadbalancer %s: got no amphorae, want at least one", lbID)
	}
	for _, a := range amps {
		expect(t, "amphora list row", a, fields{"loadbalancer_id": lbID, "status": "ALLOCATED"})
		if role := str(a["role"]); !slices.Contains([]string{"STANDALONE", "MASTER", "BACKUP"}, role) {
			t.Errorf("amphora list: got role %q, want STANDALONE, MASTER or BACKUP", role)
		}
	}
	ampID := str(amps[0]["id"])
	expect(t, "amphora show", o.show(t, "loadbalancer", "amphora", "show", ampID), fields{
		"id": ampID, "loadbalancer_id": lbID, "status": "ALLOCATED", "role": amps[0]["role"],
	})
	o.run(t, "loadbalancer", "amphora", "configure", "--wait", ampID)
	if !o.realOctavia { // a real Octavia without a health manager has no amphora stats (404)
		expectCounters(t, "amphora stats show", o.show(t, "loadbalancer", "amphora", "stats", "show", ampID),
			"active_connections", "bytes_in", "bytes_out", "request_errors", "total_connections")
	}

	o.run(t, "loadbalancer", "amphora", "failover", "--wait", ampID)
	after := o.list(t, "loadbalancer", "amphora", "list", "--loadbalancer", lbID)
	if len(after) != len(amps) {
		t.Errorf("amphora list after failover: got %d amphorae, want %d", len(after), len(amps))
	}
	for _, a := range after {
		if str(a["id"]) == ampID {
			t.Errorf("amphora list after failover: amphora %s still serves the load balancer, want a new one", ampID)
		}
		expect(t, "amphora list row after failover", a, fields{"loadbalancer_id": lbID, "status": "ALLOCATED"})
	}
	expect(t, "loadbalancer show after amphora failover", o.show(t, "loadbalancer", "show", lbID),
		fields{"provisioning_status": "ACTIVE"})
	o.run(t, "loadbalancer", "delete", "--wait", lbID)
}

func cliQuotaProvider(t *testing.T, o osc, _ string) {
	providers := o.list(t, "loadbalancer", "provider", "list")
	var amphora bool
	for _, p := range providers {
		amphora = amphora || p["name"] == "amphora"
		if str(p["description"]) == "" {
			t.Errorf("provider list: provider %v has no description", p["name"])
		}
	}
	if !amphora {
		t.Fatalf("provider list: got %v, want the amphora provider", providers)
	}
	for _, kind := range []string{"--flavor", "--availability-zone"} {
		caps := o.list(t, "loadbalancer", "provider", "capability", "list", kind, "amphora")
		want := map[string]string{"--flavor": "loadbalancer_topology", "--availability-zone": "compute_zone"}[kind]
		expectRowBy(t, caps, "name", want, fields{})
	}

	counts := []string{"load_balancer", "listener", "pool", "health_monitor", "member", "l7policy", "l7rule"}
	defaults := o.show(t, "loadbalancer", "quota", "defaults", "show")
	for _, k := range counts {
		if _, ok := defaults[k].(float64); !ok {
			t.Errorf("quota defaults show: got %s = %v, want a number", k, defaults[k])
		}
	}
	expect(t, "quota show demo", o.show(t, "loadbalancer", "quota", "show", "demo"), fields{
		"load_balancer": defaults["load_balancer"], "listener": defaults["listener"],
	})
	set := o.show(t, "loadbalancer", "quota", "set", "--loadbalancer", "7", "--listener", "21", "demo")
	expect(t, "quota set", set, fields{"load_balancer": 7.0, "listener": 21.0, "pool": defaults["pool"]})
	expect(t, "quota show after set", o.show(t, "loadbalancer", "quota", "show", "demo"),
		fields{"load_balancer": 7.0, "listener": 21.0})
	rows := o.list(t, "loadbalancer", "quota", "list")
	var listed bool
	for _, r := range rows {
		listed = listed || (r["load_balancer"] == 7.0 && r["listener"] == 21.0)
	}
	if !listed {
		t.Errorf("quota list after set: got %v, want a row with load_balancer 7 and listener 21", rows)
	}
	o.run(t, "loadbalancer", "quota", "reset", "demo")
	expect(t, "quota show after reset", o.show(t, "loadbalancer", "quota", "show", "demo"),
		fields{"load_balancer": defaults["load_balancer"], "listener": defaults["listener"]})
}

func cliFlavorAZ(t *testing.T, o osc, _ string) {
	fp := o.show(t, "loadbalancer", "flavorprofile", "create", "--name", "cli-fp", "--provider", "amphora",
		"--flavor-data", `{"loadbalancer_topology": "ACTIVE_STANDBY"}`)
	expect(t, "flavorprofile create", fp, fields{"name": "cli-fp", "provider_name": "amphora"})
	expectRow(t, o.list(t, "loadbalancer", "flavorprofile", "list"), "cli-fp", fields{"id": fp["id"]})
	expect(t, "flavorprofile show", o.show(t, "loadbalancer", "flavorprofile", "show", "cli-fp"),
		fields{"id": fp["id"], "provider_name": "amphora", "flavor_data": `{"loadbalancer_topology": "ACTIVE_STANDBY"}`})

	fl := o.show(t, "loadbalancer", "flavor", "create", "--name", "cli-flavor", "--flavorprofile", "cli-fp",
		"--description", "two amphorae", "--enable")
	expect(t, "flavor create", fl, fields{
		"name": "cli-flavor", "flavor_profile_id": fp["id"], "description": "two amphorae", "enabled": true,
	})
	expectRow(t, o.list(t, "loadbalancer", "flavor", "list"), "cli-flavor", fields{"id": fl["id"], "enabled": true})
	expect(t, "flavor show", o.show(t, "loadbalancer", "flavor", "show", "cli-flavor"),
		fields{"id": fl["id"], "flavor_profile_id": fp["id"]})

	azp := o.show(t, "loadbalancer", "availabilityzoneprofile", "create", "--name", "cli-azp", "--provider", "amphora",
		"--availability-zone-data", `{"compute_zone": "az1"}`)
	expect(t, "availabilityzoneprofile create", azp, fields{"name": "cli-azp", "provider_name": "amphora"})
	expectRow(t, o.list(t, "loadbalancer", "availabilityzoneprofile", "list"), "cli-azp", fields{"id": azp["id"]})
	expect(t, "availabilityzoneprofile show", o.show(t, "loadbalancer", "availabilityzoneprofile", "show", "cli-azp"),
		fields{"id": azp["id"], "availability_zone_data": `{"compute_zone": "az1"}`})

	az := o.show(t, "loadbalancer", "availabilityzone", "create", "--name", "cli-az", "--availabilityzoneprofile", "cli-azp",
		"--description", "zone one")
	expect(t, "availabilityzone create", az, fields{
		"name": "cli-az", "availability_zone_profile_id": azp["id"], "description": "zone one", "enabled": true,
	})
	expectRow(t, o.list(t, "loadbalancer", "availabilityzone", "list"), "cli-az", fields{"enabled": true})
	expect(t, "availabilityzone show", o.show(t, "loadbalancer", "availabilityzone", "show", "cli-az"),
		fields{"availability_zone_profile_id": azp["id"]})

	o.run(t, "loadbalancer", "availabilityzone", "delete", "cli-az")
	expectNoRow(t, o.list(t, "loadbalancer", "availabilityzone", "list"), "cli-az")
	o.run(t, "loadbalancer", "availabilityzoneprofile", "delete", "cli-azp")
	expectNoRow(t, o.list(t, "loadbalancer", "availabilityzoneprofile", "list"), "cli-azp")
	o.run(t, "loadbalancer", "flavor", "delete", "cli-flavor")
	expectNoRow(t, o.list(t, "loadbalancer", "flavor", "list"), "cli-flavor")
	o.run(t, "loadbalancer", "flavorprofile", "delete", "cli-fp")
	expectNoRow(t, o.list(t, "loadbalancer", "flavorprofile", "list"), "cli-fp")
}

// cliTimeout bounds one command; a --wait polls every 3 s.
const cliTimeout = 2 * time.Minute

// osc runs the openstack CLI as admin against one cloud, with an environment
// of its own (no OS_* variables or clouds.yaml of the caller's).
type osc struct {
	bin string
	env []string
	// realOctavia marks a real Octavia with no health manager (fidelity
	// tests): it has no amphora stats.
	realOctavia bool
}

func newOSC(t *testing.T, bin, authURL string) osc {
	home := t.TempDir()
	return osc{bin: bin, env: []string{
		"PATH=/usr/local/bin:/usr/bin:/bin",
		"HOME=" + home,
		"LANG=C.UTF-8",
		"OS_AUTH_URL=" + authURL,
		"OS_IDENTITY_API_VERSION=3",
		"OS_USERNAME=admin",
		"OS_PASSWORD=admin",
		"OS_PROJECT_NAME=admin",
		"OS_USER_DOMAIN_NAME=Default",
		"OS_PROJECT_DOMAIN_NAME=Default",
		"OS_INTERFACE=public",
		"OS_REGION_NAME=RegionOne",
	}}
}

// run runs `openstack args...` and returns its stdout; the test fails unless
// it exits 0 within cliTimeout.
func (o osc) run(t *testing.T, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), cliTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, o.bin, args...)
	cmd.Env = o.env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("openstack %s: %v (want exit 0)\nstderr:\n%s\nstdout:\n%s", strings.Join(args, " "), err,
			stderr.Bytes(), stdout.Bytes())
	}
	return stdout.Bytes()
}

// decode runs a command that prints JSON by itself (status show) into v.
func (o osc) decode(t *testing.T, v any, args ...string) {
	t.Helper()
	out := o.run(t, args...)
	if err := json.Unmarshal(out, v); err != nil {
		t.Fatalf("openstack %s: output is not JSON (%v):\n%s", strings.Join(args, " "), err, out)
	}
}

// show runs a show/create command with -f json and returns its fields.
func (o osc) show(t *testing.T, args ...string) map[string]any {
	t.Helper()
	var m map[string]any
	o.decode(t, &m, append(args, "-f", "json")...)
	return m
}

// list runs a list command with -f json and returns its rows.
func (o osc) list(t *testing.T, args ...string) []map[string]any {
	t.Helper()
	var rows []map[string]any
	o.decode(t, &rows, append(args, "-f", "json")...)
	return rows
}

// subnet returns the ID of a subnet the admin project can put a VIP on,
// the way a user finds one: `openstack subnet list`.
func (o osc) subnet(t *testing.T) string {
	t.Helper()
	rows := o.list(t, "subnet", "list")
	for _, r := range rows {
		if id := str(r["ID"]); id != "" {
			return id
		}
	}
	t.Fatalf("subnet list: got %v, want at least one subnet", rows)
	return ""
}

// pollActive repeats a show command until provisioning_status is ACTIVE
// (what --wait would do), failing on ERROR or after a minute.
func (o osc) pollActive(t *testing.T, args ...string) {
	t.Helper()
	var seen []string
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(time.Second) {
		st := str(o.show(t, args...)["provisioning_status"])
		seen = append(seen, st)
		switch st {
		case "ACTIVE":
			return
		case "ERROR":
			t.Fatalf("openstack %s: got provisioning_status ERROR, want ACTIVE", strings.Join(args, " "))
		}
	}
	t.Fatalf("openstack %s: provisioning_status went %v for a minute, want ACTIVE", strings.Join(args, " "), seen)
}

// fields are the values a user reads in a command's output. The CLI prints
// numbers as JSON numbers (float64 here), lists of IDs as one string joined
// by newlines, and tags the same way (in set order: compare them with tags()).
type fields map[string]any

// tagSet is what a "tags" field must hold, in any order.
type tagSet []string

func tags(want ...string) tagSet { return tagSet(want) }

func expect(t *testing.T, what string, got map[string]any, want fields) {
	t.Helper()
	for k, w := range want {
		g, ok := got[k]
		if !ok {
			t.Errorf("%s: no field %q in %v, want %v", what, k, got, w)
			continue
		}
		if ws, ok := w.(tagSet); ok {
			gs := splitLines(g)
			slices.Sort(gs)
			ws = slices.Sorted(slices.Values(ws))
			if !slices.Equal(gs, ws) {
				t.Errorf("%s: got %s %q, want %q", what, k, gs, []string(ws))
			}
			continue
		}
		if fmt.Sprint(g) != fmt.Sprint(w) {
			t.Errorf("%s: got %s = %#v, want %#v", what, k, g, w)
		}
	}
}

func splitLines(v any) []string {
	switch v := v.(type) {
	case []any:
		out := make([]string, len(v))
		for i, x := range v {
			out[i] = str(x)
		}
		return out
	case string:
		if v == "" {
			return []string{}
		}
		return strings.Split(v, "\n")
	}
	return []string{fmt.Sprint(v)}
}

// expectRow finds the row named name and checks its fields.
func expectRow(t *testing.T, rows []map[string]any, name string, want fields) {
	t.Helper()
	expectRowBy(t, rows, "name", name, want)
}

func expectID(t *testing.T, rows []map[string]any, id string, want fields) {
	t.Helper()
	expectRowBy(t, rows, "id", id, want)
}

func expectRowBy(t *testing.T, rows []map[string]any, key, value string, want fields) {
	t.Helper()
	for _, r := range rows {
		if str(r[key]) == value {
			expect(t, "list row "+value, r, want)
			return
		}
	}
	t.Errorf("list: no row with %s %q in %v", key, value, rows)
}

func expectNoRow(t *testing.T, rows []map[string]any, name string) {
	t.Helper()
	for _, r := range rows {
		if r["name"] == name {
			t.Errorf("list: got %v, want %q gone", r, name)
		}
	}
}

// expectCounters checks a stats output: each counter is a number >= 0.
func expectCounters(t *testing.T, what string, got map[string]any, keys ...string) {
	t.Helper()
	for _, k := range keys {
		if n, ok := got[k].(float64); !ok || n < 0 {
			t.Errorf("%s: got %s = %#v, want a number >= 0", what, k, got[k])
		}
	}
}

func str(v any) string {
	if v == nil {
		return ""
	}
	return fmt.Sprint(v)
}
