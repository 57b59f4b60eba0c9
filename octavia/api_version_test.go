package octavia

import (
	"testing"

	"github.com/octaview/octaview/labcloud"
)

// TestAPIVersion: the lab, as Octavia Zed, lists v2.0 to v2.26: the
// client reads v2.26, which has no HSTS (v2.27).
func TestAPIVersion(t *testing.T) {
	c, _, _ := bubbleLab(t, labcloud.Options{})
	v, err := c.APIVersion(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if v != "v2.26" {
		t.Errorf("got %q, want v2.26 (Zed)", v)
	}
	for _, tt := range []struct {
		v    string
		want bool
	}{{"v2.26", false}, {"v2.27", true}, {"v2.30", true}, {"v2", false}, {"", false}} {
		if got := APIAtLeast(tt.v, 27); got != tt.want {
			t.Errorf("APIAtLeast(%q, 27): got %v, want %v", tt.v, got, tt.want)
		}
	}
}
