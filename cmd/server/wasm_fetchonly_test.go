//go:build !js

package main

import (
	"net/http"
	"reflect"
	"testing"
)

// TestWasmFetchOnly: app.wasm built as make builds it (the fetch-only
// overlay, octavia's native-only TLS transport) links net/http's fetch
// RoundTrip but not its socket transport: not RoundTrip's fallback
// (*Transport).roundTrip, which the stock floor (go-app and net/http's client
// as published) links, and not (*Transport).Clone, which octavia.New called
// for Config.TLS; nor crypto/tls's client handshake or crypto/x509's chain
// verification, which the floor links through net/http's Transport type
// (the overlay's crypto/tls/conn.go runs no handshake). The wasm's name
// section spells net/http.(*Transport).X as net_http.__Transport_.X.
func TestWasmFetchOnly(t *testing.T) {
	const (
		fetch    = "net_http.__Transport_.RoundTrip"
		fallback = "net_http.__Transport_.roundTrip"
		clone    = "net_http.__Transport_.Clone"
		hello    = "crypto_tls.__Conn_.clientHandshake"
		verify   = "crypto_x509.__Certificate_.Verify"
	)
	if _, ok := reflect.TypeFor[*http.Transport]().MethodByName("Clone"); !ok {
		t.Fatal("net/http's Transport has no method Clone any more: re-check what this test looks for")
	}
	dir := t.TempDir()
	floor, err := readWasmSizes(buildNamedWasm(t, "./testdata/floor", dir))
	if err != nil {
		t.Fatal(err)
	}
	for _, fn := range []string{fetch, fallback, hello, verify} {
		if !floor.funcNames[fn] {
			t.Fatalf("the stock floor does not link %s; want it to (net/http's client as published): re-check what this test looks for", fn)
		}
	}
	app, err := readWasmSizes(buildNamedWasm(t, ".", dir))
	if err != nil {
		t.Fatal(err)
	}
	if !app.funcNames[fetch] {
		t.Errorf("app.wasm does not link %s", fetch)
	}
	for _, fn := range []string{fallback, clone, hello, verify} {
		if app.funcNames[fn] {
			t.Errorf("app.wasm links %s: the fetch-only build (make wasm's -overlay, octavia's client_js.go) no longer keeps net/http's socket transport and crypto/tls's handshake out", fn)
		}
	}
}
