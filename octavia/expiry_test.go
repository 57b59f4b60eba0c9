package octavia

import (
	"net/http"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/octaview/octaview/labcloud"
)

// TestExpiredToken: a client that logged in with a password logs in again
// when its token expires (nothing is lost); one given only a token cannot, and
// says the session expired.
func TestExpiredToken(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		lab := labcloud.New(labcloud.Options{TokenTTL: time.Hour, Seed: 1})
		hc := &http.Client{Transport: labcloud.Transport(lab)}
		pw, err := New(t.Context(), demoConfig("http://lab.test", hc))
		if err != nil {
			t.Fatal(err)
		}
		tok, err := New(t.Context(), Config{AuthURL: "http://lab.test/identity/v3", Token: pw.provider.Token(), HTTPClient: hc})
		if err != nil {
			t.Fatal(err)
		}
		first := pw.Session().ExpiresAt

		time.Sleep(2 * time.Hour)

		if _, err := Collect(pw.List(t.Context(), KindLoadBalancer, "", ListQuery{})); err != nil {
			t.Errorf("password client after expiry: got %v, want a new login and the list", err)
		}
		if got := pw.Session().ExpiresAt; !got.After(first) {
			t.Errorf("session expiry after the new login: got %v, want later than %v", got, first)
		}
		_, err = Collect(tok.List(t.Context(), KindLoadBalancer, "", ListQuery{}))
		if ErrorCodeOf(err) != EUNAUTHORIZED || !strings.Contains(Message(err), "session has expired") {
			t.Errorf("token client after expiry: got %q (%v), want EUNAUTHORIZED saying the session expired", ErrorCodeOf(err), Message(err))
		}
	})
}
