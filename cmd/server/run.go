//go:build !js

package main

import (
	"cmp"
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	ui "github.com/octaview/octaview/app"
	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/proxy"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
)

// http.Server timeouts. There is deliberately no WriteTimeout: it bounds the whole
// response, so it would cut the status page's event streams and slow streamed Octavia
// answers; upstream waits are bounded by the proxy's transport instead, and a stalled
// client only holds its own connection.
const (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 60 * time.Second // headers and body (at most 1 MiB)
	idleTimeout       = 120 * time.Second
	shutdownTimeout   = 10 * time.Second
)

// run starts the server and blocks until ctx is done, then shuts down gracefully.
// Logs (JSON) go to stderr; the console URL and, in lab mode, the lab users go to stdout.
func run(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	return runWith(ctx, args, getenv, stdout, os.Stderr)
}

func runWith(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := parseConfig(args, getenv, stderr)
	if err != nil {
		return err
	}
	logger := slog.New(slog.NewJSONHandler(stderr, nil))
	m := newMetrics()

	// upstream: the lab cloud, a clouds.yaml entry or a bare Keystone
	var (
		keystone  *url.URL
		region    string
		iface     string
		tlsConfig *tls.Config
		api       = serverapi.Config{ReadOnly: cfg.ReadOnly}
		lab       *labcloud.Cloud
		banner    []serverapi.LabUser // the lab's users, for this console only
	)
	switch {
	case cfg.Cloud != "":
		cloud, err := loadCloud(cfg.Cloud, getenv)
		if err != nil {
			return err
		}
		if keystone, err = cloud.keystoneURL(); err != nil {
			return err
		}
		region, iface, tlsConfig = cloud.Region, cloud.Interface, cloud.TLS
	case cfg.Keystone != "":
		if keystone, err = parseKeystoneURL(cfg.Keystone); err != nil {
			return err
		}
	default:
		// the lab is saved until this returns (after the server's shutdown): its
		// own context, so that requests still finishing during the shutdown are saved
		labCtx, stopLab := context.WithCancel(context.WithoutCancel(ctx))
		defer stopLab()
		setup, err := newLab(labCtx, cfg, logger)
		if err != nil {
			return err
		}
		if setup.wait != nil {
			defer func() { stopLab(); setup.wait() }() // the last save
		}
		// The lab has no port of its own: it is reached only in process, through this
		// server's routes (and so behind -read-only), at a host that never resolves.
		lab = setup.Cloud
		keystone = &url.URL{Scheme: "http", Host: labHost, Path: "/identity"}
		api.Lab = true
		api.LabUsers = setup.LoginUsers
		for _, u := range lab.Users() {
			banner = append(banner, serverapi.LabUser{Name: u.Name, Password: u.Password, Project: u.Project, Role: u.Role})
		}
	}

	api.Region = region // the proxy's region when a request names none (the app's too)

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	listenURL := "http://" + ln.Addr().String()
	// catalogs point at -public-url, or at the listen address (only loopback listens
	// may go without -public-url: parseConfig): never at a request's Host
	defaultOrigin := listenURL

	var transport http.RoundTripper
	if lab != nil {
		transport = labcloud.Transport(lab)
	} else {
		upstream := proxy.NewUpstreamTransport(tlsConfig)
		defer upstream.CloseIdleConnections()
		transport = upstream
	}
	sessionKey := []byte(cfg.SessionKey)
	if len(sessionKey) == 0 {
		sessionKey = proxy.RandomSessionKey()
		logger.Info("no -session-key: browser sessions are sealed with a random key and end when this process stops; give every replica the same -session-key (OCTAVIEW_SESSION_KEY)")
	}
	px := proxy.New(proxy.Options{
		SessionKey:    sessionKey,
		SessionCookie: cfg.SessionCookie,
		Keystone:      keystone, Region: region, Interface: iface, Transport: transport,
		PublicURL: cfg.PublicURL, DefaultOrigin: defaultOrigin, TrustForwarded: cfg.TrustForwarded,
		Logger: logger, OnUpstream: setUpstream, OnUpstreamError: m.upstreamError, OnKeystoneLookup: m.keystoneLookup.Inc,
	})

	var feed *statusFeed
	if cfg.StatusCloud != "" {
		if feed, err = startStatusFeed(ctx, cfg.StatusCloud, getenv, m); err != nil {
			return err
		}
		feed.viewers = newViewerLimit(cfg.StatusMaxViewers, cfg.StatusMaxViewersPerAddr, cfg.TrustForwarded)
		api.StatusPage = true
	}

	walls, err := wallsOf(ctx, cfg, getenv, lab, keystone, transport, px, logger)
	if err != nil {
		return err
	}
	var wallSet *wallSet
	if walls != nil {
		defer walls.close()
		wallSet = walls.wallSet
	}

	var labAPI http.Handler // trainers set faults at /lab/faults on the console's own address
	var tr *trainer
	if lab != nil {
		labAPI = lab
		tr = newTrainer(ctx, lab, px, cfg, listenURL, m, logger)
	}
	stopping := make(chan struct{})
	ui.Register()
	hosting := newHosting(cfg.Web, func() *goapp.Handler { return ui.Handler() }, logger)
	hosting.boot = func(r *http.Request) serverapi.Boot {
		_, live := px.SessionOf(r)
		return serverapi.Boot{Config: api, Session: live}
	}
	if !cfg.NoFirstScreen {
		hosting.first = &firstScreen{config: api, timeout: cfg.FirstScreenTimeout, logger: logger}
	}
	handler := newServer(serverDeps{
		Logger:      logger,
		Metrics:     m,
		Proxy:       px,
		Hosting:     hosting,
		Build:       hosting.build,
		Config:      api,
		Status:      feed,
		Walls:       wallSet,
		Lab:         labAPI,
		Trainer:     tr,
		Stopping:    stopping,
		ReadOnly:    cfg.ReadOnly,
		CORSOrigins: cfg.CORSOrigins,
		Hosts:       newHostPolicy(cfg.PublicURL, cfg.TrustForwarded),
	})

	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	srv.RegisterOnShutdown(func() { close(stopping) })

	printBanner(stdout, listenURL, cfg, keystone, api, banner)
	if walls != nil {
		walls.printURLs(stdout, cmp.Or(cfg.PublicURL, listenURL))
	}
	logger.Info("listening", "addr", ln.Addr().String(), "version", serverVersion().Version, "build", hosting.build(), "upstream", keystone.Host, "lab", api.Lab,
		"read_only", cfg.ReadOnly, "status_page", api.StatusPage)

	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()
	select {
	case err := <-serveErr:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		srv.Close()
		return fmt.Errorf("shutting down: %w", err)
	}
	if err := <-serveErr; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	logger.Info("stopped")
	return nil
}

// startStatusFeed logs in with the clouds.yaml entry name and polls its load balancers
// until ctx is done. The credential and token stay in this process.
func startStatusFeed(ctx context.Context, name string, getenv func(string) string, m *metrics) (*statusFeed, error) {
	cloud, err := loadCloud(name, getenv)
	if err != nil {
		return nil, fmt.Errorf("-status-cloud: %w", err)
	}
	ocfg, err := cloud.octaviaConfig()
	if err != nil {
		return nil, fmt.Errorf("-status-cloud: %w", err)
	}
	loginCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	client, err := octavia.New(loginCtx, ocfg)
	if err != nil {
		return nil, fmt.Errorf("-status-cloud %s: logging in: %s", name, octavia.Message(err))
	}
	feed := newStatusFeed(octaviaStatus(client), m)
	go feed.run(ctx)
	return feed, nil
}

// labHost is the lab cloud's host name in lab mode. It never resolves (.invalid): the
// lab is reached only in process, through labcloud.Transport.
const labHost = "lab.octaview.invalid"

// printBanner tells the operator where the console is and, in lab mode, who can log in.
func printBanner(w io.Writer, listenURL string, cfg config, keystone *url.URL, api serverapi.Config, labUsers []serverapi.LabUser) {
	consoleURL := listenURL
	if cfg.PublicURL != "" {
		consoleURL = cfg.PublicURL
	}
	fmt.Fprintf(w, "Octaview console: %s/\n", consoleURL)
	fmt.Fprintf(w, "listening on %s\n", listenURL)
	switch {
	case cfg.PublicURL != "":
		fmt.Fprintf(w, "public URL: %s (-public-url; token catalogs point here)\n", cfg.PublicURL)
	case cfg.TrustForwarded:
		fmt.Fprintf(w, "public URL: from X-Forwarded-Host/Proto, else %s (token catalogs point here)\n", listenURL)
	default:
		fmt.Fprintf(w, "public URL: %s, the listen address (token catalogs point here; give -public-url if browsers use another)\n", listenURL)
	}
	if api.Lab {
		fmt.Fprintf(w, "upstream: the lab cloud, in this process only (OS_AUTH_URL=%s/identity/v3)\n", consoleURL)
		fmt.Fprintln(w, "lab users (name / password, project, role):")
		for _, u := range labUsers {
			fmt.Fprintf(w, "  %-10s / %-10s project %-10s role %s\n", u.Name, u.Password, u.Project, u.Role)
		}
	} else {
		fmt.Fprintf(w, "upstream: Keystone at %s\n", keystone.Redacted())
	}
	if cfg.ReadOnly {
		fmt.Fprintln(w, "read-only: every write is refused")
	}
	if api.StatusPage {
		fmt.Fprintf(w, "status page: %s/status (cloud %s)\n", consoleURL, cfg.StatusCloud)
	}
}

// setLabFaults applies faults given as the JSON that PUT /lab/faults takes.
func setLabFaults(lab *labcloud.Cloud, faults string) error {
	var f labcloud.Faults
	dec := json.NewDecoder(strings.NewReader(faults))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return err
	}
	return lab.SetFaults(f)
}
