package wall

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/octaview/octaview/app/serverapi"
)

func TestWallRefOf(t *testing.T) {
	tests := []struct {
		path string
		want wallRef
		ok   bool
	}{
		{"/walls/noc", "noc", true},
		{"/walls/noc/", "noc", true},
		{"/walls/customer-a/s3cr3t", "customer-a/s3cr3t", true},
		{"/walls/a%2Fb", "a%2Fb", true},
		{"/walls/", "", false},
		{"/walls/a/b/c", "", false},
		{"/walls/../api", "", false},
		{"/status", "", false},
	}
	for _, tt := range tests {
		got, ok := wallRefOf(tt.path)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s: got %q %v, want %q %v", tt.path, got, ok, tt.want, tt.ok)
		}
	}
}

// fakeWalls serves one wall "noc/tok": its events (each Wall of events,
// then the stream ends) unless eventsDown, and its JSON; any other wall is
// a 404.
type fakeWalls struct {
	mu         sync.Mutex
	events     []serverapi.Wall
	eventsDown bool
	paths      []string
}

func (f *fakeWalls) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.paths = append(f.paths, r.URL.Path)
	events, down := f.events, f.eventsDown
	f.mu.Unlock()
	switch r.URL.Path {
	case serverapi.WallEventsPath + "noc/tok":
		if down {
			http.Error(w, "busy", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		for _, e := range events {
			fmt.Fprintf(w, "data: {\"name\":%q,\"title\":%q,\"updated_at\":%q}\n\n", e.Name, e.Title, e.UpdatedAt)
		}
	case serverapi.WallStatusPath + "noc/tok":
		fmt.Fprint(w, `{"name":"noc","title":"polled","updated_at":"2026-12-06T10:00:00Z"}`)
	case serverapi.WallStatusPath + "noc/early":
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprint(w, `{"faultcode": "Server", "faultstring": "The wall has no data yet.", "debuginfo": null}`)
	default:
		http.NotFound(w, r)
	}
}

// follow runs followWall against f until want deliveries came (or 10 s
// passed) and returns them as "mode:title" or "mode:error".
func follow(t *testing.T, f *fakeWalls, ref wallRef, want int) []string {
	t.Helper()
	srv := httptest.NewServer(f)
	defer srv.Close()
	c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var got []string
	done := make(chan struct{})
	go func() {
		defer close(done)
		followWall(c, srv.Client(), srv.URL, ref, func(w serverapi.Wall, err error, mode string) {
			if err != nil {
				got = append(got, mode+":"+err.Error())
			} else {
				got = append(got, mode+":"+w.Title)
			}
			if len(got) == want {
				cancel()
			}
		})
	}()
	<-done
	return got
}

func TestFollowWallLive(t *testing.T) {
	f := &fakeWalls{events: []serverapi.Wall{{Name: "noc", Title: "one"}, {Name: "noc", Title: "two"}}}
	got := follow(t, f, "noc/tok", 3)
	if want := "live:one live:two live:one"; strings.Join(got, " ") != want {
		t.Errorf("got %q, want %q (the stream, followed again after it ended)", got, want)
	}
}

func TestFollowWallPollsWhenEventsFail(t *testing.T) {
	f := &fakeWalls{eventsDown: true}
	got := follow(t, f, "noc/tok", 1)
	if want := "polling:polled"; strings.Join(got, " ") != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestFollowWallNoSuchWall(t *testing.T) {
	f := &fakeWalls{}
	got := follow(t, f, "noc/wrong", 5)
	if len(got) != 1 || got[0] != ":"+errNoWall.Error() {
		t.Errorf("got %q, want one %q and the end of the feed", got, errNoWall)
	}
	for _, p := range f.paths {
		if strings.HasPrefix(p, serverapi.WallStatusPath) {
			t.Errorf("the feed polled %s after the server said there is no such wall", p)
		}
	}
}

func TestGetWallSaysTheServersWords(t *testing.T) {
	srv := httptest.NewServer(&fakeWalls{})
	defer srv.Close()
	var w serverapi.Wall
	err := getWall(context.Background(), srv.Client(), srv.URL, "noc/early", &w)
	if err == nil || !strings.Contains(err.Error(), "The wall has no data yet.") || !strings.Contains(err.Error(), "503") {
		t.Errorf("got %v, want the server's faultstring and status", err)
	}
}

func TestWallErrorsKeepTheTokenOut(t *testing.T) {
	var w serverapi.Wall
	err := getWall(context.Background(), http.DefaultClient, "http://127.0.0.1:1", "noc/s3cr3t", &w)
	if err == nil || strings.Contains(err.Error(), "s3cr3t") {
		t.Errorf("got %v, want an error that does not name the token", err)
	}
	err = streamWall(context.Background(), http.DefaultClient, "http://127.0.0.1:1", "noc/s3cr3t", func(serverapi.Wall, error) {})
	if err == nil || strings.Contains(err.Error(), "s3cr3t") {
		t.Errorf("events: got %v, want an error that does not name the token", err)
	}
	refused := errors.New("POST /api/wall/notes/noc/s3cr3t: 403 Forbidden")
	if got := noteError(refused, "noc/s3cr3t"); strings.Contains(got, "s3cr3t") || !strings.Contains(got, "403 Forbidden") {
		t.Errorf("noteError: got %q, want the status without the token", got)
	}
}
