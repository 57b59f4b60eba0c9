package trainer

import (
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
)

// progress is the progress grid, trainee × step, each cell the time the
// step passed, and the column it is sorted on. UI goroutine.
type progress struct {
	sortCol int  // the column sorted on: 0 the trainee, i step i
	sortRev bool // descending
}

// rows are the trainees in the grid's order: by the time they passed the
// step sorted on (not passed last), then by user name (trainee2 before
// trainee10).
func (p *progress) rows(trainees []serverapi.Trainee) []serverapi.Trainee {
	return console.Sorted(trainees, func(a, b *serverapi.Trainee) int {
		c := 0
		if p.sortCol > 0 {
			c = strings.Compare(orLast(passedAt(*a, p.sortCol-1)), orLast(passedAt(*b, p.sortCol-1)))
		}
		if c == 0 {
			c = traineeOrder(a.User, b.User)
		}
		if p.sortRev {
			c = -c
		}
		return c
	})
}

// render is class cl's progress grid: a bounded list (vtable), with the
// same grid as CSV; nothing without an exercise.
func (p *progress) render(cl serverapi.Class) goapp.UI {
	ex := cl.Exercise
	if ex == nil {
		return goapp.Div()
	}
	rows := p.rows(cl.Trainees)
	cols := []ui.Vcol{{Title: "Trainee", Width: "12%"}}
	w := strconv.Itoa(88/max(1, len(ex.Steps))) + "%"
	for i, s := range ex.Steps {
		cols = append(cols, ui.Vcol{Title: strconv.Itoa(i+1) + ". " + s.Title, Width: w})
	}
	return goapp.Section().ID("trainer-progress").Class("card").Aria("labelledby", "progress-title").Body(
		ui.ClassDivBody("card-head",
			goapp.H2().ID("progress-title").Text("Progress: "+ex.Title),
			ui.ClassDiv("spacer"),
			goapp.A().ID("progress-csv").Class("btn", "btn-small").Href(serverapi.TrainerProgressCSV).Attr("download", "progress.csv").Text("Download CSV")),

		&ui.Vtable{ID: "progress-grid", Cols: cols, Count: len(rows), Sorted: p.sortCol, SortRev: p.sortRev, Sort: func(ctx goapp.Context, col int) {
			if col == p.sortCol {
				p.sortRev = !p.sortRev
			} else {
				p.sortCol, p.sortRev = col, false
			}
		}, Row: func(i int) goapp.UI {
			t := rows[i]
			cells := []goapp.UI{ui.ClassTdText("name", t.User)}
			for j := range ex.Steps {
				cell := "—"
				cls := "step-todo"
				if j < len(t.Steps) && t.Steps[j].PassedAt != "" {
					cell, cls = "✓ "+clockOf(t.Steps[j].PassedAt), "step-done"
				}
				cells = append(cells, ui.ClassTd("grid-cell", cls).DataSet("passed", passedAt(t, j)).Text(cell))
			}
			return goapp.Tr().Class("grid-row").DataSet("user", t.User).Body(cells...)
		}},
	)
}

// orLast sorts a step not passed after every time.
func orLast(at string) string {
	if at == "" {
		return "~"
	}
	return at
}

func passedAt(t serverapi.Trainee, j int) string {
	if j < len(t.Steps) {
		return t.Steps[j].PassedAt
	}
	return ""
}

// traineeOrder orders user names by their number (trainee2 before
// trainee10), as the CSV does.
func traineeOrder(a, b string) int {
	na, ea := strconv.Atoi(strings.TrimLeft(a, "abcdefghijklmnopqrstuvwxyz"))
	nb, eb := strconv.Atoi(strings.TrimLeft(b, "abcdefghijklmnopqrstuvwxyz"))
	if ea == nil && eb == nil && na != nb {
		return na - nb
	}
	return strings.Compare(a, b)
}
