package trainer

import (
	"slices"
	"testing"

	"github.com/octaview/octaview/app/serverapi"
)

// TestProgressRows: the grid lists trainees by number (trainee2 before
// trainee10), or by when they passed the step sorted on, those who did
// not pass it last; descending reverses it.
func TestProgressRows(t *testing.T) {
	passed := func(at string) []serverapi.StepState { return []serverapi.StepState{{PassedAt: at}} }
	class := []serverapi.Trainee{
		{User: "trainee10", Steps: passed("2026-12-03T10:00:00Z")},
		{User: "trainee2"},
		{User: "trainee1", Steps: passed("2026-12-03T10:05:00Z")},
	}
	for _, tt := range []struct {
		name string
		p    progress
		want []string
	}{
		{"by trainee", progress{}, []string{"trainee1", "trainee2", "trainee10"}},
		{"by trainee, descending", progress{sortRev: true}, []string{"trainee10", "trainee2", "trainee1"}},
		{"by step 1", progress{sortCol: 1}, []string{"trainee10", "trainee1", "trainee2"}},
		{"by step 1, descending", progress{sortCol: 1, sortRev: true}, []string{"trainee2", "trainee1", "trainee10"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, r := range tt.p.rows(class) {
				got = append(got, r.User)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}
