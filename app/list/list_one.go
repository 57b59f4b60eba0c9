package list

// hasItsOne reports whether an embedded list shows the one child its
// parent may have (Resource.OnePer): a pool has at most one health monitor,
// so its page offers no "Create health monitor" once it has one.
func (p *Page) hasItsOne() bool {
	return p.Embedded != nil && p.res.OnePer != "" && p.Filter.Get(p.res.OnePer) != "" && len(p.allRows()) > 0
}
