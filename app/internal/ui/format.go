package ui

import (
	"fmt"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/octavia"
)

// StatusTone is how the UI groups Octavia's statuses: the colour of a badge
// or of a status-tree node, and what the summaries count.
type StatusTone int

const (
	toneUnknown StatusTone = iota // missing, or a word Octavia does not use
	ToneOK                        // ACTIVE, ONLINE
	TonePending                   // PENDING_*
	ToneError                     // ERROR
	ToneWarn                      // DEGRADED
	ToneOff                       // OFFLINE, DELETED
	ToneInfo                      // NO_MONITOR
	ToneDrain                     // DRAINING
)

// ToneOf is the tone of a provisioning or operating status, whatever its
// case.
func ToneOf(status string) StatusTone {
	s := strings.ToUpper(status)
	switch {
	case s == "":
		return toneUnknown
	case octavia.ProvisioningStatus(s).Pending():
		return TonePending
	}
	switch s {
	case string(octavia.StatusActive), string(octavia.OperatingOnline):
		return ToneOK
	case string(octavia.StatusError): // also OperatingError: both are "ERROR"
		return ToneError
	case string(octavia.OperatingDegraded):
		return ToneWarn
	case string(octavia.OperatingOffline), string(octavia.StatusDeleted):
		return ToneOff
	case string(octavia.OperatingNoMonitor):
		return ToneInfo
	case string(octavia.OperatingDraining):
		return ToneDrain
	}
	return toneUnknown
}

// Class is the tone's CSS class, e.g. "st-ok"; the pages also use it with a
// prefix or suffix (op-st-ok, st-ok-text, ...), all styled in
// web/octaview.css.
func (t StatusTone) Class() string {
	switch t {
	case ToneOK:
		return "st-ok"
	case TonePending:
		return "st-pending"
	case ToneError:
		return "st-error"
	case ToneWarn:
		return "st-warn"
	case ToneOff:
		return "st-off"
	case ToneInfo:
		return "st-info"
	case ToneDrain:
		return "st-drain"
	}
	return "st-unknown"
}

// StatusClass is the CSS class of a status badge (and of a status-tree
// node) for a provisioning or operating status, whatever its case.
func StatusClass(status string) string {
	return ToneOf(status).Class()
}

// StatusLabel is how a status reads in a badge: Octavia's word, or "—"
// when the field is missing.
func StatusLabel(status string) string {
	if status == "" {
		return "—"
	}
	return strings.ToUpper(status)
}

// IsPending reports whether a provisioning status is one of PENDING_*.
func IsPending(status string) bool {
	return octavia.ProvisioningStatus(status).Pending()
}

// FormatTime shows an instant in UTC to the second, or "—" for the zero
// time (Octavia leaves updated_at empty until the first update).
func FormatTime(t time.Time) string {
	if t.IsZero() {
		return "—"
	}
	return t.UTC().Format("2006-01-02 15:04:05")
}

// FormatElapsed shows a duration the way a wait item counts it: "0 s",
// "42 s", "2 min 05 s", "1 h 03 min".
func FormatElapsed(d time.Duration) string {
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

// FormatAgo shows how long ago t was, coarsely: "just now", "12 s ago",
// "5 min ago", "3 h ago", "4 d ago"; "—" for the zero time.
func FormatAgo(t, now time.Time) string {
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

// MonoClasses are the classes of a cell showing s: "mono" (ids,
// addresses), none when s is empty, so that its "—" (orDash) has the
// page's own face: one dash glyph for "no value" in every grid, never the
// monospace one beside it.
func MonoClasses(s string) []string {
	if s == "" {
		return nil
	}
	return []string{"mono"}
}

// MonoText is s in the monospace face, or "—" in the page's own
// (monoClasses).
func MonoText(s string) goapp.UI {
	return goapp.Span().Class(MonoClasses(s)...).Text(OrDash(s))
}

// OrDash returns s, or "—" when s is empty, so an empty cell still reads.
func OrDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// DisplayName is what a load balancer (or any named object) is called on
// screen: its name, or "(no name) " and the start of its id.
func DisplayName(name, id string) string {
	if name != "" {
		return name
	}
	if len(id) > 8 {
		id = id[:8]
	}
	return "(no name) " + id
}
