package trainer

import (
	"slices"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
)

// target is whom the trainer's forms act on: the trainees ticked on their
// tiles (mode "selected"), every trainee ("all") or the whole lab ("lab",
// faults only). UI goroutine.
type target struct {
	selected map[string]bool // projects ticked on the tiles
	mode     string
}

// projects is what the forms act on, of the class's trainees.
func (t target) projects(trainees []serverapi.Trainee) serverapi.ProjectsRequest {
	if t.mode == "all" {
		return serverapi.ProjectsRequest{All: true}
	}
	var out []string
	for _, tr := range trainees {
		if t.selected[tr.Project] {
			out = append(out, tr.Project)
		}
	}
	slices.Sort(out)
	return serverapi.ProjectsRequest{Projects: out}
}

// text says the target in words ("" when no trainee is ticked).
func (t target) text(trainees []serverapi.Trainee) string {
	switch t.mode {
	case "all":
		return "every trainee"
	case "lab":
		return "the whole lab"
	}
	return strings.Join(t.projects(trainees).Projects, ", ")
}

// missing says what to do when the forms have nobody to act on ("" when
// they have).
func (t target) missing(trainees []serverapi.Trainee) string {
	if t.mode != "selected" || len(t.projects(trainees).Projects) > 0 {
		return ""
	}
	return "Tick the trainees to act on (on their tiles), or choose every trainee."
}

// radio is the choice of mode value.
func (t *target) radio(id, value, label string) goapp.UI {
	return ui.ClassSpan("check-row").Body(
		goapp.Input().Type("radio").Name("target").ID(id).Value(value).Checked(t.mode == value).
			OnChange(func(ctx goapp.Context, e goapp.Event) { t.mode = value }),
		goapp.Label().For(id).Text(label),
	)
}
