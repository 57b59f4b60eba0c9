package export

import "testing"

// TestHCLString checks the quoting of hostile strings: a name must stay a
// string, never become an interpolation, a directive or a second line
// (export/codecheck reads them back with HCL's own parser).
func TestHCLString(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"plain", "web", `"web"`},
		{"quote and backslash", `a"b\c`, `"a\"b\\c"`},
		{"interpolation", "${var.x}", `"$${var.x}"`},
		{"directive", "%{ if x }", `"%%{ if x }"`},
		{"escaped already", "$${x}", `"$$${x}"`},
		{"lone dollar and percent", "5$ 100%", `"5$ 100%"`},
		{"line break", "a\nb\r\tc", `"a\nb\r\tc"`},
		{"control", "a\x00b\x7fc", `"a\u0000b\u007fc"`},
		{"unicode", "café ✓", `"café ✓"`},
		{"line separator", "a\u2028b", `"a\u2028b"`},
	} {
		if got := hclString(c.in); got != c.want {
			t.Errorf("%s: hclString(%q) = %s, want %s", c.name, c.in, got, c.want)
		}
	}
}

// TestHCLComment: a name in a comment cannot end the comment's line.
func TestHCLComment(t *testing.T) {
	if got, want := hclComment("a\nb\rc\u2028d\u202ee\x7ff"), "a b c d e f"; got != want {
		t.Errorf("hclComment = %q, want %q", got, want)
	}
}
