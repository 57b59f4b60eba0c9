package console

// NavOf is the navigation entry current on res's pages (a child's is its parent's).
func NavOf(res *Resource) string {
	for res.Parent() != nil {
		res = res.Parent()
	}
	return res.Path
}
