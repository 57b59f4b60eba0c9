package wall

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/site"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
)

// A wall's incident notes: shown at its top, newest first, each with when
// and by whom it was pinned; with a console session, a form pins one and
// a button removes one. The server decides who may (an admin): its refusal
// shows at the field, and the text typed stays.

// noteTimeout bounds a pin or a removal.
const noteTimeout = 30 * time.Second

// noteMax is the longest note the form sends (runes); the server has its
// own limit and says so.
const noteMax = 500

// noteForm is the state of the notes' form and buttons.
type noteForm struct {
	text      string
	err       string // the last pin's refusal, at the field
	busy      bool
	removing  string // the note being removed ("" = none)
	removeErr string
}

// renderNotes is the wall's notes and, with a console session (not in
// kiosk mode), the form to pin one.
func (p *WallPage) renderNotes() goapp.UI {
	notes := sortedNotes(p.data.Notes)
	canEdit := p.session && !p.kiosk.on
	if len(notes) == 0 && !canEdit {
		return nil
	}
	return goapp.Section().ID("wall-notes").Class("wall-notes").Aria("label", "Incident notes").Body(
		goapp.Ul().Class("wall-note-list").Body(ui.RangeSlice(notes, func(i int) goapp.UI {
			n := notes[i]
			return goapp.Li().Class("wall-note").DataSet("id", n.ID).Body(
				goapp.P().Class("wall-note-text").Text(n.Text),
				renderPinned(n),
				goapp.If(canEdit, func() goapp.UI {
					return goapp.Button().Type("button").Class("btn", "btn-small", "wall-note-remove").
						Disabled(p.note.removing != "").Aria("label", "Remove the note: "+n.Text).
						OnClick(func(ctx goapp.Context, e goapp.Event) { p.removeNote(ctx, n.ID) }).Text("Remove")
				}),
			)
		})),
		goapp.If(p.note.removeErr != "", func() goapp.UI {
			return ui.AlertError("wall-note-remove-error", "The note was not removed: "+p.note.removeErr)
		}),
		goapp.If(canEdit, p.renderNoteForm),
	)
}

// renderPinned is "pinned 10:32 by admin", the exact time in its title.
func renderPinned(n serverapi.WallNote) goapp.UI {
	by := ""
	if n.By != "" {
		by = " by " + n.By
	}
	t, err := time.Parse(time.RFC3339, n.At)
	if err != nil {
		return ui.ClassSpanText("wall-note-at", "pinned"+by)
	}
	return ui.ClassSpan("wall-note-at").Body(
		goapp.Text("pinned "),
		goapp.Time().DateTime(t.UTC().Format(time.RFC3339)).Title(ui.FormatTime(t)+" UTC").Text(t.UTC().Format("15:04")),
		goapp.Text(by),
	)
}

func (p *WallPage) renderNoteForm() goapp.UI {
	invalid := ""
	if p.note.err != "" {
		invalid = "true"
	}
	return goapp.Form().ID("wall-note-form").Class("form", "wall-note-form").OnSubmit(p.pinNote).Body(
		ui.Field("wall-note-text", "Pin a note", goapp.Input().ID("wall-note-text").Type("text").
			MaxLength(noteMax).Placeholder("Degraded in region X, investigating").
			Value(p.note.text).Aria("invalid", invalid).Aria("describedby", "wall-note-error").
			OnInput(p.ValueTo(&p.note.text))),
		goapp.If(p.note.err != "", func() goapp.UI {
			return goapp.P().ID("wall-note-error").Class("field-error", "st-error-text").Text(p.note.err)
		}),
		ui.TypedButton("wall-note-pin", "submit").Class("btn", "btn-primary").Disabled(p.note.busy).Text("Pin"),
	)
}

// sortedNotes are notes newest first (by their time; unreadable times
// last), whatever order they came in.
func sortedNotes(notes []serverapi.WallNote) []serverapi.WallNote {
	out := slices.Clone(notes)
	at := func(n serverapi.WallNote) time.Time {
		t, _ := time.Parse(time.RFC3339, n.At)
		return t
	}
	slices.SortStableFunc(out, func(a, b serverapi.WallNote) int { return at(b).Compare(at(a)) })
	return out
}

// noteCheck is the form's own check of a note before it is sent ("" =
// fine).
func noteCheck(text string) string {
	switch t := strings.TrimSpace(text); {
	case t == "":
		return "Write the note first."
	case len([]rune(t)) > noteMax:
		return "A note is at most 500 characters."
	}
	return ""
}

// pinNote sends the note typed; on success the field empties and the wall
// reads itself again, else the refusal shows at the field and the text
// stays. UI goroutine.
func (p *WallPage) pinNote(ctx goapp.Context, e goapp.Event) {
	e.PreventDefault()
	if p.note.busy {
		return
	}
	if msg := noteCheck(p.note.text); msg != "" {
		p.note.err = msg
		return
	}
	p.note.busy, p.note.err = true, ""
	body := serverapi.WallNoteInput{Text: strings.TrimSpace(p.note.text)}
	sent := p.note.text
	origin, ref := p.origin, p.ref
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), noteTimeout)
		defer cancel()
		err := site.TrainerCall(c, origin, http.MethodPost, serverapi.WallNotesPath+string(ref), body)
		ctx.Dispatch(func(ctx goapp.Context) {
			p.note.busy = false
			if err != nil {
				p.note.err = noteError(err, ref)
				return
			}
			if p.note.text == sent {
				p.note.text = ""
				// go-app leaves an input's typed value when its Value becomes ""
				if in := goapp.Window().GetElementByID("wall-note-text"); in.Truthy() {
					in.Set("value", "")
				}
			}
			p.refresh(ctx)
		})
	})
}

// removeNote removes note id; a refusal shows under the notes. UI
// goroutine.
func (p *WallPage) removeNote(ctx goapp.Context, id string) {
	if p.note.removing != "" {
		return
	}
	p.note.removing, p.note.removeErr = id, ""
	origin, ref := p.origin, p.ref
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), noteTimeout)
		defer cancel()
		path := serverapi.WallNotesPath + string(ref) + "?id=" + url.QueryEscape(id)
		err := site.TrainerCall(c, origin, http.MethodDelete, path, nil)
		ctx.Dispatch(func(ctx goapp.Context) {
			p.note.removing = ""
			if err != nil {
				p.note.removeErr = noteError(err, ref)
				return
			}
			p.refresh(ctx)
		})
	})
}

// refresh reads the wall once now (after a note changed), rather than
// wait for its next event. UI goroutine.
func (p *WallPage) refresh(ctx goapp.Context) {
	origin, ref, mode := p.origin, p.ref, p.mode
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), noteTimeout)
		defer cancel()
		var w serverapi.Wall
		if err := getWall(c, http.DefaultClient, origin, ref, &w); err == nil {
			p.deliver(ctx, ref, w, nil, mode)
		}
	})
}

// noteError is the words of a pin's or a removal's failure: the server's
// faultstring, else the status, never the wall's secret token (the path
// the call names says the wall's name only).
func noteError(err error, ref wallRef) string {
	msg := withoutURL(err).Error()
	name, _, _ := strings.Cut(string(ref), "/")
	return strings.ReplaceAll(msg, string(ref), name)
}
