package edit

import (
	"context"
	"slices"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/octavia"
)

// loadHSTS learns, on the create of a kind with HSTS fields (a listener),
// whether the cloud speaks HSTS (Octavia API v2.27 or later; not Zed):
// only then does the form show them. An edit knows it from the object
// read. UI goroutine; the read (GET of Octavia's versions) in ctx.Async.
func (p *Page) loadHSTS(ctx goapp.Context) {
	if !slices.ContainsFunc(p.pr.Res.Fields, func(f form.Field) bool { return f.Key == "hsts_max_age" }) {
		return
	}
	client, path := p.sess.Client, p.path
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		v, err := client.APIVersion(c)
		ctx.Dispatch(func(ctx goapp.Context) {
			if p.path == path && err == nil && octavia.APIAtLeast(v, form.HSTSMinor) {
				p.v[form.HSTSKnown] = "true"
			}
		})
	})
}
