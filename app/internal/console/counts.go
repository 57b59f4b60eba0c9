package console

import (
	"fmt"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
)

// A list's summary counts its rows by what they are doing, each count
// naming the status it counts: "2 members · 1 online · 1 error", not
// "2 active" while one member is down (ACTIVE is only the provisioning
// status: Octavia applied the last change). The total takes the colour
// of the worst status among the rows, so that no green number hides an
// error.

// Count is one count of a list's summary: N rows whose status is Word,
// coloured by Tone; Status is the status as Octavia names it ("Operating
// status ERROR"), for the count's tooltip.
type Count struct {
	N      int
	Word   string // "online", "error", "pending", "provisioning error"
	Tone   ui.StatusTone
	Status string
}

// Text is the count in words: "1 error".
func (c Count) Text() string { return fmt.Sprintf("%d %s", c.N, c.Word) }

// operatingWords are the operating statuses a summary counts, in its
// order, each with its word.
var operatingWords = [][2]string{
	{"ONLINE", "online"}, {"DEGRADED", "degraded"}, {"ERROR", "error"}, {"OFFLINE", "offline"},
	{"DRAINING", "draining"}, {"NO_MONITOR", "no monitor"},
}

// StatusCounts are the counts of rows by operating status (in
// operatingWords' order; a status Octavia adds later counted by its own
// name), then of those not ACTIVE in provisioning: pending, and in a
// provisioning error (the last change failed). A status no row has is not
// counted.
func StatusCounts(rows []tab.Row) []Count {
	oper := map[string]int{}
	var others []string
	pending, failed := 0, 0
	for i := range rows {
		s := rows[i].OperatingStatus
		if s != "" {
			if oper[s] == 0 && !knownOperating(s) {
				others = append(others, s)
			}
			oper[s]++
		}
		switch ui.ToneOf(rows[i].ProvisioningStatus) {
		case ui.TonePending:
			pending++
		case ui.ToneError:
			failed++
		}
	}
	var out []Count
	for _, w := range operatingWords {
		if n := oper[w[0]]; n > 0 {
			out = append(out, Count{N: n, Word: w[1], Tone: ui.ToneOf(w[0]), Status: "Operating status " + w[0]})
		}
	}
	for _, s := range others {
		out = append(out, Count{N: oper[s], Word: ui.StatusLabel(s), Tone: ui.ToneOf(s), Status: "Operating status " + s})
	}
	if pending > 0 {
		out = append(out, Count{N: pending, Word: "pending", Tone: ui.TonePending, Status: "Provisioning status PENDING_*"})
	}
	if failed > 0 {
		out = append(out, Count{N: failed, Word: "provisioning error", Tone: ui.ToneError, Status: "Provisioning status ERROR"})
	}
	return out
}

func knownOperating(s string) bool {
	for _, w := range operatingWords {
		if w[0] == s {
			return true
		}
	}
	return false
}

// severity orders tones from fine to alarming, for WorstTone.
func severity(t ui.StatusTone) int {
	switch t {
	case ui.ToneError:
		return 5
	case ui.ToneWarn:
		return 4
	case ui.TonePending:
		return 3
	case ui.ToneOff, ui.ToneDrain:
		return 2
	case ui.ToneOK, ui.ToneInfo:
		return 1
	}
	return 0
}

// WorstTone is the most alarming tone of counts: the colour of the total
// they break down.
func WorstTone(counts []Count) ui.StatusTone {
	var worst ui.StatusTone
	for _, c := range counts {
		if severity(c.Tone) > severity(worst) {
			worst = c.Tone
		}
	}
	return worst
}
