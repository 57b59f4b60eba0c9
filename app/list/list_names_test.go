package list

import (
	"strings"
	"testing"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
)

// The listener list's Default pool says the pool's name, its id in the
// title and the link; an unknown name shows the id cut short; the rows in
// view ask for exactly the pools their cells name, each once.
func TestCellsByName(t *testing.T) {
	cells := make([]string, len(console.ListenerRes.Columns))
	pool := "9f1e0c5a-2b1d-4c1e-8a3e-0d2b5c7f1a11"
	for i, c := range console.ListenerRes.Columns {
		if c.Key == "default_pool_id" {
			cells[i] = pool
		}
	}
	row := tab.Row{ID: "l1", Name: "http", Cells: cells}
	canLink := func(octavia.Kind) bool { return true }
	names := func(k octavia.Kind, id string) (string, bool) {
		return "web-pool", k == octavia.KindPool && id == pool
	}
	html := goapp.HTMLString(renderRow(console.ListenerRes, &row, time.Now(), canLink, nil, names))
	if !strings.Contains(html, ">web-pool</a>") || !strings.Contains(html, `title="`+pool+`"`) || !strings.Contains(html, `href="/pools/`+pool+`"`) {
		t.Errorf("the default pool by name: got %s", html)
	}
	html = goapp.HTMLString(renderRow(console.ListenerRes, &row, time.Now(), canLink, nil, nil))
	if !strings.Contains(html, ">"+console.Shorten(pool, 13)+"</a>") {
		t.Errorf("an unknown name: got %s, want the id cut short", html)
	}
	other := row
	other.ID = "l2"
	refs := console.CellRefs(console.ListenerRes, []tab.Row{row, other})
	if len(refs) != 1 || refs[0] != (octavia.Ref{Kind: octavia.KindPool, ID: pool}) {
		t.Errorf("names asked for: got %v, want the pool once", refs)
	}
}
