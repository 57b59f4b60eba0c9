package octavia

import (
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestRowsReadAhead: with ReadAhead, a page's next page is asked for
// before the caller has had the page's rows (Octavia answers it while the
// caller works on them); the rows are those without it, in order, each
// page asked for once. Without it, no page is asked for before the rows of
// the one before were all given. A caller that stops early stops the list.
func TestRowsReadAhead(t *testing.T) {
	pages := map[string]string{
		"":   `{"listeners": [{"id": "l1"}, {"id": "l2"}], "listeners_links": [{"href": "http://x/v2/lbaas/listeners?limit=2&marker=l2", "rel": "next"}]}`,
		"l2": `{"listeners": [{"id": "l3"}, {"id": "l4"}], "listeners_links": [{"href": "http://x/v2/lbaas/listeners?limit=2&marker=l4", "rel": "next"}]}`,
		"l4": `{"listeners": [{"id": "l5"}], "listeners_links": []}`,
	}
	var mu sync.Mutex
	asked := map[string]int{} // by marker
	c, _, _ := startCloud(t, demoLab, func(r *http.Request) *cannedAnswer {
		if !strings.HasSuffix(r.URL.Path, "/lbaas/listeners") {
			return nil
		}
		m := r.URL.Query().Get("marker")
		mu.Lock()
		asked[m]++
		mu.Unlock()
		return &cannedAnswer{Status: 200, Body: pages[m]}
	})
	askedFor := func(marker string) int {
		mu.Lock()
		defer mu.Unlock()
		return asked[marker]
	}
	for _, ahead := range []bool{true, false} {
		mu.Lock()
		clear(asked)
		mu.Unlock()
		var ids []string
		for r, err := range c.Rows(t.Context(), KindListener, "", ListQuery{Fields: []string{"id"}, ReadAhead: ahead}) {
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, r[0])
			switch {
			case ahead && r[0] == "l1":
				deadline := time.Now().Add(10 * time.Second)
				for askedFor("l2") == 0 && time.Now().Before(deadline) {
					time.Sleep(5 * time.Millisecond)
				}
				if askedFor("l2") == 0 {
					t.Fatal("read-ahead: page 2 was not asked for while page 1's rows were given")
				}
			case !ahead && r[0] == "l2":
				if n := askedFor("l2"); n != 0 {
					t.Errorf("without read-ahead: page 2 asked for %d times before page 1's rows were all given, want 0", n)
				}
			}
		}
		if want := []string{"l1", "l2", "l3", "l4", "l5"}; !slices.Equal(ids, want) {
			t.Errorf("read-ahead %v: got rows %v, want %v", ahead, ids, want)
		}
		for _, m := range []string{"", "l2", "l4"} {
			if n := askedFor(m); n != 1 {
				t.Errorf("read-ahead %v: the page after %q asked for %d times, want once", ahead, m, n)
			}
		}
	}
	// a caller that stops at the first row: the list ends there
	n := 0
	for _, err := range c.Rows(t.Context(), KindListener, "", ListQuery{Fields: []string{"id"}, ReadAhead: true}) {
		if err != nil {
			t.Fatal(err)
		}
		n++
		break
	}
	if n != 1 {
		t.Errorf("stopped after one row: got %d", n)
	}
}
