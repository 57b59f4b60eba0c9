package tab

// OpAnchor is the element id of operation op's wait card in the
// operations panel ("op-3"): a page reached after a write links to it
// ("…#op-3"), so that the wait is in view however far down the form was
// (go-app scrolls to a URL's fragment after the new page's heading takes
// the focus).
func OpAnchor(op Operation) string { return "op-" + op.ID }

// WithOpAnchor is path with op's wait card as its fragment, path itself
// for an operation with no id.
func WithOpAnchor(path string, op Operation) string {
	if op.ID == "" {
		return path
	}
	return path + "#" + OpAnchor(op)
}
