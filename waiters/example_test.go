package waiters_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/octaview/octaview/waiters"
)

// A fake load balancer that goes PENDING_CREATE, PENDING_CREATE, ACTIVE.
func ExampleForActive() {
	statuses := []string{"PENDING_CREATE", "PENDING_CREATE", "ACTIVE"}
	get := func(context.Context) (string, error) {
		s := statuses[0]
		statuses = statuses[1:]
		return s, nil
	}
	err := waiters.ForActive(context.Background(), get, waiters.Options{
		Interval: time.Millisecond, // 0 means 3 s, as in python-octaviaclient
		OnPoll: func(p waiters.Poll) {
			fmt.Println("poll", p.Attempt, p.Status)
		},
	})
	fmt.Println("err:", err)
	// Output:
	// poll 1 PENDING_CREATE
	// poll 2 PENDING_CREATE
	// poll 3 ACTIVE
	// err: <nil>
}

// A load balancer that failed: the wait ends with a *StatusError.
func ExampleForActive_error() {
	get := func(context.Context) (string, error) { return "ERROR", nil }
	err := waiters.ForActive(context.Background(), get, waiters.Options{Interval: time.Millisecond})
	var se *waiters.StatusError
	fmt.Println(errors.As(err, &se), se.Status)
	// Output:
	// true ERROR
}

// A delete is done when the GET answers 404: the Getter's error matches
// waiters.ErrGone (octavia.Error does for ENOTFOUND).
func ExampleForDelete() {
	polls := 0
	get := func(context.Context) (string, error) {
		polls++
		if polls < 3 {
			return "PENDING_DELETE", nil
		}
		return "", fmt.Errorf("get load balancer lb-1: HTTP 404: %w", waiters.ErrGone)
	}
	err := waiters.ForDelete(context.Background(), get, waiters.Options{Interval: time.Millisecond})
	fmt.Println("polls:", polls, "err:", err)
	// Output:
	// polls: 3 err: <nil>
}

// Two views of one load balancer share one poll loop: one GET per interval,
// delivered to both, in the order they subscribed.
func ExampleHub() {
	hub := waiters.NewHub[string](time.Millisecond) // 0 means 3 s
	ready := make(chan struct{})
	fetch := func(ctx context.Context) (string, error) {
		<-ready // for this example: hold the first GET until both views joined
		return "ACTIVE", nil
	}

	updates := make(chan string)
	done := make(chan struct{})
	view := func(name string) func(waiters.Update[string]) {
		// Runs on the hub's loop goroutine: a go-app component would
		// call ctx.Dispatch here to update itself on the UI goroutine.
		return func(u waiters.Update[string]) {
			select {
			case updates <- fmt.Sprintf("%s: attempt %d %s", name, u.Attempt, u.Value):
			case <-done:
			}
		}
	}
	stopList := hub.Subscribe("lb-1", fetch, view("list"))     // starts the loop
	stopDetail := hub.Subscribe("lb-1", fetch, view("detail")) // joins it
	close(ready)
	for range 4 {
		fmt.Println(<-updates)
	}
	close(done)
	stopList()
	stopDetail()
	// Output:
	// list: attempt 1 ACTIVE
	// detail: attempt 1 ACTIVE
	// list: attempt 2 ACTIVE
	// detail: attempt 2 ACTIVE
}
