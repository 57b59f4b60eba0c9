package wizard

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/ui"
	code "github.com/octaview/octaview/export"
)

// exportID is the review's "Export as code" button.
const exportID = "wz-export"

// exportPlan is what the review is about to create, as the export
// package's tree: the create's body (the review's JSON) and the floating
// IP picked, an address of the project's (its address and network) or a
// new one from an external network (its network alone). No request: the
// panel writes it anew on every render. UI goroutine.
func (p *Page) exportPlan() (code.Tree, error) {
	body, err := p.w.Body()
	if err != nil {
		return code.Tree{}, err
	}
	t, err := code.FromCreateBody(body)
	if err != nil {
		return code.Tree{}, err
	}
	if c := console.PickFIP(console.FIPChoices(p.fip.spare, p.fip.nets), p.fip.pick); c != nil {
		if c.FIP != nil {
			t.FloatingIP, t.FloatingNetwork = c.FIP.FloatingIP, c.FIP.FloatingNetworkID
		} else {
			t.FloatingNetwork = c.Network
		}
	}
	return t, nil
}

// renderExport is the review's "Export as code": the button and the panel
// it opens (app/export) over exportPlan.
func (p *Page) renderExport() goapp.UI {
	return ui.ClassDivBody("wz-export",
		ui.IDButton(exportID).Type("button").Class("btn").Aria("haspopup", "dialog").
			OnClick(func(goapp.Context, goapp.Event) { p.exp.OpenPlan(p.uctx, p.exportPlan, exportID) }, p.form().scope()).
			Text("Export as code"),
		ui.ClassSpanText("muted", "The openstack CLI commands, Terraform or Ansible that build the same, to copy or download."),
		p.exp.Render())
}
