//go:build !js

package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"runtime/debug"
	"strings"
)

// versionInfo is what `octaview version` says (GET /version, only Build): the server's
// module version and VCS stamp (from Go's build information) and the build
// of the app it serves (appBuild).
type versionInfo struct {
	Version  string `json:"version"`            // the module version, e.g. v0.0.0-20261201121800-13d43a3abcde+dirty, or (devel)
	Revision string `json:"revision,omitempty"` // the VCS revision the server was built from
	Time     string `json:"time,omitempty"`     // that revision's commit time (RFC 3339)
	Modified bool   `json:"modified,omitempty"` // the work tree had changes
	Go       string `json:"go"`                 // the Go toolchain
	Build    string `json:"build"`              // the app's build: app.wasm's SHA-256, first 16 hex digits ("no-wasm": none)
}

// serverVersion reads the server's own build information.
func serverVersion() versionInfo {
	v := versionInfo{Version: "(unknown)"}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return v
	}
	v.Version, v.Go = bi.Main.Version, bi.GoVersion
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Revision = s.Value
		case "vcs.time":
			v.Time = s.Value
		case "vcs.modified":
			v.Modified = s.Value == "true"
		}
	}
	return v
}

// version is the `octaview version [-json] [-web DIR]` command: the server's
// version and the build of the app in DIR (-web, OCTAVIEW_WEB, else web).
func version(_ context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	fs := flag.NewFlagSet("octaview version", flag.ContinueOnError)
	fs.SetOutput(stdout)
	web := getenv("OCTAVIEW_WEB")
	if web == "" {
		web = "web"
	}
	fs.StringVar(&web, "web", web, "directory of the static files (`dir` with app.wasm)")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args[min(1, len(args)):]); err != nil {
		return err
	}
	v := serverVersion()
	build, err := appBuild(web)
	if err != nil {
		return fmt.Errorf("the app's build: %w", err)
	}
	v.Build = build
	if *asJSON {
		return json.NewEncoder(stdout).Encode(v)
	}
	fmt.Fprintf(stdout, "octaview %s\n", v.Version)
	if v.Revision != "" {
		modified := ""
		if v.Modified {
			modified = " (modified)"
		}
		fmt.Fprintf(stdout, "revision %s%s %s\n", v.Revision, modified, v.Time)
	}
	fmt.Fprintf(stdout, "go       %s\n", v.Go)
	fmt.Fprintf(stdout, "app      build %s (%s)\n", v.Build, strings.TrimSuffix(web, "/")+"/app.wasm")
	return nil
}

// handleVersion serves GET /version: the build the server serves at the
// time of the request, as JSON {"build": "..."}, which every answer's
// X-Octaview-Build header says anyway. Nothing else of versionInfo: the
// server's version, revision and Go toolchain tell anyone on the network
// which published flaws to try; the operator reads them with `octaview
// version` or in the start-up log line.
func handleVersion(build func() string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		json.NewEncoder(w).Encode(struct {
			Build string `json:"build"`
		}{build()})
	})
}
