package console

import (
	"context"
	"errors"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// CertPicks are what a form's certificate fields pick from: the
// project's certificates (ReadCertChoices), read once per form when a
// certificate field that picks is first shown (an HTTP listener's form
// reads nothing of Barbican), or why they could not be (no Barbican in
// the catalog: its words). The generic form and the wizard each hold one.
// UI goroutine.
type CertPicks struct {
	asked   bool
	opts    []ui.CertOption
	err     string
	loading bool
	// again reads them again (Load's arguments kept): "List again" after
	// an upload in another tab.
	again func()
}

// Picks reports whether fields show, for values v, a certificate field
// on the create (or the edit) form.
func Picks(fields []form.Field, create bool, v form.Values) bool {
	for _, f := range fields {
		if f.Cert != "" && f.Shown(create, v) {
			return true
		}
	}
	return false
}

// Asked reports whether the certificates were read, or are being read,
// since the last Reset.
func (o *CertPicks) Asked() bool { return o.asked }

// Load reads the project's certificates with client. UI goroutine; the
// read in ctx.Async, its answer kept while current() still says the form
// is the one that asked.
func (o *CertPicks) Load(ctx goapp.Context, client *octavia.Client, current func() bool) {
	again := func() { o.Load(ctx, client, current) }
	*o = CertPicks{asked: true, loading: true, again: again}
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		opts, err := ReadCertChoices(c, client, time.Now())
		ctx.Dispatch(func(ctx goapp.Context) {
			if !current() {
				return
			}
			*o = CertPicks{asked: true, opts: opts, err: certsUnread(err), again: again}
		})
	})
}

// certsUnread says why the project's certificates could not be listed
// ("" when they were): a catalog without Barbican in plain words, else
// the error's message.
func certsUnread(err error) string {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, octavia.ErrNoKeyManager):
		return "This cloud has no Barbican (key-manager) in its catalog: there is no list of certificates."
	}
	return "The project's certificates could not be listed: " + octavia.Message(err)
}

// uploadPath is the page a certificate field links to upload one: the
// certificate pages' (app/cert: a certificate with its key, or a CA
// certificate), when Barbican could be read; "" otherwise.
func uploadPath(f form.Field, unread string) string {
	if f.Cert != form.CertKeyed && f.Cert != form.CertCA || unread != "" {
		return ""
	}
	return CertificatesPath + "/new"
}

// Reset forgets the certificates (a form without certificate fields).
func (o *CertPicks) Reset() { *o = CertPicks{} }

// Input is certificate field f's input (id) over the form's values v,
// with its error and, when required, its mark.
func (o *CertPicks) Input(id string, f form.Field, v form.Values, err string, required bool, scope []any, set func(key, value string)) goapp.UI {
	return ui.CertInput{ID: id, Field: f, Value: v[f.Key], Typing: v[ui.TypedKey(f.Key)] == "true", Err: err, Required: required,
		Options: o.opts, OptionsErr: o.err, Loading: o.loading, Upload: uploadPath(f, o.err), Relist: o.again, Scope: scope, Set: set}.Render()
}
