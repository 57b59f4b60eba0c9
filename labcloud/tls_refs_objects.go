// The certificate checks of each kind that has certificate refs: a
// listener, a pool, and both in a fully populated load balancer create
// (tls_refs.go does the reading).

package labcloud

import (
	"cmp"
	"net/http"
	"time"
)

// nonEmpty is *p, "" for nil.
func nonEmpty(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// checkTLS checks the certificates of a listener create (old nil) or
// update (old: the listener as it is) as Octavia's API does before it
// accepts the write: certificate refs only on TERMINATED_HTTPS, a client
// CA only with a certificate, client authentication only with a CA, a CRL
// only with a CA; then every ref given is read (checkTLSRefs,
// checkClientCA). Caller holds c.mu.
func (c listenerKind) checkTLS(r *http.Request, k *caller, b *listenerBody, old *listener, now time.Time) *apiError {
	protocol := nonEmpty(b.Protocol)
	if old != nil {
		protocol = old.protocol
	}
	var sni []string
	if b.SNIContainerRefs != nil {
		sni = *b.SNIContainerRefs
	}
	def, ca, crl := nonEmpty(b.DefaultTLSContainerRef), nonEmpty(b.ClientCATLSContainerRef), nonEmpty(b.ClientCRLContainerRef)
	if protocol != "TERMINATED_HTTPS" && (def != "" || len(sni) > 0 || ca != "" || crl != "") {
		return validation("Certificate container references are not allowed on %s protocol listeners.", protocol)
	}
	if old == nil && ca != "" && def == "" && len(sni) == 0 {
		return validation("An SNI or default certificate container reference must be provided with a client CA container reference.")
	}
	if old != nil {
		ca, crl = cmp.Or(ca, nonEmpty(old.clientCATLSRef)), cmp.Or(crl, nonEmpty(old.clientCRLRef))
	}
	if auth := nonEmpty(b.ClientAuthentication); auth != "" && auth != "NONE" && ca == "" {
		return validation("Client authentication setting %s requires a client CA container reference.", auth)
	}
	if crl != "" && ca == "" {
		return validation("A client authentication CA reference is required to specify a client authentication revocation list.")
	}
	t := c.newTLSCheck(r, k, now)
	refs := sni
	if def != "" {
		refs = append(refs[:len(refs):len(refs)], def)
	}
	if err := t.checkTLSRefs(refs...); err != nil {
		return err
	}
	if ca != "" {
		return t.checkClientCA(ca, crl)
	}
	return nil
}

// checkTLS checks the certificates of a pool create (old nil) or update
// as Octavia's API does: a CRL only with a CA, then the refs given (the
// CA's and CRL's kept from before on an update). Caller holds c.mu.
func (c poolKind) checkTLS(r *http.Request, k *caller, b *poolBody, old *pool, now time.Time) *apiError {
	cert, ca, crl := nonEmpty(b.TLSContainerRef), nonEmpty(b.CATLSContainerRef), nonEmpty(b.CRLContainerRef)
	if old == nil && crl != "" && ca == "" {
		return validation("A CA certificate reference is required to specify a revocation list.")
	}
	if old != nil {
		if b.CATLSContainerRef == nil {
			ca = nonEmpty(old.caTLSContainerRef)
		}
		if b.CRLContainerRef == nil {
			crl = nonEmpty(old.crlContainerRef)
		}
		if crl != "" && ca == "" {
			return validation("A CA reference is required to specify a certificate revocation list.")
		}
	}
	t := c.newTLSCheck(r, k, now)
	if cert != "" {
		if err := t.checkTLSRefs(cert); err != nil {
			return err
		}
	}
	if ca != "" {
		return t.checkClientCA(ca, crl)
	}
	return nil
}

// checkGraphTLS checks the certificates of every listener and pool of a
// fully populated load balancer create, as the listener and pool creates
// do. Caller holds c.mu.
func (c lbKind) checkGraphTLS(r *http.Request, k *caller, b *lbBody, now time.Time) *apiError {
	listeners, pools := listenerKind{c.Cloud}, poolKind{c.Cloud}
	for i := range b.Listeners {
		l := &b.Listeners[i]
		if err := listeners.checkTLS(r, k, l, nil, now); err != nil {
			return err
		}
		if l.DefaultPool != nil {
			if err := pools.checkTLS(r, k, l.DefaultPool, nil, now); err != nil {
				return err
			}
		}
	}
	for i := range b.Pools {
		if err := pools.checkTLS(r, k, &b.Pools[i], nil, now); err != nil {
			return err
		}
	}
	return nil
}
