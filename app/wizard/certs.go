package wizard

import (
	"github.com/octaview/octaview/app/internal/console"
	model "github.com/octaview/octaview/app/internal/wizard"
)

// needCerts reads the project's certificates once an item of the wizard
// shows a certificate field that picks (a TERMINATED_HTTPS listener, a
// pool with TLS enabled): a tree without TLS reads nothing of Barbican.
// UI goroutine.
func (p *Page) needCerts() {
	if p.certs.Asked() || p.sess == nil {
		return
	}
	for s := range model.StepReview {
		for _, it := range p.w.Items(s) {
			if console.Picks(it.Kind.Fields, true, it.V) {
				p.certs.Load(p.uctx, p.sess.Client, func() bool { return true })
				return
			}
		}
	}
}
