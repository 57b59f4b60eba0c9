// Package wall is the status walls' room. The anonymous page at /status
// (status_page.go) shows a NOC screen the configured projects' load
// balancers, live through the server's one poll per credential. The page
// of each wall of the server's -walls file (wall_page.go, at
// serverapi.WallPagePath + name[/token]; docs/walls.md) follows its feed
// (wall_feed.go) and shows its notes (notes.go), each load balancer's
// statuses since when, its tree as the wall allows and a 24 h timeline
// strip (timeline.go: pure, timeline_view.go: drawn), and has a kiosk
// mode for a room's screen (kiosk.go: pure, kiosk_view.go: the DOM). It
// stands on app/internal/console, site and ui; app's routes.go registers
// both pages.
package wall
