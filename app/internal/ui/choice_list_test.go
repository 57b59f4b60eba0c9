package ui

import "testing"

// TestToggled: ticking and unticking a TLS version keeps the choices'
// order (an edit that ticks back what it unticked sends nothing), and an
// item the API set that is not a choice stays.
func TestToggled(t *testing.T) {
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
			if got := toggled(choices, tt.ticked, tt.c, tt.on); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
