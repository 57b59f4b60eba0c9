package uuid

import "strings"

// Valid reports whether s is a UUID in its canonical 8-4-4-4-12 hex form,
// in either case; braces, a urn:uuid: prefix or 32 digits without dashes
// are not.
func Valid(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i, r := range s {
		switch i {
		case 8, 13, 18, 23:
			if r != '-' {
				return false
			}
		default:
			if !strings.ContainsRune("0123456789abcdefABCDEF", r) {
				return false
			}
		}
	}
	return true
}
