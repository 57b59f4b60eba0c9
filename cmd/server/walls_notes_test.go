//go:build !js

package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/servertest"
)

// TestWallsNotes pins incident notes on the lab's wall: only the admin's
// console session may, viewers get them at once, and they survive a
// restart.
func TestWallsNotes(t *testing.T) {
	dir := t.TempDir()
	args := seededLab(t, dir, "-lab-state", filepath.Join(dir, "lab.json"))
	s := startRun(t, nil, args...)
	notes := serverapi.WallNotesPath + "class"
	const text = `Degraded in region X, investigating <script>alert("x")</script>`
	body := fmt.Sprintf(`{"text": %q}`, text)

	anon := servertest.Anonymous(t, s.URL)
	if code, b := anon.Do(http.MethodPost, notes, body); code != http.StatusUnauthorized || !strings.Contains(string(b), `"faultstring"`) {
		t.Errorf("POST a note without a session: got %d %s, want a 401 fault", code, b)
	}
	demo := servertest.NewSession(t, s.URL, "demo", "demo", "demo")
	if code, b := demo.Do(http.MethodPost, notes, body); code != http.StatusForbidden {
		t.Errorf("POST a note as demo (member): got %d %s, want 403", code, b)
	}
	admin := labAdmin(t, s)
	if code, b := admin.Send(http.MethodPost, notes, body, false); code != http.StatusForbidden {
		t.Errorf("POST a note as admin without the session header (a cross-site form): got %d %s, want 403", code, b)
	}
	for what, bad := range map[string]string{
		"too long":      fmt.Sprintf(`{"text": %q}`, strings.Repeat("é", maxWallNoteChars+1)),
		"empty":         `{"text": "   "}`,
		"unknown field": `{"text": "x", "by": "someone else"}`,
		"not JSON":      `text=x`,
	} {
		if code, b := admin.Do(http.MethodPost, notes, bad); code != http.StatusBadRequest || !strings.Contains(string(b), `"faultstring"`) {
			t.Errorf("POST a note %s: got %d %s, want a 400 fault", what, code, b)
		}
	}

	resp, err := http.Get(s.URL + serverapi.WallEventsPath + "class")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	events := bufio.NewReader(resp.Body)
	nextEvent(t, events) // the current state
	code, b := admin.Do(http.MethodPost, notes, body)
	var note serverapi.WallNote
	if code != http.StatusCreated || json.Unmarshal(b, &note) != nil || note.Text != text || note.By != "admin" || note.ID == "" || note.At == "" {
		t.Fatalf("POST a note as admin: got %d %s, want 201 and the note", code, b)
	}
	for {
		var w serverapi.Wall
		if err := json.Unmarshal([]byte(nextEvent(t, events)), &w); err != nil {
			t.Fatal(err)
		}
		if len(w.Notes) == 1 && w.Notes[0] == note {
			break // the viewer has it
		}
	}
	for i := range maxWallNotes - 1 {
		if code, b := admin.Do(http.MethodPost, notes, fmt.Sprintf(`{"text": "note %d"}`, i)); code != http.StatusCreated {
			t.Fatalf("POST note %d: got %d %s", i+2, code, b)
		}
	}
	if code, b := admin.Do(http.MethodPost, notes, body); code != http.StatusBadRequest || !strings.Contains(string(b), "at most 10") {
		t.Errorf("POST an 11th note: got %d %s, want 400", code, b)
	}
	if code, b := demo.Do(http.MethodDelete, notes+"?id="+note.ID, ""); code != http.StatusForbidden {
		t.Errorf("DELETE a note as demo: got %d %s, want 403", code, b)
	}
	if code, b := admin.Do(http.MethodDelete, notes+"?id=nope", ""); code != http.StatusNotFound {
		t.Errorf("DELETE an unknown note: got %d %s, want 404", code, b)
	}
	if code, b := admin.Do(http.MethodDelete, notes+"?id="+note.ID, ""); code != http.StatusNoContent {
		t.Errorf("DELETE the note: got %d %s, want 204", code, b)
	}
	resp.Body.Close()
	if err := s.Stop(); err != nil {
		t.Fatal(err)
	}

	s = startRun(t, nil, args...)
	var w serverapi.Wall
	servertest.GetJSON(t, http.MethodGet, s.URL+serverapi.WallStatusPath+"class", "", "", &w)
	if len(w.Notes) != maxWallNotes-1 || w.Notes[0].Text != fmt.Sprintf("note %d", maxWallNotes-2) {
		t.Errorf("after a restart: got notes %+v, want the %d kept, newest first", w.Notes, maxWallNotes-1)
	}
}

// TestWallsNotesReadOnly: a read-only console pins no note, an admin's
// neither.
func TestWallsNotesReadOnly(t *testing.T) {
	dir := t.TempDir()
	s := startRun(t, nil, "-web", dir, "-read-only")
	admin := labAdmin(t, s)
	if code, b := admin.Do(http.MethodPost, serverapi.WallNotesPath+"class", `{"text": "x"}`); code != http.StatusForbidden || !strings.Contains(string(b), "read-only") {
		t.Errorf("POST a note on a read-only console: got %d %s, want 403", code, b)
	}
	var w serverapi.Wall
	if servertest.GetJSON(t, http.MethodGet, s.URL+serverapi.WallStatusPath+"class", "", "", &w); len(w.Notes) != 0 {
		t.Errorf("the wall's notes: got %+v, want none", w.Notes)
	}
}
