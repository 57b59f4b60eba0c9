package cert

import (
	"strconv"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/cert"
	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/section"
	"github.com/octaview/octaview/app/internal/shell"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
)

// listPage is the project's certificates, live: re-read every pollEvery.
type listPage struct {
	goapp.Compo

	rt     *tab.Runtime
	status ui.LoadStatus
	snap   snapshot
	stop   func()
}

func newList(rt *tab.Runtime) *listPage { return &listPage{rt: rt} }

// OnMount starts the live read. UI goroutine.
func (p *listPage) OnMount(ctx goapp.Context) {
	sess := p.rt.RequireSession(ctx)
	if sess == nil || p.stop != nil {
		return
	}
	p.status = ui.Loading
	r := &reader{c: sess.Client, parsed: map[string]cert.Parsed{}, retry: map[string]bool{}}
	p.stop = follow(ctx, r.read, func(ctx goapp.Context, s snapshot) {
		p.snap, p.status = s, ui.Loaded
	})
}

// OnDismount stops the live read. UI goroutine.
func (p *listPage) OnDismount() {
	if p.stop != nil {
		p.stop()
		p.stop = nil
	}
}

func (p *listPage) Render() goapp.UI {
	sess := p.rt.CurrentSession()
	readOnly := sess == nil || sess.ReadOnly
	var actions goapp.UI
	if !readOnly && p.snap.noKM == "" {
		actions = ui.ClassA("btn", "btn-primary").ID("cert-upload").Href(NewPath).Text("Upload a certificate")
	}
	return shell.New(p.rt, &shell.Frame{Nav: ListPath, Title: "Certificates", Actions: actions, Content: []goapp.UI{p.body(time.Now())}})
}

func (p *listPage) body(now time.Time) goapp.UI {
	s := p.snap
	switch {
	case p.status != ui.Loaded:
		return ui.ClassPText("loading", "Reading the project's certificates from Barbican…")
	case s.noKM != "":
		return ui.IDP("cert-no-km").Class("alert", "alert-info").Text(s.noKM)
	}
	return goapp.Div().Body(
		goapp.If(s.err != "", func() goapp.UI {
			return ui.AlertError("cert-list-error", "Barbican could not be read ("+s.err+"); the list is as it was at "+ui.FormatTime(s.at)+".")
		}),
		goapp.If(s.usesErr != "", func() goapp.UI {
			return ui.IDP("cert-uses-error").Class("alert", "alert-warn").Text("Which listeners and pools use them could not be read: " + s.usesErr)
		}),
		goapp.If(len(s.entries) == 0, func() goapp.UI {
			return ui.ClassDivBody("empty", ui.ClassPText("empty-title", "No certificates in this project"),
				ui.ClassPText("muted", "A TERMINATED_HTTPS listener serves a certificate stored in Barbican: upload one (a PEM certificate and key, or a PKCS#12 file)."))
		}).Else(func() goapp.UI { return p.table(now) }),
		goapp.If(s.hidden > 0, func() goapp.UI {
			return ui.IDP("cert-hidden").Class("muted").Text(strconv.Itoa(s.hidden) + " other opaque secret(s) of the project hold no certificate and are not listed.")
		}),
	)
}

func (p *listPage) table(now time.Time) goapp.UI {
	rows := make([]goapp.UI, 0, len(p.snap.entries))
	for _, e := range p.snap.entries {
		rows = append(rows, goapp.Tr().DataSet("ref", e.Ref).Body(
			goapp.Td().Body(goapp.A().Class("cert-name").Href(PagePath(cert.RefKey(e.Ref))).Text(ui.DisplayName(e.Name, cert.RefKey(e.Ref)))),
			goapp.Td().Class("cert-subject").Text(subjectText(e)),
			expiryCell(e, now),
			goapp.Td().Class("cert-type").Text(e.Type),
			goapp.Td().Class("cert-used").Body(usesUI(e.UsedBy, false)),
		))
	}
	return ui.ClassDiv("table-wrap").TabIndex(0).Role("region").Aria("label", "Certificates").Body(
		goapp.Table().ID("cert-table").Class("table").Body(
			goapp.THead().Body(goapp.Tr().Body(goapp.Th().Text("Name"), goapp.Th().Text("Subject"), goapp.Th().Text("Expiry"),
				goapp.Th().Text("Type"), goapp.Th().Text("Used by"))),
			goapp.TBody().Body(rows...)))
}

// subjectText is e's subject's common name, or what its read said.
func subjectText(e cert.Entry) string {
	switch {
	case !e.Parsed.Read:
		return "…"
	case e.Parsed.Err != "":
		return "—"
	}
	return e.Parsed.Info.Subject
}

// expiryCell is e's expiry in words, a warning under 30 days and once
// expired.
func expiryCell(e cert.Entry, now time.Time) goapp.UI {
	td := goapp.Td().Class("cert-expiry")
	switch {
	case !e.Parsed.Read:
		return td.Text("…")
	case e.Parsed.Err != "":
		return td.Body(ui.ClassSpanText("st-error-text", e.Parsed.Err))
	}
	return td.Title("not after " + ui.FormatTime(e.Parsed.Info.NotAfter) + " UTC").Body(section.CertExpiry(e.Expiry(now)))
}

// usesUI links the listeners and pools of uses (with the slot each uses
// the certificate in when slots), or says "—".
func usesUI(uses []cert.Use, slots bool) goapp.UI {
	if len(uses) == 0 {
		return ui.ClassSpanText("muted", "—")
	}
	items := make([]goapp.UI, 0, len(uses))
	for _, u := range uses {
		res := console.ResourceOf(u.Slot.Kind)
		label := res.Singular + " " + ui.DisplayName(u.Name, u.ID)
		if slots {
			label += " (" + u.Slot.Label + ")"
		}
		items = append(items, goapp.Li().Body(goapp.A().Href(res.DetailPathOf("", u.ID)).Text(label)))
	}
	return goapp.Ul().Class("cert-uses").Body(items...)
}
