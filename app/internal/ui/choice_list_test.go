package ui

import (
	"slices"
	"testing"
)

// TestJoinTicked: ticking and unticking a TLS version keeps the choices'
// order (an edit that ticks back what it unticked sends nothing), an item
// the API set that is not a choice stays, and two boxes ticked before the
// field is drawn again both count.
func TestJoinTicked(t *testing.T) {
	choices := []string{"SSLv3", "TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3"}
	for _, tt := range []struct {
		name   string
		ticked []string
		c      string
		on     bool
		want   string
	}{
		{"tick one", nil, "TLSv1.3", true, "TLSv1.3"},
		{"tick before: the choices' order", []string{"TLSv1.3"}, "TLSv1.2", true, "TLSv1.2\nTLSv1.3"},
		{"untick", []string{"TLSv1.2", "TLSv1.3"}, "TLSv1.2", false, "TLSv1.3"},
		{"untick the last: none (the cloud's default)", []string{"TLSv1.3"}, "TLSv1.3", false, ""},
		{"an unknown item stays after", []string{"TLSv1.3", "TLSv9"}, "TLSv1.2", true, "TLSv1.2\nTLSv1.3\nTLSv9"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			on := make([]bool, len(choices))
			for i, c := range choices {
				on[i] = c == tt.c && tt.on || c != tt.c && slices.Contains(tt.ticked, c)
			}
			if got := joinTicked(choices, tt.ticked, on); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestJoinTickedTwoClicks: TLSv1.3 then TLSv1.2 ticked before go-app draws
// the field again (the value it was drawn with has neither): both are sent.
func TestJoinTickedTwoClicks(t *testing.T) {
	choices := []string{"SSLv3", "TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3"}
	if got := joinTicked(choices, nil, []bool{false, false, false, true, true}); got != "TLSv1.2\nTLSv1.3" {
		t.Errorf("got %q, want both", got)
	}
}
