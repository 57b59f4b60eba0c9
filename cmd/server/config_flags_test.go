//go:build !js

package main

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"
)

// Every flag can be set by its OCTAVIEW_* variable (containers and Kubernetes
// configure the server by variables): a new flag without one fails here.
func TestEveryFlagHasAVariable(t *testing.T) {
	var usage bytes.Buffer
	if _, err := parseConfig([]string{"octaview", "-h"}, func(string) string { return "" }, &usage); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("-h: got %v, want the usage", err)
	}
	src, err := os.ReadFile("config.go")
	if err != nil {
		t.Fatal(err)
	}
	flags := regexp.MustCompile(`(?m)^  -([a-z-]+)`).FindAllStringSubmatch(usage.String(), -1)
	if len(flags) < 15 {
		t.Fatalf("found %d flags in the usage:\n%s", len(flags), usage.String())
	}
	for _, f := range flags {
		if !regexp.MustCompile(`\benv(?:Bool|Int|Duration)?\("` + regexp.QuoteMeta(f[1]) + `"`).Match(src) {
			t.Errorf("-%s has no OCTAVIEW_%s variable", f[1], strings.ToUpper(strings.ReplaceAll(f[1], "-", "_")))
		}
	}
}

// configCase is one parseConfig call, by the arguments after the program's
// name and the environment, and the value one field of its config must
// hold (want) or what its error must say (wantErr).
type configCase struct {
	name    string
	args    []string
	env     map[string]string
	want    string
	wantErr string
}

// checkConfigs runs each case through parseConfig as a subtest: a case with
// wantErr must fail with an error naming flag and saying wantErr; any other
// must start with field(config) == want.
func checkConfigs(t *testing.T, flag string, cases []configCase, field func(config) string) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := parseConfig(append([]string{"octaview"}, tc.args...), func(k string) string { return tc.env[k] }, io.Discard)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), flag) || !strings.Contains(err.Error(), tc.wantErr) {
					t.Errorf("got %v, want a %s error saying %q", err, flag, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := field(cfg); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
