package app

// Paths of the app's pages beyond the kinds' own (resource.Path).
const (
	homePath   = "/"
	loginPath  = "/login"
	listPath   = "/load-balancers"
	createPath = "/load-balancers/new"
	wallPath   = "/status"
)

// detailPathOf is the detail page of load balancer id.
func detailPathOf(id string) string { return lbResource.detailPathOf("", id) }

// appTitle is the document's title (live.go prefixes the count of objects
// in ERROR or DEGRADED).
const appTitle = "Octaview — OpenStack Octavia console"
