package tab

import "strings"

// OpAnchor is the element id of operation op's wait card in the
// operations panel ("op-3"): the page a write goes to names it in its URL
// ("…#op-3", WithOpAnchor), and the shell then gives that card the focus
// instead of the heading, so that the wait is in view however far down
// the form was.
func OpAnchor(op Operation) string { return opAnchorPrefix + op.ID }

const opAnchorPrefix = "op-"

// IsOpAnchor reports whether a URL's fragment names a wait card.
func IsOpAnchor(fragment string) bool {
	return strings.HasPrefix(fragment, opAnchorPrefix) && len(fragment) > len(opAnchorPrefix)
}

// WithOpAnchor is path with op's wait card as its fragment, path itself
// for an operation with no id.
func WithOpAnchor(path string, op Operation) string {
	if op.ID == "" {
		return path
	}
	return path + "#" + OpAnchor(op)
}
