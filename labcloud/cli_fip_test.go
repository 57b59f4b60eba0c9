package labcloud

import (
	"strings"
	"testing"
	"time"
)

// TestCLIFloatingIP drives Debian's openstack CLI through a load
// balancer's public address, as a user puts one in front of a VIP:
// floating ip create on the external network, set --port on the VIP port,
// list (and --port), unset --port, delete; and network qos policy list.
func TestCLIFloatingIP(t *testing.T) {
	t.Parallel()
	o, _ := cliLab(t, Options{Delay: 300 * time.Millisecond, Seed: 1})

	var subnet string
	for _, r := range o.list(t, "subnet", "list") {
		if cliStr(r["Name"]) != "public-subnet" {
			subnet = cliStr(r["ID"])
		}
	}
	if subnet == "" {
		t.Fatal("subnet list: no private subnet for the VIP")
	}
	lb := o.show(t, "loadbalancer", "create", "--name", "fip-lb", "--vip-subnet-id", subnet, "--wait")
	port, vip := cliStr(lb["vip_port_id"]), cliStr(lb["vip_address"])

	fip := o.show(t, "floating", "ip", "create", "public")
	id, addr := cliStr(fip["id"]), cliStr(fip["floating_ip_address"])
	cliExpect(t, "floating ip create public", fip, cliFields{"status": "DOWN", "port_id": nil, "fixed_ip_address": nil})
	if !strings.HasPrefix(addr, "172.24.") {
		t.Errorf("floating ip create public: got address %q, want one of 172.24.0.0/16", addr)
	}

	o.run(t, "floating", "ip", "set", "--port", port, addr)
	cliExpect(t, "floating ip show after set --port", o.show(t, "floating", "ip", "show", id), cliFields{
		"port_id": port, "fixed_ip_address": vip, "status": "ACTIVE", "floating_ip_address": addr})
	cliExpectRowBy(t, o.list(t, "floating", "ip", "list"), "ID", id, cliFields{
		"Floating IP Address": addr, "Fixed IP Address": vip, "Port": port})
	if rows := o.list(t, "floating", "ip", "list", "--port", port); len(rows) != 1 || cliStr(rows[0]["ID"]) != id {
		t.Errorf("floating ip list --port: got %v, want only %s", rows, id)
	}

	// A second address on the same port: Neutron's 409, nothing changes.
	other := o.show(t, "floating", "ip", "create", "public")
	if msg := o.fail(t, "floating", "ip", "set", "--port", port, cliStr(other["id"])); !strings.Contains(msg, "already has a floating IP") {
		t.Errorf("floating ip set --port on a port that has one: got %q, want Neutron's FloatingIPPortAlreadyAssociated", msg)
	}
	cliExpect(t, "the refused floating ip", o.show(t, "floating", "ip", "show", cliStr(other["id"])), cliFields{"port_id": nil})

	o.run(t, "floating", "ip", "unset", "--port", id)
	cliExpect(t, "floating ip show after unset --port", o.show(t, "floating", "ip", "show", id), cliFields{
		"port_id": nil, "fixed_ip_address": nil, "status": "DOWN"})
	if rows := o.list(t, "floating", "ip", "list", "--port", port); len(rows) != 0 {
		t.Errorf("floating ip list --port after unset: got %v, want none", rows)
	}

	o.run(t, "floating", "ip", "delete", id, cliStr(other["id"]))
	for _, r := range o.list(t, "floating", "ip", "list") {
		if r["ID"] == id || r["ID"] == other["id"] {
			t.Errorf("floating ip list after delete: still has %v", r)
		}
	}

	pols := o.list(t, "network", "qos", "policy", "list")
	cliExpectRowBy(t, pols, "Name", "public-default", cliFields{"Shared": true})
	cliExpectRowBy(t, pols, "Name", "bronze", cliFields{"Shared": false})
}
