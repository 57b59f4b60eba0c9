//go:build !js

package main

import (
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/octaview/octaview/app/serverapi"
)

// The first screen's region (ssr.go, docs/startup.md): the server reads
// it in the region the region cookie names when the token's catalog lists
// it, and the frame names the region the rows came from.

// pickedRegionRE is the region the served frame's picker has selected.
var pickedRegionRE = regexp.MustCompile(`(?s)<select [^>]*id="region-switch"[^>]*>.*?<option [^>]*selected[^>]*>([^<]*)</option>`)

// servedRegion is the region a served page's frame names ("" = none).
func servedRegion(page string) string {
	if m := pickedRegionRE.FindStringSubmatch(page); m != nil {
		return m[1]
	}
	return ""
}

// TestFirstScreenRegionCookie: a returning user's page with the region
// cookie of a region of the token's catalog is read in that region (its
// Served says so; the frame names it); an unknown or hostile value falls
// back to the server's region, without error, and is written nowhere.
func TestFirstScreenRegionCookie(t *testing.T) {
	c := startConsoleWith(t, []string{"-lab-scenario", sessionsScenario}, nil)
	session := cookieLogin(t, c.URL, "demo", "demo")
	for _, tt := range []struct {
		name, cookie      string
		wantRead, wantTop string
	}{
		{"RegionTwo", "RegionTwo", "RegionTwo", "RegionTwo"},
		{"escaped", "Region%54wo", "RegionTwo", "RegionTwo"},
		{"unknown", "Nowhere", "", "RegionOne"},
		{"hostile", "%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E", "", "RegionOne"},
		{"none", "", "", "RegionOne"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodGet, c.URL+"/load-balancers", nil)
			req.AddCookie(session)
			if tt.cookie != "" {
				req.Header.Add("Cookie", serverapi.RegionCookie+"="+tt.cookie)
			}
			page, boot := getServed(t, req)
			if boot.Served == nil {
				t.Fatal("no first screen served")
			}
			if boot.Served.Region != tt.wantRead {
				t.Errorf("read in %q, want %q", boot.Served.Region, tt.wantRead)
			}
			if got := servedRegion(page); got != tt.wantTop {
				t.Errorf("the frame names %q, want %q", got, tt.wantTop)

			}
			if strings.Contains(page, "onerror") {
				t.Error("the hostile region cookie was written into the page")
			}
			if len(servedRows(page, "lb")) == 0 {
				t.Error("no rows served")
			}
		})
	}
}

// TestFirstScreenConfiguredRegion: a server whose configured region
// (clouds.yaml's region_name) is not its catalog's first reads a page's
// rows in it and its frame names it, not the catalog's first; Config
// tells the app the same region.
func TestFirstScreenConfiguredRegion(t *testing.T) {
	upstream := startConsoleWith(t, []string{"-lab-scenario", sessionsScenario}, nil)
	clouds := filepath.Join(t.TempDir(), "clouds.yaml")
	yaml := fmt.Sprintf("clouds:\n  two:\n    auth:\n      auth_url: %s/identity/v3\n    region_name: RegionTwo\n", upstream.URL)
	if err := os.WriteFile(clouds, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	c := startConsoleWith(t, []string{"-cloud", "two"}, map[string]string{"OS_CLIENT_CONFIG_FILE": clouds})
	session := cookieLogin(t, c.URL, "demo", "demo")
	for _, tt := range []struct{ cookie, want string }{{"", "RegionTwo"}, {"RegionOne", "RegionOne"}} {
		req, _ := http.NewRequest(http.MethodGet, c.URL+"/load-balancers", nil)
		req.AddCookie(session)
		if tt.cookie != "" {
			req.AddCookie(&http.Cookie{Name: serverapi.RegionCookie, Value: tt.cookie})
		}
		page, boot := getServed(t, req)
		if boot.Config.Region != "RegionTwo" {
			t.Errorf("Config.Region %q, want the configured RegionTwo", boot.Config.Region)
		}
		if boot.Served == nil || boot.Served.Region != tt.cookie {
			t.Fatalf("cookie %q: served %+v, want read in %q", tt.cookie, boot.Served, tt.cookie)
		}
		if got := servedRegion(page); got != tt.want {
			t.Errorf("cookie %q: the frame names %q, want %q (the region the proxy read the rows in)", tt.cookie, got, tt.want)
		}
	}
}

// getServed sends req and returns the page and its boot.
func getServed(t *testing.T, req *http.Request) (string, serverapi.Boot) {
	t.Helper()
	page, boot, _ := servedPageReq(t, req)
	return page, boot
}

// TestLoginFormRegion: after a plain-form login (POST /login, before the
// app runs), the page it redirects to is served in the region the
// browser's region cookie names, which the login keeps.
func TestLoginFormRegion(t *testing.T) {
	s := startRun(t, nil, "-web", webDir, "-lab-delay", "0s", "-lab-scenario", sessionsScenario)
	form := url.Values{"user": {"demo"}, "password": {"demo"}, "domain": {"Default"}, "project": {"demo"}}
	resp, body := postLoginForm(t, s.URL, "/login?next="+url.QueryEscape("/load-balancers"), form, map[string]string{"Cookie": serverapi.RegionCookie + "=RegionTwo"})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("POST /login: %s\n%.300s", resp.Status, body)
	}
	for _, c := range resp.Cookies() {
		if c.Name == serverapi.RegionCookie {
			t.Errorf("the login set the region cookie: %v", c)
		}
	}
	req, _ := http.NewRequest(http.MethodGet, s.URL+resp.Header.Get("Location"), nil)
	req.AddCookie(sessionCookieOf(resp))
	req.AddCookie(&http.Cookie{Name: serverapi.RegionCookie, Value: "RegionTwo"})
	page, boot := getServed(t, req)
	if boot.Served == nil || boot.Served.Region != "RegionTwo" {
		t.Fatalf("the page after the login: served %v, want read in RegionTwo", boot.Served)
	}
	if got := servedRegion(page); got != "RegionTwo" {
		t.Errorf("the page after the login names region %q, want RegionTwo", got)
	}
}
