//go:build !js

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/netip"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/proxy"
)

// config is what the flags and their OCTAVIEW_* variables say.
type config struct {
	Addr           string
	Cloud          string // clouds.yaml entry of the upstream cloud ("" = -keystone or the lab)
	Keystone       string // a bare Keystone URL
	LabTrainees    int
	LabScenario    string
	LabFaults      string // JSON of labcloud.Faults, applied at start
	LabDelay       time.Duration
	ReadOnly       bool
	NoFirstScreen  bool     // pages never carry a session's rows (ssr.go)
	StatusCloud    string   // clouds.yaml entry whose load balancers /status shows
	Walls          string   // the walls file (docs/walls.md); "" = none (the lab: its own wall)
	CORSOrigins    []string // origins allowed to call the API from elsewhere
	PublicURL      string   // scheme://host[:port] of this server as browsers see it
	TrustForwarded bool     // take the public origin from X-Forwarded-Proto/Host
	Web            string   // directory of the static files (app.wasm, icons, CSS)

	// how long a page waits for its first screen's reads (ssr.go)
	FirstScreenTimeout time.Duration

	// bounds of the /status event streams' viewers, in all and per client address
	SessionKey    string // secret sealing the session cookie ("" = a random one per process)
	SessionCookie string // the session cookie's name ("__Host-" is prepended on https)
	LabTokenTTL   time.Duration

	// bounds of the /status event streams' viewers, in all and per client address
	StatusMaxViewers, StatusMaxViewersPerAddr int

	// workshops (lab.go)
	LabTraineePasswords string // "name" or "random" (the flag's "auto" resolved: lab_passwords.go)
	LabRandomAdmin      bool   // a random admin password even without trainees
	LabListTrainees     bool   // the login page lists the trainees and their passwords
	LabState            string // file the lab's state is saved to and loaded from
	LabExercise         string // exercise file (or shipped name) to start with
}

// lab reports whether the server runs the embedded lab cloud.
func (c config) lab() bool { return c.Cloud == "" && c.Keystone == "" }

// parseConfig reads flags from args (args[0] is the program name). A flag's default is
// its OCTAVIEW_* variable, then OS_CLOUD for -cloud, then the built-in default.
func parseConfig(args []string, getenv func(string) string, out io.Writer) (config, error) {
	var cfg config
	fs := flag.NewFlagSet(programName(args), flag.ContinueOnError)
	fs.SetOutput(out)
	env := func(name, def string) string {
		if v := getenv("OCTAVIEW_" + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))); v != "" {
			return v
		}
		return def
	}
	var errs []error
	envBool := func(name string) bool {
		v := env(name, "false")
		b, err := strconv.ParseBool(v)
		if err != nil {
			errs = append(errs, fmt.Errorf("OCTAVIEW_%s=%q: want true or false", strings.ToUpper(strings.ReplaceAll(name, "-", "_")), v))
		}
		return b
	}
	envInt := func(name string, def int) int {
		v := env(name, strconv.Itoa(def))
		n, err := strconv.Atoi(v)
		if err != nil {
			errs = append(errs, fmt.Errorf("OCTAVIEW_%s=%q: want a number", strings.ToUpper(strings.ReplaceAll(name, "-", "_")), v))
		}
		return n
	}
	envDuration := func(name string, def time.Duration) time.Duration {
		v := env(name, def.String())
		d, err := time.ParseDuration(v)
		if err != nil {
			errs = append(errs, fmt.Errorf("OCTAVIEW_%s=%q: want a duration like 2s", strings.ToUpper(strings.ReplaceAll(name, "-", "_")), v))
		}
		return d
	}

	fs.StringVar(&cfg.Addr, "addr", env("addr", "127.0.0.1:8080"), "listen address (`host:port`)")
	fs.StringVar(&cfg.Cloud, "cloud", env("cloud", getenv("OS_CLOUD")), "upstream cloud: a clouds.yaml entry (`NAME`; default $OS_CLOUD; none = the lab cloud)")
	fs.StringVar(&cfg.Keystone, "keystone", env("keystone", ""), "upstream Keystone `URL` (e.g. https://keystone.example:5000/v3), instead of -cloud")
	fs.IntVar(&cfg.LabTrainees, "lab-trainees", envInt("lab-trainees", 0), "lab cloud: `N` trainee users (trainee1..N, password = name)")
	fs.StringVar(&cfg.LabScenario, "lab-scenario", env("lab-scenario", ""), "lab cloud: scenario `file` (seed data, faults)")
	fs.StringVar(&cfg.LabFaults, "lab-faults", env("lab-faults", ""), "lab cloud: faults to start with, as the `JSON` of PUT /lab/faults (replaces the scenario's)")
	fs.DurationVar(&cfg.LabDelay, "lab-delay", envDuration("lab-delay", 0), "lab cloud: time from PENDING_* to the final status (0 = the lab's 2 s)")
	fs.BoolVar(&cfg.ReadOnly, "read-only", envBool("read-only"), "refuse every write (only GET, HEAD, log in and log out)")
	fs.BoolVar(&cfg.NoFirstScreen, "no-first-screen", envBool("no-first-screen"), "serve pages without a returning user's first rows (the app reads them once it runs)")
	fs.DurationVar(&cfg.FirstScreenTimeout, "first-screen-timeout", envDuration("first-screen-timeout", firstScreenTimeout), "how long a page waits for a returning user's first rows before it is served without them")
	fs.StringVar(&cfg.StatusCloud, "status-cloud", env("status-cloud", ""), "serve an anonymous read-only /status page of this clouds.yaml entry's load balancers (`NAME`)")
	fs.StringVar(&cfg.Walls, "walls", env("walls", ""), "serve the status walls of this YAML or JSON `file` (docs/walls.md)")
	fs.IntVar(&cfg.StatusMaxViewers, "status-max-viewers", envInt("status-max-viewers", statusMaxViewers), "status page: at most `N` live viewers in all (503 beyond)")
	fs.IntVar(&cfg.StatusMaxViewersPerAddr, "status-max-viewers-per-addr", envInt("status-max-viewers-per-addr", statusMaxViewersPerAddr), "status page: at most `N` live viewers from one client address (IPv6: one /64; 503 beyond)")
	var corsFlags []string
	fs.Func("cors-origin", "allow this `origin` to call the API from elsewhere (repeatable, or a comma-separated list)", func(v string) error {
		corsFlags = append(corsFlags, v)
		return nil
	})
	fs.StringVar(&cfg.PublicURL, "public-url", env("public-url", ""), "this server's public `URL` as browsers see it, put in token catalogs (default: the listen address; required unless that is loopback)")
	fs.BoolVar(&cfg.TrustForwarded, "trust-forwarded", envBool("trust-forwarded"), "trust X-Forwarded-For/Proto/Host (only behind a proxy that sets them): the client address, and on a loopback -addr without -public-url the public origin")
	fs.StringVar(&cfg.SessionKey, "session-key", env("session-key", ""), "secret (`string`, 32+ random characters) sealing the browser session cookie; give every replica the same (default: random at start, so sessions end with the process); prefer -session-key-file or the variable: a flag shows in ps")
	fs.StringVar(&cfg.SessionCookie, "session-cookie", env("session-cookie", serverapi.SessionCookie), "`name` of the browser session cookie (__Host- is prepended on https); two consoles on one host need different names")
	sessionKeyFile := fs.String("session-key-file", env("session-key-file", ""), "read the session key from this `file` (a mounted secret; surrounding white space ignored): unlike -session-key, it never shows in the process's arguments")
	fs.DurationVar(&cfg.LabTokenTTL, "lab-token-ttl", envDuration("lab-token-ttl", 0), "lab cloud: lifetime of Keystone tokens (0 = 1h)")
	fs.StringVar(&cfg.LabTraineePasswords, "lab-trainee-passwords", env("lab-trainee-passwords", "auto"), "lab cloud: trainees' (and demo's, viewer's) passwords, `name` (= the user name), random, or auto (random when served beyond loopback)")
	fs.BoolVar(&cfg.LabRandomAdmin, "lab-random-admin-password", envBool("lab-random-admin-password"), "lab cloud: a random admin password, printed here only (always so with trainees)")
	fs.BoolVar(&cfg.LabListTrainees, "lab-list-trainees", envBool("lab-list-trainees"), "lab cloud: the login page lists the trainees and their passwords")
	fs.StringVar(&cfg.LabState, "lab-state", env("lab-state", ""), "lab cloud: `file` the whole lab is saved to (a few seconds after each change, and at shutdown) and loaded from at start")
	fs.StringVar(&cfg.LabExercise, "lab-exercise", env("lab-exercise", ""), "lab cloud: the class's exercise, a JSON `file` or the name of a shipped one")
	fs.StringVar(&cfg.Web, "web", env("web", "web"), "directory of the static files (`dir` with app.wasm)")

	if err := fs.Parse(args[min(1, len(args)):]); err != nil {
		return config{}, err
	}
	if fs.NArg() > 0 {
		return config{}, fmt.Errorf("unexpected arguments: %q", fs.Args())
	}
	if err := errors.Join(errs...); err != nil {
		return config{}, err
	}
	if *sessionKeyFile != "" {
		if cfg.SessionKey != "" {
			return config{}, errors.New("-session-key and -session-key-file both given (flags or OCTAVIEW_* variables): choose one")
		}
		key, err := readSessionKeyFile(*sessionKeyFile)
		if err != nil {
			return config{}, err
		}
		cfg.SessionKey = key
	}
	if cfg.SessionKey != "" {
		if err := proxy.CheckSessionKey([]byte(cfg.SessionKey)); err != nil {
			return config{}, fmt.Errorf("-session-key: %w", err)
		}
	}
	cors := env("cors-origin", "")
	if len(corsFlags) > 0 {
		cors = strings.Join(corsFlags, ",") // flags replace the variable
	}
	origins, err := parseOrigins(cors)
	if err != nil {
		return config{}, err
	}
	cfg.CORSOrigins = origins
	if cfg.Cloud != "" && cfg.Keystone != "" {
		return config{}, errors.New("-cloud and -keystone both given: choose one upstream")
	}
	if cfg.PublicURL != "" {
		origin, err := parseOrigin(cfg.PublicURL)
		if err != nil {
			return config{}, fmt.Errorf("-public-url: %w", err)
		}
		cfg.PublicURL = origin
	}
	if cfg.PublicURL == "" && !loopbackAddr(cfg.Addr) {
		return config{}, fmt.Errorf("-addr %s listens beyond loopback: give -public-url, the origin browsers use (e.g. https://console.example.com); "+
			"token catalogs point there, never at a request's Host", cfg.Addr)
	}
	if cfg.StatusMaxViewers < 1 || cfg.StatusMaxViewersPerAddr < 1 {
		return config{}, errors.New("-status-max-viewers, -status-max-viewers-per-addr: want 1 or more")
	}
	if err := proxy.ValidCookieName(cfg.SessionCookie); err != nil {
		return config{}, fmt.Errorf("-session-cookie %q: %w", cfg.SessionCookie, err)
	}
	if cfg.LabTrainees < 0 {
		return config{}, errors.New("-lab-trainees: want 0 or more")
	}
	if cfg.LabTraineePasswords == "auto" {
		cfg.LabTraineePasswords = autoLabPasswords(cfg)
	}
	if cfg.LabTraineePasswords != "name" && cfg.LabTraineePasswords != "random" {
		return config{}, fmt.Errorf("-lab-trainee-passwords %q: want name, random or auto", cfg.LabTraineePasswords)
	}
	return cfg, nil
}

// readSessionKeyFile reads a session key from a file such as a mounted
// Kubernetes Secret, without the white space (a final newline) around it.
func readSessionKeyFile(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("-session-key-file: %w", err)
	}
	key := strings.TrimSpace(string(b))
	if key == "" {
		return "", fmt.Errorf("-session-key-file %s: the file is empty", path)
	}
	return key, nil
}

// loopbackAddr reports whether the listen address addr (host:port) is a loopback
// address (127.0.0.0/8, ::1 or localhost); ":port" listens on every address.
func loopbackAddr(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}

func programName(args []string) string {
	if len(args) == 0 {
		return "octaview"
	}
	return args[0]
}

// parseOrigins splits a comma-separated list of origins and checks each one.
func parseOrigins(list string) ([]string, error) {
	var origins []string
	for _, o := range strings.Split(list, ",") {
		if o = strings.TrimSpace(o); o == "" {
			continue
		}
		if o == "*" {
			return nil, errors.New("-cors-origin: a wildcard is not allowed; list the origins")
		}
		origin, err := parseOrigin(o)
		if err != nil {
			return nil, fmt.Errorf("-cors-origin: %w", err)
		}
		origins = append(origins, origin)
	}
	return origins, nil
}

// parseOrigin returns scheme://host[:port] of an http(s) URL without path, query or user.
func parseOrigin(s string) (string, error) {
	u, err := url.Parse(strings.TrimRight(s, "/"))
	if err != nil {
		return "", err
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("%q: want an origin like https://console.example.com", s)
	}
	if u.Path != "" {
		return "", fmt.Errorf("%q: an origin has no path", s)
	}
	return strings.ToLower(u.Scheme) + "://" + strings.ToLower(u.Host), nil
}
