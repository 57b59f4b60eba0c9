package app

import (
	"testing"
	"time"

	"github.com/octaview/octaview/octavia"
)

func TestLogoutNotice(t *testing.T) {
	expires := time.Date(2026, 11, 30, 17, 4, 5, 0, time.UTC)
	down := &octavia.Error{Code: octavia.EUNAVAILABLE, Op: "log out", StatusCode: 503, Fault: "Keystone is down for maintenance"}
	tests := []struct {
		name      string
		err       error
		expiresAt time.Time
		want      string
	}{
		{"revoked", nil, expires,
			"You are logged out; your token was revoked."},
		{"not revoked: why, and until when",
			down, expires,
			"You are logged out here, but your token could not be revoked: the service could not be reached. Keystone is down for maintenance; it expires at 2026-11-30 17:04:05 UTC."},
		{"not revoked, expiry unknown",
			down, time.Time{},
			"You are logged out here, but your token could not be revoked: the service could not be reached. Keystone is down for maintenance; it stays valid until Keystone expires it."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := logoutNotice(tt.err, tt.expiresAt); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSignOutLeavesTheNoticeOnce(t *testing.T) {
	setSession(&session{})
	signOut("bye")
	if s := currentSession(); s != nil {
		t.Errorf("session after signOut: got %+v, want none", s)
	}
	if got := takeBye(); got != "bye" {
		t.Errorf("first takeBye: got %q, want %q", got, "bye")
	}
	if got := takeBye(); got != "" {
		t.Errorf("second takeBye: got %q, want nothing (the notice is shown once)", got)
	}
}
