//go:build !js

package main

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
	"github.com/octaview/octaview/cmd/server/servertest"
)

// TestAutoLabPasswords: -lab-trainee-passwords auto (the default) is name
// on loopback (make run) and random wherever others reach the server.
func TestAutoLabPasswords(t *testing.T) {
	checkConfigs(t, "-lab-trainee-passwords", []configCase{
		{"loopback", []string{"-addr", "127.0.0.1:8080"}, nil, "name", ""},
		{"loopback, public URL localhost", []string{"-addr", "127.0.0.1:8080", "-public-url", "http://localhost:8080"}, nil, "name", ""},
		{"every address", []string{"-addr", ":8080", "-public-url", "http://octaview.workshop.example"}, nil, "random", ""},
		{"loopback behind a public URL", []string{"-addr", "127.0.0.1:8080", "-public-url", "https://console.example.com"}, nil, "random", ""},
		{"loopback behind a trusted proxy", []string{"-addr", "127.0.0.1:8080", "-trust-forwarded"}, nil, "random", ""},
		{"asked for names beyond loopback", []string{"-addr", ":8080", "-public-url", "http://octaview.workshop.example", "-lab-trainee-passwords", "name"}, nil, "name", ""},
		{"asked for by the environment", []string{"-addr", ":8080", "-public-url", "http://octaview.workshop.example"}, map[string]string{"OCTAVIEW_LAB_TRAINEE_PASSWORDS": "name"}, "name", ""},
		{"random on loopback", []string{"-addr", "127.0.0.1:8080", "-lab-trainee-passwords", "random"}, nil, "random", ""},
	}, func(c config) string { return c.LabTraineePasswords })
}

// TestLabPasswordsBeyondLoopback: a lab with trainees behind a trusted
// front proxy (served to others): no user's password is its name (demo,
// viewer, trainees; admin's was random already), and the trainer's cards
// hand out each trainee's, demo's and viewer's, which log in.
func TestLabPasswordsBeyondLoopback(t *testing.T) {
	s := startRun(t, nil, "-web", webDir, "-lab-delay", "0s", "-lab-trainees", "2", "-trust-forwarded")
	login := func(user, password, project string) int { return passwordLogin(t, s.URL, user, password, project) }
	for _, u := range []struct{ user, project string }{{"demo", "demo"}, {"viewer", "demo"}, {"trainee1", "trainee1"}, {"admin", "admin"}} {
		if code := login(u.user, u.user, u.project); code != http.StatusUnauthorized {
			t.Errorf("%s/%s: got %d, want 401 (a password others cannot guess)", u.user, u.user, code)
		}
	}
	admin := labAdmin(t, s)
	code, b := admin.Do(http.MethodGet, serverapi.TrainerCardsAPIPath, "")
	var cards serverapi.Cards
	if code != http.StatusOK || json.Unmarshal(b, &cards) != nil {
		t.Fatalf("the cards: %d %s", code, b)
	}
	var users []string
	for _, c := range cards.Cards {
		users = append(users, c.User)
		if len(c.Password) < 12 {
			t.Errorf("%s's card: password %q, want a random one of 12 characters", c.User, c.Password)
		}
		if code := login(c.User, c.Password, c.Project); code != http.StatusCreated {
			t.Errorf("%s with the card's password: got %d, want 201", c.User, code)
		}
	}
	slices.Sort(users)
	if want := []string{"demo", "trainee1", "trainee2", "viewer"}; !slices.Equal(users, want) {
		t.Errorf("the cards are for %v, want %v", users, want)
	}
}

// TestLabPasswordsBeyondLoopbackNoClass: a lab without trainees served to
// others: admin/admin, demo/demo and viewer/viewer do not log in; the
// banner's passwords do, and the login page lists demo and viewer (a demo
// lab: whoever opens it may use them), never admin.
func TestLabPasswordsBeyondLoopbackNoClass(t *testing.T) {
	s := startRun(t, nil, "-web", webDir, "-lab-delay", "0s", "-trust-forwarded")
	for _, u := range []struct{ user, project string }{{"admin", "admin"}, {"demo", "demo"}, {"viewer", "demo"}} {
		if code := passwordLogin(t, s.URL, u.user, u.user, u.project); code != http.StatusUnauthorized {
			t.Errorf("%s/%s: got %d, want 401", u.user, u.user, code)
		}
		if code := passwordLogin(t, s.URL, u.user, servertest.BannerPassword(t, s.Printed(), u.user), u.project); code != http.StatusCreated {
			t.Errorf("%s with the banner's password: got %d, want 201", u.user, code)
		}
	}
	resp, err := http.Get(s.URL + serverapi.ConfigPath)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var cfg serverapi.Config
	if err := json.NewDecoder(resp.Body).Decode(&cfg); err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, u := range cfg.LabUsers {
		listed = append(listed, u.Name)
	}
	if !slices.Equal(listed, []string{"demo", "viewer"}) {
		t.Errorf("the login page lists %v, want demo and viewer only", listed)
	}
}

// passwordLogin logs user in at base's Keystone route and returns the status.
func passwordLogin(t *testing.T, base, user, password, project string) int {
	t.Helper()
	resp, err := http.Post(base+"/identity/v3/auth/tokens", "application/json", strings.NewReader(proxytest.ProjectLoginBody(user, password, project)))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}
