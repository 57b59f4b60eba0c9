package serverapi

// The walls (docs/walls.md): status screens for NOC rooms and customers,
// each configured in the server's -walls file and served anonymously at its
// own URL. A public wall is at WallPagePath+name; a wall behind a secret is
// at WallPagePath+name+"/"+token. Its API mirrors that: the JSON at
// WallStatusPath+name[/token], server-sent events (one Wall per upstream
// poll) at WallEventsPath+name[/token], Prometheus metrics at
// WallMetricsPath+name[/token], and incident notes (POST a WallNoteInput,
// DELETE WallNotesPath+name[/token]?id=…; an admin's console session only)
// at WallNotesPath+name[/token]. An unknown wall, a wrong token, a missing
// one and a public wall's URL with one all get the same 404: a secret
// wall's existence is never told.
const (
	WallPagePath    = "/walls/"
	WallStatusPath  = "/api/wall/status/"
	WallEventsPath  = "/api/wall/events/"
	WallMetricsPath = "/api/wall/metrics/"
	WallNotesPath   = "/api/wall/notes/"
)

// Wall is the body of GET WallStatusPath+… and of each WallEventsPath
// event: what one wall shows now. Everything the wall may not show
// (WallShow) is left out by the server, never sent to be hidden.
type Wall struct {
	Name  string   `json:"name"`
	Title string   `json:"title"`
	Show  WallShow `json:"show"`
	// UpdatedAt is the time of the feed's last successful poll (RFC 3339,
	// UTC; "" before the first); Error says why the last poll failed (""
	// when it did not), and LoadBalancers are then the last success's.
	UpdatedAt     string      `json:"updated_at"`
	Error         string      `json:"error"`
	LoadBalancers []WallLB    `json:"load_balancers"`
	Notes         []WallNote  `json:"notes"` // pinned incident notes, newest first
	Summary       WallSummary `json:"summary"`
}

// WallShow is what a wall may show beyond each load balancer's statuses.
// A summary-only wall (Summary) shows the counts and each load balancer's
// name (if Names) and statuses, no tree.
type WallShow struct {
	Names     bool `json:"names"`     // object names (else "listener 1", …)
	Addresses bool `json:"addresses"` // the VIP and member addresses and ports
	Members   bool `json:"members"`   // members in the trees
	Summary   bool `json:"summary"`   // only the counts and the load balancers' statuses
}

// WallSummary counts a wall's load balancers by operating status.
type WallSummary struct {
	LoadBalancers int            `json:"load_balancers"`
	ByOperating   map[string]int `json:"by_operating"` // ONLINE, DEGRADED, ERROR, OFFLINE, …
}

// WallLB is one load balancer of a wall: its statuses and tree as
// StatusLB (redacted as WallShow says), since when each object of it is in
// its current statuses, and its changes.
type WallLB struct {
	StatusLB
	// Since maps each object id of the load balancer (itself included) to
	// the time its current provisioning and operating statuses began (RFC
	// 3339, UTC): the first poll that saw them, or the timeline's record.
	Since map[string]string `json:"since"`
	// Timeline is the load balancer's changes over the last WallTimelineSpan
	// at least, oldest first.
	Timeline []WallChange `json:"timeline"`
	// TimelineOmitted counts the older changes of the span left out of
	// Timeline, which holds the newest few hundred only (docs/walls.md).
	TimelineOmitted int `json:"timeline_omitted,omitempty"`
}

// WallTimelineSpan is how far back a wall's timeline goes, at least.
const WallTimelineSpan = "24h"

// WallChange is one change of one object's status, as two polls saw it.
type WallChange struct {
	At    string `json:"at"`    // RFC 3339, UTC: the poll that saw the new status
	ID    string `json:"id"`    // the object's id
	Kind  string `json:"kind"`  // loadbalancer, listener, pool, healthmonitor, member
	Name  string `json:"name"`  // as the wall shows it (WallShow.Names)
	Field string `json:"field"` // provisioning_status or operating_status
	From  string `json:"from"`  // "" when the object appeared
	To    string `json:"to"`    // "" when the object went away
}

// WallNote is an incident note pinned on a wall by an admin.
type WallNote struct {
	ID   string `json:"id"`
	Text string `json:"text"`
	At   string `json:"at"` // RFC 3339, UTC
	By   string `json:"by"` // the admin's user name
}

// WallNoteInput is the body of a POST to WallNotesPath+…: a note to pin.
type WallNoteInput struct {
	Text string `json:"text"`
}
