package ui

import "testing"

// TestVtableWindow: the rows a vtable renders cover the rows in view, the
// last rows of the list included, and never more than the bound.
func TestVtableWindow(t *testing.T) {
	tests := []struct {
		name               string
		first, count       int
		wantStart, wantEnd int
	}{
		{"empty", 0, 0, 0, 0},
		{"shorter than the window", 0, 35, 0, 35},
		{"top", 0, 10002, 0, 90},
		{"middle, aligned down to a step", 4975, 10002, 4970, 5060},
		{"bottom: the last row is in", 9957, 10002, 9920, 10002},
		{"past the end (the list shrank)", 9000, 50, 0, 50},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start, end := Window(tt.first, tt.count)
			if start != tt.wantStart || end != tt.wantEnd {
				t.Errorf("window(%d, %d): got [%d, %d), want [%d, %d)", tt.first, tt.count, start, end, tt.wantStart, tt.wantEnd)
			}
			if end-start > vtableWindow+vtableStep {
				t.Errorf("got %d rows, want at most %d", end-start, vtableWindow+vtableStep)
			}
		})
	}
}
