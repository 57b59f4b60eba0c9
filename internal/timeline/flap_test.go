package timeline

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia/statuswire"
)

// feed is one poll of a feed: the load balancers it sees now.
type feed func(t *testing.T) []serverapi.StatusLB

// day runs a feed polled every 3 s for 24 h of fake time into a store
// with a file, calling flip every 30 s, and reports the file, which it
// checks loads back equal. The store writes every 10 minutes instead of
// every 5 s, so that the test encodes 144 files rather than 17,280: the
// last file's content is the same.
func day(t *testing.T, poll feed, flip func(down bool)) {
	synctest.Test(t, func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "walls.timeline.json")
		s, err := Open(path, Options{FlushEvery: 10 * time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		down := false
		for i := 0; time.Since(start) < 24*time.Hour; i++ {
			if i%10 == 0 && i > 0 {
				down = !down
				flip(down)
			}
			if err := s.Observe("lab", time.Now(), poll(t)); err != nil {
				t.Fatal(err)
			}
			time.Sleep(3 * time.Second)
		}
		lbs := poll(t)
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		st, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		var changes []serverapi.WallChange
		for _, lb := range lbs {
			changes = append(changes, s.Changes("lab", lb.ID, time.Time{})...)
		}
		if len(changes) < 2879*2 {
			t.Fatalf("%d changes in 24 h of a member flapping every 30 s, want at least 2 a flip (the member and its load balancer)", len(changes))
		}
		if first, _ := time.Parse(time.RFC3339, changes[0].At); time.Since(first) > 24*time.Hour+time.Minute {
			t.Errorf("oldest change kept %v ago, want at most 24 h", time.Since(first))
		}
		naive, _ := json.Marshal(changes)
		b, _ := os.ReadFile(path)
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("the file is not gzipped: %v", err)
		}
		plain, _ := io.ReadAll(zr)
		t.Logf("24 h of a member flapping every 30 s: %d changes kept; file %d bytes (%.2f per change; %d gunzipped); the same changes as WallChange JSON: %d bytes",
			len(changes), st.Size(), float64(st.Size())/float64(len(changes)), len(plain), len(naive))
		// The documented bound (doc.go): at most about 15 bytes a change
		// gunzipped, objects aside.
		if limit := 20*len(changes) + 4096; len(plain) > limit {
			t.Errorf("file %d bytes gunzipped, over the documented ~15 bytes per change (%d)", len(plain), limit)
		}

		s2, err := Open(path, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer s2.Close()
		var again []serverapi.WallChange
		for _, lb := range lbs {
			again = append(again, s2.Changes("lab", lb.ID, time.Time{})...)
		}
		if !reflect.DeepEqual(again, changes) {
			t.Errorf("the file reloads %d changes, the store held %d, or they differ", len(again), len(changes))
		}
	})
}

// TestFlappingDay: a member flapping every 30 s for 24 h, as a feed of
// trees (4 changes a flip: the member, its pool, listener and load balancer).
func TestFlappingDay(t *testing.T) {
	m1 := "ONLINE"
	day(t, func(*testing.T) []serverapi.StatusLB {
		return []serverapi.StatusLB{tree("lb1", m1), tree("lb2", "ONLINE")}
	},
		func(down bool) {
			m1 = "ONLINE"
			if down {
				m1 = "ERROR"
			}
		})
}

// TestFlappingDayLab: the same flapping member, made by the lab's fault
// (PUT /lab/faults down_members) and polled from the lab's Octavia API
// (the list, then each status tree) as the server's feed does.
func TestFlappingDayLab(t *testing.T) {
	if testing.Short() {
		t.Skip("28,800 polls of the lab: not in -short")
	}
	var lab *labcloud.Cloud
	var token string
	poll := func(t *testing.T) []serverapi.StatusLB {
		var list struct {
			LBs []serverapi.StatusLB `json:"loadbalancers"`
		}
		get(t, lab, token, "/load-balancer/v2/lbaas/loadbalancers", &list)
		for i := range list.LBs {
			var tr struct {
				Statuses statuswire.Tree `json:"statuses"`
			}
			get(t, lab, token, "/load-balancer/v2/lbaas/loadbalancers/"+list.LBs[i].ID+"/status", &tr)
			if tr.Statuses.LoadBalancer.ID != list.LBs[i].ID {
				t.Fatalf("status tree of %s: %+v", list.LBs[i].ID, tr)
			}
			list.LBs[i].Tree = tr.Statuses.LoadBalancer
		}
		return list.LBs
	}
	synctestLab := func(t *testing.T) {
		lab = labcloud.New(labcloud.Options{Seed: 1, TokenTTL: 48 * time.Hour, Scenario: &labcloud.Scenario{
			LoadBalancers: []labcloud.ScenarioLB{{Project: "demo", Name: "web", Listener: &labcloud.ScenarioListener{
				Protocol: "HTTP", Port: 80, Members: []string{"10.0.0.11", "10.0.0.12"}, Monitor: "HTTP"}}},
		}})
		token = login(t, lab)
	}
	// The lab is made inside the test's bubble: its clock is the bubble's.
	day(t, func(t *testing.T) []serverapi.StatusLB {
		if lab == nil {
			synctestLab(t)
		}
		return poll(t)
	}, func(down bool) {
		f := labcloud.Faults{}
		if down {
			f.DownMembers = []string{"10.0.0.11"}
		}
		if err := lab.SetFaults(f); err != nil {
			t.Fatal(err)
		}
	})
}

func login(t *testing.T, lab http.Handler) string {
	t.Helper()
	body := `{"auth": {"identity": {"methods": ["password"], "password": {"user": {
		"name": "demo", "domain": {"name": "Default"}, "password": "demo"}}},
		"scope": {"project": {"name": "demo", "domain": {"id": "default"}}}}}`
	w := httptest.NewRecorder()
	lab.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/identity/v3/auth/tokens", strings.NewReader(body)))
	if w.Code != http.StatusCreated {
		t.Fatalf("login: %d %s", w.Code, w.Body)
	}
	return w.Header().Get("X-Subject-Token")
}

func get(t *testing.T, lab http.Handler, token, path string, v any) {
	t.Helper()
	r := httptest.NewRequest(http.MethodGet, path, nil)
	r.Header.Set("X-Auth-Token", token)
	w := httptest.NewRecorder()
	lab.ServeHTTP(w, r)
	if w.Code != http.StatusOK {
		t.Fatalf("GET %s: %d %s", path, w.Code, w.Body)
	}
	if err := json.Unmarshal(w.Body.Bytes(), v); err != nil {
		t.Fatal(fmt.Errorf("GET %s: %w", path, err))
	}
}
