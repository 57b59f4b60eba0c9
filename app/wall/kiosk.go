package wall

import (
	"fmt"
	"net/url"
	"strconv"
	"time"

	"github.com/octaview/octaview/app/internal/ui"
)

// Kiosk mode's arithmetic (kiosk_view.go draws it): how the load balancers'
// cards split into pages that fit the screen, which page shows when, and
// whether the feed is fresh. Pure, tested natively; the page measures the
// DOM and hands the numbers in.

// kioskRotateDefault is how long a kiosk page shows before the next when
// the URL does not say (?kiosk=SECONDS).
const kioskRotateDefault = 15 * time.Second

// kioskRotateMin is the shortest rotation ?kiosk= may ask for.
const kioskRotateMin = 3 * time.Second

// staleAfter is how long without an event the feed may go before the wall
// says it stalled: more than two polls (3 s each) and a second's grace.
const staleAfter = 7 * time.Second

// kioskOf reads kiosk mode from a wall's URL: on when its query has
// "kiosk"; the rotation is its value in seconds (at least kioskRotateMin),
// else kioskRotateDefault.
func kioskOf(u *url.URL) (on bool, every time.Duration) {
	q := u.Query()
	if !q.Has("kiosk") {
		return false, kioskRotateDefault
	}
	s, err := strconv.Atoi(q.Get("kiosk"))
	if err != nil || s <= 0 {
		return true, kioskRotateDefault
	}
	return true, max(time.Duration(s)*time.Second, kioskRotateMin)
}

// box is a card's vertical extent on the page (CSS pixels), as measured.
type box struct{ Top, Bottom float64 }

// kioskPages splits cards (in document order) into pages of at most
// height px: it returns the index of each page's first card. A page starts
// at its first card's top and holds every following card whose bottom
// fits; a card taller than a page has a page of its own. No cards: one
// empty page.
func kioskPages(cards []box, height float64) []int {
	starts := []int{0}
	if len(cards) == 0 || height <= 0 {
		return starts
	}
	top := cards[0].Top
	for i, c := range cards {
		if i > 0 && c.Bottom-top > height {
			starts = append(starts, i)
			top = c.Top
		}
	}
	return starts
}

// kioskPageAt is the page shown elapsed after rotation began, with pages
// pages each shown for every.
func kioskPageAt(pages int, elapsed, every time.Duration) int {
	if pages <= 1 || every <= 0 || elapsed < 0 {
		return 0
	}
	return int(elapsed/every) % pages
}

// pageRange is the cards [from, to) of page i of starts (kioskPages), with
// n cards in all.
func pageRange(starts []int, i, n int) (from, to int) {
	if i < 0 || i >= len(starts) {
		return 0, n
	}
	from, to = starts[i], n
	if i+1 < len(starts) {
		to = starts[i+1]
	}
	return from, to
}

// freshness says how fresh the wall is at now: "last update 4 s ago" from
// the time the last event or poll answer came (last; zero: none yet), and
// whether the feed stalled: no event for more than staleAfter, or the
// server's last poll of the cloud failed (cloudErr), or this screen lost
// the server (feedErr).
func freshness(last, now time.Time, cloudErr, feedErr string) (text string, stalled bool) {
	if last.IsZero() {
		return "waiting for the first update", feedErr != ""
	}
	age := now.Sub(last)
	text = fmt.Sprintf("last update %s ago", ui.FormatElapsed(age))
	if age > staleAfter || cloudErr != "" || feedErr != "" {
		return "feed stalled · " + text, true
	}
	return text, false
}
