package list

import "github.com/octaview/octaview/octavia"

// hasItsOne reports whether an embedded list shows the one child its
// parent may have: a pool has at most one health monitor (Octavia answers
// 409 to a second), so its page offers no "Create health monitor" once it
// has one.
func (p *Page) hasItsOne() bool {
	return p.Embedded != nil && p.res.Kind == octavia.KindMonitor && p.Filter.Get("pool_id") != "" && len(p.allRows()) > 0
}
