package ui

import "testing"

func TestNumberWords(t *testing.T) {
	tests := []struct {
		name, key, val, want string
	}{
		{"no limit", "connection_limit", "-1", "no limit"},
		{"typed with spaces", "connection_limit", " -1 ", "no limit"},
		{"a limit says nothing more", "connection_limit", "100", ""},
		{"empty", "connection_limit", "", ""},
		{"not a number", "connection_limit", "x", ""},
		{"another field's -1", "weight", "-1", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := numberWords(tt.key, tt.val); got != tt.want {
				t.Errorf("numberWords(%q, %q): got %q, want %q", tt.key, tt.val, got, tt.want)
			}
		})
	}
}
