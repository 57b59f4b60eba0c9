//go:build !js

package e2e

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/octaview/octaview/cmd/server/proxy"
)

// TestBrowserLoginThrottled: after 5 wrong passwords for demo, the app's
// login form with the right one says at the form, in the server's words,
// how long to wait (not "Something went wrong"), and stays on the form.
// The lockout drains (proxy.UserLoginDrain): the app's login is held in the
// browser until the wrong passwords are in, so however slowly a busy
// machine starts the app, the lockout is fresh when the login reaches it.
func TestBrowserLoginThrottled(t *testing.T) {
	t.Parallel()
	c := startConsole(t)
	b := newBrowser(t)
	b.do(t, "open the login page", 60*time.Second,
		chromedp.Navigate(c.URL+"/login"),
		chromedp.WaitVisible(chromedp.CSS(`#login-form[data-ready="true"]`)),
	)
	held := b.holdRequests(t, "*/identity/v3/auth/tokens*")
	b.fillLogin(t, "demo", "demo", "demo")
	for deadline := time.Now().Add(minWait); held.count() == 0; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the app sent no login")
		}
	}
	for i := range proxy.UserLoginFailures {
		body := fmt.Sprintf(`{"auth":{"identity":{"methods":["password"],"password":{"user":{"name":"demo","password":"wrong-%d","domain":{"name":"Default"}}}}}}`, i)
		resp, err := http.Post(c.URL+"/identity/v3/auth/tokens", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			t.Fatalf("wrong password %d: got %s, want 401", i+1, resp.Status)
		}
	}
	held.release(t, b)
	b.waitJS(t, "the login error", `!!document.querySelector("#login-error")`, 20*time.Second)
	got := b.text(t, "#login-error")
	if !strings.HasPrefix(got, "Too many failed logins for this user: try again in ") || !strings.HasSuffix(got, " s.") {
		t.Errorf("the right password while throttled: the form says %q, want the server's \"Too many failed logins for this user: try again in N s.\"", got)
	}
	b.shot(t, "login-throttled")
}
