package labcloud

import (
	"bytes"
	"cmp"
	"container/heap"
	crand "crypto/rand"
	"encoding/binary"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Cloud is an in-memory Keystone v3 + Octavia v2 + Neutron and Barbican
// subset. It is an http.Handler serving /identity/, /load-balancer/,
// /network/, /key-manager/ and /lab/.
// All state sits behind one mutex; transitions complete lazily, on the
// first request after they are due, so time comes only from time.Now.
type Cloud struct {
	opts Options
	mux  *http.ServeMux

	mu  sync.Mutex
	rng *rand.Rand

	projects       []*project
	projectsByID   map[string]*project
	projectsByName map[string]*project
	users          []*user
	usersByID      map[string]*user
	usersByName    map[string]*user
	regions        []string // the catalog's regions (Scenario.Regions); nil = RegionOne
	tokens         map[[32]byte]*token
	appCreds       map[string]*appCred

	networks *collection[*network]
	subnets  *collection[*subnet]
	ports    *collection[*port]
	servers  *serverSet // Nova's (nova_servers.go)
	fips     *collection[*floatingIP]

	lbs        *collection[*loadBalancer]
	listeners  *collection[*listener]
	pools      *collection[*pool]
	members    *collection[*member]
	monitors   *collection[*healthMonitor]
	l7policies *collection[*l7policy]
	l7rules    *collection[*l7rule]
	amphorae   *collection[*amphora]

	keys *keyStore // Barbican's secrets and containers

	flavors        *collection[*profiled]
	flavorProfiles *collection[*profile]
	azs            *collection[*profiled]
	azProfiles     *collection[*profile]
	quotas         map[string]*quota
	quotaDefaults  quota
	ops            opHeap
	parked         []*pendingOp
	faults         faultBook            // lab-wide and each project's (faultbook.go)
	activity       map[string]*activity // by project id: what its users last did
	exercise       *Exercise
	progress       map[string]*progress // by project id: the exercise's steps passed
	mgmtNext       uint32
	pcg            *rand.PCG

	changes  chan struct{} // a change since the last save (cap 1), for Autosave
	gen      uint64        // changes made (for Autosave)
	savedGen uint64        // gen at the last save
}

// New returns a Cloud seeded with the default users (admin, demo, viewer,
// Options.Trainees trainees), a shared public network, a private network per
// project, and Options.Scenario.
func New(opts Options) *Cloud {
	c := newCloud(opts)
	now := time.Now()
	c.mu.Lock()
	c.seedPublicNetwork(now)
	c.addUser("admin", c.opts.AdminPassword, "admin", roleAdmin)
	c.addUser("demo", c.demoPassword("demo"), "demo", roleMember)
	c.addUser("viewer", c.demoPassword("viewer"), "demo", roleReader)
	c.addTrainees(c.opts.Trainees)
	if c.opts.Scenario != nil {
		if err := (seeder{c}).applyScenario(c.opts.Scenario, now); err != nil {
			c.opts.Logger.Error("scenario", "err", err)
		}
	}
	if c.opts.Exercise != nil {
		classroom{c}.setExercise(c.opts.Exercise, false, now)
	}
	c.mu.Unlock()
	return c
}

// newCloud returns a Cloud with no users, projects or objects, its routes
// registered.
func newCloud(opts Options) *Cloud {
	opts = opts.withDefaults()
	seed := uint64(opts.Seed)
	pcg := rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	c := &Cloud{
		opts:           opts,
		pcg:            pcg,
		rng:            rand.New(pcg),
		projectsByID:   map[string]*project{},
		projectsByName: map[string]*project{},
		usersByID:      map[string]*user{},
		usersByName:    map[string]*user{},
		tokens:         map[[32]byte]*token{},
		appCreds:       map[string]*appCred{},
		networks:       newCollection[*network](),
		subnets:        newCollection[*subnet](),
		ports:          newCollection[*port](),
		servers:        newServerSet(),
		fips:           newCollection[*floatingIP](),
		lbs:            newCollection[*loadBalancer](),
		listeners:      newCollection[*listener](),
		pools:          newCollection[*pool](),
		members:        newCollection[*member](),
		monitors:       newCollection[*healthMonitor](),
		l7policies:     newCollection[*l7policy](),
		l7rules:        newCollection[*l7rule](),
		amphorae:       newCollection[*amphora](),
		keys:           newKeyStore(),
		flavors:        newCollection[*profiled](),
		flavorProfiles: newCollection[*profile](),
		azs:            newCollection[*profiled](),
		azProfiles:     newCollection[*profile](),
		quotas:         map[string]*quota{},
		quotaDefaults:  unlimitedQuota(),
		faults:         newFaultBook(),
		activity:       map[string]*activity{},
		progress:       map[string]*progress{},
		changes:        make(chan struct{}, 1),
	}
	heap.Init(&c.ops)
	c.mux = http.NewServeMux()
	keystoneService{c}.routes(c.mux)
	c.octaviaRoutes(c.mux)
	neutronService{c}.routes(c.mux)
	novaService{c}.routes(c.mux)
	glanceService{c}.routes(c.mux)
	barbicanService{c}.routes(c.mux)
	labAPI{c}.routes(c.mux)
	return c
}

// addTrainees adds users trainee1..traineeN that do not exist yet, each a
// member of its own project, with Options.TraineePasswords. Caller holds c.mu.
func (c *Cloud) addTrainees(n int) {
	for i := 1; i <= n; i++ {
		name := "trainee" + itoa(i)
		if c.usersByName[name] != nil {
			continue
		}
		password := name
		if c.opts.TraineePasswords == PasswordsRandom {
			password = randomPassword()
		}
		c.addUser(name, password, name, roleMember).trainee = true
	}
}

// demoPassword is the password of the seeded user name, with
// Options.DemoPasswords.
func (c *Cloud) demoPassword(name string) string {
	if c.opts.DemoPasswords == PasswordsRandom {
		return randomPassword()
	}
	return name
}

// markChanged records a change of the lab's state, for Autosave. Caller
// holds c.mu (or owns c alone).
func (c *Cloud) markChanged() {
	c.gen++
	select {
	case c.changes <- struct{}{}:
	default:
	}
}

func itoa(i int) string {
	var b [20]byte
	n := len(b)
	for {
		n--
		b[n] = byte('0' + i%10)
		i /= 10
		if i == 0 {
			break
		}
	}
	return string(b[n:])
}

// service names the API a path belongs to.
func service(path string) string {
	for _, s := range []string{"identity", "load-balancer", "network", "key-manager", "lab"} {
		if path == "/"+s || strings.HasPrefix(path, "/"+s+"/") {
			return s
		}
	}
	return ""
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (s *statusWriter) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

// ServeHTTP applies the injected faults that act on the caller's project
// (outage, latency, error rate), then routes the request, and records what
// the caller did (the trainer's page shows it). The lab's admins are
// exempt from a Keystone outage and from latency: no fault locks the
// trainer out.
func (c *Cloud) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	svc := service(r.URL.Path)
	sw := &statusWriter{ResponseWriter: w}
	sw.Header().Set(RequestIDHeader, requestID())
	defer func() {
		c.opts.Logger.Info("request", "method", r.Method, "path", r.URL.Path, "status", sw.status,
			"elapsed", time.Since(start))
	}()
	var body []byte
	if r.Body != nil && r.Body != http.NoBody {
		// Read the body before any handler takes the lock: a slow client
		// must not stall the cloud.
		b, err := io.ReadAll(io.LimitReader(r.Body, 4<<20))
		if err != nil {
			sw.WriteHeader(http.StatusBadRequest)
			return
		}
		body = b
		r.Body = io.NopCloser(bytes.NewReader(b))
	}
	c.mu.Lock()
	u, p := c.requestScope(r, body)
	f := &c.faults.lab
	if p != nil {
		f = c.faults.of(p.id)
	}
	failed := false
	if svc == "load-balancer" && f.ErrorRate > 0 {
		failed = c.rng.Float64() < f.ErrorRate
	}
	outage := map[string]string{"load-balancer": f.Octavia, "identity": f.Keystone, "key-manager": f.Barbican}[svc]
	latency := f.Latency.Duration
	c.mu.Unlock()
	if u != nil && u.role == roleAdmin {
		latency = 0
		if svc == "identity" {
			outage = OutageNone
		}
	}
	switch outage {
	case Outage503:
		sw.Header().Set("Content-Type", "text/html")
		sw.WriteHeader(http.StatusServiceUnavailable)
		sw.Write([]byte("<html><body><h1>503 Service Unavailable</h1>\nNo server is available to handle this request.\n</body></html>\n"))
		c.recordServed(u, p, r, http.StatusServiceUnavailable, nil)
		return
	case OutageReset:
		c.recordServed(u, p, r, http.StatusBadGateway, nil)
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				sw.status = -1
				return
			}
		}
		sw.WriteHeader(http.StatusBadGateway)
		return
	}
	if svc != "lab" && latency > 0 {
		select {
		case <-time.After(latency):
		case <-r.Context().Done():
			return
		}
	}
	if failed {
		bw := &bufferedWriter{w: sw, buf: getBuf()}
		defer putBuf(bw.buf)
		writeFault(bw, errorf(http.StatusInternalServerError, "An unknown exception occurred."))
		c.recordServed(u, p, r, bw.status, bw.buf.Bytes())
		bw.flush()
		return
	}
	// Handlers write while holding the lock; buffer their answer and send
	// it after, so a client that reads slowly stalls only itself.
	bw := &bufferedWriter{w: sw, buf: getBuf()}
	defer putBuf(bw.buf)
	c.mux.ServeHTTP(bw, r)
	c.recordServed(u, p, r, cmp.Or(bw.status, http.StatusOK), bw.buf.Bytes())
	bw.flush()
}

// recordServed notes an answered request: the trainee's activity (a
// trainee's user only), and a change of state for Autosave (an accepted
// write other than a login).
func (c *Cloud) recordServed(u *user, p *project, r *http.Request, status int, body []byte) {
	svc := service(r.URL.Path)
	write := r.Method != http.MethodGet && r.Method != http.MethodHead &&
		!(r.Method == http.MethodPost && r.URL.Path == "/identity/v3/auth/tokens")
	track := u != nil && u.trainee && p != nil && svc != "lab"
	if !track && !(write && status < 400) {
		return
	}
	now := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if track {
		a := c.activity[p.id]
		if a == nil {
			a = &activity{}
			c.activity[p.id] = a
		}
		a.record(r, status, body, now)
	}
	if write && status < 400 {
		c.markChanged()
	}
}

// RequestIDHeader is the header of the request id each answer carries:
// the same header as octavia.RequestIDHeader (this package cannot import
// octavia, whose tests import it; a test in octavia checks they agree).
const RequestIDHeader = "X-Openstack-Request-Id"

// requestID returns a fresh req-<uuid> (crypto/rand: it does not disturb
// the seeded sequence of ids).
func requestID() string {
	var b [16]byte
	crand.Read(b[:])
	return "req-" + newUUID(rand.New(rand.NewPCG(binary.LittleEndian.Uint64(b[:8]), binary.LittleEndian.Uint64(b[8:]))))
}

// bufferedWriter holds a handler's answer until flush.
type bufferedWriter struct {
	w      http.ResponseWriter
	status int
	buf    *bytes.Buffer
}

func (b *bufferedWriter) Header() http.Header { return b.w.Header() }

func (b *bufferedWriter) WriteHeader(code int) {
	if b.status == 0 {
		b.status = code
	}
}

func (b *bufferedWriter) Write(p []byte) (int, error) {
	if b.status == 0 {
		b.status = http.StatusOK
	}
	return b.buf.Write(p)
}

func (b *bufferedWriter) flush() {
	if b.status == 0 {
		b.status = http.StatusOK
	}
	if b.buf.Len() > 0 && b.w.Header().Get("Content-Length") == "" {
		b.w.Header().Set("Content-Length", strconv.Itoa(b.buf.Len()))
	}
	b.w.WriteHeader(b.status)
	if b.buf.Len() > 0 {
		b.w.Write(b.buf.Bytes())
	}
}
