package tab

import "net/url"

// Paths of the app's pages beyond the kinds' own (resource.Path).
const (
	HomePath   = "/"
	LoginPath  = "/login"
	ListPath   = "/load-balancers"
	CreatePath = "/load-balancers/new"
	WallPath   = "/status"
)

// DetailPathOf is the detail page of load balancer id.
func DetailPathOf(id string) string { return ListPath + "/" + url.PathEscape(id) }

// AppTitle is the document's title (live.go prefixes the count of objects
// in ERROR or DEGRADED).
const AppTitle = "Octaview — OpenStack Octavia console"
