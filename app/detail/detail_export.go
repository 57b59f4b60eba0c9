package detail

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// exportID is a load balancer page's "Export as code" button.
const exportID = "lb-export"

// exportButton is a load balancer's "Export as code" (app/export's panel,
// the page's exp: its tree read afresh as CLI, Terraform and Ansible): for
// every session that reads it, read-only ones too (the panel only reads).
// nil on other kinds' pages. UI goroutine (its click).
func (p *Page) exportButton() goapp.UI {
	f := &p.feed
	if f.res().Kind != octavia.KindLoadBalancer || f.obj == nil || f.gone {
		return nil
	}
	return ui.IDButton(exportID).Type("button").Class("btn").Aria("haspopup", "dialog").
		OnClick(func(goapp.Context, goapp.Event) { p.exp.OpenLoadBalancer(f.uctx, f.sess, f.pr.ID, exportID) }).
		Text("Export as code")
}
