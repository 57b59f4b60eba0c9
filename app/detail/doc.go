// Package detail is the detail room: one object's page of any kind
// (detail_page.go: every attribute Octavia returned, its sections and its
// children's lists), its delete and action confirmations
// (detail_dialogs.go), its live reads (detail_live.go: the object every
// 3 s, its load balancer's status tree) and its first render from what the
// server served (detail_first.go). It embeds app/list for the children and
// stands on app/internal/console and app/internal/ui; app's routes.go
// registers it.
package detail
