package login

import (
	"testing"
	"time"
)

// TestPlainMark: the served form's data-plain-until mark (compile.js) read
// by the app: a time in the future is a post on its way (the form is busy
// until then); "0", the mark of a page back from the back/forward cache, is
// a post sent and answered (a time in the past, not "none": the app then
// checks the session the post may have opened); no mark is none.
func TestPlainMark(t *testing.T) {
	cases := []struct {
		name     string
		mark     string
		want     time.Time
		answered bool // a post went and can no longer answer
	}{
		{"a post on its way", "4102444800000", time.UnixMilli(4102444800000), false},
		{"back from the page the post led to", "0", time.UnixMilli(0), true},
		{"no mark", "", time.Time{}, false},
		{"not a number", "soon", time.Time{}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := plainMark(c.mark)
			if !got.Equal(c.want) || got.IsZero() != c.want.IsZero() {
				t.Errorf("plainMark(%q) = %v, want %v", c.mark, got, c.want)
			}
			if answered := !got.IsZero() && !time.Now().Before(got); answered != c.answered {
				t.Errorf("plainMark(%q): answered %v, want %v", c.mark, answered, c.answered)
			}
		})
	}
}
