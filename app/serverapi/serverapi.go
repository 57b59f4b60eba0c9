package serverapi

import "github.com/octaview/octaview/octavia/statuswire"

// Paths of the server's own API.
const (
	ConfigPath       = "/api/config"
	StatusPath       = "/api/status"
	StatusEventsPath = "/api/status/events"
)

// Config is the body of GET /api/config: the modes the UI follows and, on
// the lab cloud, its users (shown on the login page).
type Config struct {
	ReadOnly   bool      `json:"read_only"`   // the server refuses every write
	Lab        bool      `json:"lab"`         // the upstream is the embedded lab cloud
	StatusPage bool      `json:"status_page"` // /api/status and the /status wall are served
	LabUsers   []LabUser `json:"lab_users,omitempty"`
	// Region is the server's configured region (clouds.yaml's region_name,
	// OS_REGION_NAME; "" = none: the catalog's first), the one the proxy
	// uses for a request that names none (RegionHeader).
	Region string `json:"region,omitempty"`
}

// BootElementID is the id of the <script type="application/json"> element of
// every page the server serves: a Boot, so that the app starts without asking
// the server for its configuration or whether the browser has a session.
const BootElementID = "octaview-boot"

// Boot is what a page tells the app it starts with: the server's Config, and
// whether the request came with a live session cookie (authentic, unexpired:
// the app restores the session at once instead of showing the login form).
// It never carries the token, nor anything of the session but that it is
// there.
type Boot struct {
	Config  Config `json:"config"`
	Session bool   `json:"session"`
	// Served, when set, is what the server read for the page's first render
	// with the session's token (docs/startup.md): the app answers the same
	// requests from it instead of sending them again.
	Served *Served `json:"served,omitempty"`
	// Login, when set, is the served login form's state after a login the
	// form posted without the app failed (docs/startup.md): the app's
	// first render is the served one. Never the password.
	Login *LoginForm `json:"login,omitempty"`
}

// LoginForm is what the served login form showed after a failed login:
// the fields kept (never the password) and the error the app would show.
type LoginForm struct {
	User    string `json:"user"`
	Domain  string `json:"domain"`
	Project string `json:"project"`
	Error   string `json:"error"`
}

// Served is what the server read for a page's first render, with the token
// of the request's session cookie, through its own proxy: the page it
// answers and each request the app's first render sends, with Octavia's
// answer as it came (its next link included). It never holds the token.
type Served struct {
	Page   string       `json:"page"`    // the page's path and query, as the request named it
	Region string       `json:"region"`  // the region the reads asked the proxy for (RegionHeader; "" = the server's)
	ReadAt string       `json:"read_at"` // when the reads were made (RFC 3339, UTC)
	Reads  []ServedRead `json:"reads"`
}

// ServedRead is one GET the app's first render sends: its path and query on
// this origin (/load-balancer/v2/lbaas/loadbalancers?fields=…) and Octavia's
// 200 answer's body, as text.
type ServedRead struct {
	URL  string `json:"url"`
	Body string `json:"body"`
}

// LabUser is a user of the lab cloud; its password is meant to be shown.
type LabUser struct {
	Name     string `json:"name"`
	Password string `json:"password"`
	Project  string `json:"project"`
	Role     string `json:"role"`
}

// Status is the body of GET /api/status and of each /api/status/events
// event: one project's load balancers and their status trees. UpdatedAt
// is the time of the last successful poll (RFC 3339, UTC; "" before the
// first); Error says why the last poll failed ("" when it did not), and
// LoadBalancers then stay those of the last success.
type Status struct {
	UpdatedAt     string     `json:"updated_at"`
	Error         string     `json:"error"`
	LoadBalancers []StatusLB `json:"load_balancers"`
}

// StatusLB is one load balancer of a Status, with its tree (Octavia's
// GET .../status "loadbalancer" object, Octavia's key names).
type StatusLB struct {
	ID                 string                  `json:"id"`
	Name               string                  `json:"name"`
	VIPAddress         string                  `json:"vip_address"`
	ProvisioningStatus string                  `json:"provisioning_status"`
	OperatingStatus    string                  `json:"operating_status"`
	Tree               statuswire.LoadBalancer `json:"tree"`
}

// The browser session (docs/operating.md "Sessions"): the server keeps the Keystone
// token in a sealed HttpOnly cookie; the app never sees it. The app's
// client marks each of its requests with SessionHeader and uses
// SessionToken wherever a token goes (X-Auth-Token, X-Subject-Token, the
// token method's id); the proxy puts the cookie's token there.
const (
	// SessionHeader marks a request of the app's session. Its value is
	// SessionUnbound until the app knows its browser session's id, then
	// that id, which the server checks against the cookie's (a cookie of
	// another session is refused, not used); token answers name the id in
	// the same header. Being a custom header, a cross-site page can only
	// send it after a CORS preflight, which the server refuses for unknown
	// origins.
	SessionHeader = "X-Octaview-Session"
	// SessionUnbound is SessionHeader's value before the app knows its
	// session's id (a login, a reload).
	SessionUnbound = "1"
	// SessionRefusedHeader is set on the server's answer when it refused
	// the session's cookie (two of them, another session's) or could not
	// make one (a token too large for a cookie); its faultstring says
	// why, and the app logs out with that text.
	SessionRefusedHeader = "X-Octaview-Session-Refused"
	// SessionToken is the placeholder the app uses as its token.
	SessionToken = "octaview-session-cookie"
	// SessionCookie is the default name of the cookie holding the sealed
	// token (the server's -session-cookie; "__Host-" is prepended on https).
	SessionCookie = "octaview_session"
	// RegionHeader asks the proxy for this region's endpoints of the
	// caller's catalog ("" or absent: the server's region).
	RegionHeader = "X-Octaview-Region"
	// RegionCookie mirrors the region the app keeps (localStorage), so that
	// the server reads a page's first screen in it (docs/startup.md): the
	// region's name, URL-query-escaped, never anything of the session. The
	// server uses it only when the token's catalog lists that region.
	RegionCookie = "octaview_region"
)

// Builds (docs/deploying.md "Upgrades"): the app's build is the hash of app.wasm, the
// first 16 hex digits of its SHA-256 (go-app's version, GOAPP_VERSION).
const (
	// BuildHeader is on every answer of the server: the build it serves.
	// On a request for the app's own files (the page, app.js, app.wasm,
	// /web/…) it names the build the client wants; a server of another
	// build refuses it (409, Connection: close) rather than mix builds.
	BuildHeader = "X-Octaview-Build"
	// BuildQuery pins app.wasm's URL to a build (/web/app.wasm?build=…),
	// for go-app's loader, which cannot send headers: a server of another
	// build redirects it to itself again on a new connection, at most
	// BuildTries times, then answers 410.
	BuildQuery = "build"
	// BuildTries bounds the retries of a request for another build.
	BuildTries = 10
)
