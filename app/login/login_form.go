//go:build !js

package login

import (
	"cmp"
	"context"
	"net/http"
	"net/url"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/serverapi"
)

// The served login form, posted before the app runs (docs/startup.md):
// the server's POST handler (cmd/server/login_form.go) logs in with the
// app's own code (logIn, loginFailure), its requests through the server's
// own proxy as if the browser had sent them, and, when the login failed,
// serves the login page as the app renders it with the failure.

// LoginPath is the login page's path, where its served form posts.
const LoginPath = tab.LoginPath

// SafeNext is where a login goes next: next when it is a clean path of this
// app, else the load balancer list (safeNext).
func SafeNext(next string) string { return tab.SafeNext(next) }

// PlainLogin is what the served form posts: its password method's fields.
type PlainLogin struct {
	User, Password, Domain, Project string
}

// PlainLoginOf reads a posted form by the served form's field names.
func PlainLoginOf(form url.Values) PlainLogin {
	return PlainLogin{User: form.Get("user"), Password: form.Get("password"), Domain: form.Get("domain"), Project: form.Get("project")}
}

// PlainLogIn logs in as the app's form does with the password method
// (logIn), its requests through rt (the server's proxy, in process: the
// proxy seals the token into the session cookie on its answer, exactly as
// for the app). It returns "" when the login succeeded, else what the
// app's form says (loginFailure). The default region: a plain post does
// not know the region picked in the browser. It blocks.
func PlainLogIn(ctx context.Context, origin string, rt http.RoundTripper, in PlainLogin) string {
	req := loginRequest{method: methodPassword, user: in.User, password: in.Password, domain: in.Domain, project: in.Project, via: rt}
	if msg := req.check(); msg != "" {
		return msg
	}
	if _, err := logIn(ctx, origin, req); err != nil {
		return loginFailure(ctx, origin, req, err)
	}
	return ""
}

// PlainLoginPage is the login page after a plain login of in failed with
// errText, with next: the page's Boot.Login (never the password) and the
// HTML of its root element as the server renders the form, which the app's
// first render (with that Boot.Login) adopts as it is.
func PlainLoginPage(in PlainLogin, errText, next string) (*serverapi.LoginForm, string) {
	form := &serverapi.LoginForm{User: in.User, Domain: cmp.Or(in.Domain, "Default"), Project: in.Project, Error: errText}
	p := &Page{method: methodPassword, user: form.User, domain: form.Domain, project: form.Project, err: errText, next: tab.SafeNext(next)}
	return form, goapp.HTMLString(p)
}
