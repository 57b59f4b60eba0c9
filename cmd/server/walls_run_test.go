//go:build !js

package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/servertest"
)

// TestRunLabWall runs the lab without -walls: it has its wall of the whole
// class out of the box, at the URL the banner prints.
func TestRunLabWall(t *testing.T) {
	s := startRun(t, nil, seededLab(t, t.TempDir(), "-lab-delay", "100ms")...)
	if want := "wall \"The class\": " + s.URL + "/walls/class\n"; !strings.Contains(s.Printed(), want) {
		t.Errorf("banner: got %q, want it to contain %q", s.Printed(), want)
	}
	var wall serverapi.Wall
	resp := servertest.GetJSON(t, http.MethodGet, s.URL+serverapi.WallStatusPath+"class", "", "", &wall)
	if resp.StatusCode != http.StatusOK || wall.Name != "class" || wall.Error != "" || wall.UpdatedAt == "" {
		t.Fatalf("GET the lab's wall: got %d %+v, want 200, polled", resp.StatusCode, wall)
	}
	if len(wall.LoadBalancers) != 3 || wall.Summary.LoadBalancers != 3 {
		t.Fatalf("the lab's wall: got %d load balancers (summary %+v), want the 3 seeded", len(wall.LoadBalancers), wall.Summary)
	}
	lb := wall.LoadBalancers[0]
	if !strings.HasPrefix(lb.Name, "web-") || lb.VIPAddress == "" || len(lb.Tree.Listeners) != 1 ||
		len(lb.Tree.Listeners[0].Pools) != 1 || len(lb.Tree.Listeners[0].Pools[0].Members) != 2 ||
		lb.Tree.Listeners[0].Pools[0].Members[0].Address != "10.2.0.10" {
		t.Errorf("the lab's wall: got %+v, want names, addresses and members", lb)
	}
	for path, want := range map[string]int{
		"/walls/class/some-token":         http.StatusNotFound,
		"/walls/nope":                     http.StatusNotFound,
		"/walls/":                         http.StatusNotFound,
		"/walls/class/a/b":                http.StatusNotFound,
		serverapi.WallStatusPath + "nope": http.StatusNotFound,
	} {
		resp, err := http.Get(s.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("GET %s: got %d, want %d", path, resp.StatusCode, want)
		}
	}
}

// TestRunLabWallsFile: in lab mode a -walls file's "cloud: lab" is the
// lab's admin, and the file replaces the lab's own wall.
func TestRunLabWallsFile(t *testing.T) {
	dir := t.TempDir()
	walls := servertest.WriteFile(t, dir, "walls.yaml", `walls:
  - {name: demo, title: "Demo <b>&</b>", cloud: lab, access: public, projects: [demo], show: [names, members]}
  - {name: other, cloud: lab, access: public, projects: [admin]}
`)
	s := startRun(t, nil, seededLab(t, dir, "-walls", walls)...)
	var demo, other serverapi.Wall
	servertest.GetJSON(t, http.MethodGet, s.URL+serverapi.WallStatusPath+"demo", "", "", &demo)
	servertest.GetJSON(t, http.MethodGet, s.URL+serverapi.WallStatusPath+"other", "", "", &other)
	if len(demo.LoadBalancers) != 3 || demo.Title != "Demo <b>&</b>" || len(other.LoadBalancers) != 0 || other.Error != "" || other.UpdatedAt == "" {
		t.Errorf("got walls demo %+v and other %+v, want demo's 3 load balancers and none on other", demo, other)
	}
	if resp := servertest.GetJSON(t, http.MethodGet, s.URL+serverapi.WallStatusPath+"class", "", "", nil); resp.StatusCode != http.StatusNotFound {
		t.Errorf("GET the lab's own wall with a -walls file: got %d, want 404", resp.StatusCode)
	}
}
