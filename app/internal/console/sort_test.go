package console

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/octaview/octaview/app/internal/tab"
)

// benchRows are n load balancer rows in a shuffled order, with names
// that repeat (so ties fall back to the id) and numeric cells.
func benchRows(n int) []tab.Row {
	r := rand.New(rand.NewPCG(1, 2))
	rows := make([]tab.Row, n)
	for i := range rows {
		rows[i] = tab.Row{ID: fmt.Sprintf("%08x-0000-4000-8000-%012x", r.Uint32(), i), Name: fmt.Sprintf("LB-%d", r.IntN(n/2)),
			ProvisioningStatus: "ACTIVE", Cells: []string{fmt.Sprintf("10.0.%d.%d", i/256, i%256), fmt.Sprint(r.IntN(100))}}
	}
	return rows
}

func BenchmarkSortRows(b *testing.B) {
	rows := benchRows(10000)
	work := make([]tab.Row, len(rows))
	for b.Loop() {
		copy(work, rows)
		tab.SortRows(work)
	}
}

func BenchmarkSortedBy(b *testing.B) {
	rows := benchRows(10000)
	for _, bc := range []struct {
		name string
		col  int
	}{{"name", SortName}, {"vip", 1}, {"number", 2}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				SortedBy(rows, bc.col, false, nil)
			}
		})
	}
}

func TestAtoi(t *testing.T) {
	for _, s := range []string{"", "0", "42", "-7", "+7", "007", "1.5", "10.0.0.1", "web", "-", "+", " 1", "1 ", "99999999999999999999", "1_000", "0x10"} {
		t.Run(s, func(t *testing.T) {
			n, ok := atoi(s)
			wn, err := strconv.Atoi(s)
			if ok != (err == nil) || (ok && n != wn) {
				t.Errorf("atoi(%q) = %d, %v; want %d, %v (strconv.Atoi)", s, n, ok, wn, err == nil)
			}
		})
	}
}

// TestSortOrderStableLong checks sortOrder against slices.SortStableFunc on
// lists long enough for sort.Sort's pdqsort (not its insertion sort), with
// many ties: equal items must stay in their order.
func TestSortOrderStableLong(t *testing.T) {
	for _, n := range []int{13, 50, 1000} {
		keys := make([]int, n)
		for i := range keys {
			keys[i] = (i * 7919) % 5
		}
		want := make([]int, n)
		for i := range want {
			want[i] = i
		}
		slices.SortStableFunc(want, func(i, j int) int { return keys[i] - keys[j] })
		if got := SortOrder(n, func(i, j int) int { return keys[i] - keys[j] }); !slices.Equal(got, want) {
			t.Errorf("n=%d: got %v, want %v", n, got, want)
		}
	}
}

func TestSortOrder(t *testing.T) {
	for _, tc := range []struct {
		name string
		keys []int
		want []int
	}{
		{"empty", nil, []int{}},
		{"sorted", []int{1, 2, 3}, []int{0, 1, 2}},
		{"reversed", []int{3, 2, 1}, []int{2, 1, 0}},
		{"ties keep their order", []int{2, 1, 2, 1, 2}, []int{1, 3, 0, 2, 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := SortOrder(len(tc.keys), func(i, j int) int { return tc.keys[i] - tc.keys[j] })
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}
