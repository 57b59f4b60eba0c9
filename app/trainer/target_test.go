package trainer

import (
	"slices"
	"testing"

	"github.com/octaview/octaview/app/serverapi"
)

// TestTarget: the forms act on the ticked trainees still in the class (in
// order), on every trainee, or on the lab; with nobody ticked they say
// what to do.
func TestTarget(t *testing.T) {
	class := []serverapi.Trainee{{Project: "p2"}, {Project: "p1"}, {Project: "p3"}}
	for _, tt := range []struct {
		name     string
		to       target
		projects []string
		all      bool
		text     string
		missing  bool
	}{
		{"ticked", target{selected: map[string]bool{"p3": true, "p1": true, "gone": true}, mode: "selected"}, []string{"p1", "p3"}, false, "p1, p3", false},
		{"nobody ticked", target{selected: map[string]bool{"p2": false}, mode: "selected"}, nil, false, "", true},
		{"every trainee", target{selected: map[string]bool{}, mode: "all"}, nil, true, "every trainee", false},
		{"the lab", target{selected: map[string]bool{}, mode: "lab"}, nil, false, "the whole lab", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.to.projects(class)
			if !slices.Equal(r.Projects, tt.projects) || r.All != tt.all {
				t.Errorf("projects: got %v all %v, want %v all %v", r.Projects, r.All, tt.projects, tt.all)
			}
			if got := tt.to.text(class); got != tt.text {
				t.Errorf("text: got %q, want %q", got, tt.text)
			}
			if got := tt.to.missing(class) != ""; got != tt.missing {
				t.Errorf("missing: got %v, want %v", got, tt.missing)
			}
		})
	}
}
