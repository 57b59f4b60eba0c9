package wall

import (
	"strings"
	"testing"

	"github.com/octaview/octaview/app/serverapi"
)

func TestSortedNotesNewestFirst(t *testing.T) {
	notes := []serverapi.WallNote{
		{ID: "a", At: "2026-12-06T09:00:00Z"},
		{ID: "b", At: "2026-12-06T10:32:00Z"},
		{ID: "bad", At: "noon"},
		{ID: "c", At: "2026-12-06T10:00:00Z"},
	}
	var got []string
	for _, n := range sortedNotes(notes) {
		got = append(got, n.ID)
	}
	if want := "b c a bad"; strings.Join(got, " ") != want {
		t.Errorf("got %v, want %s", got, want)
	}
	if notes[0].ID != "a" {
		t.Errorf("sortedNotes reordered the wall's own slice")
	}
}

func TestNoteCheck(t *testing.T) {
	tests := []struct {
		name, text string
		ok         bool
	}{
		{"a note", "Degraded in region X, investigating", true},
		{"blank", "  \n ", false},
		{"at the limit", strings.Repeat("é", noteMax), true},
		{"too long", strings.Repeat("x", noteMax+1), false},
		{"hostile text is text", `<img src=x onerror=alert(1)>`, true},
	}
	for _, tt := range tests {
		if got := noteCheck(tt.text); (got == "") != tt.ok {
			t.Errorf("%s: got %q, want ok=%v", tt.name, got, tt.ok)
		}
	}
}

func TestSinceText(t *testing.T) {
	now := mustTime(t, "2026-12-06T13:12:30Z")
	if got, want := sinceText(mustTime(t, "2026-12-06T10:00:00Z"), now), "for 3 h 12 min"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := sinceText(mustTime(t, "2026-12-06T13:12:00Z"), now), "for 30 s"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
