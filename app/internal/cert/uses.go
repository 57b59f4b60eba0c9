package cert

import (
	"cmp"
	"slices"

	"github.com/octaview/octaview/octavia"
)

// Slot is an attribute of a listener or a pool that holds a Barbican ref.
type Slot struct {
	Kind  octavia.Kind
	Attr  string // Octavia's attribute: default_tls_container_ref, ...
	Label string // what a page calls it
	Many  bool   // a list of refs (sni_container_refs)
}

// Slots are every attribute through which Octavia uses a certificate, in
// the order a page shows them.
func Slots() []Slot {
	return []Slot{
		{octavia.KindListener, "default_tls_container_ref", "default certificate", false},
		{octavia.KindListener, "sni_container_refs", "SNI certificate", true},
		{octavia.KindListener, "client_ca_tls_container_ref", "client CA", false},
		{octavia.KindListener, "client_crl_container_ref", "client CRL", false},
		{octavia.KindPool, "tls_container_ref", "client certificate to members", false},
		{octavia.KindPool, "ca_tls_container_ref", "CA of the members", false},
		{octavia.KindPool, "crl_container_ref", "CRL of the members", false},
	}
}

// SlotFields are the attributes a list of kind k must ask for to find its
// certificates: the id, the name and k's slots.
func SlotFields(k octavia.Kind) []string {
	f := []string{"id", "name"}
	for _, s := range Slots() {
		if s.Kind == k {
			f = append(f, s.Attr)
		}
	}
	return f
}

// Use is one slot of one object that holds a ref.
type Use struct {
	Slot Slot
	ID   string // the listener's or pool's
	Name string
	Ref  string // as the object holds it
}

// RefsOf are the refs o (of kind k) holds, slot by slot.
func RefsOf(k octavia.Kind, o octavia.Object) []Use {
	var out []Use
	for _, s := range Slots() {
		if s.Kind != k {
			continue
		}
		refs := []string{o.Text(s.Attr)}
		if s.Many {
			refs = o.Strings(s.Attr)
		}
		for _, r := range refs {
			if r != "" {
				out = append(out, Use{Slot: s, ID: o.Text("id"), Name: o.Text("name"), Ref: r})
			}
		}
	}
	return out
}

// Uses indexes by RefKey every ref the listeners and pools hold.
func Uses(listeners, pools []octavia.Object) map[string][]Use {
	out := map[string][]Use{}
	for k, objs := range map[octavia.Kind][]octavia.Object{octavia.KindListener: listeners, octavia.KindPool: pools} {
		for _, o := range objs {
			for _, u := range RefsOf(k, o) {
				key := RefKey(u.Ref)
				out[key] = append(out[key], u)
			}
		}
	}
	for _, us := range out {
		sortUses(us)
	}
	return out
}

// sortUses orders uses by slot (Slots' order), then by name and id.
func sortUses(us []Use) {
	rank := func(u Use) int {
		return slices.IndexFunc(Slots(), func(s Slot) bool { return s.Kind == u.Slot.Kind && s.Attr == u.Slot.Attr })
	}
	slices.SortFunc(us, func(a, b Use) int {
		return cmp.Or(cmp.Compare(rank(a), rank(b)), cmp.Compare(a.Name, b.Name), cmp.Compare(a.ID, b.ID))
	})
}

// RefKey is what two refs of one secret or container share whatever host
// they name ("secrets/<uuid>"), or the ref itself when it is not a
// Barbican ref.
func RefKey(ref string) string {
	if k := octavia.RefKind(ref); k != "" {
		id, _ := octavia.RefID(ref, k)
		return k + "/" + id
	}
	return ref
}
