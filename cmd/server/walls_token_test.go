//go:build !js

package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/servertest"
)

// startKeystoneWalls runs the server on a counting lab as a real cloud
// (-keystone) with wallsTestFile as -walls (at the path it returns),
// GLOBEX_TOKEN set to goodToken.
func startKeystoneWalls(t *testing.T) (lab *countingLab, s *servertest.Server, walls string) {
	t.Helper()
	lab = newCountingLab(t, wallsScenario())
	dir := t.TempDir()
	walls = servertest.WriteFile(t, dir, "walls.yaml", wallsTestFile)
	env := map[string]string{"OS_CLIENT_CONFIG_FILE": wallsCloudsYAML(t, dir, lab.URL), "GLOBEX_TOKEN": goodToken}
	return lab, startRun(t, env, "-keystone", lab.URL+"/identity/v3", "-walls", walls, "-web", dir), walls
}

// TestWallsTokens runs the server with a -walls file: a secret wall's
// unknown name and wrong token get the same 404, and its token never
// reaches the access log.
func TestWallsTokens(t *testing.T) {
	_, s, _ := startKeystoneWalls(t)
	if !strings.Contains(s.Printed(), s.URL+"/walls/globex/<its token> (secret)") || strings.Contains(s.Printed(), goodToken) {
		t.Errorf("banner: got %q, want the secret wall without its token", s.Printed())
	}
	get := func(path string) (int, string) {
		resp, err := http.Get(s.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	wrong := strings.ToUpper(goodToken[:1]) + goodToken[1:]
	if wrong == goodToken {
		wrong = "x" + goodToken[1:]
	}
	for _, prefix := range []string{serverapi.WallStatusPath, serverapi.WallEventsPath, serverapi.WallPagePath} {
		code, none := get(prefix + "nope")
		if code != http.StatusNotFound {
			t.Errorf("GET %snope: got %d, want 404", prefix, code)
		}
		for _, path := range []string{prefix + "globex", prefix + "globex/" + wrong, prefix + "nope/" + goodToken, prefix + "all/" + goodToken} {
			if code, body := get(path); code != http.StatusNotFound || body != none {
				t.Errorf("GET %s: got %d %q, want the same 404 as an unknown wall's: %q", path, code, body, none)
			}
		}
	}
	if code, body := get(serverapi.WallStatusPath + "globex/" + goodToken); code != http.StatusOK || !strings.Contains(body, `"name":"globex"`) {
		t.Errorf("GET the secret wall with its token: got %d %s", code, body)
	}
	if code, _ := get(serverapi.WallStatusPath + "all"); code != http.StatusOK {
		t.Errorf("GET the public wall: got %d", code)
	}
	if code, body := get(serverapi.WallMetricsPath + "globex/" + goodToken); code != http.StatusOK ||
		!strings.Contains(body, `octaview_wall_load_balancers{status="ONLINE",wall="globex"} 2`) || strings.Contains(body, goodToken) {
		t.Errorf("GET the secret wall's metrics: got %d %s, want its 2 load balancers and never its token", code, body)
	}
	if code, _ := get(serverapi.WallMetricsPath + "globex/" + wrong); code != http.StatusNotFound {
		t.Errorf("GET the secret wall's metrics with a wrong token: got %d, want 404", code)
	}
	s.Stop()
	logs := s.Logs.String()
	if strings.Contains(logs, goodToken) || strings.Contains(logs, wrong) {
		t.Errorf("the access log holds a wall's token:\n%s", logs)
	}
	if !strings.Contains(logs, `"path":"/api/wall/status/globex/REDACTED"`) {
		t.Errorf("the access log: got\n%s\nwant the secret wall's requests, redacted", logs)
	}
}

// TestWallsStartErrors: a credential that does not exist or cannot log
// in, or a project it cannot see, stops the start with the file and line.
func TestWallsStartErrors(t *testing.T) {
	lab := newCountingLab(t, wallsScenario())
	dir := t.TempDir()
	clouds := servertest.WriteFile(t, dir, "clouds.yaml", `clouds:
  wrong-password:
    auth:
      auth_url: `+lab.URL+`/identity/v3
      username: admin
      password: not-the-password
      project_name: admin
      user_domain_name: Default
      project_domain_name: Default
  lab-admin:
    auth:
      auth_url: `+lab.URL+`/identity/v3
      username: admin
      password: admin
      project_name: admin
      user_domain_name: Default
      project_domain_name: Default
`)
	env := map[string]string{"OS_CLIENT_CONFIG_FILE": clouds}
	for _, tc := range []struct{ name, file, want string }{
		{"no such cloud", "walls:\n  - name: a\n    access: public\n    cloud: nope\n", `walls.yaml:4: cloud "nope": cloud "nope"`},
		{"cannot log in", "walls:\n  - name: a\n    access: public\n    cloud: wrong-password\n", `walls.yaml:4: cloud "wrong-password": logging in`},
		{"unknown project", "walls:\n  - name: a\n    access: public\n    cloud: lab-admin\n    projects: [initech]\n", `walls.yaml:5: wall "a": project "initech"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			walls := servertest.WriteFile(t, dir, "walls.yaml", tc.file)
			err := runWith(context.Background(), []string{"octaview", "-keystone", lab.URL + "/identity/v3", "-walls", walls, "-web", dir, "-addr", "127.0.0.1:0"},
				func(k string) string { return env[k] }, io.Discard, io.Discard)
			if err == nil || !strings.Contains(err.Error(), "-walls "+filepath.Join(dir, "walls.yaml")) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error at start containing %q", err, tc.want)
			}
		})
	}
}

// TestWallsNotesKeystone: with a real cloud, Keystone says whose session
// has the admin role.
func TestWallsNotesKeystone(t *testing.T) {
	lab, s, walls := startKeystoneWalls(t)
	path := serverapi.WallNotesPath + "globex/" + goodToken
	member := servertest.NewSession(t, s.URL, "acme-op", acmePassword, "acme")
	if code, b := member.Do(http.MethodPost, path, `{"text": "hello"}`); code != http.StatusForbidden {
		t.Errorf("POST a note as a member: got %d %s, want 403", code, b)
	}
	admin := servertest.NewSession(t, s.URL, "admin", "admin", "admin")
	if code, b := admin.Do(http.MethodPost, serverapi.WallNotesPath+"globex/"+strings.Repeat("x", len(goodToken)), `{"text": "hello"}`); code != http.StatusNotFound {
		t.Errorf("POST a note with a wrong token: got %d %s, want 404", code, b)
	}
	lab.reset()
	if code, b := admin.Do(http.MethodPost, path, `{"text": "Degraded in region X"}`); code != http.StatusCreated {
		t.Fatalf("POST a note as admin: got %d %s, want 201", code, b)
	}
	if code, b := admin.Do(http.MethodDelete, path+"?id=nope", ""); code != http.StatusNotFound {
		t.Errorf("DELETE an unknown note: got %d %s, want 404", code, b)
	}
	if got := lab.reset()["identity"]; got != 1 {
		t.Errorf("two calls of one session: got %d Keystone requests, want 1 (its answer cached)", got)
	}
	var w serverapi.Wall
	servertest.GetJSON(t, http.MethodGet, s.URL+serverapi.WallStatusPath+"globex/"+goodToken, "", "", &w)
	if len(w.Notes) != 1 || w.Notes[0].Text != "Degraded in region X" || w.Notes[0].By != "admin" {
		t.Errorf("the wall's notes: got %+v, want the admin's", w.Notes)
	}
	if _, err := os.Stat(walls + ".notes"); err != nil {
		t.Errorf("the notes file beside the walls file: %v", err)
	}
}

// TestWallsProjectsOfAMember: a credential that is not an admin's names
// its own projects only (Keystone's /v3/auth/projects).
func TestWallsProjectsOfAMember(t *testing.T) {
	lab := newCountingLab(t, wallsScenario())
	dir := t.TempDir()
	env := map[string]string{"OS_CLIENT_CONFIG_FILE": servertest.WriteFile(t, dir, "clouds.yaml", `clouds:
  acme:
    auth:
      auth_url: `+lab.URL+`/identity/v3
      username: acme-op
      password: `+acmePassword+`
      project_name: acme
      user_domain_name: Default
      project_domain_name: Default
`)}
	getenv := func(k string) string { return env[k] }
	start := func(projects string) (*wallSet, error) {
		wf, err := parseWallsFile(dir+"/walls.yaml", []byte("walls:\n  - {name: a, cloud: acme, access: public, projects: ["+projects+"]}\n"), getenv)
		if err != nil {
			t.Fatal(err)
		}
		set, _, err := startWalls(t.Context(), wf, wallsStart{getenv: getenv, logger: slog.New(slog.DiscardHandler)})
		return set, err
	}
	set, err := start("acme")
	if err != nil || len(set.walls["a"].scope.projects) != 1 {
		t.Fatalf("a wall of the member's own project: got %v, want it resolved", err)
	}
	if _, err := start("globex"); err == nil || !strings.Contains(err.Error(), `walls.yaml:2: wall "a": project "globex": no project of that id or name is visible`) {
		t.Errorf("a wall of another project: got %v, want an error at its line", err)
	}
}
