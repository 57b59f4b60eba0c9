//go:build !js

package main

import (
	"net/http"
	"testing"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/servertest"
)

// TestTrainerStashIsNoSession: during a read-only view the trainer's own
// session waits in the stash cookie; copied into the session cookie it is
// no session at all (neither the trainer's API nor a write passes), so it
// serves only to come back.
func TestTrainerStashIsNoSession(t *testing.T) {
	s := startRun(t, nil, "-web", t.TempDir(), "-lab-trainees", "1", "-lab-delay", "100ms")
	admin := labAdmin(t, s)
	if code, b := admin.Do(http.MethodPost, serverapi.TrainerViewPath, `{"project": "trainee1"}`); code != http.StatusNoContent {
		t.Fatalf("view: %d %s", code, b)
	}
	var stash string
	for _, c := range admin.Cookies() {
		if c.Name == serverapi.SessionCookie+"_stash" {
			stash = c.Value
		}
	}
	if stash == "" {
		t.Fatalf("no stash cookie during the view: %v", admin.Cookies())
	}
	forged := servertest.Anonymous(t, s.URL)
	forged.SetCookie(&http.Cookie{Name: serverapi.SessionCookie, Value: stash, Path: "/"})
	if code, b := forged.Do(http.MethodGet, serverapi.TrainerClassPath, ""); code == http.StatusOK {
		t.Errorf("the trainer's API with the stash as the session cookie: got 200 %s, want a refusal", b)
	}
	if code, b := forged.Do(http.MethodPut, "/lab/faults", `{"octavia": "503"}`); code < 400 {
		t.Errorf("a write with the stash as the session cookie: got %d %s, want a refusal", code, b)
	}
	if code, b := admin.Do(http.MethodPost, serverapi.TrainerReturnPath, ""); code != http.StatusNoContent {
		t.Errorf("return with the stash: %d %s, want 204", code, b)
	}
}
