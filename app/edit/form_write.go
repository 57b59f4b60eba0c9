package edit

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
)

// formWrite is a form's write of body on the page pr: a create (under the
// page's parent) or, when create is false, an update of orig, the object
// edited.
func formWrite(pr console.PageRef, create bool, orig, body octavia.Object) console.Write {
	res := pr.Res
	wr := console.Write{Op: tab.Operation{Kind: tab.OpUpdate, Wait: console.WaitFor(res, tab.OpUpdate), Ref: pr.Ref(), Written: writtenText(create, res, body)}}
	if create {
		wr.Op.Kind, wr.Op.Wait = tab.OpCreate, console.WaitFor(res, tab.OpCreate)
		wr.LB = body.Text("loadbalancer_id")
		wr.Send = func(ctx context.Context, c *octavia.Client) (octavia.Object, octavia.Accepted, error) {
			return c.Create(ctx, res.Kind, pr.ParentID, body)
		}
		return wr
	}
	ref := octavia.RefOf(res.Kind, pr.ParentID, orig)
	ref.ID = pr.ID
	wr.Op.Ref, wr.Was = ref, orig.Text("provisioning_status") // the name: the answer's (a rename's new one)
	wr.Send = func(ctx context.Context, c *octavia.Client) (octavia.Object, octavia.Accepted, error) {
		return c.Update(ctx, ref, body)
	}
	return wr
}

// sentPath is where the form on page pr goes once its write, op, is
// accepted: the object's page, or, for a create under a parent (a
// member's pool), the parent's, whose list shows it and from which the
// next one is made. The page's wait card (tab.WithOpAnchor) takes the
// focus, not its heading: the wait is in view wherever the form was
// scrolled to.
func sentPath(pr console.PageRef, create bool, op tab.Operation) string {
	res := pr.Res
	if parent := res.Parent(); create && parent != nil && pr.ParentID != "" {
		return tab.WithOpAnchor(parent.DetailPathOf("", pr.ParentID), op)
	}
	return tab.WithOpAnchor(res.DetailPathOf(pr.ParentID, cmp.Or(op.Ref.ID, pr.ID)), op)
}

// faultErrs puts a refused write's Octavia faultstring next to the field
// of fields it names (a 400, or a provider's 501 for an option its driver
// does not support), the form's values v at hand; nil for any other error
// or a fault that names none of them.
func faultErrs(err error, fields []form.Field, v form.Values) form.Errs {
	var e *octavia.Error
	if !errors.As(err, &e) || e.Code != octavia.EINVALID && e.Code != octavia.EUNSUPPORTED || e.Fault == "" {
		return nil
	}
	if k := form.FaultFieldIn(e.Fault, form.Keys(fields), v); k != "" {
		return form.Errs{k: "Octavia: " + e.Fault}
	}
	return nil
}

// writtenText says in words what a form writes, for its wait item.
func writtenText(create bool, res *console.Resource, body octavia.Object) string {
	verb := "PUT"
	if create {
		verb = "POST"
	}
	keys := slices.Sorted(maps.Keys(body))
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		v := octavia.ValueText(body[k])
		if len(v) > 60 {
			v = v[:60] + "…"
		}
		parts = append(parts, fmt.Sprintf("%s %q", k, v))
	}
	return verb + " " + res.Singular + " " + strings.Join(parts, ", ")
}
