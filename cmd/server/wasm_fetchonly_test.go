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
// for Config.TLS. The wasm's name section spells net/http.(*Transport).X as
// net_http.__Transport_.X.
func TestWasmFetchOnly(t *testing.T) {
	const (
		fetch    = "net_http.__Transport_.RoundTrip"
		fallback = "net_http.__Transport_.roundTrip"
		clone    = "net_http.__Transport_.Clone"
	)
	if _, ok := reflect.TypeFor[*http.Transport]().MethodByName("Clone"); !ok {
		t.Fatal("net/http's Transport has no method Clone any more: re-check what this test looks for")
	}
	dir := t.TempDir()
	floor, err := readWasmSizes(buildNamedWasm(t, "./testdata/floor", dir))
	if err != nil {
		t.Fatal(err)
	}
	if !floor.funcNames[fetch] || !floor.funcNames[fallback] {
		t.Fatalf("the stock floor links %s: %v, %s: %v; want both (net/http's client as published)", fetch, floor.funcNames[fetch], fallback, floor.funcNames[fallback])
	}
	app, err := readWasmSizes(buildNamedWasm(t, ".", dir))
	if err != nil {
		t.Fatal(err)
	}
	if !app.funcNames[fetch] {
		t.Errorf("app.wasm does not link %s", fetch)
	}
	for _, fn := range []string{fallback, clone} {
		if app.funcNames[fn] {
			t.Errorf("app.wasm links %s: the fetch-only build (make wasm's -overlay, octavia's client_js.go) no longer keeps net/http's socket transport out", fn)
		}
	}
}
