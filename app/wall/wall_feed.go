package wall

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/site"
	"github.com/octaview/octaview/app/serverapi"
)

// The feed of a configured wall (serverapi.Wall): its server-sent events
// at WallEventsPath, and when they fail, polls of WallStatusPath, as the
// /status wall follows its own (followStatus).

// errNoWall is the server's answer for a wall its walls file does not
// have (or a wrong token: the server does not tell them apart).
var errNoWall = errors.New("no such wall")

// wallPollEvery is the time between two polls of a wall's JSON when its
// events fail: the server's poll interval.
const wallPollEvery = 3 * time.Second

// wallRef is the part of a wall's URL after serverapi.WallPagePath:
// "name" or "name/token", as escaped in the URL. The API paths end with
// the same.
type wallRef string

// wallRefOf reads a wall's reference from its page's escaped path
// (serverapi.WallPagePath + name[/token]); ok is false for any other path.
func wallRefOf(escapedPath string) (ref wallRef, ok bool) {
	rest, found := strings.CutPrefix(escapedPath, serverapi.WallPagePath)
	if !found {
		return "", false
	}
	rest = strings.TrimSuffix(rest, "/")
	parts := strings.Split(rest, "/")
	if len(parts) > 2 {
		return "", false
	}
	for _, p := range parts {
		if p == "" || p == "." || p == ".." {
			return "", false
		}
	}
	return wallRef(rest), true
}

// followWall follows the wall ref of the server at origin, with hc, until
// c is done or the server says there is no such wall: its event stream
// ("live"), followed again wallReconnect after the server ends it; when the
// stream fails, wallPolls polls of its JSON wallPollEvery apart
// ("polling"), then the stream again. deliver gets every Wall, or the
// error of a poll or an event (errNoWall, after which followWall returns),
// with the mode, from followWall's goroutine.
func followWall(c context.Context, hc *http.Client, origin string, ref wallRef, deliver func(w serverapi.Wall, err error, mode string)) {
	for c.Err() == nil {
		err := streamWall(c, hc, origin, ref, func(w serverapi.Wall, err error) { deliver(w, err, "live") })
		if c.Err() != nil {
			return
		}
		if errors.Is(err, errNoWall) {
			deliver(serverapi.Wall{}, err, "")
			return
		}
		if err == nil {
			if !sleep(c, wallReconnect) {
				return
			}
			continue
		}
		goapp.Log("octaview: wall events:", err)
		for i := 0; i < wallPolls; i++ {
			var w serverapi.Wall
			err := getWall(c, hc, origin, ref, &w)
			if c.Err() != nil {
				return
			}
			deliver(w, err, "polling")
			if errors.Is(err, errNoWall) {
				return
			}
			if !sleep(c, wallPollEvery) {
				return
			}
		}
	}
}

// sleep waits d or until c is done, and reports whether c is still live.
func sleep(c context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-c.Done():
		return false
	case <-t.C:
		return true
	}
}

// streamWall reads the wall's events until the stream ends (nil) or fails,
// or c is done; a 404 is errNoWall.
func streamWall(c context.Context, hc *http.Client, origin string, ref wallRef, deliver func(serverapi.Wall, error)) error {
	resp, err := openWall(c, hc, origin, serverapi.WallEventsPath, ref, "text/event-stream", "")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return site.ReadEvents(resp.Body, func(data []byte) error {
		if err := c.Err(); err != nil {
			return err // nothing after the page is gone
		}
		var w serverapi.Wall
		err := json.Unmarshal(data, &w)
		deliver(w, err)
		return nil
	})
}

// getWall reads the wall's JSON into w; a 404 is errNoWall. It blocks:
// call it in ctx.Async.
func getWall(c context.Context, hc *http.Client, origin string, ref wallRef, w *serverapi.Wall) error {
	resp, err := openWall(c, hc, origin, serverapi.WallStatusPath, ref, "application/json", "get ")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(w); err != nil {
		return fmt.Errorf("get %s: decoding: %w", serverapi.WallStatusPath, err)
	}
	return nil
}

// faultOf is a refusal's words: the server's faultstring ("The wall has
// no data yet.") with the status, else the status.
func faultOf(resp *http.Response) string {
	var f struct {
		FaultString string `json:"faultstring"`
	}
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if json.Unmarshal(b, &f) == nil && f.FaultString != "" {
		return resp.Status + ": " + f.FaultString
	}
	return resp.Status
}

// withoutURL is err without the URL a *url.Error names: a wall's URL may
// hold its secret token, which goes neither to the console's log nor on
// screen.
func withoutURL(err error) error {
	if ue, ok := errors.AsType[*url.Error](err); ok {
		return fmt.Errorf("%s: %w", ue.Op, ue.Err)
	}
	return err
}

// openWall GETs the wall's API at base (WallEventsPath, WallStatusPath)
// and returns its 200 answer; a 404 is errNoWall, another answer or a
// failure an error that says verb+base, never the URL (it holds a secret
// wall's token).
func openWall(c context.Context, hc *http.Client, origin, base string, ref wallRef, accept, verb string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(c, http.MethodGet, origin+base+string(ref), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", accept)
	resp, err := hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s%s: %w", verb, base, withoutURL(err))
	}
	switch resp.StatusCode {
	case http.StatusOK:
		return resp, nil
	case http.StatusNotFound:
		resp.Body.Close()
		return nil, errNoWall
	default:
		defer resp.Body.Close()
		return nil, fmt.Errorf("%s%s: %s", verb, base, faultOf(resp))
	}
}
