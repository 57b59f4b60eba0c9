package trainer

import (
	"slices"
	"strings"
	"testing"
)

func TestPasswordGroups(t *testing.T) {
	for _, tc := range []struct {
		pw   string
		want []string
	}{
		{"", nil},
		{"abc", []string{"abc"}},
		{"abcd", []string{"abcd"}},
		{"trainee12", []string{"trai", "nee1", "2"}},
		{"aC3dEF4hJK6m", []string{"aC3d", "EF4h", "JK6m"}},
		{"päßwörd€", []string{"päßw", "örd€"}}, // characters, not bytes
	} {
		got := passwordGroups(tc.pw)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: got %q, want %q", tc.pw, got, tc.want)
		}
		if label := passwordLabel(got); (len(got) > 1) != strings.Contains(label, "no spaces") {
			t.Errorf("%q: label %q; want it to say the gaps are not typed only when there are gaps", tc.pw, label)
		}
		if strings.Join(got, "") != tc.pw {
			t.Errorf("%q: the groups read %q, want the password", tc.pw, strings.Join(got, ""))
		}
	}
}
