package trainer

// passwordGroupSize is how many characters a group of a printed password
// holds.
const passwordGroupSize = 4

// passwordGroups cuts a password into groups of passwordGroupSize
// characters (the last may be shorter), which a card prints apart, each on
// one line: a long password may only break between groups, a visible place
// that adds no character (the gap is a margin, not a space, so a copy of
// the card's text is the password).
func passwordGroups(pw string) []string {
	r := []rune(pw)
	var out []string
	for len(r) > passwordGroupSize {
		out = append(out, string(r[:passwordGroupSize]))
		r = r[passwordGroupSize:]
	}
	if len(r) > 0 {
		out = append(out, string(r))
	}
	return out
}

// passwordLabel is the card's label of a password printed in groups: it
// says the gaps are not typed.
func passwordLabel(groups []string) string {
	if len(groups) > 1 {
		return "Password (no spaces)"
	}
	return "Password"
}
