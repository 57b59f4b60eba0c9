package site

import (
	"context"
	"net/http"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
)

// GetServerJSON GETs path of the console's own server (the page's origin,
// serverapi's paths) within timeout in ctx.Async, and hands done, on the
// UI goroutine (ctx.Dispatch), its JSON body decoded into a T (GetJSON), or
// the error. UI goroutine.
func GetServerJSON[T any](ctx goapp.Context, path string, timeout time.Duration, done func(ctx goapp.Context, v T, err error)) {
	origin := OriginOf(ui.WindowURL())
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		var v T
		err := GetJSON(c, http.DefaultClient, origin, path, &v)
		ctx.Dispatch(func(ctx goapp.Context) { done(ctx, v, err) })
	})
}

// CallTrainer sends the trainer's change method path with body to the
// console's own server (TrainerCall) within timeout in ctx.Async, and
// hands done, on the UI goroutine (ctx.Dispatch), its error. UI goroutine.
func CallTrainer(ctx goapp.Context, method, path string, body any, timeout time.Duration, done func(ctx goapp.Context, err error)) {
	origin := OriginOf(ui.WindowURL())
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		err := TrainerCall(c, origin, method, path, body)
		ctx.Dispatch(func(ctx goapp.Context) { done(ctx, err) })
	})
}
