package main

// The image as `make image` wrote it (bin/image): reproducible, its files,
// its configuration, then two replicas run from its unpacked filesystem
// behind Debian's HAProxy (docs/deploying.md: why processes, not
// containers).

import (
	"archive/tar"
	"bufio"
	"bytes"
	"crypto/x509"
	"debug/buildinfo"
	"debug/elf"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptrace"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/layout"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
)

// What `make image` made, from the repository's root.
var made = struct{ layout, binary, web string }{"../../bin/image", "../../bin/octaview-static", "../../web"}

// madeImage is the image of bin/image; the test fails (never skips) without it.
func madeImage(t *testing.T) v1.Image {
	t.Helper()
	idx, err := layout.ImageIndexFromPath(made.layout)
	if err != nil {
		t.Fatalf("%s: %v: run `make image` (make test does)", made.layout, err)
	}
	m, err := idx.IndexManifest()
	if err != nil || len(m.Manifests) != 1 {
		t.Fatalf("%s: want one image, got %v (%v)", made.layout, m, err)
	}
	img, err := idx.Image(m.Manifests[0].Digest)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func digestOf(t *testing.T, img v1.Image) v1.Hash {
	t.Helper()
	d, err := img.Digest()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// The same inputs give the same image, byte for byte: two builds now and the
// one `make image` wrote.
func TestImageReproducible(t *testing.T) {
	in := inputs{Binary: made.binary, Web: made.web}
	first, _, err := build(in)
	if err != nil {
		t.Fatal(err)
	}
	second, _, err := build(in)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := digestOf(t, first), digestOf(t, second); a != b {
		t.Errorf("two builds of the same inputs: %s and %s", a, b)
	}
	if a, b := digestOf(t, first), digestOf(t, madeImage(t)); a != b {
		t.Errorf("a build now is %s, bin/image is %s: was web/ or the server rebuilt since `make image`?", a, b)
	}
}

// unpack writes the image's filesystem under dir and returns its entries
// (name → header).
func unpack(t *testing.T, img v1.Image, dir string) map[string]*tar.Header {
	t.Helper()
	rc := mutate.Extract(img)
	defer rc.Close()
	tr := tar.NewReader(rc)
	entries := map[string]*tar.Header{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		name := path.Clean("/" + h.Name)
		entries[name] = h
		if dir == "" {
			continue
		}
		p := filepath.Join(dir, name)
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(p, os.FileMode(h.Mode)); err != nil {
				t.Fatal(err)
			}
		case tar.TypeReg:
			f, err := os.OpenFile(p, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, os.FileMode(h.Mode))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := io.Copy(f, tr); err != nil {
				t.Fatal(err)
			}
			f.Close()
		default:
			t.Fatalf("%s: unexpected entry type %c", name, h.Typeflag)
		}
	}
	return entries
}

func TestImageContents(t *testing.T) {
	img := madeImage(t)
	dir := t.TempDir()
	entries := unpack(t, img, dir)

	// exactly these files: the server, web/, the CA bundle, passwd and group
	want := []string{"/octaview", "/etc/ssl/certs/ca-certificates.crt", "/etc/passwd", "/etc/group",
		"/web/app.wasm", "/web/app.wasm.br", "/web/app.wasm.gz", "/web/octaview.css", "/web/icon.svg", "/web/icon-192.png", "/web/icon-512.png"}
	var files []string
	for name, h := range entries {
		if h.Typeflag == tar.TypeReg {
			files = append(files, name)
		}
		if base := path.Base(name); slices.Contains([]string{"sh", "bash", "ash", "dash", "zsh", "busybox", "env"}, base) ||
			strings.HasPrefix(name, "/bin") || strings.HasPrefix(name, "/usr") || strings.HasPrefix(name, "/sbin") {
			t.Errorf("%s: the image has no shell and no system tools", name)
		}
		if h.Uid != 0 || h.Gid != 0 {
			t.Errorf("%s: owned by %d:%d, want root (the server only reads)", name, h.Uid, h.Gid)
		}
	}
	for _, w := range want {
		if _, ok := entries[w]; !ok {
			t.Errorf("%s is missing", w)
		}
	}
	for _, f := range files {
		if !slices.Contains(want, f) {
			t.Errorf("%s: not a file the image should hold", f)
		}
	}
	if h := entries["/octaview"]; h == nil || h.Mode&0o111 == 0 {
		t.Error("/octaview is not executable")
	}

	// the server is static: no dynamic loader to find
	ef, err := elf.Open(filepath.Join(dir, "octaview"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ef.Progs {
		if p.Type == elf.PT_INTERP {
			t.Error("/octaview is dynamically linked: the image has no C library")
		}
	}
	ef.Close()
	pem, err := os.ReadFile(filepath.Join(dir, "etc/ssl/certs/ca-certificates.crt"))
	if err != nil {
		t.Fatal(err)
	}
	if pool := x509.NewCertPool(); !pool.AppendCertsFromPEM(pem) || bytes.Count(pem, []byte("BEGIN CERTIFICATE")) < 100 {
		t.Errorf("the CA bundle has %d certificates, want the Mozilla root store", bytes.Count(pem, []byte("BEGIN CERTIFICATE")))
	}

	// the configuration: non-root, the server as entrypoint, the labels
	cf, err := img.ConfigFile()
	if err != nil {
		t.Fatal(err)
	}
	c := cf.Config
	if c.User != "65532:65532" {
		t.Errorf("User: got %q, want the numeric non-root 65532:65532", c.User)
	}
	if !slices.Equal(c.Entrypoint, []string{"/octaview"}) || len(c.Cmd) != 0 {
		t.Errorf("Entrypoint %q, Cmd %q: want the server alone", c.Entrypoint, c.Cmd)
	}
	bi, err := buildinfo.ReadFile(filepath.Join(dir, "octaview"))
	if err != nil {
		t.Fatal(err)
	}
	revision := "unknown"
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" {
			revision = s.Value
		}
	}
	wasm, _ := os.ReadFile(filepath.Join(dir, "web/app.wasm"))
	appBuild := buildOfWasm(wasm)
	for label, want := range map[string]string{
		labelVersion: bi.Main.Version, labelRevision: revision, labelSource: source, labelBuild: appBuild,
	} {
		if got := c.Labels[label]; got != want || got == "" {
			t.Errorf("label %s: got %q, want %q", label, got, want)
		}
	}
	if !slices.Contains(c.Env, "OCTAVIEW_WEB=/web") {
		t.Errorf("Env %q: want OCTAVIEW_WEB=/web", c.Env)
	}
	size, err := imageSize(img)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("image %s: %.1f MB compressed, %.1f MB unpacked; version %s, revision %s, app build %s",
		digestOf(t, img), float64(size.compressed)/1e6, float64(size.unpacked)/1e6, bi.Main.Version, revision, appBuild)
}

// process is one server started from the unpacked image.
type process struct {
	name    string
	cmd     *exec.Cmd
	url     string
	logs    *syncBuffer
	started time.Time
	done    chan error
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// accessLog is the replica's access log: the requests it served.
func (p *process) accessLog(t *testing.T) []map[string]any {
	t.Helper()
	var out []map[string]any
	sc := bufio.NewScanner(strings.NewReader(p.logs.String()))
	for sc.Scan() {
		var line map[string]any
		if json.Unmarshal(sc.Bytes(), &line) == nil && line["msg"] == "request" {
			out = append(out, line)
		}
	}
	return out
}

// asRoot reports whether the test runs the servers as a container would:
// chrooted into the unpacked image as its user (needs root, as CI has).
var asRoot = os.Geteuid() == 0

// inImage is where a path of the image's filesystem is for the server.
func inImage(rootfs, p string) string {
	if asRoot {
		return p
	}
	return filepath.Join(rootfs, p)
}

// startImage runs the image's entrypoint with its environment plus env: as
// root, chrooted into rootfs as the image's user; else as this user, with
// the image's paths under rootfs.
func startImage(t *testing.T, img v1.Image, rootfs, name, addr string, env ...string) *process {
	t.Helper()
	cf, err := img.ConfigFile()
	if err != nil {
		t.Fatal(err)
	}
	p := &process{name: name, url: "http://" + addr, logs: &syncBuffer{}, done: make(chan error, 1)}
	env = append(append(slices.Clone(cf.Config.Env), "OCTAVIEW_ADDR="+addr), env...)
	if asRoot {
		uid, gid := ids(t, cf.Config.User)
		p.cmd = exec.Command(cf.Config.Entrypoint[0])
		p.cmd.SysProcAttr = &syscall.SysProcAttr{Chroot: rootfs, Credential: &syscall.Credential{Uid: uid, Gid: gid}}
		p.cmd.Dir = "/"
	} else {
		p.cmd = exec.Command(filepath.Join(rootfs, cf.Config.Entrypoint[0]))
		env = append(env, "OCTAVIEW_WEB="+filepath.Join(rootfs, "web"))
	}
	p.cmd.Env = env
	p.cmd.Stdout, p.cmd.Stderr = io.Discard, p.logs
	p.started = time.Now()
	if err := p.cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", name, err)
	}
	go func() { p.done <- p.cmd.Wait() }()
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			p.cmd.Process.Kill()
			<-p.done
		}
	})
	return p
}

func ids(t *testing.T, user string) (uint32, uint32) {
	u, g, _ := strings.Cut(user, ":")
	uid, err1 := strconv.ParseUint(u, 10, 32)
	gid, err2 := strconv.ParseUint(g, 10, 32)
	if err1 != nil || err2 != nil {
		t.Fatalf("image user %q: want uid:gid", user)
	}
	return uint32(uid), uint32(gid)
}

// waitHealthy polls /healthz until it answers 200 and returns how long the
// process took from its start.
func (p *process) waitHealthy(t *testing.T) time.Duration {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		select {
		case err := <-p.done:
			t.Fatalf("%s stopped: %v\n%s", p.name, err, p.logs)
		default:
		}
		resp, err := http.Get(p.url + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return time.Since(p.started)
			}
		}
	}
	t.Fatalf("%s: no 200 from /healthz in 60 s\n%s", p.name, p.logs)
	return 0
}

// rss is the process's resident memory in MB.
func (p *process) rss(t *testing.T) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseFloat(f[1], 64)
			return kb / 1024
		}
	}
	return 0
}

// freeAddr is a loopback address with a port free now.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// haproxyConfig is a round-robin front for the replicas: each request to
// the next replica, a refused connection (a stopped replica) tried again on
// another, the replica's name in X-Served-By.
const haproxyConfig = `global
  maxconn 256
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  retries 3
  option redispatch 1
  retry-on all-retryable-errors
frontend console
  bind %s
  default_backend replicas
backend replicas
  balance roundrobin
  option httpchk GET /healthz
  http-response set-header X-Served-By %%s
  server r1 %s check inter 500ms fall 1 rise 1
  server r2 %s check inter 500ms fall 1 rise 1
`

const (
	sessionHeader = "X-Octaview-Session" // serverapi.SessionHeader
	sessionToken  = "octaview-session-cookie"
	listPath      = "/load-balancer/v2/lbaas/loadbalancers"
)

func TestReplicasBehindHAProxy(t *testing.T) {
	haproxy, err := exec.LookPath("haproxy")
	if err != nil {
		t.Fatal("Debian's haproxy is missing: run `make deps` (apt-get install haproxy)")
	}
	img := madeImage(t)
	rootfs := t.TempDir()
	unpack(t, img, rootfs)
	if err := os.Chmod(rootfs, 0o755); err != nil { // the image's / for its user
		t.Fatal(err)
	}
	if asRoot {
		t.Log("the servers run chrooted into the unpacked image, as its user 65532")
	} else {
		t.Log("not root: the servers run from the unpacked image as this user")
	}

	// the upstream cloud: the image's server in lab mode, one for both replicas
	labAddr := freeAddr(t)
	lab := startImage(t, img, rootfs, "lab", labAddr, "OCTAVIEW_LAB_DELAY=100ms")
	lab.waitHealthy(t)

	// the secrets, as Kubernetes mounts them
	secrets := filepath.Join(rootfs, "run/secrets/octaview")
	if err := os.MkdirAll(secrets, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(secrets, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("session-key", "a-session-key-of-the-cluster-0123456789abcdef\n")
	write("clouds.yaml", fmt.Sprintf("clouds:\n  lab:\n    auth:\n      auth_url: http://%s/identity/v3\n    region_name: RegionOne\n", labAddr))

	front := freeAddr(t)
	var replicas []*process
	for _, name := range []string{"r1", "r2"} {
		replicas = append(replicas, startImage(t, img, rootfs, name, freeAddr(t),
			"OCTAVIEW_CLOUD=lab",
			"OS_CLIENT_CONFIG_FILE="+inImage(rootfs, "/run/secrets/octaview/clouds.yaml"),
			"OCTAVIEW_SESSION_KEY_FILE="+inImage(rootfs, "/run/secrets/octaview/session-key"),
			"OCTAVIEW_PUBLIC_URL=http://"+front,
		))
	}
	for _, r := range replicas {
		d := r.waitHealthy(t)
		t.Logf("%s: /healthz 200 %.0f ms after start; RSS %.1f MB idle (a shared, busy machine)", r.name, float64(d.Microseconds())/1000, r.rss(t))
	}
	for _, r := range replicas {
		if strings.Contains(r.logs.String(), "random key") {
			t.Errorf("%s did not read the session key file", r.name)
		}
	}

	cfg := filepath.Join(t.TempDir(), "haproxy.cfg")
	if err := os.WriteFile(cfg, fmt.Appendf(nil, haproxyConfig, front, replicas[0].url[7:], replicas[1].url[7:]), 0o644); err != nil {
		t.Fatal(err)
	}
	hp := exec.Command(haproxy, "-f", cfg, "-db")
	hpLog := &syncBuffer{}
	hp.Stdout, hp.Stderr = hpLog, hpLog
	if err := hp.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { hp.Process.Kill(); hp.Wait() })
	frontURL := "http://" + front
	for i := 0; ; i++ {
		resp, err := http.Get(frontURL + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		if i == 300 {
			t.Fatalf("haproxy did not answer: %v\n%s", err, hpLog)
		}
		time.Sleep(20 * time.Millisecond)
	}

	// log in through the front: the session is a sealed cookie
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, Timeout: 30 * time.Second}
	send := func(method, url, body string) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequest(method, url, strings.NewReader(body))
		req.Header.Set(sessionHeader, "1")
		req.Header.Set("Content-Type", "application/json")
		if method == http.MethodGet {
			req.Header.Set("X-Auth-Token", sessionToken)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", method, url, err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp, string(b)
	}
	resp, body := send(http.MethodPost, frontURL+"/identity/v3/auth/tokens",
		`{"auth":{"identity":{"methods":["password"],"password":{"user":{"name":"demo","password":"demo","domain":{"name":"Default"}}}},"scope":{"project":{"name":"demo","domain":{"name":"Default"}}}}}`)
	if resp.StatusCode != http.StatusCreated || resp.Header.Get("X-Subject-Token") != sessionToken {
		t.Fatalf("log in through the front: got %d, X-Subject-Token %q: %s", resp.StatusCode, resp.Header.Get("X-Subject-Token"), body)
	}

	// every next request goes to the other replica, and the session holds
	var served []string
	for range 10 {
		resp, body := send(http.MethodGet, frontURL+listPath, "")
		if resp.StatusCode != 200 {
			t.Fatalf("GET %s through the front: got %d: %s", listPath, resp.StatusCode, body)
		}
		served = append(served, resp.Header.Get("X-Served-By"))
	}
	for i := 1; i < len(served); i++ {
		if served[i] == served[i-1] || served[i] == "" {
			t.Errorf("replicas that served the list: %q: want them alternating", served)
			break
		}
	}
	for _, r := range replicas {
		lists := func() int {
			n := 0
			for _, l := range r.accessLog(t) {
				if l["path"] == listPath && l["status"] == float64(200) {
					n++
				}
			}
			return n
		}
		for i := 0; lists() < 5 && i < 100; i++ { // a line is logged once the answer is sent
			time.Sleep(20 * time.Millisecond)
		}
		if n := lists(); n != 5 {
			t.Errorf("%s's access log: %d lists served, want 5 of the 10", r.name, n)
		}
	}

	// SIGTERM on r1 while a slow request is in flight on it: the request is
	// answered, r1 exits, the front's next requests go to r2 without an
	// error and without a new login
	admin := labToken(t, lab.url)
	labFaults(t, lab.url, admin, `{"latency":"2s"}`)
	slow := make(chan int, 1)
	wrote := make(chan struct{})
	go func() {
		req, _ := http.NewRequest(http.MethodGet, replicas[0].url+listPath, nil)
		req.Header.Set(sessionHeader, "1")
		req.Header.Set("X-Auth-Token", sessionToken)
		for _, c := range jar.Cookies(req.URL) {
			req.AddCookie(c)
		}
		req = req.WithContext(httptrace.WithClientTrace(req.Context(), &httptrace.ClientTrace{WroteRequest: func(httptrace.WroteRequestInfo) { close(wrote) }}))
		resp, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
		if err != nil {
			t.Errorf("the request in flight during SIGTERM: %v", err)
			slow <- 0
			return
		}
		resp.Body.Close()
		slow <- resp.StatusCode
	}()
	<-wrote
	time.Sleep(300 * time.Millisecond) // the replica is reading it
	labFaults(t, lab.url, admin, `{}`)
	sigterm := time.Now()
	if err := replicas[0].cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	// while r1 drains (its listener closed, a connection HAProxy had
	// open may still bring it a last request), then once it is gone
	for i := range 6 {
		resp, body := send(http.MethodGet, frontURL+listPath, "")
		if resp.StatusCode != 200 {
			t.Errorf("request %d after SIGTERM: got %d from %q, want 200: %s", i+1, resp.StatusCode, resp.Header.Get("X-Served-By"), body)
		}
	}
	if code := <-slow; code != 200 {
		t.Errorf("the request in flight during SIGTERM: got %d, want 200", code)
	}
	select {
	case err := <-replicas[0].done:
		if err != nil {
			t.Errorf("r1 after SIGTERM: %v\n%s", err, replicas[0].logs)
		}
		t.Logf("r1 drained and exited %.2f s after SIGTERM", time.Since(sigterm).Seconds())
	case <-time.After(20 * time.Second):
		t.Fatal("r1 did not exit within 20 s of SIGTERM (it drains for at most 10 s)")
	}
	if !strings.Contains(replicas[0].logs.String(), `"msg":"stopped"`) {
		t.Errorf("r1's log does not say it stopped cleanly:\n%s", replicas[0].logs)
	}
	for i := range 4 {
		resp, body := send(http.MethodGet, frontURL+listPath, "")
		if resp.StatusCode != 200 || resp.Header.Get("X-Served-By") != "r2" {
			t.Errorf("request %d after r1 exited: got %d from %q, want 200 from r2: %s", i+1, resp.StatusCode, resp.Header.Get("X-Served-By"), body)
		}
	}
	logins := 0
	for _, r := range replicas {
		for _, l := range r.accessLog(t) {
			if l["method"] == "POST" && l["path"] == "/identity/v3/auth/tokens" {
				logins++
			}
		}
	}
	if logins != 1 {
		t.Errorf("logins seen by the replicas: %d, want the first one only", logins)
	}
}

// labToken logs in to the lab as its admin.
func labToken(t *testing.T, lab string) string {
	t.Helper()
	body := `{"auth":{"identity":{"methods":["password"],"password":{"user":{"name":"admin","password":"admin","domain":{"name":"Default"}}}},"scope":{"project":{"name":"admin","domain":{"name":"Default"}}}}}`
	resp, err := http.Post(lab+"/identity/v3/auth/tokens", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("lab admin login: got %d", resp.StatusCode)
	}
	return resp.Header.Get("X-Subject-Token")
}

// labFaults sets the lab's faults (PUT /lab/faults).
func labFaults(t *testing.T, lab, token, faults string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPut, lab+"/lab/faults", strings.NewReader(faults))
	req.Header.Set("X-Auth-Token", token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		t.Fatalf("PUT /lab/faults %s: got %d: %s", faults, resp.StatusCode, b)
	}
}
