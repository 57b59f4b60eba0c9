package section

import (
	"context"
	"slices"
	"strconv"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/octavia/amphoracontrol"
)

// amphoraStats is an amphora's counters on its page: one row per listener
// and their sum, read once when shown and again on Refresh (not polled).
type amphoraStats struct {
	goapp.Compo
	ID string

	rt     *tab.Runtime // the tab's (the section's SectionEnv)
	read   string       // the amphora whose counters are shown
	status ui.LoadStatus
	err    string
	none   bool // Octavia has no statistics for it (404)
	stats  []amphoracontrol.Stats
	at     time.Time
}

func (s *amphoraStats) OnMount(ctx goapp.Context) { s.load(ctx) }

func (s *amphoraStats) OnUpdate(ctx goapp.Context) {
	if s.read != s.ID {
		s.load(ctx)
	}
}

// load reads the counters. UI goroutine.
func (s *amphoraStats) load(ctx goapp.Context) {
	sess := s.rt.CurrentSession()
	if sess == nil || s.status == ui.Loading {
		return
	}
	s.read, s.status, s.err = s.ID, ui.Loading, ""
	id := s.ID
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		stats, err := sess.Client.AmphoraStats(c, id)
		ctx.Dispatch(func(ctx goapp.Context) {
			if id != s.ID {
				return
			}
			s.status, s.at, s.none = ui.Loaded, time.Now(), false
			switch {
			case octavia.ErrorCodeOf(err) == octavia.ENOTFOUND:
				// the amphora is there (its page read it): Octavia has no
				// statistics recorded for it (Zed answers 404 "Amphora stats
				// for … not found." until an amphora agent reports some)
				s.none = true
			case err != nil:
				s.status, s.err = ui.LoadFailed, octavia.Message(err)
			}
			s.stats = stats
		})
	})
}

func (s *amphoraStats) Render() goapp.UI {
	var body goapp.UI
	switch {
	case s.status != ui.Loaded:
		body = readState(s.status, "amp-stats-error", "The counters could not be read: "+s.err, "Reading the counters…")
	case s.none:
		body = ui.IDP("amp-stats-none").Class("muted").Text(ampStatsNone)
	case len(s.stats) == 0:
		body = ui.IDP("amp-stats-empty").Class("muted").Text("No listener: no counters.")
	default:
		rows := StatsRows(s.stats)
		trs := make([]goapp.UI, 0, len(rows))
		for i, r := range rows {
			cells := []goapp.UI{ui.ClassTdText("mono", r[0])}
			if i < len(s.stats) {
				cells[0] = ui.ClassTd("mono").Body(goapp.A().Href(console.ResourceOf(octavia.KindListener).DetailPathOf("", r[0])).Text(console.Shorten(r[0], 13)))
			}
			for _, v := range r[1:] {
				cells = append(cells, ui.ClassTdText("num", v))
			}
			trs = append(trs, goapp.Tr().Class(map[bool]string{true: "stats-total", false: "stats-row"}[i == len(s.stats)]).Body(cells...))
		}
		head := []goapp.UI{}
		for _, h := range statsColumns {
			head = append(head, goapp.Th().Text(h))
		}
		body = ui.ClassDivBody("table-wrap", goapp.Table().ID("amp-stats").Class("table", "table-compact").Body(
			goapp.THead().Body(goapp.Tr().Body(head...)), goapp.TBody().Body(trs...)))

	}
	return goapp.Section().Class("card").Body(
		ui.ClassDivBody("card-head",
			goapp.H2().Text("Statistics"),
			ui.ClassDiv("spacer"),
			goapp.If(!s.at.IsZero(), func() goapp.UI { return ui.ClassSpanText("muted", "read at "+ui.FormatTime(s.at)+" UTC") }),
			ui.IDButton("amp-stats-refresh").Class("btn", "btn-small").Disabled(s.status == ui.Loading).
				OnClick(func(ctx goapp.Context, e goapp.Event) { s.load(ctx) }).Text("Refresh")),

		body,
	)
}

// ampStatsNone is what an amphora's page says when Octavia has no
// statistics for it (404 on its stats, the amphora itself being there).
const ampStatsNone = "No statistics for this amphora: Octavia has none recorded. Its amphora agent reports them once the load balancer has a listener; a deployment without agents (noop drivers) never has any."

// statsColumns are the titles of the statistics table.
var statsColumns = []string{"Listener", "Active connections", "Total connections", "Bytes in", "Bytes out", "Request errors"}

// StatsRows are the statistics table's rows: one per listener (its id
// first), then their sum ("All listeners"), numbers grouped by thousands.
func StatsRows(stats []amphoracontrol.Stats) [][]string {
	out := make([][]string, 0, len(stats)+1)
	for _, st := range append(slices.Clone(stats), amphoracontrol.Sum(stats, "")) {
		out = append(out, []string{st.ListenerID, Grouped(st.ActiveConnections), Grouped(st.TotalConnections),
			Grouped(st.BytesIn), Grouped(st.BytesOut), Grouped(st.RequestErrors)})
	}
	out[len(out)-1][0] = "All listeners"
	return out
}

// Grouped writes n with its thousands separated by commas: 1,234,567.
func Grouped(n int) string {
	s := strconv.Itoa(n)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}
