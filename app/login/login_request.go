package login

import (
	"context"
	"errors"
	"net/http"

	"github.com/octaview/octaview/app/internal/site"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/octavia"
)

// loginRequest is what the form asks for, copied off the page.
type loginRequest struct {
	method                          string
	user, password, domain, project string
	acID, acName, acSecret          string
	token                           string
	region                          string // picked last in this browser ("" = the server's)
	// via, when set, carries the login's requests (the server's own proxy,
	// for the served form posted without the app: PlainLogIn); nil: the
	// browser's session transport
	via http.RoundTripper
	rt  *tab.Runtime // the tab's, for the browser's session transport
}

// check says what is missing ("" when the request is complete).
func (r loginRequest) check() string {
	switch r.method {
	case methodAppCred:
		if r.acSecret == "" || (r.acID == "" && (r.acName == "" || r.user == "")) {
			return "An application credential needs its ID, or its name and the user name, and its secret."
		}
	case methodToken:
		if r.token == "" {
			return "Paste a Keystone token."
		}
	default:
		if r.user == "" || r.password == "" {
			return "User name and password are needed (the project is optional)."
		}
	}
	return ""
}

// config is the client configuration of the request (through origin).
func (r loginRequest) config(origin string) octavia.Config {
	cfg := site.ClientConfig(origin, r.user, "", r.domain, r.project)
	switch r.method {
	case methodAppCred:
		cfg.ProjectName, cfg.ProjectDomainName = "", ""
		cfg.ApplicationCredentialID, cfg.ApplicationCredentialName, cfg.ApplicationCredentialSecret = r.acID, r.acName, r.acSecret
		if r.acID != "" {
			cfg.Username, cfg.UserDomainName = "", ""
		}
	case methodToken:
		cfg.Username, cfg.UserDomainName = "", ""
		cfg.Token = serverapi.SessionToken // after exchangeToken, the cookie holds it
	default:
		cfg.Password = r.password
	}
	return r.clientOf(cfg, "")
}

// clientOf is cfg with the transport of r's client: the browser's session
// (sessionConfig), or, for a login the server makes for the served form
// (PlainLogIn), r.via with each request marked as the session's (unbound:
// no tab is bound yet), and no re-authentication (the password is not kept).
func (r loginRequest) clientOf(cfg octavia.Config, region string) octavia.Config {
	if r.via == nil {
		return tab.SessionConfig(r.rt, cfg, region)
	}
	cfg.HTTPClient = &http.Client{Transport: markSession{r.via}}
	cfg.Region = region
	cfg.Reauth = func(context.Context) error { return errNoReauth }
	return cfg
}

// errNoReauth: a login made for the served form keeps no credentials.
var errNoReauth = errors.New("a login made for the served form does not re-authenticate")

// markSession marks each request as the session's, unbound
// (serverapi.SessionHeader): the proxy seals the token answer into the
// session cookie and puts the cookie's token where the placeholder is.
type markSession struct{ next http.RoundTripper }

func (t markSession) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set(serverapi.SessionHeader, serverapi.SessionUnbound)
	return t.next.RoundTrip(r)
}
