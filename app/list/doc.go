// Package list is the list room: a kind's list page (list_page.go, its
// rendering from a view of it taken at each render in list_view.go, its
// status filter and counts in list_summary.go), the
// pure model of its rows (model.go: the rows, the search, the status
// filter and the sort, the merge of a re-read, of a live read and of one
// object's read; status_filter.go: the filter's options, "needs
// attention" and the counts by status; no go-app, no I/O, tested
// natively), how its rows are read (list_loader.go, the page's loader:
// pages, the login's prefetch of the first one, the served first rows, the
// refresh), kept live (list_live.go, its liveFeed: the status tree's and
// the rows in view's polls; list_sweep.go, its rowSweep: a short list's set
// of rows, a long one's newest, read every 3 s) and, for a
// parent that may have only one child of a kind, shown (list_one.go); its cells that link to another object name it
// (list_names.go); the load balancers' list shows each one's floating
// IP, the project's floating IPs read every 3 s (list_fip.go). A detail
// page embeds it for its children.
// It stands on app/internal/console and app/internal/ui; app's routes.go
// registers it.
package list
