//go:build !js

package main

import (
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"testing"

	"github.com/octaview/octaview/app/serverapi"
)

// TestTrainerStashIsNoSession: during a read-only view the trainer's own
// session waits in the stash cookie; copied into the session cookie it is
// no session at all (neither the trainer's API nor a write passes), so it
// serves only to come back.
func TestTrainerStashIsNoSession(t *testing.T) {
	s := startRun(t, nil, "-web", t.TempDir(), "-lab-trainees", "1", "-lab-delay", "100ms")
	admin := newSession(t, s.URL, "admin", bannerPassword(t, s.out.String(), "admin"), "admin")
	if code, b := admin.do(http.MethodPost, serverapi.TrainerViewPath, `{"project": "trainee1"}`); code != http.StatusNoContent {
		t.Fatalf("view: %d %s", code, b)
	}
	u, _ := url.Parse(s.URL)
	var stash string
	for _, c := range admin.hc.Jar.Cookies(u) {
		if c.Name == serverapi.SessionCookie+"_stash" {
			stash = c.Value
		}
	}
	if stash == "" {
		t.Fatalf("no stash cookie during the view: %v", admin.hc.Jar.Cookies(u))
	}
	jar, _ := cookiejar.New(nil)
	jar.SetCookies(u, []*http.Cookie{{Name: serverapi.SessionCookie, Value: stash, Path: "/"}})
	forged := &session{t: t, base: s.URL, hc: &http.Client{Jar: jar}}
	if code, b := forged.do(http.MethodGet, serverapi.TrainerClassPath, ""); code == http.StatusOK {
		t.Errorf("the trainer's API with the stash as the session cookie: got 200 %s, want a refusal", b)
	}
	if code, b := forged.do(http.MethodPut, "/lab/faults", `{"octavia": "503"}`); code < 400 {
		t.Errorf("a write with the stash as the session cookie: got %d %s, want a refusal", code, b)
	}
	if code, b := admin.do(http.MethodPost, serverapi.TrainerReturnPath, ""); code != http.StatusNoContent {
		t.Errorf("return with the stash: %d %s, want 204", code, b)
	}
}
