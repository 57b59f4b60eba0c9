package labcloud

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// serverNames are the names of a servers list, in order.
func serverNames(t *testing.T, m map[string]any) []string {
	t.Helper()
	var names []string
	for _, s := range list(m, "servers") {
		names = append(names, s.(map[string]any)["name"].(string))
	}
	return names
}

func TestNovaVersions(t *testing.T) {
	c := New(Options{Seed: 1})
	anon := &tclient{t: t, h: c}
	vs := list(anon.must(http.StatusOK, http.MethodGet, "/compute", nil).json(t), "versions")
	if len(vs) != 2 {
		t.Fatalf("GET /compute: got %d versions, want v2.0 and v2.1", len(vs))
	}
	v21 := vs[1].(map[string]any)
	if v21["id"] != "v2.1" || v21["status"] != "CURRENT" || v21["version"] != "2.93" || v21["min_version"] != "2.1" {
		t.Errorf("GET /compute: v2.1 is %v, want CURRENT 2.1..2.93 (Zed)", v21)
	}
	v := obj(anon.must(http.StatusOK, http.MethodGet, "/compute/v2.1/", nil).json(t), "version")
	if v["id"] != "v2.1" || v["media-types"] == nil {
		t.Errorf("GET /compute/v2.1/: got %v, want v2.1 with its media types", v)
	}
}

func TestNovaMicroversion(t *testing.T) {
	c := New(Options{Seed: 1})
	demo := login(t, c, "demo")
	for _, tc := range []struct {
		name, header, value string
		status              int
		answer              string // the microversion answered
		embedded            bool   // flavor embedded (2.47+)
	}{
		{"none", "", "", http.StatusOK, "2.1", false},
		{"2.46", "OpenStack-API-Version", "compute 2.46", http.StatusOK, "2.46", false},
		{"legacy 2.47", "X-OpenStack-Nova-API-Version", "2.47", http.StatusOK, "2.47", true},
		{"latest", "OpenStack-API-Version", "compute latest", http.StatusOK, "2.93", true},
		{"another service's", "OpenStack-API-Version", "volume 3.60", http.StatusOK, "2.1", false},
		{"too new", "OpenStack-API-Version", "compute 2.200", http.StatusNotAcceptable, "", false},
		{"malformed", "OpenStack-API-Version", "compute two", http.StatusBadRequest, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := newReq(http.MethodGet, "/compute/v2.1/servers/detail", demo.token)
			if tc.header != "" {
				req.Header.Set(tc.header, tc.value)
			}
			r := serve(c, req)
			if r.status != tc.status {
				t.Fatalf("got %d, want %d: %s", r.status, tc.status, r.body)
			}
			if tc.answer == "" {
				return
			}
			if got := r.header.Get("OpenStack-API-Version"); got != "compute "+tc.answer {
				t.Errorf("OpenStack-API-Version: got %q, want compute %s", got, tc.answer)
			}
			if got := r.header.Get("X-OpenStack-Nova-API-Version"); got != tc.answer {
				t.Errorf("X-OpenStack-Nova-API-Version: got %q, want %s", got, tc.answer)
			}
			flavor := list(r.json(t), "servers")[0].(map[string]any)["flavor"].(map[string]any)
			if _, hasID := flavor["id"]; hasID == tc.embedded || (tc.embedded && flavor["original_name"] == nil) {
				t.Errorf("flavor at %s: got %v, want embedded=%v", tc.answer, flavor, tc.embedded)
			}
		})
	}
}

func TestNovaServersSeeded(t *testing.T) {
	c := New(Options{Seed: 1})
	demo := login(t, c, "demo")
	m := demo.must(http.StatusOK, http.MethodGet, "/compute/v2.1/servers/detail", nil).json(t)
	// newest first, as Nova sorts by created_at descending
	if got, want := serverNames(t, m), []string{"worker-1", "app-1", "web-3", "web-2", "web-1"}; !slices.Equal(got, want) {
		t.Fatalf("demo's servers: got %v, want %v", got, want)
	}
	byName := map[string]map[string]any{}
	for _, s := range list(m, "servers") {
		byName[s.(map[string]any)["name"].(string)] = s.(map[string]any)
	}
	if byName["app-1"]["status"] != "SHUTOFF" || byName["app-1"]["OS-EXT-STS:vm_state"] != "stopped" ||
		byName["web-1"]["status"] != "ACTIVE" || byName["web-1"]["OS-EXT-STS:power_state"] != 1.0 {
		t.Errorf("statuses: app-1 %v/%v, web-1 %v/%v; want SHUTOFF/stopped and ACTIVE/1", byName["app-1"]["status"],
			byName["app-1"]["OS-EXT-STS:vm_state"], byName["web-1"]["status"], byName["web-1"]["OS-EXT-STS:power_state"])
	}
	if _, admin := byName["web-1"]["OS-EXT-SRV-ATTR:host"]; admin {
		t.Errorf("a member sees the host fields, which Nova's policy keeps for admins")
	}
	if a := byName["worker-1"]["addresses"].(map[string]any); len(a) != 0 {
		t.Errorf("worker-1 (no network): got addresses %v, want none", a)
	}

	// Each address is a Neutron port of the server on demo's subnet.
	subnet := demo.subnetID()
	for _, name := range []string{"web-1", "web-2", "web-3", "app-1"} {
		s := byName[name]
		addrs := s["addresses"].(map[string]any)["demo-net"].([]any)
		if len(addrs) != 1 {
			t.Fatalf("%s: got addresses %v, want one on demo-net", name, s["addresses"])
		}
		addr := addrs[0].(map[string]any)
		ports := list(demo.must(http.StatusOK, http.MethodGet, "/network/v2.0/ports?device_id="+s["id"].(string), nil).json(t), "ports")
		if len(ports) != 1 {
			t.Fatalf("%s: got %d ports with its device_id, want 1", name, len(ports))
		}
		p := ports[0].(map[string]any)
		ip := p["fixed_ips"].([]any)[0].(map[string]any)
		if ip["ip_address"] != addr["addr"] || ip["subnet_id"] != subnet || p["mac_address"] != addr["OS-EXT-IPS-MAC:mac_addr"] ||
			p["device_owner"] != "compute:nova" {
			t.Errorf("%s: Nova says %v, Neutron's port %v (want the same address and MAC on subnet %s, owner compute:nova)",
				name, addr, p, subnet)
		}
	}
}

func TestNovaServersFilterAndPage(t *testing.T) {
	c := New(Options{Seed: 1})
	demo := login(t, c, "demo")
	for _, tc := range []struct {
		query string
		want  []string
	}{
		{"name=web", []string{"web-3", "web-2", "web-1"}},
		{"name=^app-1$", []string{"app-1"}},
		{"status=shutoff", []string{"app-1"}},
		{"status=ACTIVE&name=-1", []string{"worker-1", "web-1"}},
		{"status=ACTIVE&status=SHUTOFF&name=web-[12]", []string{"web-2", "web-1"}},
		{"status=BOGUS", nil}, // 400 from 2.38
		{"status=ERROR", nil},
		{"all_tenants=1", []string{"worker-1", "app-1", "web-3", "web-2", "web-1"}}, // ignored for a member
	} {
		got := serverNames(t, demo.must(http.StatusOK, http.MethodGet, "/compute/v2.1/servers?"+tc.query, nil).json(t))
		if !slices.Equal(got, tc.want) {
			t.Errorf("?%s: got %v, want %v", tc.query, got, tc.want)
		}
	}

	// Paging: limit=2 walks the five servers in three pages, each next
	// link keeping the filters, the last page without one.
	var names []string
	path := "/compute/v2.1/servers/detail?name=-&limit=2"
	for pages := 0; path != ""; pages++ {
		if pages > 3 {
			t.Fatalf("more than 3 pages of 2 for 5 servers")
		}
		m := demo.must(http.StatusOK, http.MethodGet, path, nil).json(t)
		names = append(names, serverNames(t, m)...)
		path = ""
		if links := list(m, "servers_links"); len(links) > 0 {
			u, err := url.Parse(links[0].(map[string]any)["href"].(string))
			if err != nil || links[0].(map[string]any)["rel"] != "next" || u.Query().Get("name") != "-" || u.Query().Get("limit") != "2" {
				t.Fatalf("next link %v: want rel next with name=- and limit=2 kept", links[0])
			}
			path = u.RequestURI()
		}
	}
	if want := []string{"worker-1", "app-1", "web-3", "web-2", "web-1"}; !slices.Equal(names, want) {
		t.Errorf("paged: got %v, want %v", names, want)
	}

	req := newReq(http.MethodGet, "/compute/v2.1/servers?status=BOGUS", demo.token)
	req.Header.Set("OpenStack-API-Version", "compute 2.38")
	if r := serve(c, req); r.status != http.StatusBadRequest || obj(r.json(t), "badRequest")["message"] != "Invalid status value" {
		t.Errorf("?status=BOGUS at 2.38: got %d %s, want 400 Invalid status value", r.status, r.body)
	}
	for _, q := range []string{"limit=x", "limit=-1", "marker=no-such-server"} {
		r := demo.must(http.StatusBadRequest, http.MethodGet, "/compute/v2.1/servers?"+q, nil)
		if obj(r.json(t), "badRequest")["message"] == nil {
			t.Errorf("?%s: got %s, want Nova's badRequest fault", q, r.body)
		}
	}
}

func TestNovaProjectVisibility(t *testing.T) {
	c := New(Options{Seed: 1, Trainees: 1})
	demo, trainee, admin := login(t, c, "demo"), login(t, c, "trainee1"), login(t, c, "admin")
	web1 := func(cl *tclient) string {
		for _, s := range list(cl.must(http.StatusOK, http.MethodGet, "/compute/v2.1/servers?name=^web-1$", nil).json(t), "servers") {
			return s.(map[string]any)["id"].(string)
		}
		t.Fatalf("no web-1")
		return ""
	}
	demoWeb1, traineeWeb1 := web1(demo), web1(trainee)
	if demoWeb1 == traineeWeb1 {
		t.Fatalf("demo's and trainee1's web-1 share id %s", demoWeb1)
	}
	r := trainee.must(http.StatusNotFound, http.MethodGet, "/compute/v2.1/servers/"+demoWeb1, nil)
	if msg := obj(r.json(t), "itemNotFound")["message"]; msg != "Instance "+demoWeb1+" could not be found." {
		t.Errorf("another project's server: got %v, want Nova's itemNotFound", msg)
	}
	s := obj(admin.must(http.StatusOK, http.MethodGet, "/compute/v2.1/servers/"+demoWeb1, nil).json(t), "server")
	if s["OS-EXT-SRV-ATTR:host"] != novaHost {
		t.Errorf("admin's show: got host %v, want %s", s["OS-EXT-SRV-ATTR:host"], novaHost)
	}
	own := len(list(admin.must(http.StatusOK, http.MethodGet, "/compute/v2.1/servers", nil).json(t), "servers"))
	all := len(list(admin.must(http.StatusOK, http.MethodGet, "/compute/v2.1/servers?all_tenants=True", nil).json(t), "servers"))
	if own != len(seededServers) || all != 3*len(seededServers) {
		t.Errorf("admin: got %d own and %d with all_tenants, want %d and %d (admin, demo, trainee1)", own, all,
			len(seededServers), 3*len(seededServers))
	}
}

func TestNovaReadOnly(t *testing.T) {
	c := New(Options{Seed: 1})
	demo := login(t, c, "demo")
	before := len(c.servers.order)
	for _, tc := range []struct{ method, path string }{
		{http.MethodPost, "/compute/v2.1/servers"},
		{http.MethodDelete, "/compute/v2.1/servers/x"},
		{http.MethodPost, "/compute/v2.1/servers/x/action"},
		{http.MethodPut, "/compute/v2.1/flavors/1"},
	} {
		r := demo.do(tc.method, tc.path, map[string]any{"server": map[string]any{"name": "x"}})
		if r.status != http.StatusForbidden || obj(r.json(t), "forbidden")["message"] == nil {
			t.Errorf("%s %s: got %d %s, want 403 forbidden", tc.method, tc.path, r.status, r.body)
		}
	}
	if n := len(c.servers.order); n != before {
		t.Errorf("after the refused writes: %d servers, want %d", n, before)
	}
	anon := &tclient{t: t, h: c}
	anon.must(http.StatusUnauthorized, http.MethodGet, "/compute/v2.1/servers", nil)
}

func TestNovaFlavors(t *testing.T) {
	c := New(Options{Seed: 1})
	demo := login(t, c, "demo")
	fl := list(demo.must(http.StatusOK, http.MethodGet, "/compute/v2.1/flavors/detail?is_public=None", nil).json(t), "flavors")
	if len(fl) != 4 || fl[0].(map[string]any)["name"] != "m1.tiny" || fl[0].(map[string]any)["swap"] != "" {
		t.Errorf("flavors/detail: got %v, want devstack's four flavors, m1.tiny first, swap \"\" before 2.75", fl)
	}
	if got := list(demo.must(http.StatusOK, http.MethodGet, "/compute/v2.1/flavors?minRam=2048", nil).json(t), "flavors"); len(got) != 2 {
		t.Errorf("flavors?minRam=2048: got %d, want m1.small and m1.medium", len(got))
	}
	f := obj(demo.must(http.StatusOK, http.MethodGet, "/compute/v2.1/flavors/2", nil).json(t), "flavor")
	if f["name"] != "m1.small" || f["ram"] != 2048.0 {
		t.Errorf("flavors/2: got %v", f)
	}
	demo.must(http.StatusNotFound, http.MethodGet, "/compute/v2.1/flavors/99", nil)
}

func TestGlanceImages(t *testing.T) {
	c := New(Options{Seed: 1})
	demo := login(t, c, "demo")
	if r := (&tclient{t: t, h: c}).do(http.MethodGet, "/image", nil); r.status != http.StatusMultipleChoices {
		t.Errorf("GET /image: got %d, want 300 as Glance answers", r.status)
	}
	imgs := list(demo.must(http.StatusOK, http.MethodGet, "/image/v2/images", nil).json(t), "images")
	if len(imgs) != 1 || imgs[0].(map[string]any)["id"] != labImageID {
		t.Fatalf("images: got %v, want the lab's one image", imgs)
	}
	img := demo.must(http.StatusOK, http.MethodGet, "/image/v2/images/"+labImageID, nil).json(t)
	if img["name"] != labImageName {
		t.Errorf("image: got %v", img)
	}
	if r := demo.do(http.MethodGet, "/image/v2/images/nope", nil); r.status != http.StatusNotFound || !strings.Contains(string(r.body), "nope") {
		t.Errorf("unknown image: got %d %s, want 404 naming it", r.status, r.body)
	}
}

func TestNovaStateRoundTrip(t *testing.T) {
	c := New(Options{Seed: 1})
	d := restarted(t, c, Options{Seed: 1})
	want := serverNames(t, login(t, c, "demo").must(http.StatusOK, http.MethodGet, "/compute/v2.1/servers/detail", nil).json(t))
	restored := login(t, d, "demo").must(http.StatusOK, http.MethodGet, "/compute/v2.1/servers/detail", nil).json(t)
	if got := serverNames(t, restored); !slices.Equal(got, want) {
		t.Errorf("restored servers: got %v, want %v", got, want)
	}
	for _, s := range list(restored, "servers") {
		if name := s.(map[string]any)["name"]; name != "worker-1" && len(s.(map[string]any)["addresses"].(map[string]any)) != 1 {
			t.Errorf("restored %v: got addresses %v, want its port's", name, s.(map[string]any)["addresses"])
		}
	}
}
