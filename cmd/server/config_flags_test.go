//go:build !js

package main

import (
	"bytes"
	"errors"
	"flag"
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
