//go:build fidelity

// The fidelity tests compare the lab cloud with a real OpenStack Zed Octavia
// started by ../shared/realcloud (make fidelity). They send the same requests
// to both and report every difference a client could notice: status codes,
// JSON keys, types and values (ids, timestamps and addresses normalised), and
// the provisioning statuses seen while polling after each write.
//
// Environment: REALCLOUD_DIR (default /tmp/realcloud; its openrc gives the
// credentials), REALCLOUD_URL (the Octavia endpoint; default: the catalog's).

package labcloud

import (
	"bufio"
	"bytes"
	"cmp"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// fidExpectedDifferences are allowed on purpose. The real cloud runs no health
// manager and no amphora VMs; the lab simulates a healthy data plane.
var fidExpectedDifferences = []string{
	"operating_status values: the real cloud has no health manager, so its objects stay OFFLINE (members NO_MONITOR); the lab's follow members and monitors",
	"stats counters (bytes_in, bytes_out, active_connections, total_connections, request_errors): zero on the real cloud, growing in the lab",
	"GET /v2/octavia/amphorae/{id}/stats: 404 'Amphora stats for ... not found.' on the real cloud (no stats rows), 200 in the lab",
	"ids, timestamps, addresses, project ids and the base URL in links: compared by format only",
	"amphora vrrp_interface: null with the realcloud's noop network driver, a NIC name (eth1) on a real data plane and in the lab",
	"the provider list: start.sh configures 'amphora' and 'noop_driver' with its own descriptions; only the amphora entry's shape is compared",
}

// fidExpectedSteps are steps whose differences are expected (logged, not errors).
var fidExpectedSteps = map[string]string{
	"GET amphora stats": "the real cloud has no health manager, so no amphora stats (404)",
}

// fidIgnoredValues are keys whose values are environment-specific (see
// expectedDifferences); only their presence is compared.
var fidIgnoredValues = map[string]bool{
	"operating_status": true, "bytes_in": true, "bytes_out": true, "active_connections": true,
	"total_connections": true, "request_errors": true, "vrrp_interface": true,
}

func TestFidelity(t *testing.T) {
	for _, d := range fidExpectedDifferences {
		t.Logf("expected difference: %s", d)
	}
	upstream, lab := fidTargets(t)

	// users of the demo project: on the real cloud with the Octavia roles its
	// default policy needs (the lab's demo and viewer behave like those)
	upstream.ensureUser(t, "demo", "demo", "member", "load-balancer_member")
	upstream.ensureUser(t, "viewer", "demo", "reader", "load-balancer_observer")
	for _, tg := range []*fidTarget{upstream, lab} {
		tg.users = map[string]fidUser{}
		for _, u := range []string{"demo", "viewer"} {
			tg.users[u] = tg.userToken(t, u, "demo")
		}
	}

	realRec, labRec := fidRunBoth(t, upstream, lab, fidScript)
	for _, why := range realRec.stopped {
		t.Errorf("a section of the script stopped early on the real cloud: %s", why)
	}
	for _, why := range labRec.stopped {
		t.Errorf("a section of the script stopped early on the lab: %s", why)
	}
	fidCompareSteps(t, realRec, labRec, fidExpectedSteps)
}

// fidCompareSteps fails t for each step of realRec the lab did not reach
// and for each difference of a step between the two, but logs those of a
// step in expected (with why it differs); it returns how many steps were
// compared.
func fidCompareSteps(t *testing.T, realRec, labRec *fidTranscript, expected map[string]string) int {
	t.Helper()
	labSteps := map[string]fidRecord{}
	for _, r := range labRec.steps {
		labSteps[r.step] = r
	}
	compared := 0
	for _, r := range realRec.steps {
		l, ok := labSteps[r.step]
		if !ok {
			t.Errorf("%s: not reached on the lab", r.step)
			continue
		}
		for _, d := range r.diff(l) {
			if why, ok := expected[r.step]; ok {
				t.Logf("%s: %s (expected: %s)", r.step, d, why)
				continue
			}
			t.Errorf("%s: %s", r.step, d)
		}
		compared++
	}
	return compared
}

// TestFidelityCLI runs TestCLI's command chains against the real cloud, so
// that every command TestCLI asks of the lab is known to work on a real one.
func TestFidelityCLI(t *testing.T) {
	bin, err := exec.LookPath("openstack")
	if err != nil {
		t.Fatalf("the openstack CLI is not installed (%v): run `make test` or ../shared/realcloud/install.sh", err)
	}
	upstream := fidRealTarget(t)
	upstream.ensureProject(t, "demo")
	o := newCLIOSC(t, bin, upstream.authURL)
	o.realOctavia = true
	runCLIChains(t, o, fidRandomUUID()) // the realcloud Neutron stub accepts any subnet id
}

// BenchmarkFidelityPage1000 measures GET of a 1,000-item page of load
// balancers from the lab and from the real Octavia, side by side.
func BenchmarkFidelityPage1000(b *testing.B) {
	upstream := fidRealTarget(b)
	upstream.seedNoop(b, 1000)
	srv := NewServer(Options{Scenario: &Scenario{LoadBalancers: []ScenarioLB{
		{Project: "admin", Name: "bench", Count: 1000},
	}}})
	defer srv.Close()
	lab := fidLabTarget(b, srv)

	perOp := map[string]float64{}
	for _, tg := range []*fidTarget{lab, upstream} {
		b.Run(tg.name, func(b *testing.B) {
			// the page is checked once; the loop times the GET and reading the body
			code, body, err := tg.get("/v2/lbaas/loadbalancers?limit=1000")
			var page struct {
				LoadBalancers []json.RawMessage `json:"loadbalancers"`
			}
			if err != nil || code != http.StatusOK || json.Unmarshal(body, &page) != nil || len(page.LoadBalancers) != 1000 {
				b.Fatalf("GET limit=1000 on %s: got %d (%v) with %d load balancers, want 200 with 1000: %.300s",
					tg.name, code, err, len(page.LoadBalancers), body)
			}
			n := 0
			for b.Loop() {
				if code, body, err := tg.get("/v2/lbaas/loadbalancers?limit=1000"); err != nil || code != http.StatusOK {
					b.Fatalf("GET limit=1000 on %s: got %d (%v), want 200: %.300s", tg.name, code, err, body)
				}
				n++
			}
			perOp[tg.name] = float64(b.Elapsed().Nanoseconds()) / float64(n)
			if tg.name == "real" && perOp["lab"] > 0 {
				// how many times faster the lab is (target ≥ 50)
				b.ReportMetric(perOp["real"]/perOp["lab"], "lab-speedup")
			}
		})
	}
}

// ---------------------------------------------------------------- targets

// fidTarget is one Octavia to probe: its API base (what precedes /v2) and an
// admin token.
type fidTarget struct {
	name    string
	base    string // e.g. http://127.0.0.1:9876 or http://127.0.0.1:port/load-balancer
	authURL string // Keystone v3
	token   string
	subnet  string // a VIP subnet id
	project string // the admin project's id
	client  *http.Client
	users   map[string]fidUser // other users' tokens, by user name
	network string             // the lab's Neutron endpoint
	// lab is the lab's origin, for its fault API with labToken, the
	// admin's ("" on the real cloud)
	lab, labToken string
}

// fidUser is a project-scoped token of a user other than admin.
type fidUser struct{ token, project, subnet string }

// userToken logs user (password = name) into project.
func (tg *fidTarget) userToken(tb testing.TB, user, project string) fidUser {
	tb.Helper()
	c := *tg
	c.login(tb, user, user, project)
	u := fidUser{c.token, c.project, tg.subnet}
	if tg.network != "" {
		u.subnet = c.ownSubnet(tb)
	}
	return u
}

// ensureUser creates user (password = name) in the real Keystone with roles
// on project, if missing.
func (tg *fidTarget) ensureUser(tb testing.TB, user, project string, roles ...string) {
	tb.Helper()
	tg.ensureProject(tb, project)
	idOf := func(kind, name string) string {
		code, b, err := tg.do(http.MethodGet, tg.authURL+"/"+kind+"?name="+name, nil)
		var page map[string]json.RawMessage
		var list []struct {
			ID string `json:"id"`
		}
		if err != nil || code != http.StatusOK || json.Unmarshal(b, &page) != nil ||
			json.Unmarshal(page[kind], &list) != nil || len(list) == 0 {
			tb.Fatalf("real keystone: GET %s?name=%s: %d %v %.200s", kind, name, code, err, b)
		}
		return list[0].ID
	}
	create := func(kind, body string) {
		code, b, err := tg.do(http.MethodPost, tg.authURL+"/"+kind, []byte(body))
		if err != nil || (code != http.StatusCreated && code != http.StatusConflict) {
			tb.Fatalf("real keystone: POST %s: %d %v %.200s", kind, code, err, b)
		}
	}
	create("users", fmt.Sprintf(`{"user":{"name":%q,"domain_id":"default","password":%q}}`, user, user))
	uid, pid := idOf("users", user), idOf("projects", project)
	for _, r := range roles {
		create("roles", fmt.Sprintf(`{"role":{"name":%q}}`, r))
		url := fmt.Sprintf("%s/projects/%s/users/%s/roles/%s", tg.authURL, pid, uid, idOf("roles", r))
		if code, b, err := tg.do(http.MethodPut, url, nil); err != nil || code != http.StatusNoContent {
			tb.Fatalf("real keystone: grant %s to %s: %d %v %.200s", r, user, code, err, b)
		}
	}
}

func fidRealTarget(tb testing.TB) *fidTarget {
	tb.Helper()
	dir := cmp.Or(os.Getenv("REALCLOUD_DIR"), "/tmp/realcloud")
	env := fidReadOpenrc(tb, filepath.Join(dir, "openrc"))
	tg := &fidTarget{
		name:    "real",
		authURL: cmp.Or(env["OS_AUTH_URL"], "http://127.0.0.1:5000/v3"),
		client:  &http.Client{Timeout: 60 * time.Second},
		subnet:  fidRandomUUID(), // Octavia's network driver is noop: any UUID is a subnet
	}
	catalog := tg.login(tb, cmp.Or(env["OS_USERNAME"], "admin"), cmp.Or(env["OS_PASSWORD"], "admin"),
		cmp.Or(env["OS_PROJECT_NAME"], "admin"))
	tg.base = strings.TrimRight(cmp.Or(os.Getenv("REALCLOUD_URL"), catalog["load-balancer"]), "/")
	if tg.base == "" {
		tb.Fatalf("real cloud: no load-balancer endpoint in the catalog; set REALCLOUD_URL")
	}
	if code, _, err := tg.get("/"); err != nil || code != http.StatusOK {
		tb.Fatalf("real cloud at %s: GET / got %d, %v: start it with ../shared/realcloud/start.sh (make fidelity does)", tg.base, code, err)
	}
	return tg
}

func fidLabTarget(tb testing.TB, srv *Server) *fidTarget {
	tb.Helper()
	tg := &fidTarget{name: "lab", authURL: srv.URL + "/identity/v3", client: &http.Client{Timeout: 60 * time.Second}}
	catalog := tg.login(tb, "admin", "admin", "admin")
	tg.base = strings.TrimRight(catalog["load-balancer"], "/")
	tg.network = strings.TrimRight(catalog["network"], "/")
	tg.subnet = tg.ownSubnet(tb)
	tg.lab, tg.labToken = srv.URL, tg.token
	return tg
}

// ownSubnet returns the subnet of the token's project in the lab's Neutron
// (the shared one if it has none), as a user would pick it.
func (tg *fidTarget) ownSubnet(tb testing.TB) string {
	tb.Helper()
	code, body, err := tg.do(http.MethodGet, tg.network+"/v2.0/subnets", nil)
	var subnets struct {
		Subnets []struct {
			ID        string `json:"id"`
			ProjectID string `json:"project_id"`
		} `json:"subnets"`
	}
	if err != nil || code != http.StatusOK || json.Unmarshal(body, &subnets) != nil || len(subnets.Subnets) == 0 {
		tb.Fatalf("lab: GET network/v2.0/subnets got %d %v %.200s, want subnets", code, err, body)
	}
	id := subnets.Subnets[0].ID
	for _, s := range subnets.Subnets {
		if s.ProjectID == tg.project {
			id = s.ID
		}
	}
	return id
}

// login gets a project-scoped token and returns the catalog's public URLs by type.
func (tg *fidTarget) login(tb testing.TB, user, password, project string) map[string]string {
	tb.Helper()
	body := fmt.Sprintf(`{"auth":{"identity":{"methods":["password"],"password":{"user":{"name":%q,`+
		`"domain":{"id":"default"},"password":%q}}},"scope":{"project":{"name":%q,"domain":{"id":"default"}}}}}`,
		user, password, project)
	resp, err := tg.client.Post(tg.authURL+"/auth/tokens", "application/json", strings.NewReader(body))
	if err != nil {
		tb.Fatalf("%s: login: %v", tg.name, err)
	}
	defer resp.Body.Close()
	var tok struct {
		Token struct {
			Project struct {
				ID string `json:"id"`
			} `json:"project"`
			Catalog []struct {
				Type      string `json:"type"`
				Endpoints []struct {
					Interface string `json:"interface"`
					URL       string `json:"url"`
				} `json:"endpoints"`
			} `json:"catalog"`
		} `json:"token"`
	}
	if resp.StatusCode != http.StatusCreated {
		b, _ := io.ReadAll(resp.Body)
		tb.Fatalf("%s: login: got %d, want 201: %s", tg.name, resp.StatusCode, b)
	}
	if err := json.NewDecoder(resp.Body).Decode(&tok); err != nil {
		tb.Fatalf("%s: login: %v", tg.name, err)
	}
	tg.token = resp.Header.Get("X-Subject-Token")
	tg.project = tok.Token.Project.ID
	urls := map[string]string{}
	for _, s := range tok.Token.Catalog {
		for _, e := range s.Endpoints {
			if e.Interface == "public" {
				urls[s.Type] = e.URL
			}
		}
	}
	return urls
}

func (tg *fidTarget) do(method, url string, body []byte) (int, []byte, error) {
	return tg.doHeader(method, url, body, nil)
}

func (tg *fidTarget) doHeader(method, url string, body []byte, hdr *http.Header) (int, []byte, error) {
	return tg.doType(method, url, "application/json", body, hdr)
}

// doType sends body as contentType ("" = no Content-Type header).
func (tg *fidTarget) doType(method, url, contentType string, body []byte, hdr *http.Header) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("X-Auth-Token", tg.token)
	req.Header.Set("Accept", "application/json")
	if body != nil && contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := tg.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if hdr != nil {
		*hdr = resp.Header
	}
	return resp.StatusCode, b, err
}

func (tg *fidTarget) get(path string) (int, []byte, error) {
	return tg.do(http.MethodGet, tg.base+path, nil)
}

// ensureProject creates a project in the real Keystone if it is missing.
func (tg *fidTarget) ensureProject(tb testing.TB, name string) {
	tb.Helper()
	body := []byte(fmt.Sprintf(`{"project":{"name":%q,"domain_id":"default"}}`, name))
	code, b, err := tg.do(http.MethodPost, tg.authURL+"/projects", body)
	if err != nil || (code != http.StatusCreated && code != http.StatusConflict) {
		tb.Fatalf("real keystone: create project %s: got %d %v %s", name, code, err, b)
	}
}

// seedNoop makes sure the real cloud holds at least n load balancers, adding
// cheap rows with the noop_driver provider (they stay PENDING_CREATE and are
// removed only by stop.sh --wipe).
func (tg *fidTarget) seedNoop(tb testing.TB, n int) {
	tb.Helper()
	code, body, err := tg.get("/v2/lbaas/loadbalancers?fields=id&limit=1000")
	var page struct {
		LoadBalancers []json.RawMessage `json:"loadbalancers"`
	}
	if err != nil || code != http.StatusOK || json.Unmarshal(body, &page) != nil {
		tb.Fatalf("real: list: %d %v %.200s", code, err, body)
	}
	missing := n - len(page.LoadBalancers)
	if missing <= 0 {
		return
	}
	tb.Logf("real: seeding %d noop_driver load balancers", missing)
	work := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failed []string
	for range 4 {
		wg.Go(func() {
			for i := range work {
				b := fmt.Sprintf(`{"loadbalancer":{"name":"bench-%05d","vip_subnet_id":%q,"provider":"noop_driver"}}`,
					i, fidRandomUUID())
				code, body, err := tg.do(http.MethodPost, tg.base+"/v2/lbaas/loadbalancers", []byte(b))
				if err != nil || code != http.StatusCreated {
					mu.Lock()
					failed = append(failed, fmt.Sprintf("%d %v %.200s", code, err, body))
					mu.Unlock()
				}
			}
		})
	}
	for i := range missing {
		work <- i
	}
	close(work)
	wg.Wait()
	if len(failed) > 0 {
		tb.Fatalf("real: seeding: %d POSTs failed, first: %s", len(failed), failed[0])
	}
}

func fidReadOpenrc(tb testing.TB, path string) map[string]string {
	tb.Helper()
	env := map[string]string{}
	f, err := os.Open(path)
	if err != nil {
		tb.Logf("no %s (%v): using admin/admin on 127.0.0.1:5000", path, err)
		return env
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(sc.Text()), "export "))
		for _, kv := range strings.Fields(line) {
			if k, v, ok := strings.Cut(kv, "="); ok && strings.HasPrefix(k, "OS_") {
				env[k] = strings.Trim(v, `"'`)
			}
		}
	}
	return env
}

func fidRandomUUID() string {
	var b [16]byte
	rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

func fidRandomSuffix() string {
	var b [3]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// ---------------------------------------------------------------- transcript

// fidRecord is what one step of the script saw on one cloud, normalised.
type fidRecord struct {
	step    string
	code    int
	body    any      // normalised JSON (or "<non-JSON> first line")
	headers string   // the headers a client relies on
	seqs    []string // "name: S1 > S2 > ..." per watched object, after a write
}

// diff lists the differences a client could notice, real (r) vs lab (l).
func (r fidRecord) diff(l fidRecord) []string {
	var out []string
	if r.code != l.code {
		out = append(out, fmt.Sprintf("status code: real %d, lab %d", r.code, l.code))
	}
	if r.headers != l.headers {
		out = append(out, fmt.Sprintf("headers: real %q, lab %q", r.headers, l.headers))
	}
	out = append(out, fidDiffJSON("body", r.body, l.body)...)
	if !fidSameSeqs(r.seqs, l.seqs) {
		out = append(out, fmt.Sprintf("provisioning statuses while polling: real %q, lab %q", r.seqs, l.seqs))
	}
	return out
}

// fidSameSeqs compares status sequences. The real cloud's noop workers can
// finish before the first poll, so a real sequence may lack the lab's
// leading pending states ("lb: ACTIVE" vs "lb: PENDING_UPDATE > ACTIVE");
// the lab must never skip one the real cloud showed.
func fidSameSeqs(up, lab []string) bool {
	if len(up) != len(lab) {
		return false
	}
	for i := range up {
		rn, rs, _ := strings.Cut(up[i], ": ")
		ln, ls, _ := strings.Cut(lab[i], ": ")
		if rn != ln || !strings.HasSuffix(" > "+ls, " > "+rs) {
			return false
		}
	}
	return true
}

func fidDiffJSON(path string, r, l any) []string {
	switch rv := r.(type) {
	case map[string]any:
		lv, ok := l.(map[string]any)
		if !ok {
			return []string{fmt.Sprintf("%s: real %s, lab %s", path, fidShort(r), fidShort(l))}
		}
		var out []string
		for _, k := range slices.Sorted(maps.Keys(rv)) {
			if _, ok := lv[k]; !ok {
				out = append(out, fmt.Sprintf("%s.%s: missing in the lab (real %s)", path, k, fidShort(rv[k])))
				continue
			}
			out = append(out, fidDiffJSON(path+"."+k, rv[k], lv[k])...)
		}
		for _, k := range slices.Sorted(maps.Keys(lv)) {
			if _, ok := rv[k]; !ok {
				out = append(out, fmt.Sprintf("%s.%s: only in the lab (%s)", path, k, fidShort(lv[k])))
			}
		}
		return out
	case []any:
		lv, ok := l.([]any)
		if !ok {
			return []string{fmt.Sprintf("%s: real %s, lab %s", path, fidShort(r), fidShort(l))}
		}
		if len(rv) != len(lv) {
			return []string{fmt.Sprintf("%s: real has %d items %s, lab %d %s", path, len(rv), fidShort(r), len(lv), fidShort(l))}
		}
		var out []string
		for i := range rv {
			out = append(out, fidDiffJSON(fmt.Sprintf("%s[%d]", path, i), rv[i], lv[i])...)
		}
		return out
	}
	if fmt.Sprintf("%#v", r) != fmt.Sprintf("%#v", l) {
		return []string{fmt.Sprintf("%s: real %s, lab %s", path, fidShort(r), fidShort(l))}
	}
	return nil
}

func fidShort(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 160 {
		return string(b[:160]) + "…"
	}
	return string(b)
}

var (
	fidUUIDRE  = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)
	fidTimeRE  = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$`)
	fidIPv4RE  = regexp.MustCompile(`^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$`)
	fidReqIDRE = regexp.MustCompile(`^req-[0-9a-f-]{36}$`)
)

// normalize replaces what legitimately differs between two clouds by its
// format: ids become <uuid>, Octavia timestamps <time> (any other time format
// stays and shows up as a difference), IPv4 addresses <ipv4>, the API base
// <base>, project ids <project>; ignored values become <ignored>.
func (tg *fidTarget) normalize(key string, v any) any {
	switch v.(type) {
	case string, float64, bool, nil:
		if fidIgnoredValues[key] {
			return "<ignored>"
		}
	}
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = tg.normalize(k, x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = tg.normalize(key, x)
		}
		return out
	case string:
		switch {
		case key == "project_id" || key == "tenant_id":
			return "<project>"
		case fidTimeRE.MatchString(v):
			return "<time>"
		case fidIPv4RE.MatchString(v):
			return "<ipv4>"
		}
		v = strings.ReplaceAll(v, tg.base, "<base>")
		if tg.project != "" {
			v = strings.ReplaceAll(v, tg.project, "<project>")
		}
		return fidUUIDRE.ReplaceAllString(v, "<uuid>")
	}
	return v
}

// fidTranscript is one run of the script on one cloud.
type fidTranscript struct {
	tg      *fidTarget
	sfx     string
	steps   []fidRecord
	fatal   string   // why the script stopped early, if it did
	admin   string   // admin's token while as() has swapped in another
	stopped []string // why sections stopped early
	// unexpected lists writes that did not answer the status code the script
	// expects (on the real cloud: a mistake in the script).
	unexpected []string
}

// fidStop ends the script (a step it depends on failed).
type fidStop struct{ why string }

// fidTargets are the real cloud and a new lab (1 s transitions, seed 1) on
// a loopback port until t ends.
func fidTargets(t *testing.T) (upstream, lab *fidTarget) {
	t.Helper()
	upstream = fidRealTarget(t)
	srv := NewServer(Options{Delay: time.Second, Seed: 1})
	t.Cleanup(srv.Close)
	return upstream, fidLabTarget(t, srv)
}

// fidRunBoth runs script on the real cloud and on the lab at once, with
// one suffix, and fails t unless the real cloud answered as the script
// expects (the script is then true of Octavia) and the lab ran it to its
// end.
func fidRunBoth(t *testing.T, upstream, lab *fidTarget, script func(*fidTranscript)) (realRec, labRec *fidTranscript) {
	t.Helper()
	suffix := fidRandomSuffix()
	var wg sync.WaitGroup
	wg.Go(func() { realRec = fidRun(upstream, suffix, script) })
	wg.Go(func() { labRec = fidRun(lab, suffix, script) })
	wg.Wait()
	if realRec.fatal != "" {
		t.Fatalf("the script failed on the real cloud: %s", realRec.fatal)
	}
	for _, u := range realRec.unexpected {
		t.Errorf("the script expects another answer from the real cloud: %s", u)
	}
	if labRec.fatal != "" {
		t.Errorf("the script stopped early on the lab: %s", labRec.fatal)
	}
	return realRec, labRec
}

// fidRun runs script against tg, names suffixed with suffix, and returns
// its transcript; a fidStop ends it early, its reason kept.
func fidRun(tg *fidTarget, suffix string, script func(*fidTranscript)) (tr *fidTranscript) {
	tr = &fidTranscript{tg: tg, sfx: suffix}
	defer func() {
		if p := recover(); p != nil {
			s, ok := p.(fidStop)
			if !ok {
				panic(p)
			}
			tr.fatal = s.why
		}
	}()
	script(tr)
	return tr
}

// section runs part of the script that the rest does not depend on: if it
// stops early, the reason is kept and the script goes on.
func (tr *fidTranscript) section(f func()) {
	defer func() {
		if p := recover(); p != nil {
			s, ok := p.(fidStop)
			if !ok {
				panic(p)
			}
			tr.stopped = append(tr.stopped, s.why)
		}
	}()
	f()
}

// as makes the following calls with user's token ("" = admin's again).
func (tr *fidTranscript) as(user string) {
	if tr.admin == "" {
		tr.admin = tr.tg.token
	}
	tr.tg.token = tr.admin
	if user != "" {
		tr.tg.token = tr.tg.users[user].token
	}
}

// call sends one request and records it under step. shapeOnly replaces
// every scalar by its type (for answers whose content depends on the cloud's
// configuration).
func (tr *fidTranscript) call(step, method, path string, body any, shapeOnly ...bool) (int, map[string]any) {
	return tr.callType(step, method, path, "application/json", body, shapeOnly...)
}

// callType is call with the body sent as contentType.
func (tr *fidTranscript) callType(step, method, path, contentType string, body any, shapeOnly ...bool) (int, map[string]any) {
	var raw []byte
	if s, ok := body.(string); ok {
		raw = []byte(s)
	} else if body != nil {
		raw, _ = json.Marshal(body)
	}
	var hdr http.Header
	code, b, err := tr.tg.doType(method, tr.tg.base+path, contentType, raw, &hdr)
	if err != nil {
		panic(fidStop{fmt.Sprintf("%s: %s %s: %v", step, method, path, err)})
	}
	rec := fidRecord{step: step, code: code, headers: fidHeaders(hdr, len(b))}
	var parsed any
	obj := map[string]any{}
	if len(bytes.TrimSpace(b)) == 0 {
		rec.body = "<empty>"
	} else if err := json.Unmarshal(b, &parsed); err != nil {
		first := strings.TrimSpace(strings.SplitN(strings.TrimSpace(string(b)), "\n", 2)[0])
		rec.body = "<non-JSON> " + first
	} else {
		if m, ok := parsed.(map[string]any); ok {
			obj = m
		}
		rec.body = tr.tg.normalize("", parsed)
		if len(shapeOnly) > 0 && shapeOnly[0] {
			rec.body = fidShape(parsed)
		}
	}
	tr.steps = append(tr.steps, rec)
	return code, obj
}

func fidHeaders(h http.Header, n int) string {
	ct, _, _ := strings.Cut(h.Get("Content-Type"), ";")
	if n == 0 {
		ct = "-"
	}
	id := "no request id"
	if fidReqIDRE.MatchString(h.Get("X-Openstack-Request-Id")) {
		id = "request id"
	}
	return ct + ", " + id
}

func fidShape(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = fidShape(x)
		}
		return out
	case []any:
		if len(v) == 0 {
			return []any{}
		}
		return []any{fidShape(v[0])}
	case string:
		return "<string>"
	case float64:
		return "<number>"
	case bool:
		return "<bool>"
	}
	return v
}

// fidWatch is an object whose provisioning status is followed after a write;
// "{self}" in path stands for the id of the object the write returned.
type fidWatch struct {
	name, path string
	// gone: poll until the object is gone (404) and record only that; for
	// objects an asynchronous worker marks some time after the answer
	// (amphora failover, children of a cascade delete).
	gone bool
}

// write sends a write, records it, then polls the watched objects every
// 100 ms until each is ACTIVE, ERROR or gone, and records the sequence of
// statuses seen (the write's own answer first, for the object it returns).
func (tr *fidTranscript) write(step, method, path string, body any, wantCode int, watches ...fidWatch) map[string]any {
	code, obj := tr.call(step, method, path, body)
	if code != wantCode {
		// recorded (the code and body show up in the comparison); nothing to poll
		tr.unexpected = append(tr.unexpected, fmt.Sprintf("%s: %s %s got %d, want %d: %s", step, method, path, code,
			wantCode, fidShort(tr.steps[len(tr.steps)-1].body)))
		return obj
	}
	var own, self string
	for _, v := range obj {
		if m, ok := v.(map[string]any); ok {
			own, self = cliStr(m["provisioning_status"]), cliStr(m["id"])
		}
	}
	for i := range watches {
		watches[i].path = strings.ReplaceAll(watches[i].path, "{self}", self)
	}
	seqs := make([][]string, len(watches))
	done := make([]bool, len(watches))
	if len(watches) > 0 && own != "" {
		seqs[0] = []string{own}
	}
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		all := true
		for i, w := range watches {
			if done[i] {
				continue
			}
			st := tr.status(w.path)
			if n := len(seqs[i]); n == 0 || seqs[i][n-1] != st {
				seqs[i] = append(seqs[i], st)
			}
			done[i] = st == "ERROR" || st == "404" || !w.gone && (st == "ACTIVE" || st == "ALLOCATED")
			if w.gone {
				seqs[i] = []string{st}
			}
			all = all && done[i]
		}
		if all {
			break
		}
		if time.Now().After(deadline) {
			for i := range watches {
				if !done[i] {
					seqs[i] = append(seqs[i], "(still polling after 60 s)")
				}
			}
			break
		}
	}
	rec := &tr.steps[len(tr.steps)-1]
	for i, w := range watches {
		rec.seqs = append(rec.seqs, w.name+": "+strings.Join(seqs[i], " > "))
	}
	return obj
}

// send sends a request without recording it.
func (tr *fidTranscript) send(method, path string, body any) int {
	raw, _ := json.Marshal(body)
	code, _, err := tr.tg.do(method, tr.tg.base+path, raw)
	if err != nil {
		panic(fidStop{fmt.Sprintf("%s %s: %v", method, path, err)})
	}
	return code
}

// holdOnLab keeps the lab's load balancer named name PENDING_UPDATE (its
// stuck fault), however long a busy machine takes to send the next
// requests, until release; on the real cloud it does nothing (its worker
// unlocks within about a second of a write).
func (tr *fidTranscript) holdOnLab(name string) (release func()) {
	faults := func(f map[string]any) {
		raw, _ := json.Marshal(f)
		req, err := http.NewRequest(http.MethodPut, tr.tg.lab+"/lab/faults", bytes.NewReader(raw))
		if err != nil {
			panic(fidStop{err.Error()})
		}
		req.Header.Set("X-Auth-Token", tr.tg.labToken)
		req.Header.Set("Content-Type", "application/json")
		resp, err := tr.tg.client.Do(req)
		if err != nil {
			panic(fidStop{fmt.Sprintf("PUT /lab/faults: %v", err)})
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			panic(fidStop{fmt.Sprintf("PUT /lab/faults %s: %s", raw, resp.Status)})
		}
	}
	if tr.tg.lab == "" {
		return func() {}
	}
	faults(map[string]any{"stuck": []string{name}})
	return func() { faults(map[string]any{}) }
}

// settle waits, without recording, until the object at path is no longer
// PENDING_* (at most a minute).
func (tr *fidTranscript) settle(path string) {
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if !strings.HasPrefix(tr.status(path), "PENDING_") {
			return
		}
	}
}

// status is the provisioning status (status for amphorae) of the object at
// path, or the HTTP code when there is no object.
func (tr *fidTranscript) status(path string) string {
	code, b, err := tr.tg.get(path)
	if err != nil {
		return err.Error()
	}
	if code != http.StatusOK {
		return fmt.Sprint(code)
	}
	var m map[string]map[string]any
	if json.Unmarshal(b, &m) != nil {
		return "unparsable"
	}
	for _, v := range m {
		if s, ok := v["provisioning_status"]; ok {
			return cliStr(s)
		}
		return cliStr(v["status"])
	}
	return "empty"
}

func fidID(obj map[string]any, key string) string {
	m, _ := obj[key].(map[string]any)
	s := cliStr(m["id"])
	if s == "" {
		panic(fidStop{fmt.Sprintf("no %s.id in %s", key, fidShort(obj))})
	}
	return s
}

// first returns the id of the first item of a list answer.
func fidFirst(obj map[string]any, key string) string {
	items, _ := obj[key].([]any)
	if len(items) == 0 {
		panic(fidStop{fmt.Sprintf("no %s in %s", key, fidShort(obj))})
	}
	m, _ := items[0].(map[string]any)
	return cliStr(m["id"])
}

// ---------------------------------------------------------------- the script

// fidScript is the request sequence sent to both clouds. Step names are
// unique; names of objects carry a per-run suffix (the same on both clouds)
// so that lists filtered by name see only this run's objects.
func fidScript(tr *fidTranscript) {
	n := func(s string) string { return "fid-" + s + "-" + tr.sfx }
	const (
		lbs    = "/v2/lbaas/loadbalancers"
		amps   = "/v2/octavia/amphorae"
		nilID  = "00000000-0000-0000-0000-000000000000"
		lbKeys = "&fields=id&fields=name&fields=provisioning_status&fields=tags"
	)
	tg := tr.tg

	// versions
	tr.call("GET / (versions)", http.MethodGet, "/", nil)
	tr.call("GET /v2", http.MethodGet, "/v2", nil)
	tr.call("GET /v2.0", http.MethodGet, "/v2.0", nil)

	// load balancer
	lb := fidID(tr.write("POST loadbalancer", http.MethodPost, lbs, map[string]any{"loadbalancer": map[string]any{
		"name": n("lb"), "description": "fidelity", "vip_subnet_id": tg.subnet, "tags": []string{"fid", "a"},
	}}, 201, fidWatch{"lb", lbs + "/" + "{self}", false}), "loadbalancer")
	L := lbs + "/" + lb
	tr.call("GET loadbalancer", http.MethodGet, L, nil)
	tr.call("GET loadbalancers?name&limit=1", http.MethodGet, lbs+"?limit=1&name="+n("lb"), nil)
	tr.write("PUT loadbalancer", http.MethodPut, L, map[string]any{"loadbalancer": map[string]any{
		"description": "changed", "tags": []string{"fid", "b"},
	}}, 200, fidWatch{"lb", L, false})
	tr.call("GET loadbalancer after PUT", http.MethodGet, L, nil)

	// children, each write locks the load balancer
	lis := fidID(tr.write("POST listener", http.MethodPost, "/v2/lbaas/listeners", map[string]any{"listener": map[string]any{
		"name": n("listener"), "protocol": "HTTP", "protocol_port": 80, "loadbalancer_id": lb, "tags": []string{"fid"},
	}}, 201, fidWatch{"listener", "/v2/lbaas/listeners/{self}", false}, fidWatch{"lb", L, false}), "listener")
	LI := "/v2/lbaas/listeners/" + lis
	pool := fidID(tr.write("POST pool", http.MethodPost, "/v2/lbaas/pools", map[string]any{"pool": map[string]any{
		"name": n("pool"), "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN", "listener_id": lis,
	}}, 201, fidWatch{"pool", "/v2/lbaas/pools/{self}", false}, fidWatch{"lb", L, false}), "pool")
	P := "/v2/lbaas/pools/" + pool
	tr.call("GET pool without monitor", http.MethodGet, P, nil)
	// the amphora driver refuses SOURCE_IP_PORT: 501 ProviderUnsupportedOptionError
	tr.call("POST pool SOURCE_IP_PORT (501)", http.MethodPost, "/v2/lbaas/pools", map[string]any{"pool": map[string]any{
		"name": n("pool-sip"), "protocol": "TCP", "lb_algorithm": "SOURCE_IP_PORT", "loadbalancer_id": lb,
	}})
	tr.call("PUT pool SOURCE_IP_PORT (501)", http.MethodPut, P, map[string]any{"pool": map[string]any{"lb_algorithm": "SOURCE_IP_PORT"}})
	mem := fidID(tr.write("POST member", http.MethodPost, P+"/members", map[string]any{"member": map[string]any{
		"name": n("member"), "address": "192.0.2.10", "protocol_port": 8080,
	}}, 201, fidWatch{"member", P + "/members/{self}", false}, fidWatch{"lb", L, false}), "member")
	M := P + "/members/" + mem
	hm := fidID(tr.write("POST healthmonitor", http.MethodPost, "/v2/lbaas/healthmonitors", map[string]any{"healthmonitor": map[string]any{
		"name": n("hm"), "pool_id": pool, "type": "HTTP", "delay": 5, "timeout": 3, "max_retries": 3,
	}}, 201, fidWatch{"healthmonitor", "/v2/lbaas/healthmonitors/{self}", false}, fidWatch{"lb", L, false}), "healthmonitor")
	H := "/v2/lbaas/healthmonitors/" + hm
	pol := fidID(tr.write("POST l7policy", http.MethodPost, "/v2/lbaas/l7policies", map[string]any{"l7policy": map[string]any{
		"name": n("policy"), "listener_id": lis, "action": "REDIRECT_TO_URL", "redirect_url": "https://example.com/",
	}}, 201, fidWatch{"l7policy", "/v2/lbaas/l7policies/{self}", false}, fidWatch{"lb", L, false}), "l7policy")
	PO := "/v2/lbaas/l7policies/" + pol
	rule := fidID(tr.write("POST l7rule", http.MethodPost, PO+"/rules", map[string]any{"rule": map[string]any{
		"type": "PATH", "compare_type": "STARTS_WITH", "value": "/api",
	}}, 201, fidWatch{"l7rule", PO + "/rules/{self}", false}, fidWatch{"lb", L, false}), "rule")
	R := PO + "/rules/" + rule

	// reads
	for _, s := range []struct{ step, path string }{
		{"GET loadbalancer with children", L},
		{"GET listener", LI},
		{"GET pool", P},
		{"GET member", M},
		{"GET healthmonitor", H},
		{"GET l7policy", PO},
		{"GET l7rule", R},
		{"GET status tree", L + "/status"},
		{"GET loadbalancer stats", L + "/stats"},
		{"GET listener stats", LI + "/stats"},
		{"GET listeners?name&limit=1", "/v2/lbaas/listeners?limit=1&name=" + n("listener")},
		{"GET pools?name&limit=1", "/v2/lbaas/pools?limit=1&name=" + n("pool")},
		{"GET members?limit=1", P + "/members?limit=1"},
		{"GET healthmonitors?name&limit=1", "/v2/lbaas/healthmonitors?limit=1&name=" + n("hm")},
		{"GET l7policies?name&limit=1", "/v2/lbaas/l7policies?limit=1&name=" + n("policy")},
		{"GET rules?limit=1", PO + "/rules?limit=1"},
		{"GET loadbalancers?fields", lbs + "?name=" + n("lb") + "&fields=id&fields=name"},
		{"GET loadbalancers?fields=bogus", lbs + "?name=" + n("lb") + "&fields=bogus"},
		{"GET /v2.0 alias list", "/v2.0/lbaas/loadbalancers?limit=1&name=" + n("lb") + lbKeys},
	} {
		tr.call(s.step, http.MethodGet, s.path, nil)
	}

	// a REDIRECT_TO_POOL policy's pool: in its listener's pools (the status
	// tree) and with the listener in its own listeners once the policy has a
	// rule, and no longer while the policy is disabled
	rp := fidID(tr.write("POST redirect pool", http.MethodPost, "/v2/lbaas/pools", map[string]any{"pool": map[string]any{
		"name": n("pool-redirect"), "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN", "loadbalancer_id": lb,
	}}, 201, fidWatch{"pool", "/v2/lbaas/pools/{self}", false}, fidWatch{"lb", L, false}), "pool")
	rpol := fidID(tr.write("POST REDIRECT_TO_POOL l7policy", http.MethodPost, "/v2/lbaas/l7policies", map[string]any{"l7policy": map[string]any{
		"name": n("policy-pool"), "listener_id": lis, "action": "REDIRECT_TO_POOL", "redirect_pool_id": rp,
	}}, 201, fidWatch{"l7policy", "/v2/lbaas/l7policies/{self}", false}, fidWatch{"lb", L, false}), "l7policy")
	tr.call("GET status tree, a redirect policy with no rule", http.MethodGet, L+"/status", nil)
	tr.call("GET redirect pool, its policy with no rule", http.MethodGet, "/v2/lbaas/pools/"+rp, nil)
	tr.write("POST rule of the redirect policy", http.MethodPost, "/v2/lbaas/l7policies/"+rpol+"/rules", map[string]any{"rule": map[string]any{
		"type": "PATH", "compare_type": "STARTS_WITH", "value": "/static",
	}}, 201, fidWatch{"l7rule", "/v2/lbaas/l7policies/" + rpol + "/rules/{self}", false}, fidWatch{"lb", L, false})
	tr.call("GET status tree, a redirect policy with a rule", http.MethodGet, L+"/status", nil)
	tr.call("GET redirect pool, its policy with a rule", http.MethodGet, "/v2/lbaas/pools/"+rp, nil)
	tr.write("PUT redirect policy disabled", http.MethodPut, "/v2/lbaas/l7policies/"+rpol, map[string]any{"l7policy": map[string]any{
		"admin_state_up": false}}, 200, fidWatch{"l7policy", "/v2/lbaas/l7policies/{self}", false}, fidWatch{"lb", L, false})
	tr.call("GET status tree, a disabled redirect policy", http.MethodGet, L+"/status", nil)
	tr.call("GET redirect pool, its policy disabled", http.MethodGet, "/v2/lbaas/pools/"+rp, nil)
	tr.write("DELETE redirect policy", http.MethodDelete, "/v2/lbaas/l7policies/"+rpol, nil, 204, fidWatch{"lb", L, false})
	tr.write("DELETE redirect pool", http.MethodDelete, "/v2/lbaas/pools/"+rp, nil, 204, fidWatch{"lb", L, false})

	// faults
	tr.call("404 loadbalancer", http.MethodGet, lbs+"/"+nilID, nil)
	tr.call("404 loadbalancer non-uuid", http.MethodGet, lbs+"/nope", nil)
	tr.call("404 listener", http.MethodGet, "/v2/lbaas/listeners/"+nilID, nil)
	tr.call("404 pool", http.MethodGet, "/v2/lbaas/pools/"+nilID, nil)
	tr.call("404 member", http.MethodGet, P+"/members/"+nilID, nil)
	tr.call("404 healthmonitor", http.MethodGet, "/v2/lbaas/healthmonitors/"+nilID, nil)
	tr.call("404 l7policy", http.MethodGet, "/v2/lbaas/l7policies/"+nilID, nil)
	tr.call("404 l7rule", http.MethodGet, PO+"/rules/"+nilID, nil)
	tr.call("400 unknown query parameter", http.MethodGet, lbs+"?foo=bar", nil)
	tr.call("400 bad marker", http.MethodGet, lbs+"?marker="+nilID, nil)
	tr.call("400 bad marker non-uuid", http.MethodGet, lbs+"?marker=xyz", nil)
	tr.call("400 bad sort key", http.MethodGet, lbs+"?sort=foo:asc", nil)
	tr.call("400 bad sort direction", http.MethodGet, lbs+"?sort=name:up", nil)
	tr.call("400 bad limit", http.MethodGet, lbs+"?limit=abc", nil)
	tr.call("400 bad JSON", http.MethodPost, lbs, "{")
	tr.call("400 no VIP", http.MethodPost, lbs, map[string]any{"loadbalancer": map[string]any{"name": "x"}})
	tr.call("400 bad UUID", http.MethodPost, lbs, map[string]any{"loadbalancer": map[string]any{"vip_subnet_id": "x"}})
	tr.call("400 unknown attribute", http.MethodPost, lbs, map[string]any{"loadbalancer": map[string]any{
		"vip_subnet_id": tg.subnet, "bogus": 1}})
	tr.call("400 delete with children", http.MethodDelete, L, nil)
	fidValidation(tr, L, LI, P, H)
	// each conflict right after a write that locks the load balancer (the
	// real one unlocks within about a second)
	for _, c := range []struct {
		step, method, path string
		body               any
	}{
		{"409 immutable: POST listener", http.MethodPost, "/v2/lbaas/listeners", map[string]any{"listener": map[string]any{
			"protocol": "HTTP", "protocol_port": 81, "loadbalancer_id": lb}}},
		{"409 immutable: PUT listener", http.MethodPut, LI, map[string]any{"listener": map[string]any{"description": "x"}}},
		{"409 immutable: PUT loadbalancer", http.MethodPut, L, map[string]any{"loadbalancer": map[string]any{"description": "y"}}},
		{"409 immutable: DELETE pool", http.MethodDelete, P, nil},
		{"409 immutable: failover", http.MethodPut, L + "/failover", nil},
	} {
		// a fast real worker may unlock before the second request: retry;
		// the lab holds the lock until the request is answered
		for attempt := 1; ; attempt++ {
			release := tr.holdOnLab(n("lb"))
			tr.send(http.MethodPut, L, map[string]any{"loadbalancer": map[string]any{"name": n("lb")}})
			code, body := tr.call(c.step, c.method, c.path, c.body)
			release()
			tr.settle(L)
			if code == http.StatusConflict || attempt == 3 {
				break
			}
			tr.steps = tr.steps[:len(tr.steps)-1]
			if c.method == http.MethodPost && code < 300 { // the worker was faster: undo what it created
				for _, v := range body {
					if o, ok := v.(map[string]any); ok && o["id"] != nil {
						// until it is gone: a DELETE sent while the create
						// still locks the load balancer is refused (409)
						created := c.path + "/" + fmt.Sprint(o["id"])
						for try := 0; try < 20 && tr.status(created) != "404"; try++ {
							tr.settle(created)
							tr.settle(L)
							tr.send(http.MethodDelete, created, nil)
							tr.settle(L)
						}
					}
				}
			}
		}
	}

	// updates of every child
	for _, u := range []struct {
		step, path, key string
		body            map[string]any
	}{
		{"PUT listener", LI, "listener", map[string]any{"description": "u", "connection_limit": 100}},
		{"PUT pool", P, "pool", map[string]any{"description": "u", "lb_algorithm": "LEAST_CONNECTIONS"}},
		{"PUT member", M, "member", map[string]any{"weight": 5}},
		{"PUT healthmonitor", H, "healthmonitor", map[string]any{"delay": 6}},
		{"PUT l7policy", PO, "l7policy", map[string]any{"description": "u", "redirect_http_code": 301}},
		{"PUT l7rule", R, "rule", map[string]any{"value": "/v2"}},
	} {
		tr.write(u.step, http.MethodPut, u.path, map[string]any{u.key: u.body}, 200, fidWatch{u.key, u.path, false}, fidWatch{"lb", L, false})
	}

	// what the CLI sends: numbers as strings (set --connection-limit 100,
	// member create --weight 3), and null to unset
	tr.write("PUT listener connection_limit as a string", http.MethodPut, LI,
		`{"listener": {"connection_limit": "100"}}`, 200, fidWatch{"listener", LI, false}, fidWatch{"lb", L, false})
	for _, u := range []struct {
		step, path, key string
		body            map[string]any
	}{
		{"PUT loadbalancer null (unset)", L, "loadbalancer", map[string]any{"description": nil}},
		{"PUT listener null (unset)", LI, "listener", map[string]any{"description": nil, "connection_limit": nil}},
		{"PUT pool null (unset)", P, "pool", map[string]any{"description": nil}},
		{"PUT member null (unset)", M, "member", map[string]any{"weight": nil, "name": nil, "monitor_port": nil, "backup": nil}},
		{"PUT healthmonitor null (unset)", H, "healthmonitor", map[string]any{"url_path": nil, "expected_codes": nil, "name": nil, "http_method": nil, "max_retries_down": nil}},
		{"PUT l7policy null (unset)", PO, "l7policy", map[string]any{"description": nil, "name": nil, "redirect_http_code": nil}},
		{"PUT l7rule null (unset)", R, "rule", map[string]any{"key": nil, "invert": nil}},
	} {
		tr.write(u.step, http.MethodPut, u.path, map[string]any{u.key: u.body}, 200, fidWatch{u.key, u.path, false}, fidWatch{"lb", L, false})
		tr.call("GET after "+u.step, http.MethodGet, u.path, nil)
	}

	// amphorae
	_, al := tr.call("GET amphorae?loadbalancer_id", http.MethodGet, amps+"?loadbalancer_id="+lb, nil)
	amp := fidFirst(al, "amphorae")
	tr.call("GET amphora", http.MethodGet, amps+"/"+amp, nil)
	tr.call("GET amphorae?limit=1", http.MethodGet, amps+"?limit=1&loadbalancer_id="+lb, nil)
	tr.call("GET amphora stats", http.MethodGet, amps+"/"+amp+"/stats", nil, true)
	tr.write("PUT amphora config", http.MethodPut, amps+"/"+amp+"/config", nil, 202, fidWatch{"lb", L, false})
	tr.write("PUT amphora failover", http.MethodPut, amps+"/"+amp+"/failover", nil, 202, fidWatch{"amphora", amps + "/" + amp, true}, fidWatch{"lb", L, false})
	tr.call("GET amphorae after failover", http.MethodGet, amps+"?loadbalancer_id="+lb+"&fields=role&fields=status", nil)
	tr.write("PUT loadbalancer failover", http.MethodPut, L+"/failover", nil, 202, fidWatch{"lb", L, false})
	tr.call("GET amphora 404", http.MethodGet, amps+"/"+nilID, nil)

	// RBAC: demo (member) and viewer (reader) of project demo
	tr.section(func() {
		defer tr.as("")
		demoP := tg.users["demo"].project
		tr.as("demo")
		tr.call("demo: list sees only its project", http.MethodGet, lbs+"?name="+n("lb"), nil)
		tr.call("demo: GET another project's load balancer", http.MethodGet, L, nil)
		tr.call("demo: PUT another project's load balancer", http.MethodPut, L, map[string]any{"loadbalancer": map[string]any{"description": "x"}})
		tr.call("demo: list another project", http.MethodGet, lbs+"?project_id="+tg.project, nil)
		tr.call("demo: amphorae", http.MethodGet, amps, nil)
		tr.call("demo: own quota", http.MethodGet, "/v2/lbaas/quotas/"+demoP, nil)
		tr.call("demo: another project's quota", http.MethodGet, "/v2/lbaas/quotas/"+tg.project, nil)
		tr.call("demo: quota defaults", http.MethodGet, "/v2/lbaas/quotas/defaults", nil)
		tr.call("demo: PUT own quota", http.MethodPut, "/v2/lbaas/quotas/"+demoP, map[string]any{"quota": map[string]any{"load_balancer": 5}})
		tr.call("demo: providers", http.MethodGet, "/v2/lbaas/providers", nil, true)
		tr.call("demo: flavors", http.MethodGet, "/v2/lbaas/flavors?name="+n("none"), nil)
		tr.call("demo: flavorprofiles", http.MethodGet, "/v2/lbaas/flavorprofiles", nil)
		tr.call("demo: availabilityzones", http.MethodGet, "/v2/lbaas/availabilityzones?name="+n("none"), nil)
		tr.call("demo: availabilityzoneprofiles", http.MethodGet, "/v2/lbaas/availabilityzoneprofiles", nil)
		tr.call("demo: POST for another project", http.MethodPost, lbs, map[string]any{"loadbalancer": map[string]any{
			"name": n("x"), "vip_subnet_id": tg.subnet, "project_id": tg.project}})
		dl := fidID(tr.write("demo: POST own load balancer", http.MethodPost, lbs, map[string]any{"loadbalancer": map[string]any{
			"name": n("demo"), "vip_subnet_id": tg.users["demo"].subnet}}, 201, fidWatch{"lb", lbs + "/{self}", false}), "loadbalancer")
		DL := lbs + "/" + dl
		tr.call("demo: failover own load balancer", http.MethodPut, DL+"/failover", nil)
		tr.as("viewer")
		tr.call("viewer: list", http.MethodGet, lbs+"?name="+n("demo"), nil)
		tr.call("viewer: status", http.MethodGet, DL+"/status", nil)
		tr.call("viewer: stats", http.MethodGet, DL+"/stats", nil)
		tr.call("viewer: own quota", http.MethodGet, "/v2/lbaas/quotas/"+demoP, nil)
		tr.call("viewer: POST", http.MethodPost, lbs, map[string]any{"loadbalancer": map[string]any{"name": n("v"), "vip_subnet_id": tg.users["viewer"].subnet}})
		tr.call("viewer: PUT", http.MethodPut, DL, map[string]any{"loadbalancer": map[string]any{"description": "v"}})
		tr.call("viewer: DELETE", http.MethodDelete, DL, nil)
		tr.as("demo")
		tr.write("demo: DELETE own load balancer", http.MethodDelete, DL, nil, 204, fidWatch{"lb", DL, false})
		tr.as("")
		tr.tg.token, tr.admin = "bogus", tr.tg.token
		tr.call("401 bad token", http.MethodGet, lbs, nil)
	})

	// deletes of children
	tr.write("DELETE l7rule", http.MethodDelete, R, nil, 204, fidWatch{"l7rule", R, false}, fidWatch{"lb", L, false})
	tr.call("DELETE l7rule again", http.MethodDelete, R, nil)
	tr.write("DELETE l7policy", http.MethodDelete, PO, nil, 204, fidWatch{"l7policy", PO, false}, fidWatch{"lb", L, false})
	tr.write("DELETE healthmonitor", http.MethodDelete, H, nil, 204, fidWatch{"healthmonitor", H, false}, fidWatch{"lb", L, false})
	tr.call("GET pool after monitor delete", http.MethodGet, P, nil)
	tr.write("DELETE member", http.MethodDelete, M, nil, 204, fidWatch{"member", M, false}, fidWatch{"lb", L, false})
	tr.write("DELETE listener", http.MethodDelete, LI, nil, 204, fidWatch{"listener", LI, false}, fidWatch{"lb", L, false})
	tr.call("GET status tree with a pool and no listener", http.MethodGet, L+"/status", nil)
	tr.write("DELETE loadbalancer cascade", http.MethodDelete, L+"?cascade=true", nil, 204, fidWatch{"lb", L, false}, fidWatch{"pool", P, true})
	tr.call("GET loadbalancer after delete", http.MethodGet, L, nil)
	tr.call("DELETE loadbalancer again", http.MethodDelete, L, nil)

	// a plain delete
	tr.section(func() {
		lb2 := fidID(tr.write("POST loadbalancer 2", http.MethodPost, lbs, map[string]any{"loadbalancer": map[string]any{
			"name": n("lb2"), "vip_subnet_id": tg.subnet,
		}}, 201, fidWatch{"lb", lbs + "/{self}", false}), "loadbalancer")
		tr.call("GET status tree of an empty load balancer", http.MethodGet, lbs+"/"+lb2+"/status", nil)
		tr.write("DELETE loadbalancer", http.MethodDelete, lbs+"/"+lb2, nil, 204, fidWatch{"lb", lbs + "/" + lb2, false})
	})

	// pagination over three tagged load balancers
	tr.section(func() {
		tag := "fidpage" + tr.sfx
		var page []string
		for i := range 3 {
			page = append(page, fidID(tr.write(fmt.Sprintf("POST page loadbalancer %d", i), http.MethodPost, lbs, map[string]any{"loadbalancer": map[string]any{
				"name": n(fmt.Sprintf("page%d", i)), "vip_subnet_id": tg.subnet, "tags": []string{tag},
			}}, 201, fidWatch{"lb", lbs + "/{self}", false}), "loadbalancer"))
		}
		// Octavia's default order is created_at then id: three load balancers
		// made within one second come in their random ids' order, in either
		// cloud, so the page without a sort is compared by its shape only
		tr.call("GET page 1", http.MethodGet, lbs+"?limit=2&tags="+tag+lbKeys, nil, true)
		_, p1 := tr.call("GET page 1 sorted by name", http.MethodGet, lbs+"?limit=2&sort=name:desc&tags="+tag+lbKeys, nil)
		_ = p1
		tr.call("GET sort_key/sort_dir", http.MethodGet, lbs+"?sort_key=name&sort_dir=asc&tags="+tag+lbKeys, nil)
		tr.call("GET tags-any", http.MethodGet, lbs+"?tags-any="+tag+",zzz&sort=name:asc"+lbKeys, nil)
		tr.call("GET not-tags", http.MethodGet, lbs+"?not-tags=fid&tags="+tag+"&sort=name:asc"+lbKeys, nil)
		tr.call("GET not-tags-any", http.MethodGet, lbs+"?not-tags-any="+tag+"&name="+n("page0")+lbKeys, nil)
		// page holds page0..page2 in name order
		tr.call("GET marker (page 2)", http.MethodGet, lbs+"?limit=2&sort=name:asc&tags="+tag+"&marker="+page[0]+lbKeys, nil)
		tr.call("GET last page", http.MethodGet, lbs+"?limit=2&sort=name:asc&tags="+tag+"&marker="+page[2]+lbKeys, nil)
		tr.call("GET page_reverse", http.MethodGet, lbs+"?limit=1&sort=name:asc&tags="+tag+"&marker="+page[2]+"&page_reverse=True"+lbKeys, nil)
		tr.call("GET limit over the maximum", http.MethodGet, lbs+"?limit=5000&tags="+tag+"&sort=name:asc"+lbKeys, nil)
		tr.call("GET provisioning_status filter", http.MethodGet, lbs+"?provisioning_status=ACTIVE&tags="+tag+"&sort=name:asc"+lbKeys, nil)
		for i, p := range page {
			tr.write(fmt.Sprintf("DELETE page loadbalancer %d", i), http.MethodDelete, lbs+"/"+p, nil, 204, fidWatch{"lb", lbs + "/" + p, false})
		}
	})

	// quotas (a project id of our own: Octavia accepts any)
	q := "/v2/lbaas/quotas/fidelity" + tr.sfx
	tr.call("GET quota defaults", http.MethodGet, "/v2/lbaas/quotas/defaults", nil)
	tr.call("GET quota", http.MethodGet, q, nil)
	tr.call("PUT quota", http.MethodPut, q, map[string]any{"quota": map[string]any{"load_balancer": 5, "listener": -1}})
	tr.call("GET quota after PUT", http.MethodGet, q, nil)
	_, ql := tr.call("GET quotas", http.MethodGet, "/v2/lbaas/quotas", nil, true)
	_ = ql
	tr.call("PUT quota -5", http.MethodPut, q, map[string]any{"quota": map[string]any{"load_balancer": -5}})
	tr.call("DELETE quota", http.MethodDelete, q, nil)
	tr.call("GET quota after DELETE", http.MethodGet, q, nil)

	// providers
	tr.call("GET providers", http.MethodGet, "/v2/lbaas/providers", nil, true)
	tr.call("GET amphora flavor capabilities", http.MethodGet, "/v2/lbaas/providers/amphora/flavor_capabilities", nil)
	tr.call("GET amphora AZ capabilities", http.MethodGet, "/v2/lbaas/providers/amphora/availability_zone_capabilities", nil)
	tr.call("GET unknown provider capabilities", http.MethodGet, "/v2/lbaas/providers/nope/flavor_capabilities", nil)

	// flavors and availability zones
	_, fpo := tr.call("POST flavorprofile", http.MethodPost, "/v2/lbaas/flavorprofiles", map[string]any{"flavorprofile": map[string]any{
		"name": n("fp"), "provider_name": "amphora", "flavor_data": `{"loadbalancer_topology": "SINGLE"}`}})
	fp := fidID(fpo, "flavorprofile")
	tr.call("GET flavorprofile", http.MethodGet, "/v2/lbaas/flavorprofiles/"+fp, nil)
	tr.call("GET flavorprofiles?name&limit=1", http.MethodGet, "/v2/lbaas/flavorprofiles?limit=1&name="+n("fp"), nil)
	tr.call("PUT flavorprofile", http.MethodPut, "/v2/lbaas/flavorprofiles/"+fp, map[string]any{"flavorprofile": map[string]any{"name": n("fp2")}})
	tr.call("POST flavorprofile bad data", http.MethodPost, "/v2/lbaas/flavorprofiles", map[string]any{"flavorprofile": map[string]any{
		"name": n("bad"), "provider_name": "amphora", "flavor_data": `{"bogus": 1}`}})
	_, flo := tr.call("POST flavor", http.MethodPost, "/v2/lbaas/flavors", map[string]any{"flavor": map[string]any{
		"name": n("flavor"), "description": "small", "flavor_profile_id": fp, "enabled": true}})
	fl := fidID(flo, "flavor")
	tr.call("GET flavor", http.MethodGet, "/v2/lbaas/flavors/"+fl, nil)
	tr.call("GET flavors?name&limit=1", http.MethodGet, "/v2/lbaas/flavors?limit=1&name="+n("flavor"), nil)
	tr.call("PUT flavor", http.MethodPut, "/v2/lbaas/flavors/"+fl, map[string]any{"flavor": map[string]any{"enabled": false}})
	tr.call("POST loadbalancer with a disabled flavor", http.MethodPost, lbs, map[string]any{"loadbalancer": map[string]any{
		"name": n("x"), "vip_subnet_id": tg.subnet, "flavor_id": fl}})
	tr.call("DELETE flavorprofile in use", http.MethodDelete, "/v2/lbaas/flavorprofiles/"+fp, nil)
	_, azpo := tr.call("POST availabilityzoneprofile", http.MethodPost, "/v2/lbaas/availabilityzoneprofiles", map[string]any{
		"availability_zone_profile": map[string]any{"name": n("azp"), "provider_name": "amphora",
			"availability_zone_data": `{"compute_zone": "nova"}`}})
	azp := fidID(azpo, "availability_zone_profile")
	tr.call("GET availabilityzoneprofile", http.MethodGet, "/v2/lbaas/availabilityzoneprofiles/"+azp, nil)
	tr.call("GET availabilityzoneprofiles?name&limit=1", http.MethodGet, "/v2/lbaas/availabilityzoneprofiles?limit=1&name="+n("azp"), nil)
	tr.call("POST availabilityzone", http.MethodPost, "/v2/lbaas/availabilityzones", map[string]any{"availability_zone": map[string]any{
		"name": n("az"), "description": "zone", "availability_zone_profile_id": azp}})
	tr.call("GET availabilityzone", http.MethodGet, "/v2/lbaas/availabilityzones/"+n("az"), nil)
	tr.call("GET availabilityzones?name&limit=1", http.MethodGet, "/v2/lbaas/availabilityzones?limit=1&name="+n("az"), nil)
	tr.call("PUT availabilityzone", http.MethodPut, "/v2/lbaas/availabilityzones/"+n("az"), map[string]any{
		"availability_zone": map[string]any{"description": "z2"}})
	tr.call("400 PUT availabilityzone name", http.MethodPut, "/v2/lbaas/availabilityzones/"+n("az"), map[string]any{
		"availability_zone": map[string]any{"name": n("az2")}})
	tr.call("400 PUT flavor flavor_profile_id", http.MethodPut, "/v2/lbaas/flavors/"+fl, map[string]any{"flavor": map[string]any{"flavor_profile_id": fp}})
	tr.call("404 availabilityzone", http.MethodGet, "/v2/lbaas/availabilityzones/nope", nil)
	tr.call("404 flavor", http.MethodGet, "/v2/lbaas/flavors/"+nilID, nil)
	tr.call("404 flavorprofile", http.MethodGet, "/v2/lbaas/flavorprofiles/"+nilID, nil)
	tr.call("404 availabilityzoneprofile", http.MethodGet, "/v2/lbaas/availabilityzoneprofiles/"+nilID, nil)
	tr.call("DELETE flavor", http.MethodDelete, "/v2/lbaas/flavors/"+fl, nil)
	tr.call("DELETE availabilityzone", http.MethodDelete, "/v2/lbaas/availabilityzones/"+n("az"), nil)
	tr.call("DELETE flavorprofile", http.MethodDelete, "/v2/lbaas/flavorprofiles/"+fp, nil)
	tr.call("DELETE availabilityzoneprofile", http.MethodDelete, "/v2/lbaas/availabilityzoneprofiles/"+azp, nil)
	tr.call("DELETE flavor again", http.MethodDelete, "/v2/lbaas/flavors/"+fl, nil)

	// an ACTIVE_STANDBY flavor: two amphorae, MASTER and BACKUP
	tr.section(func() {
		_, fpo := tr.call("POST flavorprofile ACTIVE_STANDBY", http.MethodPost, "/v2/lbaas/flavorprofiles", map[string]any{
			"flavorprofile": map[string]any{"name": n("fp-as"), "provider_name": "amphora",
				"flavor_data": `{"loadbalancer_topology": "ACTIVE_STANDBY"}`}})
		fp := fidID(fpo, "flavorprofile")
		_, flo := tr.call("POST flavor ACTIVE_STANDBY", http.MethodPost, "/v2/lbaas/flavors", map[string]any{"flavor": map[string]any{
			"name": n("flavor-as"), "flavor_profile_id": fp}})
		fl := fidID(flo, "flavor")
		lb := fidID(tr.write("POST loadbalancer ACTIVE_STANDBY", http.MethodPost, lbs, map[string]any{"loadbalancer": map[string]any{
			"name": n("lb-as"), "vip_subnet_id": tg.subnet, "flavor_id": fl}}, 201, fidWatch{"lb", lbs + "/{self}", false}), "loadbalancer")
		q := amps + "?loadbalancer_id=" + lb + "&sort=role:asc&fields=role&fields=status&fields=vrrp_priority&fields=vrrp_id&fields=vrrp_interface"
		tr.call("GET amphorae ACTIVE_STANDBY", http.MethodGet, q, nil)
		_, al := tr.call("GET amphorae ACTIVE_STANDBY (all fields)", http.MethodGet, amps+"?loadbalancer_id="+lb+"&sort=role:asc", nil)
		amp := fidFirst(al, "amphorae")
		tr.write("PUT amphora failover ACTIVE_STANDBY", http.MethodPut, amps+"/"+amp+"/failover", nil, 202,
			fidWatch{"amphora", amps + "/" + amp, true}, fidWatch{"lb", lbs + "/" + lb, false})
		tr.call("GET amphorae ACTIVE_STANDBY after failover", http.MethodGet, q, nil)
		tr.write("DELETE loadbalancer ACTIVE_STANDBY", http.MethodDelete, lbs+"/"+lb, nil, 204, fidWatch{"lb", lbs + "/" + lb, false})
		tr.call("DELETE flavor ACTIVE_STANDBY", http.MethodDelete, "/v2/lbaas/flavors/"+fl, nil)
		tr.call("DELETE flavorprofile ACTIVE_STANDBY", http.MethodDelete, "/v2/lbaas/flavorprofiles/"+fp, nil)
	})
}

// fidValidation: what Octavia's API layer (wsme, pecan, webob) refuses
// before a controller runs (issue 9): lengths, attributes an update type
// lacks, CIDRs, expected codes, redirect URLs, media types, UTF-8; then an
// accepted allowed_cidrs, to compare the stored form.
func fidValidation(tr *fidTranscript, L, LI, P, H string) {
	const (
		lbs   = "/v2/lbaas/loadbalancers"
		hms   = "/v2/lbaas/healthmonitors"
		l7s   = "/v2/lbaas/l7policies"
		codes = "expected_codes"
	)
	long := strings.Repeat("n", 256)
	lis := LI[strings.LastIndex(LI, "/")+1:]
	pool := P[strings.LastIndex(P, "/")+1:]
	lbBody := func(kv ...any) map[string]any {
		b := map[string]any{"vip_subnet_id": tr.tg.subnet}
		for i := 0; i+1 < len(kv); i += 2 {
			b[kv[i].(string)] = kv[i+1]
		}
		return map[string]any{"loadbalancer": b}
	}
	tr.call("400 name over 255", http.MethodPost, lbs, lbBody("name", long))
	tr.call("400 description over 255", http.MethodPost, lbs, lbBody("description", long))
	tr.call("400 nested listener name over 255", http.MethodPost, lbs, lbBody("listeners", []any{map[string]any{
		"protocol": "HTTP", "protocol_port": 81, "name": long}}))
	tr.call("400 PUT listener name over 255", http.MethodPut, LI, map[string]any{"listener": map[string]any{"name": long}})
	tr.call("400 PUT loadbalancer vip_address", http.MethodPut, L, map[string]any{"loadbalancer": map[string]any{"vip_address": "10.0.0.9"}})
	tr.call("400 PUT loadbalancer vip_subnet_id", http.MethodPut, L, map[string]any{"loadbalancer": map[string]any{"vip_subnet_id": tr.tg.subnet}})
	tr.call("400 PUT listener protocol_port", http.MethodPut, LI, map[string]any{"listener": map[string]any{"protocol_port": 8080}})
	tr.call("400 PUT pool listener_id", http.MethodPut, P, map[string]any{"pool": map[string]any{"listener_id": lis}})
	tr.call("400 PUT healthmonitor type", http.MethodPut, H, map[string]any{"healthmonitor": map[string]any{"type": "TCP"}})
	tr.call("400 allowed_cidrs not CIDRs", http.MethodPut, LI, map[string]any{"listener": map[string]any{"allowed_cidrs": []string{"10.0.0.0/24", "nope"}}})
	tr.call("400 allowed_cidrs /33", http.MethodPut, LI, map[string]any{"listener": map[string]any{"allowed_cidrs": []string{"10.0.0.0/33"}}})
	for _, c := range []string{"2xx", "200 201", "200-"} {
		tr.call("400 expected_codes "+c, http.MethodPost, hms, map[string]any{"healthmonitor": map[string]any{
			"pool_id": pool, "type": "HTTP", "delay": 5, "timeout": 3, "max_retries": 3, codes: c}})
	}
	tr.call("400 PUT expected_codes 2xx", http.MethodPut, H, map[string]any{"healthmonitor": map[string]any{codes: "2xx"}})
	for _, u := range []struct{ field, action, url string }{
		{"redirect_url", "REDIRECT_TO_URL", "ftp://example.com/"},
		{"redirect_url", "REDIRECT_TO_URL", "javascript:alert(1)"},
		{"redirect_url", "REDIRECT_TO_URL", "example.com"},
		{"redirect_prefix", "REDIRECT_PREFIX", "ftp://example.com"},
	} {
		tr.call("400 "+u.field+" "+u.url, http.MethodPost, l7s, map[string]any{"l7policy": map[string]any{
			"listener_id": lis, "action": u.action, u.field: u.url}})
	}
	for _, ct := range []string{"text/plain", "text/plain; charset=utf-8", "APPLICATION/JSON", "application/octet-stream"} {
		tr.callType("415 Content-Type "+ct, http.MethodPut, L, ct, map[string]any{"loadbalancer": map[string]any{"description": "ct"}})
	}
	tr.callType("400 a form", http.MethodPut, L, "application/x-www-form-urlencoded", "description=x")
	tr.call("400 not UTF-8", http.MethodPut, L, "{\"loadbalancer\": {\"description\": \"\xff\xfe\"}}")
	tr.write("PUT listener allowed_cidrs (stored form)", http.MethodPut, LI, map[string]any{"listener": map[string]any{
		"allowed_cidrs": []string{"10.0.0.1/24", "192.0.2.7"}}}, 200, fidWatch{"listener", LI, false}, fidWatch{"lb", L, false})
	tr.write("PUT listener allowed_cidrs none", http.MethodPut, LI, map[string]any{"listener": map[string]any{
		"allowed_cidrs": nil}}, 200, fidWatch{"listener", LI, false}, fidWatch{"lb", L, false})
}
