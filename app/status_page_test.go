package app

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
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
			err := readEvents(strings.NewReader(tt.stream), func(d []byte) error {
				got = append(got, string(d))
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if !equalStrings(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestReadEventsStopsOnError(t *testing.T) {
	stop := errors.New("stop")
	calls := 0
	err := readEvents(strings.NewReader("data: 1\n\ndata: 2\n\n"), func([]byte) error { calls++; return stop })
	if !errors.Is(err, stop) || calls != 1 {
		t.Errorf("got err %v after %d calls, want stop after 1", err, calls)
	}
}

func TestWallStatusDecodes(t *testing.T) {
	body := `{"updated_at": "2026-11-29T12:00:00Z", "error": "", "load_balancers": [{"id": "lb1", "name": "web",
	  "vip_address": "10.0.0.5", "provisioning_status": "ACTIVE", "operating_status": "ONLINE",
	  "tree": {"id": "lb1", "name": "web", "provisioning_status": "ACTIVE", "operating_status": "ONLINE",
	    "listeners": [{"id": "l1", "name": "http", "provisioning_status": "ACTIVE", "operating_status": "ONLINE", "pools": []}]}}]}`
	var st wallStatus
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
