package console

import (
	"cmp"
	"context"
	"slices"
	"strings"
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
// container, a CA (form.CertCA) from a certificate secret, a revocation
// list (form.CertCRL) from an opaque secret that parses as one. Without
// Barbican in the catalog the error wraps octavia.ErrNoKeyManager.
// Blocks: run it in ctx.Async.
func ReadCertChoices(ctx context.Context, client *octavia.Client, now time.Time) ([]ui.CertOption, error) {
	ss, err := octavia.Collect(client.KeyManager().Secrets(ctx, secrets.ListOpts{}))
	if err != nil {
		return nil, err
	}
	cs, err := octavia.Collect(client.KeyManager().Containers(ctx, containers.ListOpts{}))
	if err != nil {
		return nil, err
	}
	parsed := map[string]cert.Parsed{}
	var out []ui.CertOption
	for i, r := range cert.Unread(ss, cs, nil) {
		if i == maxCertReads {
			break
		}
		payload, err := client.KeyManager().SecretPayload(ctx, r.Secret, r.ContentType)
		p := r.Parse(payload, octavia.Message(err))
		if p.NotCert { // an opaque secret that is no certificate: a revocation list?
			if crl := cert.ParsedCRL(payload); crl.Err == "" {
				out = append(out, optionOf(r.Ref, secretName(ss, r.Ref), form.CertCRL, crl, now))
			}
		}
		parsed[r.Ref] = p
		clear(payload)
	}
	entries, _ := cert.Entries(ss, cs, parsed, nil)
	for _, e := range entries {
		use := form.CertKeyed
		if e.Type == cert.TypePEM {
			use = form.CertCA
		}
		out = append(out, optionOf(e.Ref, e.Name, use, e.Parsed, now))
	}
	slices.SortStableFunc(out, func(a, b ui.CertOption) int {
		return cmp.Or(cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)), cmp.Compare(a.Ref, b.Ref))
	})
	return out, nil
}

// optionOf is the option of ref, named name, for a field of use, from
// what its payload said at now. A revocation list's end is its next
// update ("next update in 6 days"), a week away as a rule: it warns only
// once past it (stale) or before it starts.
func optionOf(ref, name string, use form.CertUse, p cert.Parsed, now time.Time) ui.CertOption {
	o := ui.CertOption{Ref: ref, Name: name, Use: use, Err: p.Err}
	if p.Read && p.Err == "" {
		x := cert.ExpiryAt(p.Info.NotBefore, p.Info.NotAfter, now)
		o.Subject, o.NotAfter, o.Expiry, o.Warn = p.Info.Subject, p.Info.NotAfter, x.String(), x.Warn()
		if use == form.CertCRL {
			o.Expiry, o.Warn = strings.Replace(o.Expiry, "expires", "next update", 1), x.State != cert.Valid && x.State != cert.Soon
		}
	}
	return o
}

// secretName is the name of the secret ref among ss.
func secretName(ss []secrets.Secret, ref string) string {
	for _, s := range ss {
		if s.SecretRef == ref {
			return s.Name
		}
	}
	return ""
}
