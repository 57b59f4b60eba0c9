//go:build !js

package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/octaview/octaview/app/serverapi"
)

func TestCardsURLWarning(t *testing.T) {
	for _, tc := range []struct {
		url  string
		warn bool
	}{
		{"http://127.0.0.1:8080/", true},
		{"http://127.0.0.2:9000/", true},
		{"http://localhost:8080/", true},
		{"http://[::1]:8080/", true},
		{"http://192.0.2.10:8080/", false},
		{"https://class.example/", false},
	} {
		got := cardsURLWarning(tc.url)
		if (got != "") != tc.warn {
			t.Errorf("%s: got %q, want a warning %v", tc.url, got, tc.warn)
		}
		if tc.warn && (!strings.Contains(got, "-public-url") || !strings.Contains(got, tc.url)) {
			t.Errorf("%s: got %q, want the URL and the flag to set named", tc.url, got)
		}
	}
}

// TestLoopbackCardsWarned: a class served on loopback without -public-url
// is warned of on the server's console at start, on the trainer's page
// (the class) and with the cards; with -public-url, or without trainees,
// nothing is said.
func TestLoopbackCardsWarned(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		warn bool
	}{
		{"class on loopback", []string{"-lab-trainees", "2"}, true},
		{"class with -public-url", []string{"-lab-trainees", "2", "-public-url", "http://class.example:8080"}, false},
		{"no class", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := startRun(t, nil, append([]string{"-web", t.TempDir()}, tc.args...)...)
			logged := strings.Contains(s.Logs.String(), "trainees cannot reach")
			if logged != tc.warn {
				t.Errorf("the start's log warns %v, want %v: %s", logged, tc.warn, s.Logs.String())
			}
			if !tc.warn && tc.args == nil {
				return
			}
			admin := labAdmin(t, s)
			if got := admin.Class().URLWarning; (got != "") != tc.warn || tc.warn && !strings.Contains(got, "-public-url") {
				t.Errorf("the class's URL warning: got %q, want one naming -public-url %v", got, tc.warn)
			}
			var cards serverapi.Cards
			code, body := admin.Do(http.MethodGet, serverapi.TrainerCardsAPIPath, "")
			if code != http.StatusOK || json.Unmarshal(body, &cards) != nil {
				t.Fatalf("cards: got %d %s", code, body)
			}
			if (cards.Warning != "") != tc.warn {
				t.Errorf("the cards' warning: got %q, want one %v", cards.Warning, tc.warn)
			}
		})
	}
}
