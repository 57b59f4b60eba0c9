package export

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
	code "github.com/octaview/octaview/export"
)

// The panel's element ids.
const (
	titleID   = "export-title"
	textID    = "export-text"
	saidID    = "export-said"
	refreshID = "export-refresh"
)

// tabID and panelID are format f's tab and its tab panel.
func tabID(f Format) string   { return "export-tab-" + f.ID }
func panelID(f Format) string { return "export-panel-" + f.ID }

// Render is the panel's dialog while it is open, else nothing. UI
// goroutine.
func (p *Panel) Render() goapp.UI {
	if !p.open {
		return nil
	}
	fs := Formats()
	f := fs[p.cur]
	t, ok, planErr := p.shown()
	title := "Export as code"
	if name := t.LoadBalancer.Text("name"); ok && name != "" {
		title += ": " + name
	}
	return goapp.Dialog().ID(DialogID).Class("card", "confirm", "export").Aria("labelledby", titleID).
		On("close", func(ctx goapp.Context, e goapp.Event) { p.closed(ctx) }).OnKeyDown(ui.TrapTab).Body(
		ui.ClassDivBody("export-head",
			goapp.H2().ID(titleID).Text(title),
			ui.ClassDiv("spacer"),
			p.renderRead(),
			ui.IDButton("export-close").Type("button").Class("btn", "btn-ghost", "btn-small").
				OnClick(func(goapp.Context, goapp.Event) { ui.CloseDialog(DialogID) }).Text("Close")),
		goapp.If(p.plan != nil, func() goapp.UI {
			return ui.ClassPText("muted", "What the wizard is about to create, as code: nothing has been sent. Ids are Octavia's to give, so there is nothing to import.")
		}),
		goapp.If(p.err != "", func() goapp.UI { return ui.AlertError("export-error", p.err) }),
		goapp.If(planErr != nil, func() goapp.UI {
			return ui.AlertError("export-error", "The plan cannot be written as code: "+errText(planErr))
		}),
		p.renderTabs(fs),
		goapp.Div().ID(panelID(f)).Class("export-panel").Role("tabpanel").Aria("labelledby", tabID(f)).Body(
			goapp.If(ok, func() goapp.UI { return p.renderCode(t, f) }).
				ElseIf(p.status == ui.Loading, func() goapp.UI {
					return ui.ClassDiv("empty", "loading").Text("Reading the load balancer's tree…")
				}),
		),
		ui.IDP(saidID).Class("export-said").Aria("live", "polite").Text(p.said),
	)
}

// errText is err's words.
func errText(err error) string { return err.Error() }

// renderRead is when the tree was read and Refresh (a load balancer's
// only: a plan is never read).
func (p *Panel) renderRead() goapp.UI {
	if p.plan != nil {
		return nil
	}
	read := "reading…"
	if p.status != ui.Loading && !p.at.IsZero() {
		read = ReadText(p.at)
	}
	return ui.ClassSpan("export-read").Body(
		ui.IDSpan("export-read").Class("muted").Text(read),
		// aria-disabled while it reads, not disabled: a disabled button
		// loses the focus, which would leave the dialog for the page
		ui.IDButton(refreshID).Type("button").Class("btn", "btn-small").Aria("disabled", p.status == ui.Loading).
			OnClick(func(goapp.Context, goapp.Event) {
				if p.status != ui.Loading {
					p.read()
				}
			}).Text("Refresh"))
}

// renderTabs is the formats' tablist: the current tab is the one Tab
// stop, the arrow keys (and Home, End) move between them (WAI-ARIA's
// tabs pattern, activation follows focus).
func (p *Panel) renderTabs(fs []Format) goapp.UI {
	tabs := make([]goapp.UI, len(fs))
	for i, f := range fs {
		sel := i == p.cur
		tabIndex := -1
		if sel {
			tabIndex = 0
		}
		tabs[i] = ui.IDButton(tabID(f)).Type("button").Class("export-tab").Role("tab").
			Aria("selected", sel).Aria("controls", panelID(f)).TabIndex(tabIndex).AutoFocus(sel). // the dialog opens on its tab
			OnClick(func(goapp.Context, goapp.Event) { p.pick(i, false) }, goapp.EventScope(f.ID)).Text(f.Label)
	}
	return goapp.Div().Class("export-tabs").Role("tablist").Aria("label", "Format").
		OnKeyDown(func(ctx goapp.Context, e goapp.Event) {
			if i, ok := TabKey(e.Get("key").String(), p.cur, len(fs)); ok {
				e.PreventDefault()
				p.pick(i, true)
			}
		}).Body(tabs...)
}

// pick shows tab i, and moves the focus to it when the keyboard chose it.
// UI goroutine.
func (p *Panel) pick(i int, focus bool) {
	p.cur, p.said = i, ""
	if focus {
		id := tabID(Formats()[i])
		p.uctx.Defer(func(goapp.Context) { ui.FocusID(id) })
	}
}

// TabKey is the tab a key pressed in a tablist of n tabs moves to from
// tab cur (ArrowRight and ArrowLeft wrap around; Home, End), and whether
// the key moves at all.
func TabKey(key string, cur, n int) (int, bool) {
	switch key {
	case "ArrowRight":
		return (cur + 1) % n, true
	case "ArrowLeft":
		return (cur + n - 1) % n, true
	case "Home":
		return 0, true
	case "End":
		return n - 1, true
	}
	return cur, false
}

// renderCode is t written in format f: a scrollable, selectable block
// with Copy and Download, and how to use it.
func (p *Panel) renderCode(t code.Tree, f Format) goapp.UI {
	text, err := p.text(t, p.cur)
	if err != nil {
		return ui.AlertError("export-format-error", "This tree cannot be written as "+f.Label+": "+errText(err))
	}
	name := fileName(t, f)
	return goapp.Div().Body(
		ui.ClassDivBody("export-actions",
			ui.IDButton("export-copy").Type("button").Class("btn", "btn-primary", "btn-small").
				OnClick(func(goapp.Context, goapp.Event) { p.copy(text, f) }).Text("Copy"),
			ui.IDButton("export-download").Type("button").Class("btn", "btn-small").Title("Save as "+name).
				OnClick(func(goapp.Context, goapp.Event) { p.download(text, name) }).Text("Download "+name)),
		goapp.Pre().ID(textID).Class("export-code", "mono").TabIndex(0).Aria("label", f.Label+" code").Text(text),
		ui.ClassPText("muted", f.Use),
	)
}
