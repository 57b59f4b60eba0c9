package wall

import (
	"net/url"
	"slices"
	"testing"
	"time"
)

func TestKioskOf(t *testing.T) {
	tests := []struct {
		url   string
		on    bool
		every time.Duration
	}{
		{"/walls/noc", false, kioskRotateDefault},
		{"/walls/noc?kiosk", true, kioskRotateDefault},
		{"/walls/noc?kiosk=", true, kioskRotateDefault},
		{"/walls/noc/tok?kiosk=30", true, 30 * time.Second},
		{"/walls/noc?kiosk=1", true, kioskRotateMin},
		{"/walls/noc?kiosk=-4", true, kioskRotateDefault},
		{"/walls/noc?kiosk=soon", true, kioskRotateDefault},
	}
	for _, tt := range tests {
		u, err := url.Parse(tt.url)
		if err != nil {
			t.Fatal(err)
		}
		on, every := kioskOf(u)
		if on != tt.on || every != tt.every {
			t.Errorf("%s: got %v every %v, want %v every %v", tt.url, on, every, tt.on, tt.every)
		}
	}
}

func TestKioskPages(t *testing.T) {
	// cards of 300 px, 20 px apart, in one column
	column := func(n int) []box {
		var bs []box
		for i := range n {
			top := float64(i * 320)
			bs = append(bs, box{top, top + 300})
		}
		return bs
	}
	// two columns: cards side by side share their top
	grid := []box{{0, 300}, {0, 250}, {320, 620}, {320, 700}, {720, 1000}, {720, 900}}
	tests := []struct {
		name   string
		cards  []box
		height float64
		want   []int
	}{
		{"no cards", nil, 1000, []int{0}},
		{"all fit", column(3), 1000, []int{0}},
		{"three a page", column(7), 1000, []int{0, 3, 6}},
		{"exactly fitting", column(2), 620, []int{0}},
		{"a card taller than the screen has its own page", []box{{0, 100}, {120, 2000}, {2020, 2100}}, 1000, []int{0, 1, 2}},
		{"rows of a grid go together", grid, 720, []int{0, 4}},
		{"nothing measured yet", column(3), 0, []int{0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := kioskPages(tt.cards, tt.height); !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestKioskPageAt(t *testing.T) {
	every := 15 * time.Second
	tests := []struct {
		pages   int
		elapsed time.Duration
		want    int
	}{
		{1, time.Hour, 0},
		{3, 0, 0},
		{3, 14 * time.Second, 0},
		{3, 15 * time.Second, 1},
		{3, 44 * time.Second, 2},
		{3, 45 * time.Second, 0},
		{3, -time.Second, 0},
	}
	for _, tt := range tests {
		if got := kioskPageAt(tt.pages, tt.elapsed, every); got != tt.want {
			t.Errorf("%d pages after %v: got page %d, want %d", tt.pages, tt.elapsed, got, tt.want)
		}
	}
	from, to := pageRange([]int{0, 3, 6}, 1, 7)
	if from != 3 || to != 6 {
		t.Errorf("page 1 of [0 3 6] with 7 cards: got [%d, %d), want [3, 6)", from, to)
	}
	from, to = pageRange([]int{0, 3, 6}, 2, 7)
	if from != 6 || to != 7 {
		t.Errorf("the last page: got [%d, %d), want [6, 7)", from, to)
	}
}

func TestFreshness(t *testing.T) {
	now := time.Date(2026, 12, 6, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		name              string
		last              time.Time
		cloudErr, feedErr string
		want              string
		stalled           bool
	}{
		{"fresh", now.Add(-4 * time.Second), "", "", "last update 4 s ago", false},
		{"two polls and a second", now.Add(-7 * time.Second), "", "", "last update 7 s ago", false},
		{"more than two polls", now.Add(-8 * time.Second), "", "", "feed stalled · last update 8 s ago", true},
		{"the server's poll failed", now.Add(-1 * time.Second), "503 Service Unavailable", "", "feed stalled · last update 1 s ago", true},
		{"this screen lost the server", now.Add(-2 * time.Second), "", "connection refused", "feed stalled · last update 2 s ago", true},
		{"long gone", now.Add(-3 * time.Minute), "", "", "feed stalled · last update 3 min 00 s ago", true},
		{"nothing yet", time.Time{}, "", "", "waiting for the first update", false},
		{"nothing yet and no server", time.Time{}, "", "connection refused", "waiting for the first update", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, stalled := freshness(tt.last, now, tt.cloudErr, tt.feedErr)
			if got != tt.want || stalled != tt.stalled {
				t.Errorf("got %q (stalled %v), want %q (stalled %v)", got, stalled, tt.want, tt.stalled)
			}
		})
	}
}

func mustTime(t *testing.T, s string) time.Time {
	t.Helper()
	v, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
