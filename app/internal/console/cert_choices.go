package console

import (
	"cmp"
	"context"
	"slices"
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
// project's certificates in Barbican, each with its name, subject and
// expiry (read from its payload, as the certificate pages do: the
// certificate only, a key in a PKCS12 zeroed at once), sorted by name.
// Octavia serves a certificate with its key (form.CertKeyed) from a
// PKCS12 secret (opaque, application/octet-stream, as `openstack secret
// store` and the certificate upload store it) or a certificate container;
// a CA (form.CertCA) from a certificate secret. An opaque secret that is
// no PKCS12 without a password is not a certificate and is left out.
// Without Barbican in the catalog the error wraps
// octavia.ErrNoKeyManager. Blocks: run it in ctx.Async.
func ReadCertChoices(ctx context.Context, client *octavia.Client, now time.Time) ([]ui.CertOption, error) {
	var out []ui.CertOption
	reads := 0
	read := func(o ui.CertOption, ref, contentType string, skipBad bool) {
		if reads >= maxCertReads {
			out = append(out, o)
			return
		}
		reads++
		payload, err := client.SecretPayload(ctx, ref, contentType)
		var leaf *cert.Info
		if err == nil {
			c, _, perr := cert.ReadPayload(payload)
			if err = perr; err == nil {
				info := cert.Describe(c)
				leaf = &info
			}
		}
		clear(payload) // a PKCS12's key is in it
		switch {
		case leaf != nil:
			o.Subject, o.NotAfter = leaf.Subject, leaf.NotAfter
			e := cert.ExpiryAt(leaf.NotBefore, leaf.NotAfter, now)
			o.Expiry, o.Warn = e.String(), e.Warn()
		case skipBad:
			return
		default:
			o.Err = octavia.Message(err)
		}
		out = append(out, o)
	}
	for s, err := range client.Secrets(ctx, secrets.ListOpts{}) {
		if err != nil {
			return nil, err
		}
		if s.Status != "" && s.Status != "ACTIVE" {
			continue
		}
		o := ui.CertOption{Ref: s.SecretRef, Name: s.Name}
		switch {
		case s.SecretType == string(secrets.CertificateSecret):
			o.Use = form.CertCA
			read(o, s.SecretRef, cmp.Or(s.ContentTypes["default"], "text/plain"), false)
		case s.SecretType == string(secrets.OpaqueSecret) && s.ContentTypes["default"] == "application/octet-stream":
			o.Use = form.CertKeyed
			read(o, s.SecretRef, "application/octet-stream", true)
		}
	}
	for c, err := range client.Containers(ctx, containers.ListOpts{}) {
		if err != nil {
			return nil, err
		}
		if c.Type != "certificate" || c.Status != "" && c.Status != "ACTIVE" {
			continue
		}
		i := slices.IndexFunc(c.SecretRefs, func(r containers.SecretRef) bool { return r.Name == "certificate" })
		if i < 0 {
			continue
		}
		read(ui.CertOption{Ref: c.ContainerRef, Name: c.Name, Use: form.CertKeyed}, c.SecretRefs[i].SecretRef, "text/plain", false)
	}
	slices.SortStableFunc(out, func(a, b ui.CertOption) int {
		return cmp.Or(cmp.Compare(a.Name, b.Name), cmp.Compare(a.Ref, b.Ref))
	})
	return out, nil
}
