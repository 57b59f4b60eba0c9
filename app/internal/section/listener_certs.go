package section

import (
	"context"
	"slices"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/cert"
	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// listenerCerts is a listener's certificates: each ref it holds (default,
// SNI, client CA, CRL) with its subject and expiry, a warning under 30
// days. It follows the listener on the tab's shared poll (the page's own),
// so a ref changed elsewhere shows within a poll; each ref's payload is
// read once (Barbican never changes a payload).
type listenerCerts struct {
	goapp.Compo

	rt     *tab.Runtime
	ref    octavia.Ref
	uses   []cert.Use             // the refs the listener holds, as last read
	parsed map[string]cert.Parsed // by ref; UI goroutine
	asked  map[string]bool        // refs whose read is under way or done
	stop   func()
}

func newListenerCerts(env console.SectionEnv) *listenerCerts {
	return &listenerCerts{rt: env.Runtime, ref: env.Ref, uses: cert.RefsOf(octavia.KindListener, octavia.Object(env.Obj))}
}

// OnMount follows the listener and reads its certificates. UI goroutine.
func (l *listenerCerts) OnMount(ctx goapp.Context) {
	sess := l.rt.CurrentSession()
	if sess == nil || l.stop != nil {
		return
	}
	l.parsed, l.asked = map[string]cert.Parsed{}, map[string]bool{}
	l.read(ctx, sess)
	l.stop = tab.Watch(sess, l.ref, func(u waiters.Update[octavia.Object]) {
		if u.Err != nil || u.Value == nil {
			return // the page says why
		}
		uses := cert.RefsOf(octavia.KindListener, u.Value)
		ctx.Dispatch(func(ctx goapp.Context) {
			l.uses = uses
			l.read(ctx, sess)
		})
	})
}

// OnDismount leaves the poll. UI goroutine.
func (l *listenerCerts) OnDismount() {
	if l.stop != nil {
		l.stop()
		l.stop = nil
	}
}

// read reads the certificates of refs not asked for yet. UI goroutine.
func (l *listenerCerts) read(ctx goapp.Context, sess *tab.Session) {
	for _, u := range l.uses {
		if l.asked[u.Ref] {
			continue
		}
		l.asked[u.Ref] = true
		ref, crl := u.Ref, u.Slot.Attr == "client_crl_container_ref"
		ctx.Async(func() {
			c, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			p := cert.Fetch(c, sess.Client, ref, crl)
			ctx.Dispatch(func(ctx goapp.Context) { l.parsed[ref] = p })
		})
	}
}

func (l *listenerCerts) Render() goapp.UI {
	if len(l.uses) == 0 {
		return goapp.Div().ID("listener-certs")
	}
	now := time.Now()
	rows := make([]goapp.UI, 0, len(l.uses))
	for _, u := range slices.Clone(l.uses) {
		p := l.parsed[u.Ref]
		key := cert.RefKey(u.Ref)
		var subject, expiry goapp.UI
		switch {
		case !p.Read:
			subject, expiry = goapp.Text("…"), goapp.Text("…")
		case p.Err != "":
			subject, expiry = ui.ClassSpanText("st-error-text", "cannot be read: "+p.Err), goapp.Text("—")
		default:
			x := cert.ExpiryAt(p.Info.NotBefore, p.Info.NotAfter, now)
			subject, expiry = goapp.Text(p.Info.Subject), CertExpiry(x)
		}
		link := goapp.UI(ui.MonoText(u.Ref))
		if octavia.RefKind(u.Ref) != "" {
			link = goapp.A().Class("mono").Href(console.CertificatesPath + "/" + key).Title(u.Ref).Text(key)
		}
		rows = append(rows, goapp.Tr().DataSet("slot", u.Slot.Attr).Body(
			goapp.Td().Text(u.Slot.Label), goapp.Td().Class("lc-subject").Body(subject), goapp.Td().Class("lc-expiry").Body(expiry), goapp.Td().Body(link)))
	}
	return goapp.Section().ID("listener-certs").Class("card").Body(
		ui.ClassDivBody("card-head", goapp.H2().Text("Certificates")),
		ui.ClassDiv("table-wrap").TabIndex(0).Role("region").Aria("label", "Certificates").Body(
			goapp.Table().Class("table", "table-compact").Body(
				goapp.THead().Body(goapp.Tr().Body(goapp.Th().Text("Used as"), goapp.Th().Text("Subject"), goapp.Th().Text("Expiry"), goapp.Th().Text("Barbican ref"))),
				goapp.TBody().Body(rows...))),
	)
}

// CertExpiry says x in words, as a warning when it needs attention (under
// 30 days, expired, not valid yet): the certificate pages' expiry too.
func CertExpiry(x cert.Expiry) goapp.UI {
	switch {
	case x.State == cert.Expired:
		return ui.ClassSpan("cert-warn", "st-error-text").Body(ui.ClassSpanText("chip", "expired"), goapp.Text(" "+x.String()))
	case x.Warn():
		return ui.ClassSpan("cert-warn", "st-warn-text").Body(ui.ClassSpanText("chip", "renew"), goapp.Text(" "+x.String()))
	}
	return goapp.Text(x.String())
}
