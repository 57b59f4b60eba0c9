package list

import (
	"net/url"
	"strings"
	"time"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// The status filter (issue 30): the rows of one provisioning status's tone
// (Active, Pending, Error), of one operating status (each the kind has), or
// the rows that need attention. Its value is kept in the page's URL
// (showParam), so a link or a reload shows the same rows.

// showParam is the URL parameter holding the status filter ("?show=attention").
// Not one of Octavia's filters: it never reaches Octavia and a new value does
// not read the list again (Key leaves it out).
const showParam = "show"

// filterAttention is the status filter of the rows that need attention
// (needsAttention).
const filterAttention = "attention"

// opFilterPrefix starts the status filter of one operating status:
// "op-DEGRADED".
const opFilterPrefix = "op-"

// operatingOf are the operating statuses Octavia gives objects of kind k
// (its API reference): the operating options of the kind's filter.
func operatingOf(k octavia.Kind) []octavia.OperatingStatus {
	switch k {
	case octavia.KindLoadBalancer, octavia.KindListener, octavia.KindPool:
		return []octavia.OperatingStatus{octavia.OperatingOnline, octavia.OperatingDegraded, octavia.OperatingOffline, octavia.OperatingError}
	case octavia.KindMember:
		return []octavia.OperatingStatus{octavia.OperatingOnline, octavia.OperatingOffline, octavia.OperatingError, octavia.OperatingNoMonitor, octavia.OperatingDraining}
	}
	return []octavia.OperatingStatus{octavia.OperatingOnline, octavia.OperatingOffline, octavia.OperatingError}
}

// filterOption is one option of the status filter: its value and label.
type filterOption struct{ value, label string }

// statusOptions are the options of the status filter of a list of kind k,
// in the select's order.
func statusOptions(k octavia.Kind) []filterOption {
	out := []filterOption{
		{"", "Any status"},
		{filterAttention, "Needs attention"},
		{ui.ToneOK.Class(), "Provisioning: Active"},
		{ui.TonePending.Class(), "Provisioning: Pending"},
		{ui.ToneError.Class(), "Provisioning: Error"},
	}
	for _, s := range operatingOf(k) {
		out = append(out, filterOption{opFilterPrefix + string(s), "Operating: " + statusWord(string(s))})
	}
	return out
}

// validFilter is v when it is one of the options of kind k's filter, else ""
// (a URL's unknown value shows every row).
func validFilter(k octavia.Kind, v string) string {
	for _, o := range statusOptions(k) {
		if o.value == v {
			return v
		}
	}
	return ""
}

// statusWord is an Octavia status as a word: "NO_MONITOR" is "No monitor".
func statusWord(s string) string {
	s = strings.ReplaceAll(strings.ToLower(s), "_", " ")
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// keeps reports whether the status filter f keeps row r at time now.
func keeps(f string, r *tab.Row, now time.Time) bool {
	switch {
	case f == "":
		return true
	case f == filterAttention:
		return needsAttention(r, now)
	case strings.HasPrefix(f, opFilterPrefix):
		return r.OperatingStatus == f[len(opFilterPrefix):]
	}
	return ui.ToneOf(r.ProvisioningStatus).Class() == f || ui.ToneOf(r.OperatingStatus).Class() == f && r.ProvisioningStatus == ""
}

// needsAttention reports whether row r needs an operator at time now: ERROR
// in either status, DEGRADED, PENDING_* for longer than tab.StuckAfter (since
// its last change, updated_at, or its creation), or OFFLINE while its admin
// state is up (an object taken down by an operator is OFFLINE as it should).
func needsAttention(r *tab.Row, now time.Time) bool {
	prov, oper := octavia.ProvisioningStatus(r.ProvisioningStatus), octavia.OperatingStatus(r.OperatingStatus)
	switch {
	case prov == octavia.StatusError, oper == octavia.OperatingError, oper == octavia.OperatingDegraded:
		return true
	case oper == octavia.OperatingOffline && !r.AdminDown && !prov.Pending():
		return true
	case prov.Pending():
		since := octavia.ParseTime(r.UpdatedAt)
		if c := octavia.ParseTime(r.CreatedAt); c.After(since) {
			since = c
		}
		return !since.IsZero() && now.Sub(since) > tab.StuckAfter
	}
	return false
}

// attentionCount is how many of rows need attention at time now (the
// summary's other counts: console.StatusCounts).
func attentionCount(rows []tab.Row, now time.Time) int {
	n := 0
	for i := range rows {
		if needsAttention(&rows[i], now) {
			n++
		}
	}
	return n
}

// showOf is the status filter a list page's URL query holds.
func showOf(k octavia.Kind, q url.Values) string { return validFilter(k, q.Get(showParam)) }

// withShow is u with the status filter f in its query (none when f is "").
func withShow(u url.URL, f string) *url.URL {
	q := u.Query()
	if f == "" {
		q.Del(showParam)
	} else {
		q.Set(showParam, f)
	}
	u.RawQuery = q.Encode()
	return &u
}
