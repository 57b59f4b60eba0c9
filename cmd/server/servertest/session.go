//go:build !js

package servertest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/app/serverapi"
)

// Session is a browser-like client of the console: a cookie jar, and the
// app's session header on every request.
type Session struct {
	t    testing.TB
	base string
	hc   *http.Client
}

// NewSession logs in at base as the console does (the sealed session cookie).
func NewSession(tb testing.TB, base, user, password, project string) *Session {
	tb.Helper()
	jar, _ := cookiejar.New(nil)
	s := &Session{t: tb, base: base, hc: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	if code, b := s.Do(http.MethodPost, "/identity/v3/auth/tokens", AuthBody(user, password, project)); code != http.StatusCreated {
		tb.Fatalf("log in as %s: %d %s", user, code, b)
	}
	return s
}

// Anonymous is a client of the console at base that has not logged in: a
// cookie jar that follows redirects.
func Anonymous(tb testing.TB, base string) *Session {
	jar, _ := cookiejar.New(nil)
	return &Session{t: tb, base: base, hc: &http.Client{Jar: jar}}
}

// Cookies are the session's cookies for the console's origin.
func (s *Session) Cookies() []*http.Cookie {
	u, _ := url.Parse(s.base)
	return s.hc.Jar.Cookies(u)
}

// SetCookie sets a cookie for the console's origin.
func (s *Session) SetCookie(c *http.Cookie) {
	u, _ := url.Parse(s.base)
	s.hc.Jar.SetCookies(u, []*http.Cookie{c})
}

// Do sends a request with the session (marker header, placeholder token)
// and returns the status code and the body.
func (s *Session) Do(method, path, body string) (int, []byte) {
	s.t.Helper()
	return s.Send(method, path, body, true)
}

// Send is [Session.Do], without the session's marker header and token when
// marked is false (the cookie alone).
func (s *Session) Send(method, path, body string, marked bool) (int, []byte) {
	s.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, _ := http.NewRequest(method, s.base+path, rd)
	req.Header.Set("Content-Type", "application/json")
	if marked {
		req.Header.Set(serverapi.SessionHeader, "1")
		req.Header.Set("X-Auth-Token", serverapi.SessionToken)
	}
	resp, err := s.hc.Do(req)
	if err != nil {
		s.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// Class reads the trainer's class.
func (s *Session) Class() serverapi.Class {
	s.t.Helper()
	code, b := s.Do(http.MethodGet, serverapi.TrainerClassPath, "")
	var cl serverapi.Class
	if code != http.StatusOK || json.Unmarshal(b, &cl) != nil {
		s.t.Fatalf("GET %s: %d %s", serverapi.TrainerClassPath, code, b)
	}
	return cl
}

// WaitClass reads the class until cond holds (the class is read once per
// 3 s), for at most 15 s, and returns the last read.
func (s *Session) WaitClass(what string, cond func(serverapi.Class) bool) serverapi.Class {
	s.t.Helper()
	for i := 0; ; i++ {
		cl := s.Class()
		if cond(cl) {
			return cl
		}
		if i == 150 {
			s.t.Fatalf("waiting for %s: the class is %+v", what, cl.Trainees)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Tile is user's tile in the class (the zero Trainee when it has none).
func Tile(cl serverapi.Class, user string) serverapi.Trainee {
	for _, t := range cl.Trainees {
		if t.User == user {
			return t
		}
	}
	return serverapi.Trainee{}
}

// TrainerURLs is every trainer URL and API, with a body its handler takes.
var TrainerURLs = []struct{ Method, Path, Body string }{
	{"GET", serverapi.TrainerPagePath, ""},
	{"GET", serverapi.TrainerCardsPath, ""},
	{"GET", serverapi.TrainerClassPath, ""},
	{"GET", serverapi.TrainerEventsPath, ""},
	{"PUT", serverapi.TrainerFaultsPath, `{"all": true, "faults": {}}`},
	{"POST", serverapi.TrainerResetPath, `{"projects": ["trainee2"]}`},
	{"POST", serverapi.TrainerScenarioPath, `{"projects": ["trainee2"], "scenario": "{}"}`},
	{"PUT", serverapi.TrainerExercisePath, `{}`},
	{"GET", serverapi.TrainerProgressCSV, ""},
	{"GET", serverapi.TrainerCardsAPIPath, ""},
	{"GET", serverapi.TrainerQRPath, ""},
	{"GET", serverapi.TrainerExportPath, ""},
	{"PUT", serverapi.TrainerImportPath, `{}`},
	{"POST", serverapi.TrainerViewPath, `{"project": "trainee2"}`},
	{"GET", "/api/trainer/anything-else", ""},
}
