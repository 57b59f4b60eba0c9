package wizard

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/ui"
	model "github.com/octaview/octaview/app/internal/wizard"
)

// tlsFields are what the steps' certificate fields pick from (the page's
// CertPicks) and need, which reads them once one shows (Page.needCerts).
type tlsFields struct {
	certs *console.CertPicks
	need  func()
}

// tlsInput is item it's field f (input id) when it is a certificate field
// or a list ticked among its choices (TLS versions, ALPN protocols); nil
// for any other field (ui.FieldInput). UI goroutine.
func (sf stepForm) tlsInput(it model.Item, f form.Field, id string) goapp.UI {
	set := func(key, value string) {
		it.V[key] = value
		sf.tls.need()
		sf.changed()
	}
	switch {
	case f.Cert != "":
		return sf.tls.certs.Input(id, f, it.V, sf.nav.errs[id], f.Required, []any{sf.nav.gen}, set)
	case f.Type == form.List && len(f.Choices) > 0:
		return ui.ChoiceList{ID: id, Field: f, Value: it.V[f.Key], Err: sf.nav.errs[id], Scope: []any{sf.nav.gen}, Set: set}.Render()
	}
	return nil
}
