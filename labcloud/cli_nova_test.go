package labcloud

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestCLINova drives Debian's openstack CLI (python3-novaclient behind
// python-openstackclient, and openstacksdk for the image names) against
// the lab's Nova and Glance: `openstack server list` with its filters and
// both name look-ups, and `openstack server show`, as the admin user in the
// admin project (which has the seeded servers of every project).
func TestCLINova(t *testing.T) {
	t.Parallel()
	o, _ := cliLab(t, Options{Seed: 1})

	names := func(rows []map[string]any) []string {
		var out []string
		for _, r := range rows {
			out = append(out, cliStr(r["Name"]))
		}
		return out
	}
	adminNet := "admin-net"
	rows := o.list(t, "server", "list")
	if got, want := names(rows), []string{"worker-1", "app-1", "web-3", "web-2", "web-1"}; !slices.Equal(got, want) {
		t.Fatalf("server list: got %v, want %v (newest first)", got, want)
	}
	web1 := rows[4]
	cliExpectRowBy(t, rows, "Name", "web-1", cliFields{"Status": "ACTIVE", "Image": labImageName, "Flavor": "m1.tiny"})
	cliExpectRowBy(t, rows, "Name", "app-1", cliFields{"Status": "SHUTOFF", "Flavor": "m1.small"})
	nets := fmt.Sprint(web1["Networks"])
	if !strings.Contains(nets, adminNet) || !strings.Contains(nets, ".128.10") {
		t.Errorf("server list: web-1's Networks %q, want its address x.x.128.10 on %s", nets, adminNet)
	}
	if n := fmt.Sprint(rows[0]["Networks"]); strings.Contains(n, adminNet) {
		t.Errorf("server list: worker-1 (no network) shows Networks %q", n)
	}

	// --no-name-lookup prints the ids the list names instead of asking Glance and Nova's flavors.
	cliExpectRowBy(t, o.list(t, "server", "list", "--no-name-lookup"), "Name", "web-1", cliFields{"Image": labImageID, "Flavor": "1"})

	long := o.list(t, "server", "list", "--long") // -f json prints the power state as Nova gives it: 1 running, 4 shutdown
	cliExpectRowBy(t, long, "Name", "web-1", cliFields{"Power State": 1, "Host": novaHost, "Availability Zone": "nova",
		"Image ID": labImageID, "Flavor Name": "m1.tiny", "Flavor ID": "1"})
	cliExpectRowBy(t, long, "Name", "app-1", cliFields{"Power State": 4, "Status": "SHUTOFF"})

	if got := names(o.list(t, "server", "list", "--name", "web")); !slices.Equal(got, []string{"web-3", "web-2", "web-1"}) {
		t.Errorf("server list --name web: got %v, want web-3, web-2, web-1", got)
	}
	if got := names(o.list(t, "server", "list", "--status", "SHUTOFF")); !slices.Equal(got, []string{"app-1"}) {
		t.Errorf("server list --status SHUTOFF: got %v, want app-1", got)
	}
	if got := names(o.list(t, "server", "list", "--limit", "2")); !slices.Equal(got, []string{"worker-1", "app-1"}) {
		t.Errorf("server list --limit 2: got %v, want worker-1, app-1", got)
	}
	all := o.list(t, "server", "list", "--all-projects", "--name", "^web-1$")
	if len(all) != 2 { // admin's and demo's
		t.Errorf("server list --all-projects --name ^web-1$: got %d rows, want 2 (admin and demo)", len(all))
	}

	show := o.show(t, "server", "show", "web-1")
	cliExpect(t, "server show web-1", show, cliFields{
		"name": "web-1", "status": "ACTIVE", "id": cliStr(web1["ID"]),
		"flavor": "m1.tiny (1)", "image": labImageName + " (" + labImageID + ")",
		"OS-EXT-STS:vm_state": "active", "OS-EXT-SRV-ATTR:host": novaHost,
	})
	if a := fmt.Sprint(show["addresses"]); !strings.Contains(a, adminNet) || !strings.Contains(a, ".128.10") {
		t.Errorf("server show web-1: addresses %q, want x.x.128.10 on %s", a, adminNet)
	}
	if msg := o.fail(t, "server", "show", "no-such-server"); !strings.Contains(msg, "No server with a name or ID of 'no-such-server' exists.") {
		t.Errorf("server show no-such-server: got %q", msg)
	}
	if msg := o.fail(t, "--os-compute-api-version", "2.37", "server", "create", "--flavor", "m1.tiny", "--image", labImageName, "--nic", "none", "x"); !strings.Contains(msg, "read only") {
		t.Errorf("server create: got %q, want the lab's read-only refusal", msg)
	}
}
