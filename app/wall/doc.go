// Package wall is the status wall's room: the anonymous page at /status
// (status_page.go) that shows a NOC screen the configured projects' load
// balancers, live through the server's one poll per credential. It stands
// on app/internal/console and app/internal/ui; app's routes.go registers it.
package wall
