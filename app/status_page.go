package app

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/octavia"
)

// wallStatus is the server's /api/status answer (and each of its
// /api/status/events events): one project's load balancers and their trees.
type wallStatus struct {
	UpdatedAt     string   `json:"updated_at"` // RFC 3339; "" before the first good poll
	Error         string   `json:"error"`
	LoadBalancers []wallLB `json:"load_balancers"`
}

type wallLB struct {
	ID                 string                     `json:"id"`
	Name               string                     `json:"name"`
	VIPAddress         string                     `json:"vip_address"`
	ProvisioningStatus string                     `json:"provisioning_status"`
	OperatingStatus    string                     `json:"operating_status"`
	Tree               octavia.StatusLoadBalancer `json:"tree"`
}

// readEvents reads a server-sent event stream and calls fn with the data of
// every event (its "data:" lines joined by newlines), until r ends or fn
// returns an error, which it returns.
func readEvents(r io.Reader, fn func(data []byte) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	var data []byte
	has := false
	for sc.Scan() {
		line := sc.Bytes()
		switch {
		case len(line) == 0:
			if has {
				if err := fn(data); err != nil {
					return err
				}
			}
			data, has = data[:0], false
		case line[0] == ':':
			// a comment (keep-alive)
		case bytes.HasPrefix(line, []byte("data:")):
			v := bytes.TrimPrefix(bytes.TrimPrefix(line, []byte("data:")), []byte(" "))
			if has {
				data = append(data, '\n')
			}
			data, has = append(data, v...), true
		}
	}
	return sc.Err()
}

// wallPollInterval is how often the wall polls /api/status when the event
// stream is not available.
const wallPollInterval = 3 * time.Second

// statusWallPage is the anonymous, read-only wall screen of the server's
// status-page mode: every load balancer of one project and its tree. It
// follows /api/status/events and, when the stream fails, polls /api/status
// every 3 s.
type statusWallPage struct {
	goapp.Compo

	status  loadStatus
	err     string
	data    wallStatus
	mode    string // "live" (events) or "polling"
	off     bool   // the server runs no status page
	cancel  context.CancelFunc
	lastMsg time.Time
}

func (p *statusWallPage) OnNav(ctx goapp.Context) {
	if goapp.IsServer || p.cancel != nil {
		return
	}
	c, cancel := context.WithCancel(context.Background())
	p.cancel = cancel
	p.status = loading
	origin := originOf(goapp.Window().URL())
	ctx.Async(func() { p.follow(c, ctx, origin) })
}

func (p *statusWallPage) OnDismount() {
	if p.cancel != nil {
		p.cancel()
		p.cancel = nil
	}
}

// follow reads the event stream, falling back to polling. Runs in
// ctx.Async until c is canceled.
func (p *statusWallPage) follow(c context.Context, ctx goapp.Context, origin string) {
	var cfg serverConfig
	if err := getJSON(c, origin, configPath, &cfg); err == nil && !cfg.StatusPage {
		ctx.Dispatch(func(ctx goapp.Context) { p.status, p.off = loaded, true })
		return
	}
	for c.Err() == nil {
		err := p.stream(c, ctx, origin)
		if c.Err() != nil {
			return
		}
		if err == nil {
			// The server ended the stream (a restart, a proxy's timeout): follow it again.
			select {
			case <-c.Done():
				return
			case <-time.After(time.Second):
			}
			continue
		}
		goapp.Log("octaview: status events:", err)
		// Poll for a while, then try the stream again.
		for i := 0; i < 10 && c.Err() == nil; i++ {
			var st wallStatus
			err := getJSON(c, origin, statusPath, &st)
			p.deliver(ctx, st, err, "polling")
			select {
			case <-c.Done():
				return
			case <-time.After(wallPollInterval):
			}
		}
	}
}

func (p *statusWallPage) stream(c context.Context, ctx goapp.Context, origin string) error {
	req, err := http.NewRequestWithContext(c, http.MethodGet, origin+statusEventsPath, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %s", statusEventsPath, resp.Status)
	}
	return readEvents(resp.Body, func(data []byte) error {
		var st wallStatus
		err := json.Unmarshal(data, &st)
		p.deliver(ctx, st, err, "live")
		return nil
	})
}

func (p *statusWallPage) deliver(ctx goapp.Context, st wallStatus, err error, mode string) {
	ctx.Dispatch(func(ctx goapp.Context) {
		p.mode, p.lastMsg = mode, time.Now()
		if err != nil {
			if p.status != loaded {
				p.status = loadFailed
			}
			p.err = err.Error()
			return
		}
		p.data, p.status, p.err = st, loaded, ""
	})
}

func (p *statusWallPage) Render() goapp.UI {
	lbs := p.data.LoadBalancers
	counts := map[string]int{}
	for _, lb := range lbs {
		counts[statusClass(lb.OperatingStatus)]++
		if isPending(lb.ProvisioningStatus) || statusClass(lb.ProvisioningStatus) == "st-error" {
			counts["prov-"+statusClass(lb.ProvisioningStatus)]++
		}
	}
	return goapp.Div().Class("wall").Body(
		goapp.Header().Class("wall-head").Body(
			goapp.Img().Src("/web/icon.svg").Alt("").Class("brand-icon"),
			goapp.H1().Text("Load balancer status"),
			goapp.Div().Class("spacer"),
			goapp.Span().Class("wall-count", "st-ok-text").Textf("%d online", counts["st-ok"]),
			goapp.If(counts["st-warn"] > 0, func() goapp.UI {
				return goapp.Span().Class("wall-count", "st-warn-text").Textf("%d degraded", counts["st-warn"])
			}),
			goapp.If(counts["st-error"] > 0, func() goapp.UI {
				return goapp.Span().Class("wall-count", "st-error-text").Textf("%d in error", counts["st-error"])
			}),
			goapp.If(counts["prov-st-pending"] > 0, func() goapp.UI {
				return goapp.Span().Class("wall-count", "st-pending-text").Textf("%d changing", counts["prov-st-pending"])
			}),
			goapp.Span().ID("wall-updated").Class("wall-updated").Text(wallUpdatedText(p.data.UpdatedAt, p.mode)),
		),
		renderTreeLegend(),
		goapp.If(p.data.Error != "", func() goapp.UI {
			return goapp.Div().Class("alert", "alert-error").Text("The server's last poll of the cloud failed: " + p.data.Error)
		}),
		goapp.If(p.err != "", func() goapp.UI {
			return goapp.Div().Class("alert", "alert-error").Text("This screen lost the server: " + p.err)
		}),
		goapp.If(p.off, func() goapp.UI {
			return goapp.Div().ID("wall-off").Class("empty").Text("This server has no status page: start it with -status-cloud NAME (a clouds.yaml entry, ideally a reader application credential).")
		}).ElseIf(p.status == loading, func() goapp.UI {
			return goapp.Div().Class("empty", "loading").Text("Connecting to the status feed…")
		}).ElseIf(p.status == loaded && len(lbs) == 0 && p.data.UpdatedAt != "", func() goapp.UI {
			return goapp.Div().Class("empty").Text("No load balancers in this project.")
		}),
		goapp.Div().Class("wall-grid").Body(goapp.Range(lbs).Slice(func(i int) goapp.UI {
			lb := lbs[i]
			return goapp.Section().Class("wall-card", "card-"+statusClass(lb.OperatingStatus)).DataSet("id", lb.ID).Body(
				goapp.Div().Class("wall-card-head").Body(
					goapp.H2().Text(displayName(lb.Name, lb.ID)),
					goapp.Span().Class("mono").Text(orDash(lb.VIPAddress)),
					goapp.Div().Class("spacer"),
					badge(lb.ProvisioningStatus),
					badge(lb.OperatingStatus),
				),
				renderStatusTree(lb.Tree),
			)
		})),
	)
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
