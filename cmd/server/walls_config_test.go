//go:build !js

package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/octaview/octaview/app/serverapi"
)

const goodToken = "q7Vx-2mZ_pL9cR4tK8wY3nB6"

// TestWallsFile reads a good walls file, YAML and JSON.
func TestWallsFile(t *testing.T) {
	dir := t.TempDir()
	tokenFile := filepath.Join(dir, "acme.token")
	if err := os.WriteFile(tokenFile, []byte(goodToken+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	yamlFile := `# the NOC's walls
timeline_file: state/walls.timeline
walls:
  - name: noc
    title: "NOC: every load balancer"
    cloud: noc-admin
    show: [names, addresses, members]
    access: public
  - name: acme
    title: Acme's services
    cloud: noc-admin
    projects: [acme, 5f1c]
    tags: prod
    names: ["web-*", "api-?"]
    access: secret
    token_file: acme.token
    show: summary
`
	jsonFile := `{"walls": [{"name": "noc", "title": "NOC: every load balancer", "cloud": "noc-admin", "show": ["names", "addresses", "members"], "access": "public"},
 {"name": "acme", "title": "Acme's services", "cloud": "noc-admin", "projects": ["acme", "5f1c"], "tags": ["prod"], "names": ["web-*", "api-?"],
  "access": "secret", "token_env": "ACME_TOKEN", "show": "summary"}], "timeline_file": "state/walls.timeline"}`
	for name, body := range map[string]string{"walls.yaml": yamlFile, "walls.json": jsonFile} {
		path := filepath.Join(dir, name)
		wf, err := parseWallsFile(path, []byte(body), func(k string) string { return map[string]string{"ACME_TOKEN": goodToken}[k] })
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if wf.TimelineFile != filepath.Join(dir, "state/walls.timeline") || wf.NotesFile != path+".notes" || len(wf.Walls) != 2 {
			t.Fatalf("%s: got %+v", name, wf)
		}
		noc, acme := wf.Walls[0], wf.Walls[1]
		if noc.Name != "noc" || noc.Secret || noc.Show != (serverapi.WallShow{Names: true, Addresses: true, Members: true}) || noc.Cloud != "noc-admin" {
			t.Errorf("%s: noc: got %+v", name, noc)
		}
		if !acme.Secret || string(acme.token) != goodToken || acme.Show != (serverapi.WallShow{Summary: true}) ||
			!reflect.DeepEqual(acme.Projects, []string{"acme", "5f1c"}) || !reflect.DeepEqual(acme.Tags, []string{"prod"}) ||
			!reflect.DeepEqual(acme.Names, []string{"web-*", "api-?"}) {
			t.Errorf("%s: acme: got %+v", name, acme)
		}
	}
}

// TestWallsFileErrors: each mistake is an error naming the file and its line.
func TestWallsFileErrors(t *testing.T) {
	dir := t.TempDir()
	weak := filepath.Join(dir, "weak.token")
	os.WriteFile(weak, []byte("abababababababababababab"), 0o600)
	wall := func(extra string) string {
		return "walls:\n  - name: noc\n    cloud: noc\n    access: public\n" + extra
	}
	for _, tc := range []struct{ name, file, want string }{
		{"unknown key", wall("    colour: red\n"), `walls.yaml:5: unknown key "colour"`},
		{"unknown top key", "wals: []\n", `walls.yaml:1: unknown key "wals"`},
		{"no walls", "timeline_file: x\n", `walls.yaml:1: no "walls"`},
		{"duplicate name", wall("  - name: noc\n    cloud: other\n    access: public\n"), `walls.yaml:5: wall "noc" again (first at line 2)`},
		{"duplicate name with a mistake", wall("  - name: noc\n    cloud: other\n    access: open\n"), `walls.yaml:5: wall "noc" again (first at line 2)`},
		{"duplicate key", wall("    cloud: other\n"), `walls.yaml:5: key "cloud" again (first at line 3)`},
		{"bad name", "walls:\n  - name: NOC Room\n    cloud: noc\n    access: public\n", `walls.yaml:2: name "NOC Room"`},
		{"bad glob", wall("    names: [\"web-[\"]\n"), `walls.yaml:5: names: "web-[" is not a valid pattern`},
		{"no cloud", "walls:\n  - name: noc\n    access: public\n", `walls.yaml:2: wall "noc": no cloud`},
		{"no access", "walls:\n  - name: noc\n    cloud: noc\n", `walls.yaml:2: wall "noc": no access`},
		{"bad access", "walls:\n  - name: noc\n    cloud: noc\n    access: open\n", `walls.yaml:4: access "open"`},
		{"secret without token", "walls:\n  - name: noc\n    cloud: noc\n    access: secret\n", `walls.yaml:2: wall "noc" is secret: give its token`},
		{"missing token file", "walls:\n  - name: noc\n    cloud: noc\n    access: secret\n    token_file: nope.token\n", `walls.yaml:5: wall "noc": token_file: open`},
		{"unset token env", "walls:\n  - name: noc\n    cloud: noc\n    access: secret\n    token_env: NOPE\n", `walls.yaml:5: wall "noc": token_env: $NOPE is not set`},
		{"weak token", "walls:\n  - name: noc\n    cloud: noc\n    access: secret\n    token_file: weak.token\n", `walls.yaml:5: wall "noc": its token is too guessable`},
		{"public with token", wall("    token_env: X\n"), `walls.yaml:5: wall "noc" is public`},
		{"bad show", wall("    show: [names, secrets]\n"), `walls.yaml:5: show: "secrets"`},
		{"summary with members", wall("    show: [summary, members]\n"), `walls.yaml:5: show: summary shows no tree`},
		{"not a list", "walls: noc\n", `walls.yaml:1: "walls": want a list`},
		{"bad yaml", "walls:\n  - name: [\n", `walls.yaml: yaml: line`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseWallsFile(filepath.Join(dir, "walls.yaml"), []byte(tc.file), func(string) string { return "" })
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "-walls "+filepath.Join(dir, "walls.yaml")) {
				t.Errorf("got %v, want an error naming the file and containing %q", err, tc.want)
			}
		})
	}
}
