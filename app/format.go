package app

import (
	"fmt"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/octavia"
)

// statusTone is how the UI groups Octavia's statuses: the colour of a badge
// or of a status-tree node, and what the summaries count.
type statusTone int

const (
	toneUnknown statusTone = iota // missing, or a word Octavia does not use
	toneOK                        // ACTIVE, ONLINE
	tonePending                   // PENDING_*
	toneError                     // ERROR
	toneWarn                      // DEGRADED
	toneOff                       // OFFLINE, DELETED
	toneInfo                      // NO_MONITOR
	toneDrain                     // DRAINING
)

// toneOf is the tone of a provisioning or operating status, whatever its
// case.
func toneOf(status string) statusTone {
	s := strings.ToUpper(status)
	switch {
	case s == "":
		return toneUnknown
	case octavia.ProvisioningStatus(s).Pending():
		return tonePending
	}
	switch s {
	case string(octavia.StatusActive), string(octavia.OperatingOnline):
		return toneOK
	case string(octavia.StatusError): // also OperatingError: both are "ERROR"
		return toneError
	case string(octavia.OperatingDegraded):
		return toneWarn
	case string(octavia.OperatingOffline), string(octavia.StatusDeleted):
		return toneOff
	case string(octavia.OperatingNoMonitor):
		return toneInfo
	case string(octavia.OperatingDraining):
		return toneDrain
	}
	return toneUnknown
}

// class is the tone's CSS class, e.g. "st-ok"; the pages also use it with a
// prefix or suffix (op-st-ok, st-ok-text, ...), all styled in
// web/octaview.css.
func (t statusTone) class() string {
	switch t {
	case toneOK:
		return "st-ok"
	case tonePending:
		return "st-pending"
	case toneError:
		return "st-error"
	case toneWarn:
		return "st-warn"
	case toneOff:
		return "st-off"
	case toneInfo:
		return "st-info"
	case toneDrain:
		return "st-drain"
	}
	return "st-unknown"
}

// statusClass is the CSS class of a status badge (and of a status-tree
// node) for a provisioning or operating status, whatever its case.
func statusClass(status string) string {
	return toneOf(status).class()
}

// statusLabel is how a status reads in a badge: Octavia's word, or "—"
// when the field is missing.
func statusLabel(status string) string {
	if status == "" {
		return "—"
	}
	return strings.ToUpper(status)
}

// isPending reports whether a provisioning status is one of PENDING_*.
func isPending(status string) bool {
	return octavia.ProvisioningStatus(status).Pending()
}

// formatTime shows an instant in UTC to the second, or "—" for the zero
// time (Octavia leaves updated_at empty until the first update).
func formatTime(t time.Time) string {
	if t.IsZero() {
		return "—"
	}
	return t.UTC().Format("2006-01-02 15:04:05")
}

// formatElapsed shows a duration the way a wait item counts it: "0 s",
// "42 s", "2 min 05 s", "1 h 03 min".
func formatElapsed(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int(d / time.Second)
	switch {
	case s < 60:
		return fmt.Sprintf("%d s", s)
	case s < 3600:
		return fmt.Sprintf("%d min %02d s", s/60, s%60)
	}
	return fmt.Sprintf("%d h %02d min", s/3600, (s%3600)/60)
}

// formatAgo shows how long ago t was, coarsely: "just now", "12 s ago",
// "5 min ago", "3 h ago", "4 d ago"; "—" for the zero time.
func formatAgo(t, now time.Time) string {
	if t.IsZero() {
		return "—"
	}
	d := now.Sub(t)
	switch {
	case d < 5*time.Second:
		return "just now"
	case d < time.Minute:
		return fmt.Sprintf("%d s ago", int(d/time.Second))
	case d < time.Hour:
		return fmt.Sprintf("%d min ago", int(d/time.Minute))
	case d < 48*time.Hour:
		return fmt.Sprintf("%d h ago", int(d/time.Hour))
	}
	return fmt.Sprintf("%d d ago", int(d/(24*time.Hour)))
}

// monoClasses are the classes of a cell showing s: "mono" (ids,
// addresses), none when s is empty, so that its "—" (orDash) has the
// page's own face: one dash glyph for "no value" in every grid, never the
// monospace one beside it.
func monoClasses(s string) []string {
	if s == "" {
		return nil
	}
	return []string{"mono"}
}

// monoText is s in the monospace face, or "—" in the page's own
// (monoClasses).
func monoText(s string) goapp.UI {
	return goapp.Span().Class(monoClasses(s)...).Text(orDash(s))
}

// orDash returns s, or "—" when s is empty, so an empty cell still reads.
func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// displayName is what a load balancer (or any named object) is called on
// screen: its name, or "(no name) " and the start of its id.
func displayName(name, id string) string {
	if name != "" {
		return name
	}
	if len(id) > 8 {
		id = id[:8]
	}
	return "(no name) " + id
}
