package section

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/listeners"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/loadbalancers"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// statsWindow is how far back the live chart of a stats panel goes.
const statsWindow = 5 * time.Minute

// The tab's Runtime holds the one poller of stats (its stats Hub): every
// panel that shows the stats of a load balancer or of a listener subscribes
// to the same key, so a resource costs one GET of its stats per 3 s however
// many views show it, and none once no view does.

// statsKey is the stats Hub key of the stats of resource (kind, id) as the
// session's project sees it.
func statsKey(sess *tab.Session, kind octavia.Kind, id string) string {
	return sess.Info.ProjectID + "/stats/" + string(kind) + "/" + id
}

// errNoStats is a stats answer without its "stats" object.
var errNoStats = errors.New("the answer holds no stats")

// FetchStats reads the stats of a load balancer (GET
// /v2/lbaas/loadbalancers/{id}/stats) or of a listener (GET
// /v2/lbaas/listeners/{id}/stats), stamped with the time of the answer; any
// other kind is an error, without a request. Blocks: the Hub calls it on
// its loop's goroutine.
func FetchStats(c *octavia.Client, kind octavia.Kind, id string) func(ctx context.Context) (tab.StatsSample, error) {
	return func(ctx context.Context) (tab.StatsSample, error) {
		var s *loadbalancers.Stats
		var err error
		switch kind {
		case octavia.KindLoadBalancer:
			s, err = c.LoadBalancerStats(ctx, id)
		case octavia.KindListener:
			var ls *listeners.Stats
			if ls, err = c.ListenerStats(ctx, id); ls != nil {
				s = (*loadbalancers.Stats)(ls) // the same counters
			}
		default:
			return tab.StatsSample{}, fmt.Errorf("no stats for a %s: only load balancers and listeners have them", kind)
		}
		switch {
		case err != nil:
			return tab.StatsSample{}, err
		case s == nil:
			return tab.StatsSample{}, errNoStats
		}
		return tab.StatsSample{At: time.Now(), BytesIn: int64(s.BytesIn), BytesOut: int64(s.BytesOut),
			ActiveConnections: int64(s.ActiveConnections), TotalConnections: int64(s.TotalConnections),
			RequestErrors: int64(s.RequestErrors)}, nil
	}
}

// WatchStats subscribes fn to the shared poll of the stats of (kind, id):
// a GET every 3 s, the first at once or, when the poll already runs, its
// latest answer replayed. fn runs on the Hub's goroutine: hop to the UI
// goroutine with ctx.Dispatch. stop leaves the poll.
func WatchStats(sess *tab.Session, kind octavia.Kind, id string, fn func(waiters.Update[tab.StatsSample])) (stop func()) {
	key := statsKey(sess, kind, id)
	hub := sess.Runtime().StatsHub()
	return hub.Subscribe(key, tab.SharedHubFetch(sess, "stats", hub, key, FetchStats(sess.Client, kind, id)), fn) // the tabs share it (crosstab.go)
}

// StatsRate is the traffic per second between two samples, at the time of
// the later one. Start marks the first point of a series: the chart's line
// breaks before it (a counter went down, or the panel just began).
type StatsRate struct {
	At          time.Time
	BytesIn     float64 // bytes received per second
	BytesOut    float64 // bytes sent per second
	Connections float64 // new connections per second
	Errors      float64 // request errors per second
	Start       bool
}

// StatsSeries turns successive samples into rates per second over the last
// window (statsWindow when 0). Pure: no clock, no I/O.
type StatsSeries struct {
	Window  time.Duration
	Last    tab.StatsSample // the newest sample taken
	HasLast bool
	Rates   []StatsRate // oldest first, none older than Window before Last.At
	Resets  int         // how many times a counter went down
	start   bool        // the next rate starts a new series
}

// Add takes sample x and reports whether it did. A sample not newer than
// the last one (the Hub's replay of a poll already taken, or an older one)
// is skipped. A sample whose cumulative counters (bytes, total connections,
// request errors) went down, after a failover or a restart, gives no rate:
// it becomes the base of a new series, so the chart shows a gap, never a
// negative rate. The active connections are a gauge and may go down.
func (s *StatsSeries) Add(x tab.StatsSample) bool {
	if s.HasLast && !x.At.After(s.Last.At) {
		return false
	}
	prev, had := s.Last, s.HasLast
	s.Last, s.HasLast = x, true
	switch {
	case !had:
		s.start = true
	case x.BytesIn < prev.BytesIn || x.BytesOut < prev.BytesOut ||
		x.TotalConnections < prev.TotalConnections || x.RequestErrors < prev.RequestErrors:
		s.Resets++
		s.start = true
	default:
		dt := x.At.Sub(prev.At).Seconds()
		s.Rates = append(s.Rates, StatsRate{
			At:          x.At,
			BytesIn:     float64(x.BytesIn-prev.BytesIn) / dt,
			BytesOut:    float64(x.BytesOut-prev.BytesOut) / dt,
			Connections: float64(x.TotalConnections-prev.TotalConnections) / dt,
			Errors:      float64(x.RequestErrors-prev.RequestErrors) / dt,
			Start:       s.start,
		})
		s.start = false
	}
	s.trim()
	return true
}

// trim drops the rates older than the window before the last sample.
func (s *StatsSeries) trim() {
	w := s.Window
	if w <= 0 {
		w = statsWindow
	}
	cut := s.Last.At.Add(-w)
	i := 0
	for i < len(s.Rates) && s.Rates[i].At.Before(cut) {
		i++
	}
	if i > 0 {
		s.Rates = append(s.Rates[:0:0], s.Rates[i:]...)
	}
}

// Latest is the newest rate, and whether it is from the last sample (false
// when the last sample began a new series, or there is no rate yet).
func (s *StatsSeries) Latest() (StatsRate, bool) {
	if len(s.Rates) == 0 {
		return StatsRate{}, false
	}
	r := s.Rates[len(s.Rates)-1]
	return r, r.At.Equal(s.Last.At)
}

// statsPanel shows the live stats of a load balancer or a listener (Kind:
// octavia.KindLoadBalancer or octavia.KindListener; ID: its id): Octavia's
// counters as text and a chart of their rates over the last 5 minutes. It
// reads them through the stats Hub while it is mounted.
type statsPanel struct {
	goapp.Compo

	Kind octavia.Kind
	ID   string

	rt     *tab.Runtime // the tab's (statsCard)
	key    string       // what the panel is subscribed to; "" = nothing
	stop   func()
	series StatsSeries
	polls  int
	err    string
}

// OnMount subscribes to the stats poll. UI goroutine.
func (p *statsPanel) OnMount(ctx goapp.Context) { p.subscribe(ctx) }

// OnUpdate follows a parent that now shows another resource. UI goroutine.
func (p *statsPanel) OnUpdate(ctx goapp.Context) {
	if sess := p.rt.CurrentSession(); sess == nil || statsKey(sess, p.Kind, p.ID) != p.key {
		p.unsubscribe()
		p.subscribe(ctx)
	}
}

// OnDismount leaves the poll: go-app's context is never cancelled, so
// without this the GETs would go on for ever. UI goroutine.
func (p *statsPanel) OnDismount() { p.unsubscribe() }

func (p *statsPanel) subscribe(ctx goapp.Context) {
	p.series, p.polls, p.err = StatsSeries{}, 0, ""
	sess := p.rt.CurrentSession()
	if sess == nil || p.ID == "" {
		return
	}
	key := statsKey(sess, p.Kind, p.ID)
	p.key = key
	p.stop = WatchStats(sess, p.Kind, p.ID, func(u waiters.Update[tab.StatsSample]) {
		ctx.Dispatch(func(ctx goapp.Context) {
			if p.key != key {
				return // an answer for what the panel showed before
			}
			p.take(u)
		})
	})
}

func (p *statsPanel) unsubscribe() {
	if p.stop != nil {
		p.stop()
	}
	p.stop, p.key = nil, ""
}

// take is one poll: a failed read is said and keeps what was shown. UI
// goroutine.
func (p *statsPanel) take(u waiters.Update[tab.StatsSample]) {
	p.polls++
	if u.Err != nil {
		p.err = octavia.Message(u.Err)
		return
	}
	p.err = ""
	p.series.Add(u.Value)
}

func (p *statsPanel) Render() goapp.UI {
	s := &p.series
	root := ui.ClassDiv("stats-panel").Attr("data-kind", string(p.Kind)).Attr("data-id", p.ID).
		Attr("data-polls", p.polls)
	if !s.HasLast {
		if p.err != "" {
			return root.Body(ui.ClassP("stats-error", "st-error-text").Text("The stats could not be read: " + p.err))
		}
		return root.Body(ui.ClassP("empty", "loading").Text("Reading the stats…"))
	}
	x := s.Last
	r, fresh := s.Latest()
	rate := func(v float64, format func(float64) string) string {
		if !fresh {
			return "—"
		}
		return format(v)
	}
	return root.Body(
		ui.ClassDivBody("stats-head",
			ui.ClassSpan("live").Title("Read through one shared poll every 3 s while a view shows them").
				Text("live · every 3 s"),
			ui.ClassSpanText("stats-at", "read at "+x.At.UTC().Format("15:04:05")+" UTC"),
			goapp.If(p.err != "", func() goapp.UI {
				return ui.ClassSpan("stats-error", "st-error-text").Text("Last read failed: " + p.err)
			}),
			goapp.If(s.Resets > 0, func() goapp.UI {
				return ui.ClassSpan("stats-reset").Title("A counter went down (a failover or a restart): the chart starts a new line").
					Textf("counters reset %d×", s.Resets)
			})),

		goapp.Dl().Class("stats-figures").Body(
			statsFigure("bytes_in", "Bytes in", FormatBytes(x.BytesIn), x.BytesIn, rate(r.BytesIn, FormatByteRate)),
			statsFigure("bytes_out", "Bytes out", FormatBytes(x.BytesOut), x.BytesOut, rate(r.BytesOut, FormatByteRate)),
			statsFigure("active_connections", "Active connections", FormatCount(x.ActiveConnections), x.ActiveConnections, ""),
			statsFigure("total_connections", "Total connections", FormatCount(x.TotalConnections), x.TotalConnections, rate(r.Connections, FormatPerSecond)),
			statsFigure("request_errors", "Request errors", FormatCount(x.RequestErrors), x.RequestErrors, rate(r.Errors, FormatPerSecond)),
		),
		ui.ClassDivBody("stats-charts",
			renderStatsChart(s, TrafficChart),
			renderStatsChart(s, ConnectionsChart)),
	)
}

// statsFigure is one counter as text: its value (data-value holds Octavia's
// exact number) and, for the cumulative ones, its rate.
func statsFigure(field, label, value string, raw int64, rate string) goapp.UI {
	return ui.ClassDiv("stats-figure").Attr("data-stat", field).Body(
		goapp.Dt().Text(label),
		goapp.Dd().Body(
			ui.ClassSpan("stats-value").Attr("data-value", raw).Title(fmt.Sprintf("%d", raw)).Text(value),
			goapp.If(rate != "", func() goapp.UI {
				return ui.ClassSpanText("stats-rate", rate)
			}),
		),
	)
}

// statsCard is the "Live stats" card of a load balancer's or listener's
// page, in the tab whose runtime is rt.
func statsCard(rt *tab.Runtime, kind octavia.Kind, id string) goapp.UI {
	return goapp.Section().Class("card").Body(goapp.H2().Text("Live stats"), &statsPanel{Kind: kind, ID: id, rt: rt})
}
