package wall

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/octaview/octaview/app/internal/site"
	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

func TestReadEvents(t *testing.T) {
	tests := []struct {
		name, stream string
		want         []string
	}{
		{"one event", "data: {\"a\":1}\n\n", []string{`{"a":1}`}},
		{"two events and a comment", ": keep-alive\n\ndata: 1\n\ndata:2\n\n", []string{"1", "2"}},
		{"multi-line data", "data: a\ndata: b\n\n", []string{"a\nb"}},
		{"other fields ignored", "event: status\nid: 7\ndata: x\n\n", []string{"x"}},
		{"unterminated event is not delivered", "data: partial\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			err := site.ReadEvents(strings.NewReader(tt.stream), func(d []byte) error {
				got = append(got, string(d))
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestReadEventsStopsOnError(t *testing.T) {
	stop := errors.New("stop")
	calls := 0
	err := site.ReadEvents(strings.NewReader("data: 1\n\ndata: 2\n\n"), func([]byte) error { calls++; return stop })
	if !errors.Is(err, stop) || calls != 1 {
		t.Errorf("got err %v after %d calls, want stop after 1", err, calls)
	}
}

func TestWallStatusDecodes(t *testing.T) {
	body := `{"updated_at": "2026-11-29T12:00:00Z", "error": "", "load_balancers": [{"id": "lb1", "name": "web",
	  "vip_address": "10.0.0.5", "provisioning_status": "ACTIVE", "operating_status": "ONLINE",
	  "tree": {"id": "lb1", "name": "web", "provisioning_status": "ACTIVE", "operating_status": "ONLINE",
	    "listeners": [{"id": "l1", "name": "http", "provisioning_status": "ACTIVE", "operating_status": "ONLINE", "pools": []}]}}]}`
	var st serverapi.Status
	if err := json.Unmarshal([]byte(body), &st); err != nil {
		t.Fatal(err)
	}
	if len(st.LoadBalancers) != 1 || st.LoadBalancers[0].VIPAddress != "10.0.0.5" || len(st.LoadBalancers[0].Tree.Listeners) != 1 {
		t.Errorf("got %+v, want one load balancer with its VIP and a one-listener tree", st)
	}
	if got, want := wallUpdatedText(st.UpdatedAt, "live"), "updated 12:00:00 UTC · live"; got != want {
		t.Errorf("wallUpdatedText: got %q, want %q", got, want)
	}
	if got, want := wallUpdatedText("", ""), "not updated yet"; got != want {
		t.Errorf("wallUpdatedText before any poll: got %q, want %q", got, want)
	}
}

func TestCountWall(t *testing.T) {
	lb := func(prov octavia.ProvisioningStatus, op octavia.OperatingStatus) serverapi.StatusLB {
		return serverapi.StatusLB{ProvisioningStatus: string(prov), OperatingStatus: string(op)}
	}
	tests := []struct {
		name string
		lbs  []serverapi.StatusLB
		want wallCounts
	}{
		{"none", nil, wallCounts{}},
		{"one of each", []serverapi.StatusLB{
			lb(octavia.StatusActive, octavia.OperatingOnline),
			lb(octavia.StatusActive, octavia.OperatingDegraded),
			lb(octavia.StatusError, octavia.OperatingError),
			lb(octavia.StatusPendingUpdate, octavia.OperatingOnline),
			lb(octavia.StatusActive, octavia.OperatingOffline),
		}, wallCounts{online: 2, degraded: 1, failed: 1, changing: 1}},
		{"lower case", []serverapi.StatusLB{{ProvisioningStatus: "pending_create", OperatingStatus: "online"}},
			wallCounts{online: 1, changing: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := countWall(tt.lbs); got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

// wallServer is an in-memory server for followStatus (no sockets, so it works
// in a synctest bubble): its event stream fails with 503 the first time, then
// sends one event and stays open; /api/status answers after answerDelay. It
// logs every request as "path@elapsed".
type wallServer struct {
	start       time.Time
	answerDelay time.Duration

	mu      sync.Mutex
	log     []string
	streams int
}

func (s *wallServer) RoundTrip(r *http.Request) (*http.Response, error) {
	s.mu.Lock()
	s.log = append(s.log, fmt.Sprintf("%s@%v", r.URL.Path, time.Since(s.start)))
	if r.URL.Path == serverapi.StatusEventsPath {
		s.streams++
	}
	streams := s.streams
	s.mu.Unlock()
	answer := func(code int, body io.Reader) *http.Response {
		return &http.Response{StatusCode: code, Status: http.StatusText(code), Header: http.Header{}, Body: io.NopCloser(body), Request: r}
	}
	switch r.URL.Path {
	case serverapi.StatusEventsPath:
		if streams == 1 {
			return answer(http.StatusServiceUnavailable, strings.NewReader("")), nil
		}
		return answer(http.StatusOK, io.MultiReader(strings.NewReader(`data: {"updated_at": "2026-11-29T12:00:00Z"}`+"\n\n"), ctxReader{r.Context()})), nil
	case serverapi.StatusPath:
		time.Sleep(s.answerDelay)
		return answer(http.StatusOK, strings.NewReader(`{"updated_at": "2026-11-29T12:00:00Z", "load_balancers": []}`)), nil
	}
	return answer(http.StatusNotFound, strings.NewReader("")), nil
}

// ctxReader is a stream that sends nothing more until its request ends.
type ctxReader struct{ ctx context.Context }

func (r ctxReader) Read([]byte) (int, error) {
	<-r.ctx.Done()
	return 0, r.ctx.Err()
}

// TestFollowStatusFallsBackToPolling: when the event stream fails, the wall polls
// /api/status on the Hub (at once, then 3 s after each answer) ten times, then
// follows the stream again.
func TestFollowStatusFallsBackToPolling(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		srv := &wallServer{start: time.Now(), answerDelay: time.Second}
		c, cancel := context.WithCancel(t.Context())
		var modes []string // only one deliver call at a time
		done := make(chan struct{})
		go func() {
			followStatus(c, waiters.NewHub[serverapi.Status](waiters.DefaultInterval), &http.Client{Transport: srv}, "http://wall.test", func(st serverapi.Status, err error, mode string) {
				if err != nil {
					mode += " " + err.Error()
				}
				modes = append(modes, mode)
			})
			close(done)
		}()
		time.Sleep(time.Minute)
		synctest.Wait()
		cancel()
		<-done

		var want []string
		for i := range wallPolls {
			want = append(want, fmt.Sprintf("%s@%v", serverapi.StatusPath, time.Duration(4*i)*time.Second))
		}
		want = append([]string{serverapi.StatusEventsPath + "@0s"}, want...)
		want = append(want, serverapi.StatusEventsPath+"@37s")
		if !slices.Equal(srv.log, want) {
			t.Errorf("requests: got %v, want %v (polls 3 s after each 1 s answer, then the stream again)", srv.log, want)
		}
		wantModes := append(slices.Repeat([]string{"polling"}, wallPolls), "live")
		if !slices.Equal(modes, wantModes) {
			t.Errorf("deliveries: got %v, want %v", modes, wantModes)
		}
	})
}
