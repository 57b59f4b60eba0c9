package login

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/serverapi"
)

func TestLoginRequestCheck(t *testing.T) {
	cases := []struct {
		name   string
		req    loginRequest
		wantOK bool
	}{
		{"password without a project is enough", loginRequest{method: methodPassword, user: "admin", password: "admin"}, true},
		{"password missing", loginRequest{method: methodPassword, user: "admin"}, false},
		{"application credential by id", loginRequest{method: methodAppCred, acID: "ac1", acSecret: "s"}, true},
		{"application credential by name and user", loginRequest{method: methodAppCred, acName: "wall", user: "demo", acSecret: "s"}, true},
		{"application credential by name without a user", loginRequest{method: methodAppCred, acName: "wall", acSecret: "s"}, false},
		{"application credential without a secret", loginRequest{method: methodAppCred, acID: "ac1"}, false},
		{"token", loginRequest{method: methodToken, token: "gAAAA"}, true},
		{"no token", loginRequest{method: methodToken}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.req.check(); (got == "") != tc.wantOK {
				t.Errorf("check: got %q, want ok=%v", got, tc.wantOK)
			}
		})
	}
}

func TestLoginRequestConfig(t *testing.T) {
	const origin = "http://console.test"
	cases := []struct {
		name                                string
		req                                 loginRequest
		wantUser, wantPassword, wantProject string
		wantACID, wantACName, wantToken     string
	}{
		{"password, no project", loginRequest{method: methodPassword, user: "admin", password: "pw", domain: "Default"}, "admin", "pw", "", "", "", ""},
		{"password and project", loginRequest{method: methodPassword, user: "demo", password: "pw", project: "demo"}, "demo", "pw", "demo", "", "", ""},
		{"application credential by id: no user", loginRequest{method: methodAppCred, user: "x", acID: "ac1", acSecret: "s"}, "", "", "", "ac1", "", ""},
		{"application credential by name", loginRequest{method: methodAppCred, user: "demo", acName: "wall", acSecret: "s"}, "demo", "", "", "", "wall", ""},
		{"token: the placeholder (the cookie holds the token)", loginRequest{method: methodToken, token: "gAAAA-real"}, "", "", "", "", "", serverapi.SessionToken},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg := tc.req.config(origin)
			if cfg.Username != tc.wantUser || cfg.Password != tc.wantPassword || cfg.ProjectName != tc.wantProject ||
				cfg.ApplicationCredentialID != tc.wantACID || cfg.ApplicationCredentialName != tc.wantACName || cfg.Token != tc.wantToken {
				t.Errorf("got user %q password %q project %q ac %q/%q token %q; want %q %q %q %q/%q %q",
					cfg.Username, cfg.Password, cfg.ProjectName, cfg.ApplicationCredentialID, cfg.ApplicationCredentialName, cfg.Token,
					tc.wantUser, tc.wantPassword, tc.wantProject, tc.wantACID, tc.wantACName, tc.wantToken)
			}
			if cfg.Reauth == nil {
				t.Errorf("Reauth: got nil, want the log-in-again hook (no kept password)")
			}
			if cfg.HTTPClient == nil {
				t.Fatalf("HTTPClient: got nil, want the session transport")
			}
			if _, ok := cfg.HTTPClient.Transport.(tab.SessionTransport); !ok {
				t.Errorf("transport: got %T, want sessionTransport", cfg.HTTPClient.Transport)
			}
		})
	}
}

func TestSessionTransport(t *testing.T) {
	var got http.Header
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { got = r.Header.Clone() }))
	defer srv.Close()
	cases := []struct {
		name, region, wantRegion string
	}{
		{"no region", "", ""},
		{"a picked region", "RegionTwo", "RegionTwo"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			hc := &http.Client{Transport: tab.SessionTransport{Region: tc.region}}
			resp, err := hc.Get(srv.URL)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if got.Get(serverapi.SessionHeader) != "1" || got.Get(serverapi.RegionHeader) != tc.wantRegion {
				t.Errorf("got marker %q region %q, want 1 and %q", got.Get(serverapi.SessionHeader), got.Get(serverapi.RegionHeader), tc.wantRegion)
			}
		})
	}
}
