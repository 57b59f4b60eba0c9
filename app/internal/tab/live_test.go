package tab

import (
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/octavia"
)

// TestStatusSeen: the tab notes when it first saw each status; a status
// there at the first read is "at least" that old; a change starts afresh.
func TestStatusSeen(t *testing.T) {
	rt := NewRuntime()
	sess := &Session{Info: octavia.Session{ProjectID: "p"}, rt: rt}
	other := &Session{Info: octavia.Session{ProjectID: "other"}, rt: rt} // the same tab
	t0 := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	NoteStatus(sess, "m1", "ACTIVE", "ERROR", t0)
	NoteStatus(sess, "m1", "ACTIVE", "ERROR", t0.Add(3*time.Second)) // no change: the first sight stays
	s, ok := SeenSince(sess, "m1", "oper", "ERROR")
	if !ok || !s.Already || !s.Since.Equal(t0) {
		t.Fatalf("got %+v, %v", s, ok)
	}
	if got := s.ForText(t0.Add(125 * time.Second)); !strings.HasPrefix(got, "for at least 2 min") || !strings.Contains(got, "12:00:00 UTC") {
		t.Errorf("got %q", got)
	}
	NoteStatus(sess, "m1", "ACTIVE", "ONLINE", t0.Add(6*time.Second))
	NoteStatus(sess, "m1", "ACTIVE", "ERROR", t0.Add(9*time.Second))
	s, _ = SeenSince(sess, "m1", "oper", "ERROR")
	if s.Already || !s.Since.Equal(t0.Add(9*time.Second)) {
		t.Errorf("after a change: got %+v, want since 12:00:09, not at least", s)
	}
	if got := s.ForText(t0.Add(19 * time.Second)); !strings.HasPrefix(got, "for 10 s (since 12:00:09 UTC)") {
		t.Errorf("got %q", got)
	}
	if _, ok := SeenSince(other, "m1", "oper", "ERROR"); ok {
		t.Errorf("another project's note was used")
	}
}
