// Package detail is the detail room: one object's page of any kind
// (detail_page.go: every attribute Octavia returned, its sections and its
// children's lists), the object as read and kept live (detail_feed.go, the
// page's feed: its reads, its load balancer's status tree; detail_live.go:
// the object's shared poll every 3 s), its writes (detail_actions.go: the
// kind's action buttons, Edit and Delete; detail_dialogs.go: the delete's
// and an action's confirmations; detail_release.go: a load balancer's
// floating IP, kept by Neutron, released after the delete if asked;
// detail_export.go: a load balancer's "Export as code", app/export's
// panel) and
// its first render from what the
// server served (detail_first.go); what it links to, by name
// (detail_names.go), and where it is: its breadcrumb (detail_crumbs.go).
// It embeds app/list for the children and
// stands on app/internal/console and app/internal/ui; app's routes.go
// registers it.
package detail
