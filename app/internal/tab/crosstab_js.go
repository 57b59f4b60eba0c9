//go:build js && wasm

package tab

import (
	"encoding/json"
	"sync"
	"syscall/js"

	"github.com/octaview/octaview/waiters"
)

// webTabs is the browser's tabLink: a BroadcastChannel carries the answers,
// a Web Lock per key (navigator.locks) says which tab leads it.
type webTabs struct {
	ch js.Value // the BroadcastChannel
}

// tabChannel is the BroadcastChannel's name (the origin scopes it).
const tabChannel = "octaview-polls"

// browserTabs is a new tab's share of polls with the other tabs of the
// origin; nil when the browser cannot share them (not a secure context,
// or an old browser): every poll then GETs by itself. NewRuntime calls it
// once per tab.
func browserTabs() *tabShare {
	g := js.Global()
	locks := g.Get("navigator").Get("locks")
	if g.Get("BroadcastChannel").Type() != js.TypeFunction || locks.Type() != js.TypeObject {
		return nil // not a secure context, or an old browser: every tab polls by itself
	}
	w := webTabs{ch: g.Get("BroadcastChannel").New(tabChannel)}
	tabs := newTabShare(w, waiters.DefaultInterval)
	onMessage := js.FuncOf(func(_ js.Value, args []js.Value) any { // lives as long as the tab
		data := args[0].Get("data")
		if data.Type() != js.TypeString {
			return nil
		}
		var m tabMsg
		if json.Unmarshal([]byte(data.String()), &m) == nil && m.Key != "" {
			go tabs.receive(m) // never block the browser's event loop on the share's lock
		}
		return nil
	})
	w.ch.Set("onmessage", onMessage)
	return tabs
}

// post sends m to the other tabs of the origin (a BroadcastChannel never
// delivers to its own sender).
func (w webTabs) post(m tabMsg) {
	b, err := json.Marshal(m)
	if err != nil {
		return
	}
	w.ch.Call("postMessage", string(b))
}

// lead asks for the Web Lock "octaview-poll:KEY"; granted runs once the
// tab holds it. The lock is held by a promise that release resolves;
// release before the grant withdraws the request (AbortSignal). The
// browser gives the lock to the next tab that asked for it when this one
// releases it or closes.
func (w webTabs) lead(key string, granted func()) (release func()) {
	var (
		mu       sync.Mutex
		resolve  js.Value // resolves the promise that holds the lock, once held
		released bool
		freeOnce sync.Once
		onLock   js.Func
		settled  js.Func
	)
	ctrl := js.Global().Get("AbortController").New()
	free := func() { freeOnce.Do(func() { onLock.Release(); settled.Release() }) }
	onLock = js.FuncOf(func(js.Value, []js.Value) any {
		var exec js.Func
		exec = js.FuncOf(func(_ js.Value, a []js.Value) any {
			exec.Release()
			mu.Lock()
			if released { // left while the grant was on its way
				mu.Unlock()
				a[0].Invoke()
				return nil
			}
			resolve = a[0]
			mu.Unlock()
			go granted()
			return nil
		})
		return js.Global().Get("Promise").New(exec)
	})
	settled = js.FuncOf(func(js.Value, []js.Value) any { free(); return nil }) // released, or the request aborted
	opts := js.Global().Get("Object").New()
	opts.Set("signal", ctrl.Get("signal"))
	js.Global().Get("navigator").Get("locks").Call("request", "octaview-poll:"+key, opts, onLock).Call("then", settled, settled)
	return func() {
		mu.Lock()
		if released {
			mu.Unlock()
			return
		}
		released = true
		r := resolve
		mu.Unlock()
		if r.Type() == js.TypeFunction {
			r.Invoke() // give the lock up
			return
		}
		ctrl.Call("abort") // withdraw the request (a grant on its way gives it up at once)
	}
}
