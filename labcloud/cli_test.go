package labcloud

import (
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
// chains of commands run at once on separate load balancers. Each command
// is the CLI's own main in a fork of a Python that imported the CLI once
// (cliForker): the same argv, environment, output and exit status, without
// a second of CPU per command to import it again.
func TestCLI(t *testing.T) {
	t.Parallel() // the package's other long tests run while its commands wait
	o, _ := cliLab(t, Options{Delay: 300 * time.Millisecond, Seed: 1})

	var subnet string
	if !t.Run("subnet list", func(t *testing.T) { subnet = o.subnet(t) }) {
		t.FailNow()
	}
	runCLIChains(t, o, subnet)
}

// runCLIChains runs every chain of cliChains at once, each as a subtest.
// t.Run from goroutines: the chains are mostly waiting on the CLI's 3 s
// polls, so they overlap better than t.Parallel's GOMAXPROCS limit allows.
func runCLIChains(t *testing.T, o cliOSC, subnet string) {
	var wg sync.WaitGroup
	for _, c := range cliChains {
		wg.Go(func() { t.Run(c.name, func(t *testing.T) { c.run(t, o, subnet) }) })
	}
	wg.Wait()
}

// cliChains are independent sequences of commands, each on objects of its own.
// The test lasts as long as its longest chain (a --wait sleeps 3 s), so no
// chain holds much more than a dozen waits: a kind's own chain builds the
// parents it needs.
var cliChains = []struct {
	name string
	run  func(t *testing.T, o cliOSC, subnet string)
}{
	{"loadbalancer", cliLoadBalancer},
	{"pool member", cliPoolMember},
	{"healthmonitor", cliMonitor},
	{"listener", cliListener},
	{"l7policy l7rule", cliL7},
	{"amphora", cliAmphora},
	{"quota provider", cliQuotaProvider},
	{"flavor availabilityzone", cliFlavorAZ},
}

func cliLoadBalancer(t *testing.T, o cliOSC, subnet string) {
	lb := o.show(t, "loadbalancer", "create", "--name", "cli-lb", "--description", "first",
		"--vip-subnet-id", subnet, "--tag", "blue", "--tag", "green", "--wait")
	cliExpect(t, "loadbalancer create --wait", lb, cliFields{
		"name": "cli-lb", "description": "first", "provisioning_status": "ACTIVE",
		"vip_subnet_id": subnet, "tags": cliTags("blue", "green"), "admin_state_up": true,
	})
	id := cliStr(lb["id"])
	cliExpectRow(t, o.list(t, "loadbalancer", "list"), "cli-lb", cliFields{"id": id, "provisioning_status": "ACTIVE"})
	cliExpectRow(t, o.list(t, "loadbalancer", "list", "--tags", "blue"), "cli-lb", cliFields{"id": id})

	o.run(t, "loadbalancer", "set", "--description", "second", "--tag", "red", "--wait", "cli-lb")
	cliExpect(t, "show after set", o.show(t, "loadbalancer", "show", "cli-lb"), cliFields{
		"description": "second", "provisioning_status": "ACTIVE", "tags": cliTags("blue", "green", "red"),
	})
	o.run(t, "loadbalancer", "unset", "--description", "--tag", "blue", "--wait", id)
	cliExpect(t, "show after unset", o.show(t, "loadbalancer", "show", id), cliFields{
		"description": "", "provisioning_status": "ACTIVE", "tags": cliTags("green", "red"),
	})

	stats := o.show(t, "loadbalancer", "stats", "show", "cli-lb")
	cliExpectCounters(t, "loadbalancer stats show", stats,
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
	cliExpect(t, "show after failover", o.show(t, "loadbalancer", "show", id), cliFields{"provisioning_status": "ACTIVE"})

	o.deleteGone(t, "", "cli-lb", "--wait")
}

func cliPoolMember(t *testing.T, o cliOSC, subnet string) {
	lb := o.show(t, "loadbalancer", "create", "--name", "cli-lb-pool", "--vip-subnet-id", subnet, "--wait")
	cliExpect(t, "loadbalancer create --wait", lb, cliFields{"provisioning_status": "ACTIVE"})

	// pool
	pool := o.show(t, "loadbalancer", "pool", "create", "--name", "cli-pool", "--loadbalancer", "cli-lb-pool",
		"--protocol", "HTTP", "--lb-algorithm", "ROUND_ROBIN", "--tag", "p1", "--wait")
	cliExpect(t, "pool create --wait", pool, cliFields{
		"name": "cli-pool", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN",
		"provisioning_status": "ACTIVE", "tags": cliTags("p1"), "loadbalancers": cliStr(lb["id"]),
	})
	cliExpectRow(t, o.list(t, "loadbalancer", "pool", "list", "--loadbalancer", "cli-lb-pool"), "cli-pool",
		cliFields{"id": pool["id"], "provisioning_status": "ACTIVE", "lb_algorithm": "ROUND_ROBIN"})
	o.run(t, "loadbalancer", "pool", "set", "--description", "web", "--lb-algorithm", "LEAST_CONNECTIONS",
		"--tag", "p2", "--wait", "cli-pool")
	cliExpect(t, "pool show after set", o.show(t, "loadbalancer", "pool", "show", "cli-pool"), cliFields{
		"description": "web", "lb_algorithm": "LEAST_CONNECTIONS", "provisioning_status": "ACTIVE", "tags": cliTags("p1", "p2"),
	})
	o.run(t, "loadbalancer", "pool", "unset", "--description", "--tag", "p1", "--wait", "cli-pool")
	cliExpect(t, "pool show after unset", o.show(t, "loadbalancer", "pool", "show", "cli-pool"), cliFields{
		"description": "", "provisioning_status": "ACTIVE", "tags": cliTags("p2"),
	})

	// member
	m := o.show(t, "loadbalancer", "member", "create", "--name", "cli-member", "--address", "10.0.0.10",
		"--protocol-port", "8080", "--weight", "3", "--tag", "m1", "--wait", "cli-pool")
	cliExpect(t, "member create --wait", m, cliFields{
		"name": "cli-member", "address": "10.0.0.10", "protocol_port": 8080.0, "weight": 3.0,
		"provisioning_status": "ACTIVE", "tags": cliTags("m1"),
	})
	cliExpectRow(t, o.list(t, "loadbalancer", "member", "list", "cli-pool"), "cli-member",
		cliFields{"id": m["id"], "address": "10.0.0.10", "protocol_port": 8080.0, "provisioning_status": "ACTIVE"})
	o.run(t, "loadbalancer", "member", "set", "--weight", "7", "--tag", "m2", "--wait", "cli-pool", "cli-member")
	cliExpect(t, "member show after set", o.show(t, "loadbalancer", "member", "show", "cli-pool", "cli-member"), cliFields{
		"weight": 7.0, "provisioning_status": "ACTIVE", "tags": cliTags("m1", "m2"),
	})
	o.run(t, "loadbalancer", "member", "unset", "--weight", "--tag", "m1", "--wait", "cli-pool", "cli-member")
	cliExpect(t, "member show after unset", o.show(t, "loadbalancer", "member", "show", "cli-pool", cliStr(m["id"])), cliFields{
		"weight": 1.0, "provisioning_status": "ACTIVE", "tags": cliTags("m2"),
	})

	o.run(t, "loadbalancer", "member", "delete", "--wait", "cli-pool", "cli-member")
	cliExpectNoRow(t, o.list(t, "loadbalancer", "member", "list", "cli-pool"), "cli-member")

	// The pool is still there: only --cascade may delete the load balancer.
	o.deleteGone(t, "", "cli-lb-pool", "--cascade", "--wait")
	cliExpectNoRow(t, o.list(t, "loadbalancer", "pool", "list"), "cli-pool")
}

func cliMonitor(t *testing.T, o cliOSC, subnet string) {
	o.show(t, "loadbalancer", "create", "--name", "cli-lb-hm", "--vip-subnet-id", subnet, "--wait")
	pool := o.show(t, "loadbalancer", "pool", "create", "--name", "cli-pool-hm", "--loadbalancer", "cli-lb-hm",
		"--protocol", "HTTP", "--lb-algorithm", "ROUND_ROBIN", "--wait")
	m := o.show(t, "loadbalancer", "member", "create", "--name", "cli-member-hm", "--address", "10.0.0.11",
		"--protocol-port", "8080", "--wait", "cli-pool-hm")
	hm := o.show(t, "loadbalancer", "healthmonitor", "create", "--name", "cli-hm", "--type", "HTTP",
		"--delay", "5", "--timeout", "3", "--max-retries", "2", "--url-path", "/health", "--tag", "h1", "--wait", "cli-pool-hm")
	cliExpect(t, "healthmonitor create --wait", hm, cliFields{
		"name": "cli-hm", "type": "HTTP", "delay": 5.0, "timeout": 3.0, "max_retries": 2.0,
		"url_path": "/health", "provisioning_status": "ACTIVE", "tags": cliTags("h1"), "pools": cliStr(pool["id"]),
	})
	cliExpectRow(t, o.list(t, "loadbalancer", "healthmonitor", "list"), "cli-hm",
		cliFields{"id": hm["id"], "type": "HTTP", "admin_state_up": true})
	o.run(t, "loadbalancer", "healthmonitor", "set", "--delay", "10", "--expected-codes", "200-204",
		"--tag", "h2", "--wait", "cli-hm")
	cliExpect(t, "healthmonitor show after set", o.show(t, "loadbalancer", "healthmonitor", "show", "cli-hm"), cliFields{
		"delay": 10.0, "expected_codes": "200-204", "provisioning_status": "ACTIVE", "tags": cliTags("h1", "h2"),
	})
	o.run(t, "loadbalancer", "healthmonitor", "unset", "--url-path", "--expected-codes", "--tag", "h1", "--wait", "cli-hm")
	cliExpect(t, "healthmonitor show after unset", o.show(t, "loadbalancer", "healthmonitor", "show", cliStr(hm["id"])), cliFields{
		"url_path": "/", "expected_codes": "200", "provisioning_status": "ACTIVE", "tags": cliTags("h2"),
	})
	cliExpect(t, "pool show with monitor and member", o.show(t, "loadbalancer", "pool", "show", "cli-pool-hm"), cliFields{
		"healthmonitor_id": hm["id"], "members": cliStr(m["id"]),
	})

	var tree struct {
		Loadbalancer struct {
			Name      string `json:"name"`
			Listeners []any  `json:"listeners"`
		} `json:"loadbalancer"`
	}
	o.decode(t, &tree, "loadbalancer", "status", "show", "cli-lb-hm")
	if tree.Loadbalancer.Name != "cli-lb-hm" || tree.Loadbalancer.Listeners == nil {
		t.Errorf("status show: got %+v, want name cli-lb-hm and a listeners list", tree.Loadbalancer)
	}

	o.deleteGone(t, "healthmonitor", "cli-hm", "--wait")
	o.deleteGone(t, "", "cli-lb-hm", "--cascade", "--wait")
}

func cliListener(t *testing.T, o cliOSC, subnet string) {
	lb := o.show(t, "loadbalancer", "create", "--name", "cli-lb-listener", "--vip-subnet-id", subnet, "--wait")
	cliExpect(t, "loadbalancer create --wait", lb, cliFields{"provisioning_status": "ACTIVE"})

	// listener
	l := o.show(t, "loadbalancer", "listener", "create", "--name", "cli-listener", "--protocol", "HTTP",
		"--protocol-port", "80", "--tag", "l1", "--wait", "cli-lb-listener")
	cliExpect(t, "listener create --wait", l, cliFields{
		"name": "cli-listener", "protocol": "HTTP", "protocol_port": 80.0, "provisioning_status": "ACTIVE",
		"tags": cliTags("l1"), "loadbalancers": cliStr(lb["id"]), "connection_limit": -1.0,
	})
	cliExpectRow(t, o.list(t, "loadbalancer", "listener", "list", "--loadbalancer", "cli-lb-listener"), "cli-listener",
		cliFields{"id": l["id"], "protocol": "HTTP", "protocol_port": 80.0, "admin_state_up": true})
	o.run(t, "loadbalancer", "listener", "set", "--description", "front", "--connection-limit", "100",
		"--tag", "l2", "--wait", "cli-listener")
	cliExpect(t, "listener show after set", o.show(t, "loadbalancer", "listener", "show", "cli-listener"), cliFields{
		"description": "front", "connection_limit": 100.0, "provisioning_status": "ACTIVE", "tags": cliTags("l1", "l2"),
	})
	o.run(t, "loadbalancer", "listener", "unset", "--description", "--connection-limit", "--tag", "l1", "--wait", "cli-listener")
	cliExpect(t, "listener show after unset", o.show(t, "loadbalancer", "listener", "show", cliStr(l["id"])), cliFields{
		"description": "", "connection_limit": -1.0, "provisioning_status": "ACTIVE", "tags": cliTags("l2"),
	})
	cliExpectCounters(t, "listener stats show", o.show(t, "loadbalancer", "listener", "stats", "show", "cli-listener"),
		"active_connections", "bytes_in", "bytes_out", "request_errors", "total_connections")

	o.deleteGone(t, "listener", "cli-listener", "--wait")
	o.deleteGone(t, "", "cli-lb-listener", "--wait")
}

func cliL7(t *testing.T, o cliOSC, subnet string) {
	o.show(t, "loadbalancer", "create", "--name", "cli-lb-l7p", "--vip-subnet-id", subnet, "--wait")
	l := o.show(t, "loadbalancer", "listener", "create", "--name", "cli-listener-l7p", "--protocol", "HTTP",
		"--protocol-port", "80", "--wait", "cli-lb-l7p")

	p := o.show(t, "loadbalancer", "l7policy", "create", "--name", "cli-policy", "--action", "REDIRECT_TO_URL",
		"--redirect-url", "https://example.com/", "--tag", "x1", "--wait", "cli-listener-l7p")
	cliExpect(t, "l7policy create --wait", p, cliFields{
		"name": "cli-policy", "action": "REDIRECT_TO_URL", "redirect_url": "https://example.com/",
		"position": 1.0, "listener_id": l["id"], "provisioning_status": "ACTIVE", "tags": cliTags("x1"),
	})
	cliExpectRow(t, o.list(t, "loadbalancer", "l7policy", "list", "--listener", "cli-listener-l7p"), "cli-policy",
		cliFields{"id": p["id"], "action": "REDIRECT_TO_URL", "provisioning_status": "ACTIVE"})
	o.run(t, "loadbalancer", "l7policy", "set", "--description", "moved", "--redirect-http-code", "301",
		"--tag", "x2", "--wait", "cli-policy")
	cliExpect(t, "l7policy show after set", o.show(t, "loadbalancer", "l7policy", "show", "cli-policy"), cliFields{
		"description": "moved", "redirect_http_code": 301.0, "provisioning_status": "ACTIVE", "tags": cliTags("x1", "x2"),
	})
	o.run(t, "loadbalancer", "l7policy", "unset", "--description", "--tag", "x1", "--wait", "cli-policy")
	cliExpect(t, "l7policy show after unset", o.show(t, "loadbalancer", "l7policy", "show", cliStr(p["id"])), cliFields{
		"description": "", "provisioning_status": "ACTIVE", "tags": cliTags("x2"),
	})

	// l7 rule: python-octaviaclient 3.1.0's `l7rule create --wait` swaps its
	// arguments and fails on any cloud, so create without --wait and poll.
	r := o.show(t, "loadbalancer", "l7rule", "create", "--type", "PATH", "--compare-type", "STARTS_WITH",
		"--value", "/old", "--tag", "r1", "cli-policy")
	cliExpect(t, "l7rule create", r, cliFields{
		"type": "PATH", "compare_type": "STARTS_WITH", "value": "/old", "provisioning_status": "PENDING_CREATE",
		"tags": cliTags("r1"),
	})
	rid := cliStr(r["id"])
	o.pollActive(t, "loadbalancer", "l7rule", "show", "cli-policy", rid)
	cliExpectID(t, o.list(t, "loadbalancer", "l7rule", "list", "cli-policy"), rid,
		cliFields{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/old", "provisioning_status": "ACTIVE"})
	o.run(t, "loadbalancer", "l7rule", "set", "--type", "HEADER", "--key", "X-Old", "--value", "yes",
		"--compare-type", "EQUAL_TO", "--tag", "r2", "--wait", "cli-policy", rid)
	cliExpect(t, "l7rule show after set", o.show(t, "loadbalancer", "l7rule", "show", "cli-policy", rid), cliFields{
		"type": "HEADER", "key": "X-Old", "value": "yes", "compare_type": "EQUAL_TO",
		"provisioning_status": "ACTIVE", "tags": cliTags("r1", "r2"),
	})
	o.run(t, "loadbalancer", "l7rule", "unset", "--tag", "r1", "--wait", "cli-policy", rid)
	cliExpect(t, "l7rule show after unset", o.show(t, "loadbalancer", "l7rule", "show", "cli-policy", rid), cliFields{
		"provisioning_status": "ACTIVE", "tags": cliTags("r2"),
	})
	cliExpect(t, "l7policy show with its rule", o.show(t, "loadbalancer", "l7policy", "show", "cli-policy"),
		cliFields{"rules": rid})

	o.run(t, "loadbalancer", "l7rule", "delete", "--wait", "cli-policy", rid)
	if rows := o.list(t, "loadbalancer", "l7rule", "list", "cli-policy"); len(rows) != 0 {
		t.Errorf("l7rule list after delete: got %v, want no rules", rows)
	}
	o.deleteGone(t, "l7policy", "cli-policy", "--wait")
	o.deleteGone(t, "", "cli-lb-l7p", "--cascade", "--wait")
}

func cliAmphora(t *testing.T, o cliOSC, subnet string) {
	lb := o.show(t, "loadbalancer", "create", "--name", "cli-lb-amp", "--vip-subnet-id", subnet, "--wait")
	cliExpect(t, "loadbalancer create --wait", lb, cliFields{"provisioning_status": "ACTIVE"})
	lbID := cliStr(lb["id"])

	amps := o.list(t, "loadbalancer", "amphora", "list", "--loadbalancer", lbID)
	if len(amps) == 0 {
		t.Fatalf("amphora list --loadbalancer %s: got no amphorae, want at least one", lbID)
	}
	for _, a := range amps {
		cliExpect(t, "amphora list row", a, cliFields{"loadbalancer_id": lbID, "status": "ALLOCATED"})
		if role := cliStr(a["role"]); !slices.Contains([]string{"STANDALONE", "MASTER", "BACKUP"}, role) {
			t.Errorf("amphora list: got role %q, want STANDALONE, MASTER or BACKUP", role)
		}
	}
	ampID := cliStr(amps[0]["id"])
	cliExpect(t, "amphora show", o.show(t, "loadbalancer", "amphora", "show", ampID), cliFields{
		"id": ampID, "loadbalancer_id": lbID, "status": "ALLOCATED", "role": amps[0]["role"],
	})
	o.run(t, "loadbalancer", "amphora", "configure", "--wait", ampID)
	// No listener: no agent reports, and Octavia has no statistics (404).
	if got := o.fail(t, "loadbalancer", "amphora", "stats", "show", ampID); !strings.Contains(got, "Amphora stats for "+ampID+" not found.") {
		t.Errorf("amphora stats show without a listener: got %q, want Octavia's 404 (Amphora stats for … not found.)", got)
	}
	if !o.realOctavia { // a real Octavia without a health manager has no amphora stats (404) at all
		o.run(t, "loadbalancer", "listener", "create", "--name", "cli-amp-http", "--protocol", "HTTP", "--protocol-port", "80", "--wait", lbID)
		cliExpectCounters(t, "amphora stats show", o.show(t, "loadbalancer", "amphora", "stats", "show", ampID),
			"active_connections", "bytes_in", "bytes_out", "request_errors", "total_connections")
	}

	o.run(t, "loadbalancer", "amphora", "failover", "--wait", ampID)
	after := o.list(t, "loadbalancer", "amphora", "list", "--loadbalancer", lbID)
	if len(after) != len(amps) {
		t.Errorf("amphora list after failover: got %d amphorae, want %d", len(after), len(amps))
	}
	for _, a := range after {
		if cliStr(a["id"]) == ampID {
			t.Errorf("amphora list after failover: amphora %s still serves the load balancer, want a new one", ampID)
		}
		cliExpect(t, "amphora list row after failover", a, cliFields{"loadbalancer_id": lbID, "status": "ALLOCATED"})
	}
	cliExpect(t, "loadbalancer show after amphora failover", o.show(t, "loadbalancer", "show", lbID),
		cliFields{"provisioning_status": "ACTIVE"})
	o.run(t, "loadbalancer", "delete", "--cascade", "--wait", lbID) // the lab's run made it a listener
}

func cliQuotaProvider(t *testing.T, o cliOSC, _ string) {
	providers := o.list(t, "loadbalancer", "provider", "list")
	var amphora bool
	for _, p := range providers {
		amphora = amphora || p["name"] == "amphora"
		if cliStr(p["description"]) == "" {
			t.Errorf("provider list: provider %v has no description", p["name"])
		}
	}
	if !amphora {
		t.Fatalf("provider list: got %v, want the amphora provider", providers)
	}
	for _, kind := range []string{"--flavor", "--availability-zone"} {
		caps := o.list(t, "loadbalancer", "provider", "capability", "list", kind, "amphora")
		want := map[string]string{"--flavor": "loadbalancer_topology", "--availability-zone": "compute_zone"}[kind]
		cliExpectRowBy(t, caps, "name", want, cliFields{})
	}

	counts := []string{"load_balancer", "listener", "pool", "health_monitor", "member", "l7policy", "l7rule"}
	defaults := o.show(t, "loadbalancer", "quota", "defaults", "show")
	for _, k := range counts {
		if _, ok := defaults[k].(float64); !ok {
			t.Errorf("quota defaults show: got %s = %v, want a number", k, defaults[k])
		}
	}
	cliExpect(t, "quota show demo", o.show(t, "loadbalancer", "quota", "show", "demo"), cliFields{
		"load_balancer": defaults["load_balancer"], "listener": defaults["listener"],
	})
	set := o.show(t, "loadbalancer", "quota", "set", "--loadbalancer", "7", "--listener", "21", "demo")
	cliExpect(t, "quota set", set, cliFields{"load_balancer": 7.0, "listener": 21.0, "pool": defaults["pool"]})
	cliExpect(t, "quota show after set", o.show(t, "loadbalancer", "quota", "show", "demo"),
		cliFields{"load_balancer": 7.0, "listener": 21.0})
	rows := o.list(t, "loadbalancer", "quota", "list")
	var listed bool
	for _, r := range rows {
		listed = listed || (r["load_balancer"] == 7.0 && r["listener"] == 21.0)
	}
	if !listed {
		t.Errorf("quota list after set: got %v, want a row with load_balancer 7 and listener 21", rows)
	}
	o.run(t, "loadbalancer", "quota", "reset", "demo")
	cliExpect(t, "quota show after reset", o.show(t, "loadbalancer", "quota", "show", "demo"),
		cliFields{"load_balancer": defaults["load_balancer"], "listener": defaults["listener"]})
}

func cliFlavorAZ(t *testing.T, o cliOSC, _ string) {
	fp := o.show(t, "loadbalancer", "flavorprofile", "create", "--name", "cli-fp", "--provider", "amphora",
		"--flavor-data", `{"loadbalancer_topology": "ACTIVE_STANDBY"}`)
	cliExpect(t, "flavorprofile create", fp, cliFields{"name": "cli-fp", "provider_name": "amphora"})
	cliExpectRow(t, o.list(t, "loadbalancer", "flavorprofile", "list"), "cli-fp", cliFields{"id": fp["id"]})
	cliExpect(t, "flavorprofile show", o.show(t, "loadbalancer", "flavorprofile", "show", "cli-fp"),
		cliFields{"id": fp["id"], "provider_name": "amphora", "flavor_data": `{"loadbalancer_topology": "ACTIVE_STANDBY"}`})

	fl := o.show(t, "loadbalancer", "flavor", "create", "--name", "cli-flavor", "--flavorprofile", "cli-fp",
		"--description", "two amphorae", "--enable")
	cliExpect(t, "flavor create", fl, cliFields{
		"name": "cli-flavor", "flavor_profile_id": fp["id"], "description": "two amphorae", "enabled": true,
	})
	cliExpectRow(t, o.list(t, "loadbalancer", "flavor", "list"), "cli-flavor", cliFields{"id": fl["id"], "enabled": true})
	cliExpect(t, "flavor show", o.show(t, "loadbalancer", "flavor", "show", "cli-flavor"),
		cliFields{"id": fl["id"], "flavor_profile_id": fp["id"]})

	azp := o.show(t, "loadbalancer", "availabilityzoneprofile", "create", "--name", "cli-azp", "--provider", "amphora",
		"--availability-zone-data", `{"compute_zone": "az1"}`)
	cliExpect(t, "availabilityzoneprofile create", azp, cliFields{"name": "cli-azp", "provider_name": "amphora"})
	cliExpectRow(t, o.list(t, "loadbalancer", "availabilityzoneprofile", "list"), "cli-azp", cliFields{"id": azp["id"]})
	cliExpect(t, "availabilityzoneprofile show", o.show(t, "loadbalancer", "availabilityzoneprofile", "show", "cli-azp"),
		cliFields{"id": azp["id"], "availability_zone_data": `{"compute_zone": "az1"}`})

	az := o.show(t, "loadbalancer", "availabilityzone", "create", "--name", "cli-az", "--availabilityzoneprofile", "cli-azp",
		"--description", "zone one")
	cliExpect(t, "availabilityzone create", az, cliFields{
		"name": "cli-az", "availability_zone_profile_id": azp["id"], "description": "zone one", "enabled": true,
	})
	cliExpectRow(t, o.list(t, "loadbalancer", "availabilityzone", "list"), "cli-az", cliFields{"enabled": true})
	cliExpect(t, "availabilityzone show", o.show(t, "loadbalancer", "availabilityzone", "show", "cli-az"),
		cliFields{"availability_zone_profile_id": azp["id"]})

	o.deleteGone(t, "availabilityzone", "cli-az")
	o.deleteGone(t, "availabilityzoneprofile", "cli-azp")
	o.deleteGone(t, "flavor", "cli-flavor")
	o.deleteGone(t, "flavorprofile", "cli-fp")
}

// cliTimeout bounds one command; a --wait polls every 3 s. The bound is
// for a hung command, not a slow one on a busy 2-core machine.
const cliTimeout = 10 * time.Minute

// cliOSC runs the openstack CLI as admin against one cloud, with an environment
// of its own (no OS_* variables or clouds.yaml of the caller's).
type cliOSC struct {
	bin  string
	env  []string
	fork *cliForker // runs the commands (cli_fork_test.go)
	// realOctavia marks a real Octavia with no health manager (fidelity
	// tests): it has no amphora stats.
	realOctavia bool
}

// cliLab starts a lab with opts on a loopback port until t ends and
// returns the openstack CLI as its admin and the lab's URL; t fails when
// the CLI is not installed.
func cliLab(t *testing.T, opts Options) (cliOSC, string) {
	t.Helper()
	bin, err := exec.LookPath("openstack")
	if err != nil {
		t.Fatalf("the openstack CLI is not installed (%v): run `make test`, which installs "+
			"python3-openstackclient and python3-octaviaclient", err)
	}
	srv := NewServer(opts)
	t.Cleanup(srv.Close)
	return newCLIOSC(t, bin, srv.URL+"/identity/v3"), srv.URL
}

func newCLIOSC(t *testing.T, bin, authURL string) cliOSC {
	home := t.TempDir()
	o := cliOSC{bin: bin, env: []string{
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
	o.fork = newCLIForker(t, bin, o.env)
	return o
}

// run runs `openstack args...` and returns its stdout; the test fails unless
// it exits 0 within cliTimeout.
func (o cliOSC) run(t *testing.T, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), cliTimeout)
	defer cancel()
	stdout, stderr, code, err := o.fork.run(ctx, args)
	if err != nil || code != 0 {
		t.Fatalf("openstack %s: exit status %d, %v (want exit 0)\nstderr:\n%s\nstdout:\n%s", strings.Join(args, " "), code, err,
			stderr, stdout)
	}
	return stdout
}

// fail runs `openstack args...`, which must exit non-zero within
// cliTimeout, and returns its stderr.
func (o cliOSC) fail(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), cliTimeout)
	defer cancel()
	_, stderr, code, err := o.fork.run(ctx, args)
	if err != nil || code == 0 {
		t.Fatalf("openstack %s: exit status %d, %v (want a non-zero exit)", strings.Join(args, " "), code, err)
	}
	return string(stderr)
}

// decode runs a command that prints JSON by itself (status show) into v.
func (o cliOSC) decode(t *testing.T, v any, args ...string) {
	t.Helper()
	out := o.run(t, args...)
	if err := json.Unmarshal(out, v); err != nil {
		t.Fatalf("openstack %s: output is not JSON (%v):\n%s", strings.Join(args, " "), err, out)
	}
}

// show runs a show/create command with -f json and returns its fields.
func (o cliOSC) show(t *testing.T, args ...string) map[string]any {
	t.Helper()
	var m map[string]any
	o.decode(t, &m, append(args, "-f", "json")...)
	return m
}

// list runs a list command with -f json and returns its rows.
func (o cliOSC) list(t *testing.T, args ...string) []map[string]any {
	t.Helper()
	var rows []map[string]any
	o.decode(t, &rows, append(args, "-f", "json")...)
	return rows
}

// subnet returns the ID of a subnet the admin project can put a VIP on,
// the way a user finds one: `openstack subnet list`.
func (o cliOSC) subnet(t *testing.T) string {
	t.Helper()
	rows := o.list(t, "subnet", "list")
	for _, r := range rows {
		if id := cliStr(r["ID"]); id != "" {
			return id
		}
	}
	t.Fatalf("subnet list: got %v, want at least one subnet", rows)
	return ""
}

// pollActive repeats a show command until provisioning_status is ACTIVE
// (what --wait would do), failing on ERROR or after a minute.
func (o cliOSC) pollActive(t *testing.T, args ...string) {
	t.Helper()
	var seen []string
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(time.Second) {
		st := cliStr(o.show(t, args...)["provisioning_status"])
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

// cliFields are the values a user reads in a command's output. The CLI prints
// numbers as JSON numbers (float64 here), lists of IDs as one string joined
// by newlines, and tags the same way (in set order: compare them with cliTags()).
type cliFields map[string]any

// cliTagSet is what a "tags" field must hold, in any order.
type cliTagSet []string

func cliTags(want ...string) cliTagSet { return cliTagSet(want) }

func cliExpect(t *testing.T, what string, got map[string]any, want cliFields) {
	t.Helper()
	for k, w := range want {
		g, ok := got[k]
		if !ok {
			t.Errorf("%s: no field %q in %v, want %v", what, k, got, w)
			continue
		}
		if ws, ok := w.(cliTagSet); ok {
			gs := cliSplitLines(g)
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

func cliSplitLines(v any) []string {
	switch v := v.(type) {
	case []any:
		out := make([]string, len(v))
		for i, x := range v {
			out[i] = cliStr(x)
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

// cliExpectRow finds the row named name and checks its cliFields.
func cliExpectRow(t *testing.T, rows []map[string]any, name string, want cliFields) {
	t.Helper()
	cliExpectRowBy(t, rows, "name", name, want)
}

func cliExpectID(t *testing.T, rows []map[string]any, id string, want cliFields) {
	t.Helper()
	cliExpectRowBy(t, rows, "id", id, want)
}

func cliExpectRowBy(t *testing.T, rows []map[string]any, key, value string, want cliFields) {
	t.Helper()
	for _, r := range rows {
		if cliStr(r[key]) == value {
			cliExpect(t, "list row "+value, r, want)
			return
		}
	}
	t.Errorf("list: no row with %s %q in %v", key, value, rows)
}

// deleteGone runs `openstack loadbalancer KIND delete FLAGS NAME` and
// checks `loadbalancer KIND list` no longer shows name (kind "": the load
// balancer itself).
func (o cliOSC) deleteGone(t *testing.T, kind, name string, flags ...string) {
	t.Helper()
	cmd := []string{"loadbalancer"}
	if kind != "" {
		cmd = append(cmd, kind)
	}
	o.run(t, slices.Concat(cmd, []string{"delete"}, flags, []string{name})...)
	cliExpectNoRow(t, o.list(t, append(cmd, "list")...), name)
}

func cliExpectNoRow(t *testing.T, rows []map[string]any, name string) {
	t.Helper()
	for _, r := range rows {
		if r["name"] == name {
			t.Errorf("list: got %v, want %q gone", r, name)
		}
	}
}

// cliExpectCounters checks a stats output: each counter is a number >= 0.
func cliExpectCounters(t *testing.T, what string, got map[string]any, keys ...string) {
	t.Helper()
	for _, k := range keys {
		if n, ok := got[k].(float64); !ok || n < 0 {
			t.Errorf("%s: got %s = %#v, want a number >= 0", what, k, got[k])
		}
	}
}

func cliStr(v any) string {
	if v == nil {
		return ""
	}
	return fmt.Sprint(v)
}
