package labcloud

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// novaHost is the lab's one compute host.
const novaHost = "lab-compute-1"

// novaTime is the layout of Nova's created and updated.
const novaTime = "2006-01-02T15:04:05Z"

// serverView is a server as Nova's detail view shows it at microversion
// 2.minor: its addresses from its Neutron ports, keyed by network name; the
// flavor by id before 2.47, embedded from 2.47; the fields each
// microversion adds; the host fields for an admin only (Nova's default
// policy).
func (c novaService) serverView(v *server, base string, k *caller, minor int) map[string]any {
	addresses := map[string][]map[string]any{}
	for _, id := range v.ports {
		p, ok := c.ports.get(id)
		if !ok {
			continue
		}
		addresses[p.network.name] = append(addresses[p.network.name], map[string]any{
			"version": 4, "addr": p.ip.String(), "OS-EXT-IPS:type": "fixed", "OS-EXT-IPS-MAC:mac_addr": p.mac,
		})
	}
	active := v.status == serverActive
	vmState, power := "active", 1
	if !active {
		vmState, power = "stopped", 4
	}
	hostID := sha256.Sum224([]byte(v.projectID + novaHost))
	fl, _ := labFlavor(v.flavorID)
	var flavor any = map[string]any{"id": fl.id, "links": []map[string]string{{"rel": "bookmark", "href": base + "/compute/flavors/" + fl.id}}}
	if minor >= 47 {
		flavor = map[string]any{"vcpus": fl.vcpus, "ram": fl.ram, "disk": fl.disk, "ephemeral": 0, "swap": 0,
			"original_name": fl.name, "extra_specs": map[string]string{}}
	}
	created := v.created.UTC().Format(novaTime)
	out := map[string]any{
		"id": v.id, "name": v.name, "status": v.status, "tenant_id": v.projectID, "user_id": c.serverUser(v),
		"metadata": map[string]string{}, "hostId": hex.EncodeToString(hostID[:]),
		"image":  map[string]any{"id": v.imageID, "links": []map[string]string{{"rel": "bookmark", "href": base + "/compute/images/" + v.imageID}}},
		"flavor": flavor, "created": created, "updated": created, "addresses": addresses,
		"accessIPv4": "", "accessIPv6": "", "links": novaLinks(base, "servers", v.id),
		"OS-DCF:diskConfig": "MANUAL", "OS-EXT-AZ:availability_zone": "nova", "config_drive": "", "key_name": nil,
		"OS-SRV-USG:launched_at": v.created.UTC().Format("2006-01-02T15:04:05.000000"), "OS-SRV-USG:terminated_at": nil,
		"security_groups": []map[string]string{{"name": "default"}}, "OS-EXT-STS:task_state": nil,
		"OS-EXT-STS:vm_state": vmState, "OS-EXT-STS:power_state": power, "os-extended-volumes:volumes_attached": []any{},
	}
	if active {
		out["progress"] = 0
	}
	if k.admin {
		out["OS-EXT-SRV-ATTR:host"], out["OS-EXT-SRV-ATTR:hypervisor_hostname"] = novaHost, novaHost
		out["OS-EXT-SRV-ATTR:instance_name"] = fmt.Sprintf("instance-%08x", hostID[0:4])
	}
	for _, f := range []struct {
		since int
		key   string
		val   any
	}{
		{9, "locked", false}, {19, "description", nil}, {26, "tags", []string{}},
		{63, "trusted_image_certificates", nil}, {73, "locked_reason", nil},
	} {
		if minor >= f.since {
			out[f.key] = f.val
		}
	}
	if minor >= 16 && k.admin {
		out["host_status"] = "UP"
	}
	return out
}

// serverUser is the id of the first user of v's project: who booted it.
func (c novaService) serverUser(v *server) string {
	for _, u := range c.users {
		if u.project != nil && u.project.id == v.projectID {
			return u.id
		}
	}
	return ""
}

// novaFlavor is one of the lab's flavors, devstack's.
type novaFlavor struct {
	id, name         string
	ram, disk, vcpus int
}

// labFlavor is the flavor with id, as devstack creates them.
func labFlavor(id string) (novaFlavor, bool) {
	for _, f := range labFlavors() {
		if f.id == id {
			return f, true
		}
	}
	return novaFlavor{}, false
}

// labFlavors are the lab's flavors in Nova's default order (flavorid).
func labFlavors() []novaFlavor {
	return []novaFlavor{
		{"1", "m1.tiny", 512, 1, 1},
		{"2", "m1.small", 2048, 20, 1},
		{"3", "m1.medium", 4096, 40, 2},
		{"42", "m1.nano", 128, 1, 1},
	}
}

// flavorView is a flavor as Nova shows it at 2.minor, the detail view's
// fields with detail.
func flavorView(f novaFlavor, base string, minor int, detail bool) map[string]any {
	out := map[string]any{"id": f.id, "name": f.name, "links": novaLinks(base, "flavors", f.id)}
	if minor >= 55 {
		out["description"] = nil
	}
	if !detail {
		return out
	}
	var swap any = ""
	if minor >= 75 {
		swap = 0
	}
	out["ram"], out["disk"], out["vcpus"], out["swap"] = f.ram, f.disk, f.vcpus, swap
	out["OS-FLV-EXT-DATA:ephemeral"], out["rxtx_factor"] = 0, 1.0
	out["os-flavor-access:is_public"], out["OS-FLV-DISABLED:disabled"] = true, false
	if minor >= 61 {
		out["extra_specs"] = map[string]string{}
	}
	return out
}

// listFlavors answers GET /flavors and /flavors/detail (every lab flavor is
// public; minRam and minDisk filter; limit and marker page).
func (c novaService) listFlavors(w http.ResponseWriter, r *http.Request, minor int, detail bool) {
	q := r.URL.Query()
	var flavors []novaFlavor
	for _, f := range labFlavors() {
		if minAtLeast(q, "minRam", f.ram) && minAtLeast(q, "minDisk", f.disk) {
			flavors = append(flavors, f)
		}
	}
	base := c.publicBase(r)
	writeNovaList(w, r, base, "flavors", flavors, func(f novaFlavor) string { return f.id }, func(f novaFlavor) any {
		return flavorView(f, base, minor, detail)
	})
}

// minAtLeast reports whether v is at least the query's key (true when the
// query has none or it is not a number).
func minAtLeast(q url.Values, key string, v int) bool {
	var n int
	if _, err := fmt.Sscan(strings.TrimSpace(q.Get(key)), &n); err != nil {
		return true
	}
	return v >= n
}

// showFlavor answers GET /flavors/{id}.
func (c novaService) showFlavor(w http.ResponseWriter, r *http.Request, k *caller, minor int) {
	id := r.PathValue("id")
	f, ok := labFlavor(id)
	if !ok {
		novaFault(w, http.StatusNotFound, fmt.Sprintf("Flavor %s could not be found.", id))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"flavor": flavorView(f, c.publicBase(r), minor, true)})
}
