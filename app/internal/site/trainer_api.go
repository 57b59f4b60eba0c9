package site

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/octaview/octaview/app/serverapi"
)

// TrainerCall sends a change to the server's trainer API (or the
// checklist's return) with the session header (the server refuses a change
// without it) and body as JSON, and returns the fault's words on a
// refusal. It blocks: call it in ctx.Async.
func TrainerCall(ctx context.Context, origin, method, path string, body any) error {
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case []byte: // already JSON (a lab state file)
		rd = bytes.NewReader(b)
	default:
		j, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequestWithContext(ctx, method, origin+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(serverapi.SessionHeader, "1")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode < 300 {
		return nil
	}
	var f struct {
		FaultString string `json:"faultstring"`
	}
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if json.Unmarshal(b, &f) == nil && f.FaultString != "" {
		return fmt.Errorf("%s", f.FaultString)
	}
	return fmt.Errorf("%s %s: %s", method, path, resp.Status)
}

// trainerPolls is how many polls of the class the trainer's page makes,
// when the event stream fails, before it tries the stream again.
const trainerPolls = 10

// FollowClass follows the class at origin until c is done: the event
// stream, again a second after the server ended it; when it fails,
// trainerPolls reads of the class 3 s apart, then the stream again. deliver
// gets every class or error with the mode ("live" or "polling"), from this
// goroutine.
func FollowClass(c context.Context, origin string, deliver func(cl serverapi.Class, err error, mode string)) {
	for c.Err() == nil {
		err := streamClass(c, origin, func(cl serverapi.Class, err error) { deliver(cl, err, "live") })
		if c.Err() != nil {
			return
		}
		if d, ok := err.(*DeniedError); ok {
			deliver(serverapi.Class{}, d, "")
			return // not the lab's admin: nothing to retry
		}
		wait := time.Second
		if err != nil {
			deliver(serverapi.Class{}, err, "polling")
			for i := 0; i < trainerPolls && c.Err() == nil; i++ {
				var cl serverapi.Class
				err := GetJSON(c, http.DefaultClient, origin, serverapi.TrainerClassPath, &cl)
				deliver(cl, err, "polling")
				select {
				case <-c.Done():
					return
				case <-time.After(3 * time.Second):
				}
			}
			wait = 0
		}
		select {
		case <-c.Done():
			return
		case <-time.After(wait):
		}
	}
}

// streamClass reads the class events until the stream ends (nil) or
// fails, or c is done.
func streamClass(c context.Context, origin string, deliver func(serverapi.Class, error)) error {
	req, err := http.NewRequestWithContext(c, http.MethodGet, origin+serverapi.TrainerEventsPath, nil)
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
		var f struct {
			FaultString string `json:"faultstring"`
		}
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		msg := resp.Status
		if json.Unmarshal(b, &f) == nil && f.FaultString != "" {
			msg = f.FaultString
		}
		if resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden {
			return &DeniedError{msg}
		}
		return fmt.Errorf("%s", msg)
	}
	return ReadEvents(resp.Body, func(data []byte) error {
		var cl serverapi.Class
		err := json.Unmarshal(data, &cl)
		deliver(cl, err)
		return nil
	})
}

// DeniedError is the server's refusal of the trainer's API to this
// session (401, 403).
type DeniedError struct{ msg string }

func (e *DeniedError) Error() string { return e.msg }

// ReadEvents reads a server-sent event stream and calls fn with the data of
// every event (its "data:" lines joined by newlines), until r ends or fn
// returns an error, which it returns.
func ReadEvents(r io.Reader, fn func(data []byte) error) error {
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
