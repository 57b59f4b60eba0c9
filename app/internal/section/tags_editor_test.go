package section

import (
	"slices"
	"strings"
	"testing"

	"github.com/octaview/octaview/octavia"
)

func TestTagChangeText(t *testing.T) {
	tests := []struct {
		name   string
		change octavia.TagChange
		want   string
	}{
		{"add", octavia.TagChange{Add: []string{"blue"}}, "tags +blue"},
		{"remove", octavia.TagChange{Remove: []string{"old"}}, "tags -old"},
		{"both", octavia.TagChange{Add: []string{"a", "b"}, Remove: []string{"c"}}, "tags +a +b -c"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tagChangeText(tt.change); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestNewTags(t *testing.T) {
	tests := []struct {
		name  string
		input string
		have  []string
		want  []string
	}{
		{"one", "blue", nil, []string{"blue"}},
		{"commas and spaces", " a, b  c,,", nil, []string{"a", "b", "c"}},
		{"already there", "a, b", []string{"a"}, []string{"b"}},
		{"duplicates typed", "a a", nil, []string{"a"}},
		{"nothing", " , ", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := newTags(tt.input, tt.have); !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestTagOutcome(t *testing.T) {
	add := octavia.TagChange{Add: []string{"a"}}
	tests := []struct {
		name     string
		r        octavia.TagResult
		err      error
		wantTone string
		wantIn   []string
	}{
		{"saved", octavia.TagResult{Tags: []string{"a"}, Puts: 1}, nil, "ok", []string{"Saved +a."}},
		{"another writer's tags restored", octavia.TagResult{Tags: []string{"a", "x"}, Puts: 2, Restored: []string{"x"}}, nil, "warn",
			[]string{"Saved +a", "Another writer", "after 2 PUTs: x."}},
		{"ours lost", octavia.TagResult{Tags: []string{"x"}, Puts: 3, Lost: []string{"a"}},
			&octavia.Error{Code: octavia.ECONFLICT, StatusCode: 0}, "error", []string{"Not all of +a landed", "3 PUTs", "still not in place: a"}},
		{"forbidden", octavia.TagResult{Puts: 1}, &octavia.Error{Code: octavia.EFORBIDDEN, StatusCode: 403}, "error",
			[]string{"not changed", "403"}},
		{"busy past the wait", octavia.TagResult{Puts: 1}, &octavia.Error{Code: octavia.EIMMUTABLE, StatusCode: 409, Fault: "Invalid state PENDING_UPDATE of loadbalancer resource x"},
			"error", []string{"not changed", "busy (PENDING_UPDATE)"}},
		{"other", octavia.TagResult{}, &octavia.Error{Code: octavia.EUNAVAILABLE, StatusCode: 503}, "error", []string{"not changed", "could not be reached"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg, tone := tagOutcome(add, tt.r, tt.err, string(octavia.StatusActive))
			if tone != tt.wantTone {
				t.Errorf("got tone %q, want %q (%q)", tone, tt.wantTone, msg)
			}
			for _, w := range tt.wantIn {
				if !strings.Contains(msg, w) {
					t.Errorf("got %q, want it to contain %q", msg, w)
				}
			}
		})
	}
}

// TestTagsShown: the editor shows what its write read back until the page
// reads the object anew.
func TestTagsShown(t *testing.T) {
	tests := []struct {
		name       string
		tags       []string
		after, was []string
		want       []string
	}{
		{"no write yet", []string{"x"}, nil, nil, []string{"x"}},
		{"after a write, before the page's read", []string{"x"}, []string{"a", "x"}, []string{"x"}, []string{"a", "x"}},
		{"the page read the object again", []string{"a", "other", "x"}, []string{"a", "x"}, []string{"x"}, []string{"a", "other", "x"}},
		{"every tag removed", []string{"x"}, []string{}, []string{"x"}, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := &TagsEditor{Tags: tt.tags, after: tt.after, afterOf: tt.was}
			if got := e.shown(); !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
