//go:build !js

package proxy_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"

	"github.com/octaview/octaview/cmd/server/proxy"
	"github.com/octaview/octaview/labcloud"
)

// A proxy in front of the lab cloud, mounted as the server mounts it. The lab is
// reached in process (labcloud.Transport); the catalog in the token answer points at
// the public URL, and a path that tries to leave its prefix is refused before
// anything goes upstream.
func Example() {
	lab := labcloud.New(labcloud.Options{})
	keystone, _ := url.Parse("http://lab.invalid/identity/v3")
	p := proxy.New(proxy.Options{Keystone: keystone, Transport: labcloud.Transport(lab), PublicURL: "https://console.example.com"})
	mux := http.NewServeMux()
	for _, s := range proxy.Services {
		mux.Handle(proxy.Prefix(s), p.Handler(s))
		mux.Handle(proxy.Prefix(s)+"/", p.Handler(s))
	}

	login := `{"auth":{"identity":{"methods":["password"],"password":{"user":{"name":"demo","password":"demo","domain":{"name":"Default"}}}},` +
		`"scope":{"project":{"name":"demo","domain":{"name":"Default"}}}}}`
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/identity/v3/auth/tokens", strings.NewReader(login)))
	var tok struct {
		Token struct {
			Catalog []struct {
				Type      string
				Endpoints []struct{ Interface, URL string }
			}
		}
	}
	json.Unmarshal(rec.Body.Bytes(), &tok)
	for _, s := range tok.Token.Catalog {
		fmt.Println(s.Type, s.Endpoints[0].URL)
	}
	fmt.Println(rec.Code, rec.Header().Get("Cache-Control"))

	rec = httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/load-balancer/v2/%2e%2e/x", nil))
	fmt.Println(rec.Code, rec.Body.String())
	// Output:
	// identity https://console.example.com/identity
	// load-balancer https://console.example.com/load-balancer
	// network https://console.example.com/network
	// key-manager https://console.example.com/key-manager
	// compute https://console.example.com/compute
	// image https://console.example.com/image
	// 201 no-store
	// 400 {"faultcode":"Client","faultstring":"Invalid path \"/load-balancer/v2/../x\": not a clean path below /load-balancer/.","debuginfo":null}
}
