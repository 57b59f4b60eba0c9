package export

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/octavia"
)

func TestFileName(t *testing.T) {
	for _, tc := range []struct {
		name, lbName, id, ext, want string
	}{
		{"plain", "web", "5c1f0000-aaaa", "sh", "web.sh"},
		{"upper case and spaces", "Shop Frontend  EU", "x", "tf", "shop-frontend-eu.tf"},
		{"path traversal", "../../etc/passwd", "x", "yml", "etc-passwd.yml"},
		{"hidden file", ".bashrc", "x", "sh", "bashrc.sh"},
		{"shell and html", `$(rm -rf ~); <script>"x"</script>`, "x", "sh", "rm-rf-script-x-script.sh"},
		{"non-ASCII", "café über", "x", "tf", "caf-ber.tf"},
		{"control characters", "a\x00b\nc\td", "x", "sh", "a-b-c-d.sh"},
		{"kept punctuation", "web_1.prod-eu", "x", "sh", "web_1.prod-eu.sh"},
		{"no name: the id", "", "5C1F0000-aaaa-bbbb", "sh", "load-balancer-5c1f0000.sh"},
		{"name of nothing safe: the id", "日本語", "abc", "yml", "load-balancer-abc.yml"},
		{"neither", "", "", "tf", "load-balancer.tf"},
		{"long", strings.Repeat("a", 300), "x", "sh", strings.Repeat("a", maxSlug) + ".sh"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := FileName(tc.lbName, tc.id, tc.ext); got != tc.want {
				t.Errorf("FileName(%q, %q, %q): got %q, want %q", tc.lbName, tc.id, tc.ext, got, tc.want)
			}
		})
	}
}

func TestFormats(t *testing.T) {
	fs := Formats()
	var ids, exts []string
	for _, f := range fs {
		if f.write == nil || f.Label == "" || f.Use == "" {
			t.Errorf("format %q: a writer, a label and a use, got %+v", f.ID, f)
		}
		ids, exts = append(ids, f.ID), append(exts, f.Ext)
	}
	if got, want := strings.Join(ids, " "), "cli terraform ansible"; got != want {
		t.Errorf("the tabs: got %s, want %s (the CLI first, as every peer)", got, want)
	}
	if got, want := strings.Join(exts, " "), "sh tf yml"; got != want {
		t.Errorf("the files: got %s, want %s", got, want)
	}
}

func TestTabKey(t *testing.T) {
	for _, tc := range []struct {
		key       string
		cur, want int
		moves     bool
	}{
		{"ArrowRight", 0, 1, true},
		{"ArrowRight", 2, 0, true},
		{"ArrowLeft", 0, 2, true},
		{"ArrowLeft", 1, 0, true},
		{"Home", 2, 0, true},
		{"End", 0, 2, true},
		{"Enter", 1, 1, false},
		{"a", 1, 1, false},
	} {
		t.Run(fmt.Sprintf("%s from %d", tc.key, tc.cur), func(t *testing.T) {
			got, moves := TabKey(tc.key, tc.cur, 3)
			if got != tc.want || moves != tc.moves {
				t.Errorf("got %d %v, want %d %v", got, moves, tc.want, tc.moves)
			}
		})
	}
}

func TestReadError(t *testing.T) {
	at := time.Date(2026, 12, 6, 15, 2, 31, 0, time.FixedZone("CET", 3600))
	for _, tc := range []struct {
		name    string
		err     error
		shownAt time.Time
		want    []string
		notWant string
	}{
		{"gone", &octavia.Error{Code: octavia.ENOTFOUND, StatusCode: 404}, at,
			[]string{"gone", "404", "what was read 14:02:31 UTC"}, ""},
		{"forbidden, nothing read yet", &octavia.Error{Code: octavia.EFORBIDDEN, StatusCode: 403, Fault: "Policy does not allow this request to be performed."}, time.Time{},
			[]string{"role", "Policy does not allow"}, "code below"},
		{"timeout", fmt.Errorf("read tree: %w", context.DeadlineExceeded), at,
			[]string{"took too long", "read 14:02:31 UTC"}, ""},
		{"unreachable", &octavia.Error{Code: octavia.EUNAVAILABLE, StatusCode: 503}, at,
			[]string{"could not be read", "could not be reached"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := ReadError(tc.err, tc.shownAt)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("got %q, want it to say %q", got, w)
				}
			}
			if tc.notWant != "" && strings.Contains(got, tc.notWant) {
				t.Errorf("got %q, want no %q", got, tc.notWant)
			}
		})
	}
}

func TestReadText(t *testing.T) {
	at := time.Date(2026, 12, 6, 10, 5, 7, 0, time.FixedZone("CET", 3600))
	if got, want := ReadText(at), "read 09:05:07 UTC"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
