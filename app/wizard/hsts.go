package wizard

import (
	"context"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/octavia"
)

// loadHSTS learns whether the cloud speaks HSTS (Octavia API v2.27 or
// later; not Zed): only then do the listeners show its fields. UI
// goroutine; the read (GET of Octavia's versions) in ctx.Async.
func (p *Page) loadHSTS(ctx goapp.Context) {
	client := p.sess.Client
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		v, err := client.APIVersion(c)
		ctx.Dispatch(func(ctx goapp.Context) {
			p.w.SpeaksHSTS(err == nil && octavia.APIAtLeast(v, form.HSTSMinor))
		})
	})
}
