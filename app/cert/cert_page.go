package cert

import (
	"context"
	"strconv"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/cert"
	"github.com/octaview/octaview/app/internal/section"
	"github.com/octaview/octaview/app/internal/shell"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// certPage is one certificate: what its payload says, its ref, which
// listeners and pools use it (live), and its delete.
type certPage struct {
	goapp.Compo

	rt         *tab.Runtime
	collection string // "secrets" or "containers"
	id         string
	status     ui.LoadStatus
	view       certView
	stop       func()
	deleting   bool
	deleteErr  string
}

func newCertPage(rt *tab.Runtime) *certPage { return &certPage{rt: rt} }

// certView is one read of the page: the entry (its Parsed read once),
// or why it is not there.
type certView struct {
	entry    cert.Entry
	gone     bool   // Barbican answers 404 (deleted, or never was)
	refused  bool   // Barbican answers 403 (another project's, and no ACL names the user)
	err      string // the read failed
	usesErr  string
	contents []string // a container's secrets, "name: ref"
	at       time.Time
}

// OnNav reads the page's certificate and follows it. UI goroutine.
func (p *certPage) OnNav(ctx goapp.Context) {
	sess := p.rt.RequireSession(ctx)
	if sess == nil {
		return
	}
	collection, id := pageKey(ctx.Page().URL().Path)
	if p.stop != nil {
		if collection == p.collection && id == p.id {
			return
		}
		p.stop()
	}
	p.collection, p.id, p.status, p.view, p.deleteErr = collection, id, ui.Loading, certView{}, ""
	var parsed *cert.Parsed
	c := sess.Client
	p.stop = follow(ctx, func(rc context.Context) certView {
		return readCert(rc, c, collection, id, &parsed)
	}, func(ctx goapp.Context, v certView) {
		p.view, p.status = v, ui.Loaded
	})
}

func (p *certPage) OnDismount() {
	if p.stop != nil {
		p.stop()
		p.stop = nil
	}
}

// readCert reads the certificate's metadata (every call), its payload
// (once: parsed keeps it) and the listeners and pools that use it.
func readCert(ctx context.Context, c *octavia.Client, collection, id string, parsed **cert.Parsed) certView {
	v := certView{at: time.Now()}
	ref, err := c.KeyManager().Ref(collection, id)
	if err != nil {
		v.err = octavia.Message(err)
		return v
	}
	rd := cert.Read{Secret: ref}
	switch collection {
	case "secrets":
		s, err := c.KeyManager().Secret(ctx, ref)
		if err != nil {
			return failed(v, err)
		}
		v.entry = cert.Entry{Ref: s.SecretRef, Name: s.Name, Type: cert.TypePEM, Created: s.Created}
		if s.SecretType == "opaque" {
			v.entry.Type = cert.TypePKCS12
		}
		rd.ContentType = s.ContentTypes["default"]
	default:
		ct, err := c.KeyManager().Container(ctx, ref)
		if err != nil {
			return failed(v, err)
		}
		v.entry = cert.Entry{Ref: ct.ContainerRef, Name: ct.Name, Type: cert.TypeContainer, Created: ct.Created}
		rd.Secret, rd.ContentType = "", "text/plain"
		for _, s := range ct.SecretRefs {
			v.contents = append(v.contents, s.Name+": "+s.SecretRef)
			if s.Name == "certificate" {
				rd.Secret = s.SecretRef
			}
		}
	}
	if *parsed == nil || (*parsed).Err != "" {
		pr, _ := readPayload(ctx, c, rd)
		*parsed = &pr
	}
	v.entry.Parsed = **parsed
	uses, err := readUses(ctx, c)
	if err != nil {
		v.usesErr = octavia.Message(err)
	}
	v.entry.UsedBy = uses[cert.RefKey(v.entry.Ref)]
	return v
}

// failed is v for a read that failed with err: gone on a 404, refused on
// a 403 (Barbican's answer for another project's secret).
func failed(v certView, err error) certView {
	switch octavia.ErrorCodeOf(err) {
	case octavia.ENOTFOUND:
		v.gone = true
	case octavia.EFORBIDDEN:
		v.refused = true
	}
	v.err = octavia.Message(err)
	return v
}

func (p *certPage) Render() goapp.UI {
	title := "Certificate"
	if n := p.view.entry.Name; n != "" {
		title = "Certificate " + n
	}
	sess := p.rt.CurrentSession()
	readOnly := sess == nil || sess.ReadOnly
	var actions goapp.UI
	if !readOnly && p.status == ui.Loaded && p.view.err == "" {
		actions = ui.IDButton("cert-delete").Class("btn", "btn-danger").OnClick(p.askDelete).Text("Delete")
	}
	return shell.New(p.rt, &shell.Frame{Nav: ListPath, Title: title, Actions: actions, Content: []goapp.UI{p.body(time.Now())}})
}

func (p *certPage) body(now time.Time) goapp.UI {
	v := p.view
	switch {
	case p.status != ui.Loaded:
		return ui.ClassPText("loading", "Reading the certificate from Barbican…")
	case v.gone:
		return ui.AlertError("cert-error", "Barbican has no such certificate: it was deleted, or never existed. ("+v.err+")")
	case v.refused:
		return ui.AlertError("cert-error", "Barbican refuses to show this certificate: it belongs to another project and its ACL does not name you, or your role may not read it. ("+v.err+")")
	case v.err != "":
		return ui.AlertError("cert-error", "The certificate could not be read: "+v.err)
	}
	e := v.entry
	in := e.Parsed.Info
	props := []goapp.UI{
		prop("Ref", ui.ClassSpan("ref").Body(ui.IDSpan("cert-ref").Class("mono").Text(e.Ref), copyRef(e.Ref))),
		prop("Type", goapp.Text(typeWords(e.Type))),
		prop("Created", goapp.Text(ui.FormatTime(e.Created)+" UTC")),
	}
	if e.Parsed.Err != "" {
		props = append(props, prop("Certificate", ui.IDSpan("cert-parse-error").Class("st-error-text").Text(e.Parsed.Err)))
	} else {
		props = append(props,
			prop("Subject", ui.IDSpan("cert-subject").Text(in.SubjectDN)),
			prop("Names (SAN)", ui.IDSpan("cert-sans").Text(ui.OrDash(strings.Join(in.SANs, ", ")))),
			prop("Issuer", goapp.Text(in.Issuer+map[bool]string{true: " (self-signed)"}[in.SelfSigned])),
			prop("Valid from", goapp.Text(ui.FormatTime(in.NotBefore)+" UTC")),
			prop("Valid until", goapp.Span().ID("cert-expiry").Body(goapp.Text(ui.FormatTime(in.NotAfter)+" UTC — "), section.CertExpiry(e.Expiry(now)))),
			prop("Serial", ui.MonoText(in.Serial)),
			prop("Chain", goapp.Text(chainWords(e.Parsed.Chain))),
		)
	}
	for _, c := range v.contents {
		name, ref, _ := strings.Cut(c, ": ")
		props = append(props, prop("Secret "+name, ui.MonoText(ref)))
	}
	return goapp.Div().Body(
		goapp.Dl().ID("cert-props").Class("props").Body(props...),
		goapp.Section().Class("card").Body(
			ui.ClassDivBody("card-head", goapp.H2().Text("Used by")),
			goapp.If(v.usesErr != "", func() goapp.UI {
				return ui.ClassPText("st-warn-text", "The listeners and pools could not be read: "+v.usesErr)
			}),
			goapp.Div().ID("cert-used-by").Body(usesUI(e.UsedBy, true)),
		),
		ui.ClassPText("muted", octaviaAccess),
		p.renderConfirm(),
	)
}

// octaviaAccess says who reads a certificate and how Octavia gets access.
const octaviaAccess = "Octavia reads this certificate with its own service user. When a listener or pool first uses it, " +
	"Octavia adds that user to the secret's read ACL itself, with your token (its barbican_acl_auth, the default); " +
	"nothing else is needed. Barbican gives the payload to your project and to the users its ACL names only."

func prop(label string, v goapp.UI) goapp.UI {
	return ui.ClassDivBody("prop", goapp.Dt().Text(label), goapp.Dd().Body(v))
}

func typeWords(t string) string {
	switch t {
	case cert.TypePKCS12:
		return "PKCS12 secret (certificate, key and chain in one, as Octavia reads it)"
	case cert.TypeContainer:
		return "certificate container (the certificate, key and intermediates as separate secrets)"
	}
	return "certificate secret (PEM)"
}

func chainWords(n int) string {
	switch n {
	case 0:
		return "no intermediate certificates"
	case 1:
		return "1 intermediate certificate"
	}
	return strconv.Itoa(n) + " intermediate certificates"
}

// copyRef copies ref to the clipboard.
func copyRef(ref string) goapp.UI {
	return goapp.Button().Type("button").ID("cert-ref-copy").Class("btn", "btn-ghost", "btn-small").Title("Copy the ref").
		OnClick(func(ctx goapp.Context, e goapp.Event) {
			if c := goapp.Window().Get("navigator").Get("clipboard"); c.Truthy() {
				c.Call("writeText", ref)
			}
		}).Text("Copy")
}

// deleteDialogID is the delete's confirmation, a modal <dialog>.
const deleteDialogID = "cert-delete-confirm"

func (p *certPage) askDelete(ctx goapp.Context, e goapp.Event) {
	p.deleteErr = ""
	ui.ShowModal(ctx, deleteDialogID)
}

// confirmDelete deletes the certificate, then goes to the list. UI
// goroutine.
func (p *certPage) confirmDelete(ctx goapp.Context, e goapp.Event) {
	sess := p.rt.CurrentSession()
	if sess == nil || p.deleting {
		return
	}
	p.deleting = true
	ref, container := p.view.entry.Ref, p.collection == "containers"
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		var err error
		if container {
			_, err = sess.Client.KeyManager().DeleteContainer(c, ref)
		} else {
			_, err = sess.Client.KeyManager().DeleteSecret(c, ref)
		}
		ctx.Dispatch(func(ctx goapp.Context) {
			p.deleting = false
			if err != nil {
				p.deleteErr = octavia.Message(err)
				return
			}
			ui.CloseDialog(deleteDialogID)
			ctx.Navigate(ListPath)
		})
	})
}

func (p *certPage) renderConfirm() goapp.UI {
	e := p.view.entry
	return goapp.Dialog().ID(deleteDialogID).Class("card", "confirm").Aria("labelledby", "cert-delete-title").
		On("close", func(ctx goapp.Context, ev goapp.Event) { ctx.Defer(func(goapp.Context) { ui.FocusID("cert-delete") }) }).
		OnKeyDown(ui.TrapTab).Body(
		goapp.H2().ID("cert-delete-title").Text("Delete this certificate?"),
		goapp.P().Body(goapp.Text("Certificate "), goapp.Strong().Text(ui.DisplayName(e.Name, cert.RefKey(e.Ref))),
			goapp.Text(" will be deleted from Barbican. This cannot be undone.")),
		goapp.If(p.collection == "containers", func() goapp.UI {
			return ui.ClassPText("muted", "Only the container goes: its secrets (certificate, key, intermediates) stay in Barbican.")
		}),
		goapp.If(len(e.UsedBy) > 0, func() goapp.UI {
			return goapp.Div().ID("cert-delete-uses").Body(
				ui.ClassPText("st-warn-text", "In use: Octavia keeps serving it from its amphorae, but fails to rebuild them (a failover, an update) once it is gone:"),
				usesUI(e.UsedBy, true))
		}).Else(func() goapp.UI { return ui.ClassPText("muted", "No listener or pool uses it.") }),
		goapp.If(p.deleteErr != "", func() goapp.UI { return ui.AlertError("cert-delete-error", p.deleteErr) }),
		ui.ClassDivBody("confirm-actions",
			ui.IDButton("cert-delete-confirm-btn").Class("btn", "btn-danger").Disabled(p.deleting).OnClick(p.confirmDelete).
				Text(map[bool]string{true: "Deleting…", false: "Delete"}[p.deleting]),
			ui.IDButton("cert-delete-keep").Class("btn", "btn-ghost").OnClick(func(goapp.Context, goapp.Event) { ui.CloseDialog(deleteDialogID) }).Text("Keep it")),
	)
}
