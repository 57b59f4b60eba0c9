//go:build !js

package app

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/detail"
	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/site"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/list"
	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
)

// FirstScreen reads what the first render of the page at page reads
// (firstRead for a list page; detailRead for a detail page: the object,
// and for an object of a load balancer's tree its load balancer's lookup
// when its answer does not name it and that load balancer's status tree), as
// the app would: with the app's own client, whose requests
// go through rt (the server's proxy, given the page request's session
// cookie: rt puts nothing else in), on origin. It returns the page's Served
// (the list reads, Octavia's answers as they came) and the HTML of the
// page's root element as the app renders it from them (the same
// components: the frame, the counts, the rows). The session's token is
// validated first (GET /v3/auth/tokens, as the app's restore does): its
// roles and project decide the query and the frame. Server only; it blocks
// until ctx is done.
func FirstScreen(ctx context.Context, origin string, rt http.RoundTripper, cfg serverapi.Config, page *url.URL) (*serverapi.Served, string, error) {
	return FirstScreenIn(ctx, origin, rt, cfg, page, "")
}

// FirstScreenIn is FirstScreen in region, the region the request's region
// cookie names (serverapi.RegionCookie, the app's picked region; "" =
// none): the reads ask the proxy for it (serverapi.RegionHeader) when the
// token's catalog lists it, else for the server's region (region is then
// ignored: nothing else is made of it). The frame names the region the
// reads came from (regionOf, as the app's header does), and Served.Region
// the one they asked for, which the app's client compares with its own
// (takeServed).
func FirstScreenIn(ctx context.Context, origin string, rt http.RoundTripper, cfg serverapi.Config, page *url.URL, region string) (*serverapi.Served, string, error) {
	pr, ok := console.ParsePage(page.Path)
	detail := ok && pr.Mode == "detail"
	if !ok || !detail && (pr.Mode != "list" || !pr.Res.Paged) {
		return nil, "", ErrNoFirstScreen // nothing to read: not even the token's validation
	}
	rec := &recordReads{next: rt}
	occ := site.ClientConfig(origin, "", "", "", "")
	occ.Token = serverapi.SessionToken
	occ.HTTPClient = &http.Client{Transport: rec}
	client, err := octavia.New(ctx, occ)
	if err != nil {
		return nil, "", err
	}
	if !slices.Contains(client.Regions(), region) {
		region = "" // not the token's: the server's region
	}
	rec.region = region
	sess := tab.NewSession(nil, client, cfg)
	sess.Info.Region = tab.RegionOf(sess.Regions, region, cfg.Region)
	if detail {
		return firstScreenDetail(ctx, rec, client, sess, page)
	}
	pr, q, ok := list.FirstRead(sess, page)
	if !ok {
		return nil, "", ErrNoFirstScreen
	}
	readAt := time.Now().UTC().Truncate(time.Second) // as Served.ReadAt says it
	rec.start()
	var rows []tab.Row
	for r, err := range list.ReadRows(ctx, client, pr.Res, q) {
		if err != nil {
			return nil, "", err
		}
		if rows = append(rows, r); len(rows) == list.First {
			break
		}
	}
	tab.SortRows(rows)
	p := list.ServedPage(sess, pr.Res, page, rows, readAt, true)
	served := &serverapi.Served{Page: page.RequestURI(), Region: rec.region, ReadAt: readAt.Format(time.RFC3339), Reads: rec.reads()}
	if len(served.Reads) == 0 {
		return nil, "", errors.New("the first render's read went nowhere")
	}
	return served, goapp.HTMLString(p), nil
}

// firstScreenDetail is FirstScreen for a detail page (detailRead): the
// object, its load balancer's lookup and status tree (readDetail), every
// read kept (a page whose reads were not all answered is not served), the
// page's root rendered from them as the app's first render renders it
// (detailPageOf).
func firstScreenDetail(ctx context.Context, rec *recordReads, client *octavia.Client, sess *tab.Session, page *url.URL) (*serverapi.Served, string, error) {
	pr, ok := detail.FirstRead(sess, page)
	if !ok {
		return nil, "", ErrNoFirstScreen
	}
	readAt := time.Now().UTC().Truncate(time.Second)
	rec.start()
	d, err := detail.ReadFirst(ctx, client, pr)
	if err != nil {
		return nil, "", err
	}
	d.Path, d.At = page.Path, readAt
	served := &serverapi.Served{Page: page.RequestURI(), Region: rec.region, ReadAt: readAt.Format(time.RFC3339), Reads: rec.reads()}
	if len(served.Reads) == 0 || len(served.Reads) != rec.sent() {
		return nil, "", errors.New("the first render's reads went elsewhere")
	}
	return served, goapp.HTMLString(detail.PageOf(sess, pr, page.Path, d, true)), nil
}

// recordReads is the client's transport of FirstScreen: it marks each
// request as the session's (serverapi.SessionHeader: the proxy then puts
// the cookie's token in place of serverapi.SessionToken) and, once started,
// keeps each GET's 200 answer.
type recordReads struct {
	next   http.RoundTripper
	region string // asked for (serverapi.RegionHeader; "" = the server's)

	mu   sync.Mutex
	on   bool
	n    int // requests sent since start
	kept []serverapi.ServedRead
}

// sent is the count of requests sent since start.
func (t *recordReads) sent() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.n
}

func (t *recordReads) start() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.on = true
}

func (t *recordReads) reads() []serverapi.ServedRead {
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.Clone(t.kept)
}

func (t *recordReads) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set(serverapi.SessionHeader, serverapi.SessionUnbound)
	if t.region != "" {
		r.Header.Set(serverapi.RegionHeader, t.region)
	}
	resp, err := t.next.RoundTrip(r)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	on := t.on
	if on {
		t.n++
	}
	t.mu.Unlock()
	if !on || r.Method != http.MethodGet || resp.StatusCode != http.StatusOK {
		return resp, nil
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	t.mu.Lock()
	t.kept = append(t.kept, serverapi.ServedRead{URL: r.URL.RequestURI(), Body: string(body)})
	t.mu.Unlock()
	return resp, nil
}
