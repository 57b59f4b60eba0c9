package section

import (
	"context"
	"fmt"
	"slices"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// TagsEditor adds and removes the tags of any object that has them, on its
// detail page: each change is a write (the writer's: one 409 policy for
// every write, "Retry when ACTIVE" when the load balancer is busy) that
// goes through the client's UpdateTags (read, merge, PUT, read back and
// re-apply when another writer raced us), is recorded in the journal as an
// operation with its wait, and says what happened: saved, other writers'
// tags put back (Restored), or our change still not in place (Lost).
type TagsEditor struct {
	goapp.Compo

	Ref    octavia.Ref
	Tags   []string // as the page last read them
	Name   string   // the object's name, for the journal
	Status string   // its provisioning status, for a refusal's words
	// OnWrite runs after an accepted write (the page follows the object
	// until it is no longer pending). UI goroutine.
	OnWrite func()

	rt      *tab.Runtime  // the tab's (NewTagsEditor)
	uctx    goapp.Context // the component's own (OnMount): a chip's button goes away with its tag
	w       console.Writer
	input   string
	sending string   // the change being sent ("+a -b"); "" when idle
	msg     string   // what the last change did
	tone    string   // "ok", "warn" or "error": how msg is shown
	after   []string // the tags as read back after our last write
	afterOf []string // Tags when after was read: after stands until the page reads anew
}

// NewTagsEditor is e as the tags editor of a page of rt's tab: it writes
// with the tab's signed-in session.
func NewTagsEditor(rt *tab.Runtime, e *TagsEditor) *TagsEditor {
	e.rt = rt
	return e
}

// shown are the tags to show: what our last write read back, until the
// page's own read of the object catches up.
func (e *TagsEditor) shown() []string {
	if e.after != nil && slices.Equal(e.Tags, e.afterOf) {
		return e.after
	}
	return e.Tags
}

// tagChangeText says a change as the journal shows it: "tags +a -b".
func tagChangeText(change octavia.TagChange) string {
	parts := []string{"tags"}
	for _, t := range change.Add {
		parts = append(parts, "+"+t)
	}
	for _, t := range change.Remove {
		parts = append(parts, "-"+t)
	}
	return strings.Join(parts, " ")
}

// newTags are the tags typed in the add box (comma- or space-separated)
// that the object does not have yet, in order, without duplicates.
func newTags(input string, have []string) []string {
	var out []string
	for _, t := range strings.FieldsFunc(input, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\t' }) {
		if !slices.Contains(have, t) && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// tagOutcome says what UpdateTags did, and how to show it ("ok", "warn",
// "error"); status is the object's provisioning status (for a refusal).
func tagOutcome(change octavia.TagChange, r octavia.TagResult, err error, status string) (msg, tone string) {
	what := strings.TrimPrefix(tagChangeText(change), "tags ")
	switch {
	case len(r.Lost) > 0:
		return fmt.Sprintf("Not all of %s landed: the tags kept changing under %d PUTs (another writer); still not in place: %s. Try again.",
			what, r.Puts, strings.Join(r.Lost, ", ")), "error"
	case err != nil && octavia.ErrorCodeOf(err) == octavia.EFORBIDDEN:
		return "The tags were not changed: your role does not allow it (Octavia answered 403 Forbidden).", "error"
	case err != nil:
		return "The tags were not changed: " + console.WriteErrorText(err, status), "error"
	case len(r.Restored) > 0:
		return fmt.Sprintf("Saved %s. Another writer changed the tags at the same time and dropped some; put back after %d PUTs: %s.",
			what, r.Puts, strings.Join(r.Restored, ", ")), "warn"
	}
	return fmt.Sprintf("Saved %s.", what), "ok"
}

// write sends change, as one write. UI goroutine; UpdateTags runs in the
// writer's ctx.Async.
func (e *TagsEditor) write(ctx goapp.Context, change octavia.TagChange) {
	sess, res := e.rt.CurrentSession(), console.ResourceOf(e.Ref.Kind)
	if sess == nil || res == nil || e.sending != "" || len(change.Add)+len(change.Remove) == 0 {
		return
	}
	e.sending, e.msg = tagChangeText(change), ""
	ref, status, was := e.Ref, e.Status, e.Tags
	var r octavia.TagResult // UpdateTags' result, set by Send on the writer's goroutine, read after it
	wr := console.Write{Op: tab.Operation{Kind: tab.OpUpdate, Verb: "Tag", Wait: console.WaitFor(res, tab.OpUpdate), Ref: ref, Name: e.Name, Written: tagChangeText(change)},
		Was: status,
		Send: func(ctx context.Context, c *octavia.Client) (octavia.Object, octavia.Accepted, error) {
			var err error
			r, err = tab.WaitClient(sess).UpdateTags(ctx, ref, change)
			return nil, r.Accepted, err
		}}
	if res.HasStatus() {
		wr.Op.Status = string(octavia.StatusPendingUpdate)
	}
	// the component's context: the removed tag's button goes away, and a Dispatch with it
	e.w.Send(e.uctx, sess, wr, func(ctx goapp.Context, s console.Sent) {
		e.sending = ""
		e.msg, e.tone = tagOutcome(change, r, s.Err, status)
		if s.Err == nil {
			e.input = ""
			// go-app leaves an input's typed value when its Value becomes ""
			if in := goapp.Window().GetElementByID("tags-input"); in.Truthy() {
				in.Set("value", "")
			}
		}
		e.after, e.afterOf = r.Tags, was
		if e.after == nil {
			e.after = []string{}
		}
		if e.OnWrite != nil {
			e.OnWrite()
		}
	}, func(err error) {
		e.sending = ""
		e.msg, e.tone = tagOutcome(change, r, err, e.w.BusyAs())
	})
}

func (e *TagsEditor) OnMount(ctx goapp.Context) { e.uctx = ctx }

func (e *TagsEditor) add(ctx goapp.Context, ev goapp.Event) {
	ev.PreventDefault()
	add := newTags(e.input, e.shown())
	if len(add) == 0 {
		e.msg, e.tone = "Type a tag that the "+string(e.Ref.Kind)+" does not have yet.", "error"
		return
	}
	e.write(ctx, octavia.TagChange{Add: add})
}

func (e *TagsEditor) Render() goapp.UI {
	tags := e.shown()
	chips := make([]goapp.UI, 0, len(tags))
	for _, t := range tags {
		chips = append(chips, goapp.Li().Class("chip", "tag-chip").DataSet("tag", t).Body(
			ui.ClassSpanText("tag-text", t),
			goapp.Button().Type("button").Class("chip-x", "tag-remove").Aria("label", "Remove tag "+t).DataSet("tag", t).
				Disabled(e.sending != "").
				OnClick(func(ctx goapp.Context, ev goapp.Event) {
					// the tag from the button, not the closure: go-app keeps a chip's first handler when the chips change
					e.write(ctx, octavia.TagChange{Remove: []string{ctx.JSSrc().Get("dataset").Get("tag").String()}})
				}).
				Text("×"),
		))
	}
	return goapp.Section().ID("tags").Class("card", "tags-card").Body(
		ui.ClassDivBody("card-head",
			goapp.H2().ID("tags-title").Text("Tags"),
			ui.ClassDiv("spacer"),
			goapp.If(e.sending != "", func() goapp.UI {
				return ui.IDSpan("tags-sending").Class("live").Text("saving " + e.sending + "…")
			})),

		goapp.If(len(chips) == 0, func() goapp.UI {
			return ui.IDP("tags-none").Class("muted").Textf("This %s has no tags.", e.Ref.Kind)
		}).Else(func() goapp.UI {
			return goapp.Ul().ID("tags-list").Class("tags-list").Aria("labelledby", "tags-title").Body(chips...)
		}),
		goapp.Form().ID("tags-form").Class("tags-form").OnSubmit(e.add).Body(
			goapp.Label().For("tags-input").Class("sr-only").Text("Tags to add"),
			ui.IDInput("tags-input").Type("text").Placeholder("new tag (several: separate them with commas)").
				Value(e.input).OnInput(func(ctx goapp.Context, ev goapp.Event) { e.input = ctx.JSSrc().Get("value").String() }),
			ui.TypedButton("tags-add", "submit").Class("btn").Disabled(e.sending != "").Text("Add tag"),
		),
		ui.IDDiv("tags-result").Aria("live", "polite").Body(
			goapp.If(e.msg != "", func() goapp.UI {
				return ui.ClassDiv("alert", "tags-"+e.tone, map[string]string{"ok": "alert-ok", "warn": "alert-warn", "error": "alert-error"}[e.tone]).Text(e.msg)
			}),
		),
		goapp.If(e.w.Refused != nil, func() goapp.UI { return e.w.Retry("tags-retry") }),
	)
}
