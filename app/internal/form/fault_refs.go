package form

import (
	"slices"
	"strings"

	"github.com/octaview/octaview/app/internal/lazyregexp"
)

// certificateFault is Octavia's CertificateRetrievalException, a 400 on a
// listener's or pool's create and update when Barbican cannot give a ref:
// "Could not retrieve certificate: ['https://…/containers/…']" (the
// Python list of the refs it could not read, from the API's checks) or
// "Could not retrieve certificate: https://…" (one ref, bare, from the
// provider driver's read of the secret).
var (
	certificateFault = lazyregexp.New(`Could not retrieve certificate: \[(.*)\]`)
	bareRefFault     = lazyregexp.New(`Could not retrieve certificate: (\S+?)\.?$`)
	quotedRef        = lazyregexp.New(`'([^']*)'|"([^"]*)"`)
)

// CertificateRefs are the refs a certificate fault names (nil for any
// other fault).
func CertificateRefs(fault string) []string {
	m := certificateFault.FindStringSubmatch(fault)
	if m == nil {
		if b := bareRefFault.FindStringSubmatch(fault); b != nil {
			return []string{b[1]}
		}
		return nil
	}
	var refs []string
	for _, q := range quotedRef.Regexp().FindAllStringSubmatch(m[1], -1) {
		if ref := q[1] + q[2]; ref != "" {
			refs = append(refs, ref)
		}
	}
	return refs
}

// RefField is the field among names whose value in v holds a ref that a
// certificate fault names (default_tls_container_ref, one line of
// sni_container_refs, a pool's tls_container_ref…), or "": the fault shows
// at the field that holds the ref, whichever of them Octavia read first.
func RefField(fault string, names []string, v Values) string {
	refs := CertificateRefs(fault)
	if len(refs) == 0 {
		return ""
	}
	for _, n := range names {
		held := strings.FieldsFunc(v[n], func(r rune) bool { return r == '\n' || r == ',' })
		for _, h := range held {
			if slices.Contains(refs, strings.TrimSpace(h)) {
				return n
			}
		}
	}
	return ""
}

// FaultFieldIn is the field among names that an Octavia 400 is about, the
// form's values v at hand: the field holding a ref that a certificate fault
// names (RefField), else the one the fault's words name (FaultField).
func FaultFieldIn(fault string, names []string, v Values) string {
	if n := RefField(fault, names, v); n != "" {
		return n
	}
	return FaultField(fault, names)
}
