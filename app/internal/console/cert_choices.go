package console

import (
	"context"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/keymanager/v1/containers"
	"github.com/gophercloud/gophercloud/v2/openstack/keymanager/v1/secrets"

	"github.com/octaview/octaview/app/internal/cert"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// maxCertReads bounds the payloads ReadCertChoices reads (one GET each):
// a project with more certificates lists the rest by name only.
const maxCertReads = 50

// ReadCertChoices reads what a form's certificate fields offer: the
// project's certificates in Barbican as the certificate pages list them
// (internal/cert: Unread, Entries; an opaque secret that is no
// certificate left out), each with its name, subject and expiry (read
// from its payload: the certificate only, a PKCS12's key zeroed at once,
// the bytes cleared), sorted by name. Octavia serves a certificate with
// its key (form.CertKeyed) from a PKCS12 secret or a certificate
// container, a CA (form.CertCA) from a certificate secret. Without
// Barbican in the catalog the error wraps octavia.ErrNoKeyManager.
// Blocks: run it in ctx.Async.
func ReadCertChoices(ctx context.Context, client *octavia.Client, now time.Time) ([]ui.CertOption, error) {
	ss, err := octavia.Collect(client.Secrets(ctx, secrets.ListOpts{}))
	if err != nil {
		return nil, err
	}
	cs, err := octavia.Collect(client.Containers(ctx, containers.ListOpts{}))
	if err != nil {
		return nil, err
	}
	parsed := map[string]cert.Parsed{}
	for i, r := range cert.Unread(ss, cs, nil) {
		if i == maxCertReads {
			break
		}
		payload, err := client.SecretPayload(ctx, r.Secret, r.ContentType)
		parsed[r.Ref] = r.Parse(payload, octavia.Message(err))
		clear(payload)
	}
	entries, _ := cert.Entries(ss, cs, parsed, nil)
	out := make([]ui.CertOption, 0, len(entries))
	for _, e := range entries {
		o := ui.CertOption{Ref: e.Ref, Name: e.Name, Use: form.CertKeyed, Err: e.Parsed.Err}
		if e.Type == cert.TypePEM {
			o.Use = form.CertCA
		}
		if e.Parsed.Read && e.Parsed.Err == "" {
			x := e.Expiry(now)
			o.Subject, o.NotAfter, o.Expiry, o.Warn = e.Parsed.Info.Subject, e.Parsed.Info.NotAfter, x.String(), x.Warn()
		}
		out = append(out, o)
	}
	return out, nil
}
