//go:build !js

package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"testing/synctest"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
	"github.com/octaview/octaview/cmd/server/servertest"
	"github.com/octaview/octaview/labcloud"
)

func TestTrainerURLsAreTheLabAdminsOnly(t *testing.T) {
	s := startRun(t, nil, "-web", t.TempDir(), "-lab-trainees", "2", "-lab-delay", "100ms")
	trainee := servertest.NewSession(t, s.URL, "trainee1", "trainee1", "trainee1")
	demo := servertest.NewSession(t, s.URL, "demo", "demo", "demo")
	anon := servertest.Anonymous(t, s.URL)
	for _, u := range servertest.TrainerURLs {
		for _, who := range []struct {
			name string
			s    *servertest.Session
		}{{"trainee1", trainee}, {"demo", demo}} {
			if code, b := who.s.Do(u.Method, u.Path, u.Body); code != http.StatusForbidden {
				t.Errorf("%s %s as %s: got %d %s, want 403", u.Method, u.Path, who.name, code, b)
			}
		}
		code, _ := anon.Send(u.Method, u.Path, u.Body, false)
		wantAnon := http.StatusUnauthorized
		if strings.HasPrefix(u.Path, "/trainer") {
			wantAnon = http.StatusOK // the app, which shows the login: no data
		}
		if code != wantAnon {
			t.Errorf("%s %s without a session: got %d, want %d", u.Method, u.Path, code, wantAnon)
		}
	}
	// the admin passes, but changes need the session header (no cross-site form)
	admin := labAdmin(t, s)
	if code, _ := admin.Send(http.MethodPost, serverapi.TrainerResetPath, `{"projects": ["trainee2"]}`, false); code != http.StatusForbidden {
		t.Errorf("POST reset without the session header: got %d, want 403", code)
	}
	for _, u := range servertest.TrainerURLs {
		if u.Path == serverapi.TrainerEventsPath || u.Path == serverapi.TrainerViewPath || strings.Contains(u.Path, "anything") {
			continue
		}
		if code, b := admin.Do(u.Method, u.Path, u.Body); code >= 300 && !(u.Path == serverapi.TrainerImportPath && code == http.StatusBadRequest) {
			t.Errorf("%s %s as the admin: got %d %s", u.Method, u.Path, code, b)
		}
	}
}

func TestLabAdminPasswordAndLoginList(t *testing.T) {
	cases := []struct {
		name      string
		args      []string
		wantUsers []string // /api/config's lab users
		random    bool     // admin's password is not "admin"
	}{
		{"no trainees", nil, []string{"admin", "demo", "viewer"}, false},
		{"random admin asked for", []string{"-lab-random-admin-password"}, []string{"demo", "viewer"}, true},
		{"trainees", []string{"-lab-trainees", "2"}, nil, true},
		{"trainees listed", []string{"-lab-trainees", "2", "-lab-list-trainees", "-lab-trainee-passwords", "random"}, []string{"trainee1", "trainee2"}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := startRun(t, nil, append([]string{"-web", t.TempDir()}, tc.args...)...)
			var cfg serverapi.Config
			servertest.GetJSON(t, http.MethodGet, s.URL+"/api/config", "", "", &cfg)
			var got []string
			for _, u := range cfg.LabUsers {
				got = append(got, u.Name)
				if u.Name == "admin" && tc.random {
					t.Error("a random admin password is published")
				}
			}
			if strings.Join(got, ",") != strings.Join(tc.wantUsers, ",") {
				t.Errorf("the login page's users: got %v, want %v", got, tc.wantUsers)
			}
			pass := servertest.BannerPassword(t, s.Printed(), "admin")
			if (pass != "admin") != tc.random {
				t.Errorf("admin's password %q: random %v, want %v", pass, pass != "admin", tc.random)
			}
			servertest.LabLogin(t, s.URL, "admin", pass, "admin")
			if tc.random {
				resp := servertest.GetJSON(t, http.MethodPost, s.URL+"/identity/v3/auth/tokens", "",
					`{"auth":{"identity":{"methods":["password"],"password":{"user":{"name":"admin","password":"admin","domain":{"name":"Default"}}}}}}`, nil)
				if resp.StatusCode != http.StatusUnauthorized {
					t.Errorf("admin/admin: got %d, want 401", resp.StatusCode)
				}
			}
		})
	}
}

func TestTrainerReadOnlyView(t *testing.T) {
	s := startRun(t, nil, "-web", t.TempDir(), "-lab-trainees", "2", "-lab-delay", "100ms")
	admin := labAdmin(t, s)
	t1 := servertest.NewSession(t, s.URL, "trainee1", "trainee1", "trainee1")
	_, nets := t1.Do(http.MethodGet, "/network/v2.0/subnets?name=trainee1-subnet", "")
	var subnets struct{ Subnets []struct{ ID string } }
	json.Unmarshal(nets, &subnets)
	if code, b := t1.Do(http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", `{"loadbalancer": {"name": "t1-web", "vip_subnet_id": "`+subnets.Subnets[0].ID+`"}}`); code != 201 {
		t.Fatalf("trainee1's create: %d %s", code, b)
	}
	if code, b := admin.Do(http.MethodPost, serverapi.TrainerViewPath, `{"project": "trainee1"}`); code != http.StatusNoContent {
		t.Fatalf("view: %d %s", code, b)
	}
	code, b := admin.Do(http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", "")
	if code != 200 || !strings.Contains(string(b), "t1-web") {
		t.Errorf("the view's list: %d %s, want trainee1's load balancer", code, b)
	}
	code, b = admin.Do(http.MethodDelete, "/load-balancer/v2/lbaas/loadbalancers/x", "")
	if code != http.StatusForbidden || !strings.Contains(string(b), "read-only view of trainee1") {
		t.Errorf("a write in the view: %d %s, want the server's 403", code, b)
	}
	if code, _ := admin.Do(http.MethodGet, serverapi.TrainerClassPath, ""); code != http.StatusForbidden {
		t.Errorf("the trainer's API from the view: got %d, want 403 (a view is not the admin)", code)
	}
	var ck serverapi.Checklist
	_, cb := admin.Do(http.MethodGet, serverapi.LabChecklistPath, "")
	if json.Unmarshal(cb, &ck); ck.View != "trainee1" {
		t.Errorf("checklist of the view: %s, want view trainee1", cb)
	}
	if code, b := t1.Do(http.MethodPost, serverapi.TrainerReturnPath, ""); code != http.StatusConflict {
		t.Errorf("return from a trainee's own session: %d %s, want 409", code, b)
	}
	if code, b := admin.Do(http.MethodPost, serverapi.TrainerReturnPath, ""); code != http.StatusNoContent {
		t.Fatalf("return: %d %s", code, b)
	}
	if code, _ := admin.Do(http.MethodGet, serverapi.TrainerClassPath, ""); code != http.StatusOK {
		t.Errorf("the trainer's API after return: got %d, want 200", code)
	}
	if code, b := admin.Do(http.MethodPost, serverapi.TrainerReturnPath, ""); code != http.StatusConflict {
		t.Errorf("a second return: %d %s, want 409", code, b)
	}
}

func TestTrainerActions(t *testing.T) {
	s := startRun(t, nil, "-web", t.TempDir(), "-lab-trainees", "3", "-lab-delay", "50ms", "-lab-exercise", "1-first-http-lb")
	admin := labAdmin(t, s)
	for _, u := range []string{"trainee1", "trainee2"} {
		code, b := admin.Do(http.MethodPost, serverapi.TrainerScenarioPath, fmt.Sprintf(`{"projects": [%q], "scenario": %q}`, u,
			`{"load_balancers": [{"name": "web", "listener": {"protocol": "HTTP", "port": 80, "members": ["192.0.2.11", "192.0.2.12"], "monitor": "HTTP"}}]}`))
		if code != http.StatusNoContent {
			t.Fatalf("scenario into %s: %d %s", u, code, b)
		}
	}
	if code, b := admin.Do(http.MethodPut, serverapi.TrainerFaultsPath, `{"projects": ["trainee1"], "faults": {"down_members": ["192.0.2.12"]}}`); code != http.StatusNoContent {
		t.Fatalf("faults: %d %s", code, b)
	}
	cl := admin.Class()
	if got := servertest.Tile(cl, "trainee1"); len(got.Faults) != 1 || got.Help != serverapi.HelpError || cl.Trainees[0].User != "trainee1" {
		t.Errorf("trainee1 after the fault: faults %v, help %d, first tile %s; want the fault, ERROR, first", got.Faults, got.Help, cl.Trainees[0].User)
	}
	if got := servertest.Tile(cl, "trainee2"); len(got.Faults) != 0 || got.Help == serverapi.HelpError {
		t.Errorf("trainee2: faults %v, help %d; want none", got.Faults, got.Help)
	}
	if code, b := admin.Do(http.MethodPost, serverapi.TrainerResetPath, `{"projects": ["trainee1"]}`); code != http.StatusNoContent {
		t.Fatalf("reset: %d %s", code, b)
	}
	cl = admin.Class()
	if got := servertest.Tile(cl, "trainee1"); len(got.LoadBalancers) != 0 || len(got.Faults) != 0 {
		t.Errorf("trainee1 after reset: %+v, want empty", got)
	}
	if got := servertest.Tile(cl, "trainee2"); len(got.LoadBalancers) != 1 {
		t.Errorf("trainee2 after trainee1's reset: %d load balancers, want 1", len(got.LoadBalancers))
	}
	if cl.Exercise == nil || cl.Exercise.Name != "1-first-http-lb" || len(cl.Exercises) != 3 {
		t.Errorf("exercise: %+v, shipped %v", cl.Exercise, cl.Exercises)
	}
	// trainee2's scenario passes the first steps of the exercise
	cl = admin.WaitClass("trainee2's first step", func(cl serverapi.Class) bool {
		got := servertest.Tile(cl, "trainee2")
		return len(got.Steps) > 0 && got.Steps[0].PassedAt != ""
	})
	code, b := admin.Do(http.MethodGet, serverapi.TrainerProgressCSV, "")
	rows, err := csv.NewReader(strings.NewReader(string(b))).ReadAll()
	if code != 200 || err != nil || len(rows) != 4 || len(rows[0]) != 2+len(cl.Exercise.Steps) {
		t.Fatalf("progress.csv: %d %v %q", code, err, b)
	}
	for _, row := range rows[1:] {
		tr := servertest.Tile(cl, row[0])
		for i, cell := range row[2:] {
			if want := tr.Steps[i].PassedAt; cell != want {
				t.Errorf("CSV %s step %d: %q, the grid says %q", row[0], i+1, cell, want)
			}
		}
	}
	if rows[2][0] != "trainee2" || rows[2][2] == "" {
		t.Errorf("trainee2's row: %v, want its first step passed", rows[2])
	}
	if code, b := admin.Do(http.MethodPut, serverapi.TrainerExercisePath, `{"file": "{\"name\": \"x\",\n\"title\": \"y\", \"steps\": [\n{\"title\": \"a\", \"check\": {\"exists\": {\"kind\": \"lb\"}}}]}"}`); code != http.StatusBadRequest || !strings.Contains(string(b), ":3: step 1 (a)") {
		t.Errorf("a bad exercise from the page: %d %s, want 400 with line and reason", code, b)
	}
	// cards and their QR code
	var cards serverapi.Cards
	_, b = admin.Do(http.MethodGet, serverapi.TrainerCardsAPIPath, "")
	if json.Unmarshal(b, &cards); len(cards.Cards) != 3 || cards.Cards[0].Password != "trainee1" || !strings.HasPrefix(cards.URL, s.URL) {
		t.Errorf("cards: %s", b)
	}
	if code, b := admin.Do(http.MethodGet, serverapi.TrainerQRPath, ""); code != 200 || !strings.HasPrefix(string(b), "<svg") || !strings.Contains(string(b), "<path") {
		t.Errorf("QR: %d %.80s", code, b)
	}
	// export, then import after a change: the change is gone, the admin stays logged in
	_, exported := admin.Do(http.MethodGet, serverapi.TrainerExportPath, "")
	admin.Do(http.MethodPost, serverapi.TrainerResetPath, `{"all": true}`)
	if code, b := admin.Do(http.MethodPut, serverapi.TrainerImportPath, string(exported)); code != http.StatusNoContent {
		t.Fatalf("import: %d %s", code, b)
	}
	if got := servertest.Tile(admin.Class(), "trainee2"); len(got.LoadBalancers) != 1 {
		t.Errorf("after import: trainee2 has %d load balancers, want the exported 1", len(got.LoadBalancers))
	}
}

// TestClassFeedOneReadPerInterval: the lab is read once per 3 s whatever
// the number of trainer pages following it (fake clock).
func TestClassFeedOneReadPerInterval(t *testing.T) {
	for _, viewers := range []int{1, 20} {
		t.Run(fmt.Sprint(viewers), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				lab := labcloud.New(labcloud.Options{Trainees: 3})
				f := newClassFeed(lab, nil, false)
				ctx, cancel := context.WithCancel(t.Context())
				defer cancel()
				go f.run(ctx)
				for range viewers {
					_, _, leave := f.subscribe() // a viewer that reads nothing only misses updates
					defer leave()
				}
				time.Sleep(30*time.Second - time.Millisecond)
				synctest.Wait()
				if got := f.readCount(); got != 10 {
					t.Errorf("%d viewers for 30 s: %d lab reads, want 10 (one per 3 s)", viewers, got)
				}
				cancel()
			})
		})
	}
}

// TestHelperServer is not a test: it runs the server for the restart
// tests, in a process of its own (so that it can be killed).
func TestHelperServer(t *testing.T) {
	args := os.Getenv("OCTAVIEW_TEST_SERVER_ARGS")
	if args == "" {
		return // run as a helper only
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := runWith(ctx, append([]string{"octaview"}, strings.Fields(args)...), func(string) string { return "" }, os.Stdout, io.Discard); err != nil {
		fmt.Fprintln(os.Stdout, "server error:", err)
		os.Exit(3)
	}
	os.Exit(0)
}

// processOutput is a child process's output as it comes.
type processOutput struct{ proxytest.LogBuffer }

// password is user's password in the banner of the process: the banner's
// lines after "listening on" may come a moment after it.
func (o *processOutput) password(t *testing.T, user string) string {
	t.Helper()
	line := regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(user) + ` +/ (\S+) +project`)
	for deadline := time.Now().Add(10 * time.Second); !line.MatchString(o.String()) && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	return servertest.BannerPassword(t, o.String(), user)
}

// serverProcess runs the server in a child process and returns its URL and
// the process.
func serverProcess(t *testing.T, args ...string) (string, *exec.Cmd, *processOutput) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperServer$")
	cmd.Env = append(os.Environ(), "OCTAVIEW_TEST_SERVER_ARGS="+strings.Join(append([]string{"-addr", "127.0.0.1:0"}, args...), " "))
	out := &processOutput{}
	pr, pw := io.Pipe()
	cmd.Stdout = pw
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	found := make(chan string, 1)
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := pr.Read(buf)
			out.Write(buf[:n])
			if u := servertest.ListenURL(out.String()); u != "" {
				select {
				case found <- u:
				default:
				}
			}
			if err != nil {
				return
			}
		}
	}()
	select {
	case url := <-found:
		return url, cmd, out
	case <-time.After(60 * time.Second):
		t.Fatalf("the server did not start: %s", out.String())
	}
	return "", nil, nil
}

func TestRestartKeepsTheClass(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			state := filepath.Join(dir, "lab.json")
			args := []string{"-web", dir, "-lab-trainees", "3", "-lab-trainee-passwords", "random", "-lab-delay", "50ms", "-lab-state", state, "-lab-exercise", "1-first-http-lb"}
			url, cmd, out := serverProcess(t, args...)
			waitHealthy(t, url)
			pass := out.password(t, "trainee2")
			t2 := servertest.NewSession(t, url, "trainee2", pass, "trainee2")
			_, nets := t2.Do(http.MethodGet, "/network/v2.0/subnets?name=trainee2-subnet", "")
			var subnets struct{ Subnets []struct{ ID string } }
			json.Unmarshal(nets, &subnets)
			if code, b := t2.Do(http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", `{"loadbalancer": {"name": "kept", "vip_subnet_id": "`+subnets.Subnets[0].ID+`"}}`); code != 201 {
				t.Fatalf("create: %d %s", code, b)
			}
			admin := servertest.NewSession(t, url, "admin", out.password(t, "admin"), "admin")
			admin.WaitClass("trainee2's first step", func(cl serverapi.Class) bool {
				got := servertest.Tile(cl, "trainee2")
				return len(got.Steps) > 0 && got.Steps[0].PassedAt != ""
			})
			if sig == syscall.SIGKILL {
				time.Sleep(labSaveDelay + time.Second) // a kill loses at most the last labSaveDelay
			}
			cmd.Process.Signal(sig)
			cmd.Wait()

			url, _, out = serverProcess(t, args...)
			waitHealthy(t, url)
			if got := out.password(t, "trainee2"); got != pass {
				t.Errorf("trainee2's password after the restart: %q, want %q", got, pass)
			}
			t2 = servertest.NewSession(t, url, "trainee2", pass, "trainee2")
			if _, b := t2.Do(http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers", ""); !strings.Contains(string(b), `"kept"`) {
				t.Errorf("trainee2's load balancers after the restart: %s, want kept", b)
			}
			admin = servertest.NewSession(t, url, "admin", out.password(t, "admin"), "admin")
			if got := servertest.Tile(admin.Class(), "trainee2"); len(got.Steps) == 0 || got.Steps[0].PassedAt == "" {
				t.Errorf("progress after the restart: %+v, want step 1 passed", got.Steps)
			}
		})
	}
}

func TestCorruptStateStopsTheStart(t *testing.T) {
	dir := t.TempDir()
	state := servertest.WriteFile(t, dir, "lab.json", `{"format": "octaview-lab-state", "version": 1, "users": [`)
	err := runWith(t.Context(), []string{"octaview", "-addr", "127.0.0.1:0", "-web", dir, "-lab-state", state},
		func(string) string { return "" }, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "-lab-state") || !strings.Contains(err.Error(), "left as it is") {
		t.Errorf("got %v, want a clear error about the state file", err)
	}
	if b, _ := os.ReadFile(state); string(b) != `{"format": "octaview-lab-state", "version": 1, "users": [` {
		t.Error("the corrupt file was overwritten")
	}
}

func waitHealthy(t *testing.T, url string) {
	t.Helper()
	for i := 0; ; i++ {
		resp, err := http.Get(url + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return
			}
		}
		if i == 200 {
			t.Fatalf("%s/healthz: %v", url, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
