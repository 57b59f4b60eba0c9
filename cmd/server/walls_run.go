//go:build !js

package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"

	"github.com/octaview/octaview/cmd/server/proxy"
	"github.com/octaview/octaview/labcloud"
)

// serverWalls is the walls of a running server: the -walls file's, or
// the lab's own wall; nil without either.
type serverWalls struct {
	*wallSet
	stop          context.CancelFunc // the feeds
	closeTimeline func() error
}

// close stops the feeds, then closes the timeline (its last write).
func (s *serverWalls) close() error {
	s.stop()
	return s.closeTimeline()
}

// wallsOf starts the walls of cfg: the -walls file's, or in lab mode
// without it the lab's wall. Notes are pinned by an admin's session of px:
// the lab's admin, or a token Keystone (at keystone, through transport)
// says has the admin role.
func wallsOf(ctx context.Context, cfg config, getenv func(string) string, lab *labcloud.Cloud, keystone *url.URL,
	transport http.RoundTripper, px *proxy.Proxy, logger *slog.Logger) (*serverWalls, error) {
	var wf *wallsFile
	switch {
	case cfg.Walls != "":
		var err error
		if wf, err = loadWallsFile(cfg.Walls, getenv); err != nil {
			return nil, err
		}
	case lab != nil:
		wf = labWalls(cfg.LabState)
	default:
		return nil, nil
	}
	set, closeTimeline, err := startWalls(ctx, wf, wallsStart{getenv: getenv, lab: lab, timeline: openWallTimeline, logger: logger})
	if err != nil {
		return nil, err
	}
	set.px = px
	set.viewers = newViewerLimit(cfg.StatusMaxViewers, cfg.StatusMaxViewersPerAddr, cfg.TrustForwarded)
	if lab != nil {
		set.admin = labWallAdmin(lab)
	} else {
		set.admin = newKeystoneAdmin(keystone, transport).check
	}
	set.metrics = wallMetricsHandler
	ctx, stop := context.WithCancel(ctx)
	set.start(ctx)
	return &serverWalls{wallSet: set, stop: stop, closeTimeline: closeTimeline}, nil
}

// printURLs tells the operator where each wall is; a secret wall's token
// is never printed (it is in its token_file or token_env).
func (s *serverWalls) printURLs(w io.Writer, consoleURL string) {
	for _, wl := range s.order {
		if wl.cfg.Secret {
			fmt.Fprintf(w, "wall %q: %s/walls/%s/<its token> (secret)\n", wl.cfg.Title, consoleURL, wl.cfg.Name)
			continue
		}
		fmt.Fprintf(w, "wall %q: %s/walls/%s\n", wl.cfg.Title, consoleURL, wl.cfg.Name)
	}
}
