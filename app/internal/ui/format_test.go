package ui

import (
	"testing"
	"time"

	"github.com/octaview/octaview/octavia"
)

func TestStatusClass(t *testing.T) {
	tests := []struct {
		name, status, want string
	}{
		{"active", string(octavia.StatusActive), "st-ok"},
		{"online", string(octavia.OperatingOnline), "st-ok"},
		{"lower case", "active", "st-ok"},
		{"pending create", string(octavia.StatusPendingCreate), "st-pending"},
		{"pending delete lower", "pending_delete", "st-pending"},
		{"error", string(octavia.StatusError), "st-error"},
		{"degraded", string(octavia.OperatingDegraded), "st-warn"},
		{"offline", string(octavia.OperatingOffline), "st-off"},
		{"deleted", string(octavia.StatusDeleted), "st-off"},
		{"no monitor", string(octavia.OperatingNoMonitor), "st-info"},
		{"draining", string(octavia.OperatingDraining), "st-drain"},
		{"missing", "", "st-unknown"},
		{"unknown word", "BOOTING", "st-unknown"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := StatusClass(tt.status); got != tt.want {
				t.Errorf("statusClass(%q): got %q, want %q", tt.status, got, tt.want)
			}
		})
	}
}

func TestFormatElapsed(t *testing.T) {
	tests := []struct {
		name string
		d    time.Duration
		want string
	}{
		{"zero", 0, "0 s"},
		{"negative", -time.Second, "0 s"},
		{"seconds", 42*time.Second + 900*time.Millisecond, "42 s"},
		{"minutes", 2*time.Minute + 5*time.Second, "2 min 05 s"},
		{"hours", time.Hour + 3*time.Minute + 10*time.Second, "1 h 03 min"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FormatElapsed(tt.d); got != tt.want {
				t.Errorf("formatElapsed(%v): got %q, want %q", tt.d, got, tt.want)
			}
		})
	}
}

func TestFormatAgo(t *testing.T) {
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		t    time.Time
		want string
	}{
		{"zero", time.Time{}, "—"},
		{"just now", now.Add(-2 * time.Second), "just now"},
		{"seconds", now.Add(-12 * time.Second), "12 s ago"},
		{"minutes", now.Add(-5 * time.Minute), "5 min ago"},
		{"hours", now.Add(-3 * time.Hour), "3 h ago"},
		{"days", now.Add(-96 * time.Hour), "4 d ago"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FormatAgo(tt.t, now); got != tt.want {
				t.Errorf("formatAgo: got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestFormatTime(t *testing.T) {
	paris := time.FixedZone("CET", 3600)
	if got, want := FormatTime(time.Date(2026, 11, 29, 13, 4, 5, 0, paris)), "2026-11-29 12:04:05"; got != want {
		t.Errorf("formatTime: got %q, want %q (UTC)", got, want)
	}
	if got := FormatTime(time.Time{}); got != "—" {
		t.Errorf("formatTime(zero): got %q, want —", got)
	}
}

func TestDisplayName(t *testing.T) {
	tests := []struct {
		name, lbName, id, want string
	}{
		{"named", "web", "0123456789", "web"},
		{"hostile name stays as it is", "<img src=x onerror=alert(1)>", "1", "<img src=x onerror=alert(1)>"},
		{"unnamed", "", "0123456789abcdef", "(no name) 01234567"},
		{"short id", "", "abc", "(no name) abc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := DisplayName(tt.lbName, tt.id); got != tt.want {
				t.Errorf("displayName(%q, %q): got %q, want %q", tt.lbName, tt.id, got, tt.want)
			}
		})
	}
}
