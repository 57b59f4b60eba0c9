package cert

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/keymanager/v1/secrets"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/cert"
	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/shell"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// The upload's formats.
const (
	formatPEM    = "pem"
	formatPKCS12 = "pkcs12"
	formatCA     = "ca" // CA certificates, no key: a client CA or the members' CA
)

// uploadPage stores a certificate with its key as one Barbican secret: a
// PEM certificate, key and chain (pasted or chosen as files), or a PKCS#12
// file and its password, sent as a password-less PKCS#12 secret, the form
// Octavia reads. A refusal shows at its field and keeps what was typed;
// after the upload every secret field is cleared and its bytes zeroed.
// Go strings cannot be zeroed: the pasted texts become garbage the
// collector reclaims.
type uploadPage struct {
	goapp.Compo

	rt       *tab.Runtime
	name     string
	format   string
	certText string
	keyText  string
	chain    string
	caText   string
	p12      []byte // the chosen PKCS#12 file (zeroed after the upload)
	p12Name  string
	password string
	aclUser  string
	errs     map[string]string // by field (cert.FieldCert, ...)
	formErr  string
	busy     bool
	stored   string // the ref stored, when its ACL then failed
}

func newUpload(rt *tab.Runtime) *uploadPage { return &uploadPage{rt: rt, format: formatPEM} }

// Fields of the upload without a cert.Field* name.
const (
	fieldName = "name"
	fieldACL  = "acl"
)

func (p *uploadPage) OnMount(ctx goapp.Context) { p.rt.RequireSession(ctx) }

// OnDismount forgets the secret fields. UI goroutine.
func (p *uploadPage) OnDismount() { p.forget() }

// forget clears the key and the PKCS#12 file (zeroing its bytes) and the
// password, in the page's fields too.
func (p *uploadPage) forget() {
	clear(p.p12)
	p.p12, p.p12Name, p.keyText, p.password = nil, "", "", ""
	if goapp.IsClient {
		setValue(domID(cert.FieldKey), "")
		setValue(domID(cert.FieldPassword), "")
	}
}

// setValue sets the value of the input or text area with this id (a text
// area's text, once typed in, no longer follows a render). UI goroutine.
func setValue(id, v string) {
	if el := goapp.Window().GetElementByID(id); el.Truthy() {
		el.Set("value", v)
	}
}

// domID is the DOM id of field f's input.
func domID(f string) string { return "cert-" + f }

func (p *uploadPage) setErr(err error) {
	var fe *cert.FieldError
	if errors.As(err, &fe) {
		p.errs = map[string]string{fe.Field: console.Capitalize(fe.Err.Error())}
		id := domID(fe.Field)
		if fe.Field == cert.FieldPKCS12 {
			id += "-file"
		}
		if el := goapp.Window().GetElementByID(id); el.Truthy() {
			el.Call("focus")
		}
		return
	}
	p.errs, p.formErr = nil, console.Capitalize(err.Error())
}

// upload checks the fields, then stores the secret, sets its ACL and goes
// to its page. UI goroutine.
func (p *uploadPage) upload(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	sess := p.rt.CurrentSession()
	if sess == nil || sess.ReadOnly || p.busy {
		return
	}
	p.errs, p.formErr, p.stored = nil, "", ""
	if p.format == formatCA {
		p.uploadCA(ctx, sess)
		return
	}
	var b *cert.Bundle
	var err error
	if p.format == formatPKCS12 {
		b, err = cert.ParsePKCS12(p.p12, p.password)
	} else {
		key := []byte(p.keyText)
		b, err = cert.ParsePEM([]byte(p.certText), key, []byte(p.chain))
		clear(key)
	}
	if err != nil {
		p.setErr(err)
		return
	}
	name := strings.TrimSpace(p.name)
	if name == "" {
		name = cert.Describe(b.Leaf).Subject
	}
	acl := strings.TrimSpace(p.aclUser)
	p.busy = true
	ctx.Async(func() {
		ref, err := store(sess.Client, b, name, acl)
		ctx.Dispatch(func(ctx goapp.Context) { p.done(ctx, ref, err) })
	})
}

// done takes the end of an upload: ref stored (or ""), err what
// failed (the store, or the ACL after it). The key's fields are cleared
// once Barbican has it; the page goes to the certificate's. UI goroutine.
func (p *uploadPage) done(ctx goapp.Context, ref string, err error) {
	p.busy = false
	switch {
	case ref != "" && err != nil: // stored; the ACL failed
		p.forget()
		p.stored, p.formErr = ref, err.Error()
	case err != nil:
		p.formErr = err.Error()
	default:
		p.forget()
		p.certText, p.chain, p.caText, p.name, p.aclUser = "", "", "", "", ""
		ctx.Navigate(PagePath(cert.RefKey(ref)))
	}
}

// uploadCA stores the CA certificates typed as one certificate secret
// (PEM, text/plain), the form Octavia reads for a client CA or the CA of
// a pool's members. UI goroutine.
func (p *uploadPage) uploadCA(ctx goapp.Context, sess *tab.Session) {
	certs, text, err := cert.ParseCA([]byte(p.caText))
	if err != nil {
		p.setErr(err)
		return
	}
	name := strings.TrimSpace(p.name)
	if name == "" {
		name = cert.Describe(certs[0]).Subject
	}
	acl := strings.TrimSpace(p.aclUser)
	p.busy = true
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		ref, _, err := sess.Client.KeyManager().StoreSecret(c, secrets.CreateOpts{Name: name, SecretType: secrets.CertificateSecret, Payload: string(text),
			PayloadContentType: "text/plain"})
		if err != nil {
			err = errors.New("Barbican refused the certificate: " + octavia.Message(err))
		} else {
			err = grantRead(c, sess.Client, ref, acl)
		}
		ctx.Dispatch(func(ctx goapp.Context) { p.done(ctx, ref, err) })
	})
}

// store sends b to Barbican as a PKCS#12 secret named name, then (acl
// not "") grants user acl read access; the bundle's key is zeroed
// whatever happens. It returns the ref once stored.
func store(c *octavia.Client, b *cert.Bundle, name, acl string) (string, error) {
	defer b.Forget()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	p12, err := b.PKCS12()
	if err != nil {
		return "", errors.New("the certificate and key could not be packed as PKCS#12: " + err.Error())
	}
	payload := string(p12)
	clear(p12)
	ref, _, err := c.KeyManager().StoreSecret(ctx, secrets.CreateOpts{Name: name, SecretType: secrets.OpaqueSecret, Payload: payload,
		PayloadContentType: "application/octet-stream", PayloadContentEncoding: "base64"})
	if err != nil {
		return "", errors.New("Barbican refused the certificate: " + octavia.Message(err))
	}
	return ref, grantRead(ctx, c, ref, acl)
}

// grantRead gives user acl (none when "") read access to the secret ref.
func grantRead(ctx context.Context, c *octavia.Client, ref, acl string) error {
	if acl == "" {
		return nil
	}
	if _, err := c.KeyManager().SetSecretReadACL(ctx, ref, []string{acl}, true); err != nil {
		return errors.New("the certificate is stored, but Barbican refused its read ACL for user " + acl + ": " + octavia.Message(err))
	}
	return nil
}

func (p *uploadPage) Render() goapp.UI {
	sess := p.rt.CurrentSession()
	var body goapp.UI
	switch {
	case sess == nil: // the server's render, or before the session is restored: the form only once it works
		body = ui.ClassPText("loading", "Loading…")
	case sess.ReadOnly:
		body = ui.IDP("cert-read-only").Class("alert", "alert-info").Text("Read-only: certificates cannot be uploaded here (the server refuses Barbican writes in read-only mode).")
	default:
		body = p.form()
	}
	return shell.New(p.rt, &shell.Frame{Nav: ListPath, Title: "Upload a certificate", Content: []goapp.UI{body}})
}

func (p *uploadPage) form() goapp.UI {
	return goapp.Form().ID("cert-form").Class("form", "form-narrow").Attr("autocomplete", "off").OnSubmit(p.upload).Body(
		p.textField(fieldName, "Name", goapp.Input().ID(domID(fieldName)).Value(p.name).Placeholder("the certificate's common name").
			OnInput(func(ctx goapp.Context, e goapp.Event) { p.name = ctx.JSSrc().Get("value").String() })),
		goapp.FieldSet().Class("cert-format").Body(
			goapp.Legend().Text("Format"),
			p.formatChoice(formatPEM, "PEM certificate and private key"),
			p.formatChoice(formatPKCS12, "PKCS#12 file (.p12, .pfx)"),
			p.formatChoice(formatCA, "CA certificate (no key)"),
		),
		goapp.If(p.format == formatCA, func() goapp.UI {
			return goapp.Div().Body(
				p.pemField(cert.FieldCA, "CA certificates *", "-----BEGIN CERTIFICATE-----; one or more", &p.caText),
				ui.IDP("cert-ca-note").Class("muted", "hint").Text("Stored as a certificate secret (PEM): the ref a listener's client CA or a pool's CA of its members uses."),
			)
		}).ElseIf(p.format == formatPEM, func() goapp.UI {
			return goapp.Div().Body(
				p.pemField(cert.FieldCert, "Certificate *", "-----BEGIN CERTIFICATE-----; the chain may follow it", &p.certText),
				p.pemField(cert.FieldKey, "Private key *", "-----BEGIN PRIVATE KEY----- (not encrypted)", &p.keyText),
				p.pemField(cert.FieldChain, "Intermediate certificates", "optional: the chain, leaf's issuer first", &p.chain),
			)
		}).Else(func() goapp.UI {
			return goapp.Div().Body(
				p.fileField(cert.FieldPKCS12, "PKCS#12 file *", func(ctx goapp.Context, name string, b []byte) {
					clear(p.p12)
					p.p12, p.p12Name = b, name
				}),
				goapp.If(p.p12Name != "", func() goapp.UI { return ui.IDP("cert-pkcs12-chosen").Class("muted").Text("Chosen: " + p.p12Name) }),
				p.textField(cert.FieldPassword, "Its password", goapp.Input().ID(domID(cert.FieldPassword)).Type("password").Value(p.password).
					Attr("autocomplete", "off").OnInput(func(ctx goapp.Context, e goapp.Event) { p.password = ctx.JSSrc().Get("value").String() })),
			)
		}),
		p.textField(fieldACL, "Also grant read access to user ID", goapp.Input().ID(domID(fieldACL)).Value(p.aclUser).Placeholder("optional: Octavia's service user ID").
			OnInput(func(ctx goapp.Context, e goapp.Event) { p.aclUser = ctx.JSSrc().Get("value").String() })),
		ui.IDP("cert-acl-note").Class("muted", "hint").Text(map[bool]string{true: "", false: "Stored as one PKCS#12 secret, the ref a listener uses. "}[p.format == formatCA]+
			octaviaAccess+" A cloud whose Octavia does not add itself needs its service user's ID here (openstack acl user add)."),
		goapp.If(p.formErr != "", func() goapp.UI { return ui.AlertError("cert-form-error", p.formErr) }),
		goapp.If(p.stored != "", func() goapp.UI {
			return goapp.P().Body(goapp.A().ID("cert-stored").Href(PagePath(cert.RefKey(p.stored))).Text("Open the stored certificate"))
		}),
		ui.ClassDivBody("form-actions",
			ui.TypedButton("cert-submit", "submit").Class("btn", "btn-primary").Disabled(p.busy).
				Text(map[bool]string{true: "Uploading…", false: "Upload"}[p.busy]),
			ui.ClassA("btn", "btn-ghost").Href(ListPath).Text("Cancel")),
	)
}

func (p *uploadPage) formatChoice(value, label string) goapp.UI {
	id := "cert-format-" + value
	return goapp.Label().Class("wz-radio").For(id).Body(
		goapp.Input().ID(id).Type("radio").Name("cert-format").Value(value).Checked(p.format == value).
			OnChange(func(ctx goapp.Context, e goapp.Event) { p.format, p.errs, p.formErr = value, nil, "" }, goapp.EventScope(value)),
		goapp.Text(" "+label))
}

// textField is a labelled control with field f's error under it.
func (p *uploadPage) textField(f, label string, control goapp.UI) goapp.UI {
	return ui.ClassDiv("field").DataSet("key", f).Body(
		goapp.Label().For(domID(f)).Text(label),
		control,
		p.fieldErr(f),
	)
}

func (p *uploadPage) fieldErr(f string) goapp.UI {
	return goapp.If(p.errs[f] != "", func() goapp.UI {
		return ui.IDClassDiv(domID(f)+"-error", "field-error", "st-error-text").Aria("live", "polite").Text(p.errs[f])
	})
}

// pemField is a PEM text area bound to *text, with a file input that
// fills it.
func (p *uploadPage) pemField(f, label, hint string, text *string) goapp.UI {
	id := domID(f)
	area := goapp.Textarea().ID(id).Class("mono", "cert-pem").Rows(6).Attr("spellcheck", "false").Attr("autocomplete", "off").
		Placeholder(hint).Text(*text).OnInput(func(ctx goapp.Context, e goapp.Event) { *text = ctx.JSSrc().Get("value").String() }, goapp.EventScope(f))
	if p.errs[f] != "" {
		area = area.Aria("invalid", "true").Aria("describedby", id+"-error")
	}
	return ui.ClassDiv("field").DataSet("key", f).Body(
		goapp.Label().For(id).Text(label),
		area,
		goapp.Label().Class("muted", "cert-file-label").For(id+"-file").Text("or choose a file:"),
		goapp.Input().ID(id+"-file").Type("file").Accept(".pem,.crt,.cer,.key,.txt").
			OnChange(func(ctx goapp.Context, e goapp.Event) {
				readFile(ctx, f, func(ctx goapp.Context, _ string, b []byte) {
					*text = string(b)
					clear(b)
					setValue(id, *text)
					delete(p.errs, f)
				}, func(ctx goapp.Context, err error) { p.setErr(err) })
			}, goapp.EventScope(f)),
		p.fieldErr(f),
	)
}

// fileField is a file input for field f whose bytes go to set.
func (p *uploadPage) fileField(f, label string, set func(ctx goapp.Context, name string, b []byte)) goapp.UI {
	id := domID(f) + "-file"
	in := goapp.Input().ID(id).Type("file").Accept(".p12,.pfx").
		OnChange(func(ctx goapp.Context, e goapp.Event) {
			readFile(ctx, f, func(ctx goapp.Context, name string, b []byte) {
				set(ctx, name, b)
				delete(p.errs, f)
			}, func(ctx goapp.Context, err error) { p.setErr(err) })
		}, goapp.EventScope(f))
	if p.errs[f] != "" {
		in = in.Aria("invalid", "true").Aria("describedby", domID(f)+"-error")
	}
	return ui.ClassDiv("field").DataSet("key", f).Body(goapp.Label().For(id).Text(label), in, p.fieldErr(f))
}
