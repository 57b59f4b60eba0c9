package edit

import (
	"context"
	"slices"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// tlsInput is field f's input when it is a certificate field (picked from
// the project's certificates, or typed) or a list ticked among its
// choices (TLS versions, ALPN protocols); nil for any other field (the
// form's ui.FieldInput).
func (p *Page) tlsInput(f form.Field) goapp.UI {
	switch {
	case f.Cert != "":
		return p.certs.Input(inputID(f.Key), f, p.v, p.errs[f.Key], f.Required && p.create, nil, p.setTLS)
	case f.Type == form.List && len(f.Choices) > 0:
		return ui.ChoiceList{ID: inputID(f.Key), Field: f, Value: p.v[f.Key], Err: p.errs[f.Key], Set: p.setTLS}.Render()
	}
	return nil
}

// setTLS takes a new value of a tlsInput's field (or of its
// ui.TypedKey). UI goroutine.
func (p *Page) setTLS(key, value string) {
	p.v[key] = value
	if set := p.pr.Res.OnSet; set != nil {
		set(p.v, key, value)
	}
	p.recheck()
}

// loadCerts reads the project's certificates once the form shows a
// certificate field that picks (TERMINATED_HTTPS picked, TLS enabled, an
// edit of a TLS listener). UI goroutine.
func (p *Page) loadCerts(ctx goapp.Context) {
	if !p.certs.Asked() && console.Picks(p.pr.Res.Fields, p.create, p.v) {
		p.certs.Load(ctx, p.sess.Client, p.current())
	}
}

// loadHSTS learns, on the create of a kind with HSTS fields (a listener),
// whether the cloud speaks HSTS (Octavia API v2.27 or later; not Zed):
// only then does the form show them. An edit knows it from the object
// read. UI goroutine; the read (GET of Octavia's versions) in ctx.Async.
func (p *Page) loadHSTS(ctx goapp.Context) {
	if !slices.ContainsFunc(p.pr.Res.Fields, func(f form.Field) bool { return f.Key == "hsts_max_age" }) {
		return
	}
	client, current := p.sess.Client, p.current()
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		v, err := client.APIVersion(c)
		ctx.Dispatch(func(ctx goapp.Context) {
			if current() && err == nil && octavia.APIAtLeast(v, form.HSTSMinor) {
				p.v[form.HSTSKnown] = "true"
			}
		})
	})
}
