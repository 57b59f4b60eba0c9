package console

import (
	"slices"
	"time"
	"unicode"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/attr"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// propRow is one line of a detail page's properties.
type propRow struct {
	Key   string // the attribute; "" for a line from the page's URL
	Label string
	Text  string // the value as readable text ("" shows "—")
	Show  attr.Show
	Link  octavia.Kind // Linked: the kind IDs name
	IDs   []string     // Linked: the ids
	Also  []string     // attributes the line stands for too (tenant_id, equal to project_id)
}

// PropRows are the properties of o, an object of the page pr's kind: the
// kind's own first (Props, in order), then every other attribute of o by
// label, each labelled from the attribute dictionary (internal/attr). They
// are exactly o's attributes, but those shown elsewhere on the page: the
// tags when the tags editor shows them (tagsInEditor), those a section
// shows (ShownBy). A child whose answer does not name its parent (a
// member's pool, a rule's L7 policy) or an object whose answer does not
// name itself (a quota's project) gets that line first, from the page's
// URL (Key "").
func PropRows(pr PageRef, o octavia.Object, tagsInEditor bool) []propRow {
	res := pr.Res
	var out []propRow
	if p := res.Parent(); p != nil {
		out = append(out, propRow{Label: Capitalize(p.Singular), Show: attr.Linked, Link: p.Kind, IDs: []string{pr.ParentID}, Text: pr.ParentID})
	}
	if idKey := res.Kind.IDKey(); o[idKey] == nil && pr.ID != "" {
		a, _ := attr.Of(idKey)
		out = append(out, propRow{Label: a.Label, Show: attr.Mono, Text: pr.ID})
	}
	skip := map[string]bool{}
	sameTenant := o.Text("tenant_id") != "" && o.Text("tenant_id") == o.Text("project_id")
	if sameTenant {
		skip["tenant_id"] = true // Octavia repeats the project under its old name: one Project line says both
	}
	for _, k := range res.ShownBy {
		skip[k] = true
	}
	if tagsInEditor {
		skip["tags"] = true
	}
	row := func(key, label string, p property) propRow {
		a, _ := attr.Of(key)
		if label != "" {
			a.Label = label
		}
		if p.Link != "" {
			a.Show, a.Link = attr.Linked, p.Link
		}
		if p.Mono && a.Show == attr.Plain {
			a.Show = attr.Mono
		}
		r := propRow{Key: key, Label: a.Label, Show: a.Show, Link: a.Link, Text: attr.Text(key, o[key])}
		if key == "project_id" && sameTenant {
			r.Also = []string{"tenant_id"}
		}
		if a.Show == attr.Linked {
			r.IDs = o.IDs(key)
		}
		return r
	}
	for _, p := range res.Props {
		if _, ok := o[p.Key]; !ok || skip[p.Key] {
			continue
		}
		skip[p.Key] = true
		out = append(out, row(p.Key, p.Label, p))
	}
	var rest []propRow
	for k := range o {
		if !skip[k] {
			rest = append(rest, row(k, "", property{}))
		}
	}
	for _, i := range SortOrder(len(rest), func(i, j int) int { return tab.CompareFold(rest[i].Label+rest[i].Key, rest[j].Label+rest[j].Key) }) {
		out = append(out, rest[i])
	}
	return out
}

// Capitalize writes s with a capital first letter ("pool" -> "Pool").
func Capitalize(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// RenderProps are the properties of o as the page pr shows them; sess
// decides which links it may follow, names names the objects they link to
// (nil: by id).
func RenderProps(sess *tab.Session, pr PageRef, o octavia.Object, tagsInEditor bool, names Namer) []goapp.UI {
	rows := PropRows(pr, o, tagsInEditor)
	out := make([]goapp.UI, 0, len(rows))
	for _, r := range rows {
		out = append(out, ui.ClassDiv("prop").DataSet("key", r.Key).DataSet("from-url", r.Key == "").Body(
			goapp.Dt().Text(r.Label), goapp.Dd().Body(propValue(sess, pr, o, r, names))))
	}
	return out
}

// propValue is one property's value: a badge, a time, links, or text; a
// project is named as the lists name it (projectName), its id beside.
func propValue(sess *tab.Session, pr PageRef, o octavia.Object, r propRow, names Namer) goapp.UI {
	if r.Key == "project_id" || r.Key == "tenant_id" {
		if n := tab.ProjectName(sess, r.Text); n != "" {
			return goapp.Span().Title(r.Text).Text(n + " (" + r.Text + ")") // one text: the served page's markup is the same
		}
	}
	switch r.Show {
	case attr.Badge:
		if r.Key == "provisioning_status" && ui.IsPending(r.Text) {
			return pendingBadge(sess, pr, o, r.Text)
		}
		return Badge(r.Text)
	case attr.Time:
		return goapp.Text(ui.FormatTime(o.Time(r.Key)))
	case attr.Linked:
		to := ResourceOf(r.Link)
		if to == nil || !to.MayRead(sess) || len(r.IDs) == 0 {
			return ui.MonoText(r.Text)
		}
		links := make([]goapp.UI, 0, 2*len(r.IDs))
		for i, id := range r.IDs {
			if i > 0 {
				links = append(links, goapp.Text(", "))
			}
			links = append(links, RefLink(names, r.Link, id, LinkTo(to, pr, id), len(r.IDs) == 1))
		}
		return goapp.Span().Body(links...)
	case attr.Mono:
		return ui.MonoText(r.Text)
	}
	return goapp.Text(ui.OrDash(r.Text))
}

// pendingBadge is a PENDING_* status with how long it has been so
// (pendingFor: the same words as the page's "Why this status"). A stuck
// object says so at a glance.
func pendingBadge(sess *tab.Session, pr PageRef, o octavia.Object, status string) goapp.UI {
	since := PendingFor(o, sess, pr.ID, time.Now())
	if since == "" {
		return Badge(status)
	}
	return goapp.Span().Body(Badge(status), ui.ClassSpan("pending-for", "muted").Text(" "+since))
}

// LinkTo is the page of object id of kind to, linked from page from: a
// child of the page's object is under it (a pool's members).
func LinkTo(to *Resource, from PageRef, id string) string {
	switch p := to.Kind.Parent(); {
	case p == from.Res.Kind:
		return to.DetailPathOf(from.ID, id)
	case p != "":
		return to.DetailPathOf(from.ParentID, id)
	}
	return to.DetailPathOf("", id)
}

// PropKeys are the attributes propRows shows as lines of their own (for
// the tests: with the tags and a section's, exactly the answer's keys).
func PropKeys(rows []propRow) []string {
	var out []string
	for _, r := range rows {
		if r.Key != "" {
			out = append(out, r.Key)
		}
		out = append(out, r.Also...)
	}
	slices.Sort(out)
	return out
}

// PendingFor says how long object id (shown as o) has been PENDING_*:
// since its updated_at (created_at for PENDING_CREATE), which Octavia sets
// when a write makes it pending; else since sess's tab saw it so.
func PendingFor(o octavia.Object, sess *tab.Session, id string, now time.Time) string {
	key := "updated_at"
	if octavia.ProvisioningStatus(o.Text("provisioning_status")).Is(octavia.StatusPendingCreate) || o.Text(key) == "" {
		key = "created_at"
	}
	if t := o.Time(key); !t.IsZero() && !t.After(now) {
		return "for " + ui.FormatElapsed(now.Sub(t)) + " (since " + tab.ClockUTC(t) + ", its " + key + ")"
	}
	if s, ok := tab.SeenSince(sess, id, "prov", o.Text("provisioning_status")); ok {
		return s.ForText(now)
	}
	return ""
}

// Badge is a status badge: Octavia's word on the status's colour.
func Badge(status string) goapp.UI {
	return ui.ClassSpan("badge", ui.StatusClass(status)).Title(ui.StatusLabel(status)).Text(ui.StatusLabel(status)) // the title: the whole word when a narrow cell cuts it
}
