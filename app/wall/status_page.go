package wall

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/site"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/waiters"
)

// wallPolls is how many polls of /api/status the wall makes, when the
// event stream fails, before it tries the stream again.
const wallPolls = 10

// wallReconnect is how long the wall waits before following again a stream
// that the server ended (a restart, a proxy's timeout).
const wallReconnect = time.Second

// Page is the anonymous, read-only wall screen of the server's
// status-page mode: every load balancer of one project and its tree. It
// follows /api/status/events and, when the stream fails, polls /api/status
// (followStatus).
type Page struct {
	goapp.Compo

	status  ui.LoadStatus
	err     string
	data    serverapi.Status
	mode    string // "live" (events) or "polling"
	off     bool   // the server runs no status page
	cancel  context.CancelFunc
	lastMsg time.Time

	rt *tab.Runtime // the tab's (New)
}

// New is the status wall of the tab whose runtime is rt (its route's).
func New(rt *tab.Runtime) *Page { return &Page{rt: rt} }

func (p *Page) OnNav(ctx goapp.Context) {
	if goapp.IsServer || p.cancel != nil {
		return
	}
	c, cancel := context.WithCancel(context.Background())
	p.cancel = cancel
	p.status = ui.Loading
	origin := site.OriginOf(ui.WindowURL())
	ctx.Async(func() { p.follow(c, ctx, origin) })
}

func (p *Page) OnDismount() {
	if p.cancel != nil {
		p.cancel()
		p.cancel = nil
	}
}

// follow says so when the server runs no status page, else follows its
// status until c is canceled. Runs in ctx.Async.
func (p *Page) follow(c context.Context, ctx goapp.Context, origin string) {
	cfg, known := p.rt.Startup().Config()
	if !known {
		known = site.GetJSON(c, http.DefaultClient, origin, serverapi.ConfigPath, &cfg) == nil
	}
	if known && !cfg.StatusPage {
		ctx.Dispatch(func(ctx goapp.Context) { p.status, p.off = ui.Loaded, true })
		return
	}
	followStatus(c, p.rt.WallHub(), http.DefaultClient, origin, func(st serverapi.Status, err error, mode string) {
		p.deliver(ctx, st, err, mode)
	})
}

// followStatus follows the status page of the server at origin, with hc,
// until c is done: its event stream ("live"), followed again wallReconnect
// after the server ends it; when the stream fails, wallPolls polls of
// /api/status on hub, the tab's (console.Runtime.WallHub: one loop per
// origin; "polling": at once, then 3 s after each answer), then the stream
// again. deliver gets every snapshot, or the error of a poll or of an
// event, with the mode; it is called from followStatus's goroutine or from
// hub's loop, one call at a time.
func followStatus(c context.Context, hub *waiters.Hub[serverapi.Status], hc *http.Client, origin string, deliver func(st serverapi.Status, err error, mode string)) {
	for c.Err() == nil {
		err := streamStatus(c, hc, origin, func(st serverapi.Status, err error) { deliver(st, err, "live") })
		if c.Err() != nil {
			return
		}
		if err == nil {
			select {
			case <-c.Done():
				return
			case <-time.After(wallReconnect):
			}
			continue
		}
		goapp.Log("octaview: status events:", err)
		pollStatus(c, hub, hc, origin, func(st serverapi.Status, err error) { deliver(st, err, "polling") })
	}
}

// streamStatus reads the server's status events until the stream ends (nil)
// or fails, or c is done.
func streamStatus(c context.Context, hc *http.Client, origin string, deliver func(serverapi.Status, error)) error {
	req, err := http.NewRequestWithContext(c, http.MethodGet, origin+serverapi.StatusEventsPath, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "text/event-stream")
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %s", serverapi.StatusEventsPath, resp.Status)
	}
	return site.ReadEvents(resp.Body, func(data []byte) error {
		var st serverapi.Status
		err := json.Unmarshal(data, &st)
		deliver(st, err)
		return nil
	})
}

// pollStatus polls /api/status on hub until wallPolls polls were
// delivered or c is done.
func pollStatus(c context.Context, hub *waiters.Hub[serverapi.Status], hc *http.Client, origin string, deliver func(serverapi.Status, error)) {
	enough := make(chan struct{})
	polls := 0 // only the hub's loop touches it
	stop := hub.Subscribe(origin+serverapi.StatusPath, func(ctx context.Context) (serverapi.Status, error) {
		var st serverapi.Status
		err := site.GetJSON(ctx, hc, origin, serverapi.StatusPath, &st)
		return st, err
	}, func(u waiters.Update[serverapi.Status]) {
		deliver(u.Value, u.Err)
		if polls++; polls == wallPolls {
			close(enough)
		}
	})
	defer stop()
	select {
	case <-c.Done():
	case <-enough:
	}
}

func (p *Page) deliver(ctx goapp.Context, st serverapi.Status, err error, mode string) {
	ctx.Dispatch(func(ctx goapp.Context) {
		p.mode, p.lastMsg = mode, time.Now()
		if err != nil {
			if p.status != ui.Loaded {
				p.status = ui.LoadFailed
			}
			p.err = err.Error()
			return
		}
		p.data, p.status, p.err = st, ui.Loaded, ""
	})
}

func (p *Page) Render() goapp.UI {
	lbs := p.data.LoadBalancers
	n := countWall(lbs)
	return ui.ClassDivBody("wall",
		ui.SkipLink(),
		goapp.Header().Class("wall-head").Body(
			ui.Decorative(goapp.Img().Src("/web/icon.svg").Class("brand-icon")),
			goapp.H1().Text("Load balancer status"),
			ui.ClassDiv("spacer"),
			ui.ClassSpan("wall-count", "st-ok-text").Textf("%d online", n.online),
			goapp.If(n.degraded > 0, func() goapp.UI {
				return ui.ClassSpan("wall-count", "st-warn-text").Textf("%d degraded", n.degraded)
			}),
			goapp.If(n.failed > 0, func() goapp.UI {
				return ui.ClassSpan("wall-count", "st-error-text").Textf("%d in error", n.failed)
			}),
			goapp.If(n.changing > 0, func() goapp.UI {
				return ui.ClassSpan("wall-count", "st-pending-text").Textf("%d changing", n.changing)
			}),
			ui.IDSpan("wall-updated").Class("wall-updated").Text(wallUpdatedText(p.data.UpdatedAt, p.mode)),
		),
		ui.MainContent().Body(
			&site.UpdateNotice{AutoReload: true},
			console.RenderTreeLegend(),
			goapp.If(p.data.Error != "", func() goapp.UI {
				return ui.ClassDiv("alert", "alert-error").Text("The server's last poll of the cloud failed: " + p.data.Error)
			}),
			goapp.If(p.err != "", func() goapp.UI {
				return ui.ClassDiv("alert", "alert-error").Text("This screen lost the server: " + p.err)
			}),
			goapp.If(p.off, func() goapp.UI {
				return ui.IDClassDiv("wall-off", "empty").Text("This server has no status page: start it with -status-cloud NAME (a clouds.yaml entry, ideally a reader application credential).")
			}).ElseIf(p.status == ui.Loading, func() goapp.UI {
				return ui.ClassDiv("empty", "loading").Text("Connecting to the status feed…")
			}).ElseIf(p.status == ui.Loaded && len(lbs) == 0 && p.data.UpdatedAt != "", func() goapp.UI {
				return ui.ClassDivText("empty", "No load balancers in this project.")
			}),
			ui.ClassDivBody("wall-grid", ui.RangeSlice(lbs, func(i int) goapp.UI {
				lb := lbs[i]
				return goapp.Section().Class("wall-card", "card-"+ui.StatusClass(lb.OperatingStatus)).DataSet("id", lb.ID).Body(
					ui.ClassDivBody("wall-card-head",
						goapp.H2().Text(ui.DisplayName(lb.Name, lb.ID)),
						ui.MonoText(lb.VIPAddress),
						ui.ClassDiv("spacer"),
						console.Badge(lb.ProvisioningStatus),
						console.Badge(lb.OperatingStatus)),

					console.RenderStatusTree(lb.Tree, false),
				)
			})),
		))

}

// wallCounts is the wall's summary: load balancers by operating status
// (online, degraded, in error) and those whose provisioning is changing
// (PENDING_*).
type wallCounts struct {
	online, degraded, failed, changing int
}

func countWall(lbs []serverapi.StatusLB) wallCounts {
	var n wallCounts
	for _, lb := range lbs {
		switch ui.ToneOf(lb.OperatingStatus) {
		case ui.ToneOK:
			n.online++
		case ui.ToneWarn:
			n.degraded++
		case ui.ToneError:
			n.failed++
		}
		if ui.ToneOf(lb.ProvisioningStatus) == ui.TonePending {
			n.changing++
		}
	}
	return n
}

// wallUpdatedText says how fresh the wall is, from the server's
// updated_at (RFC 3339).
func wallUpdatedText(updatedAt, mode string) string {
	updated, err := time.Parse(time.RFC3339, updatedAt)
	if err != nil {
		return "not updated yet"
	}
	s := "updated " + updated.UTC().Format("15:04:05") + " UTC"
	if mode != "" {
		s += " · " + mode
	}
	return s
}
