package site

import (
	"runtime"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
)

// debugKey is the localStorage key of the console's debug flags (a
// comma-separated list; no secret). Nothing sets it but a developer or a
// benchmark: the product path never installs a debug hook by itself.
const debugKey = "octaview.debug"

// debugFlag reports whether localStorage's debugKey names flag.
func debugFlag(flag string) bool {
	v := ui.WindowGet("localStorage").Call("getItem", debugKey)
	return v.Truthy() && strings.Contains(","+v.String()+",", ","+flag+",")
}

// InstallDebugHooks installs what the debug flags ask for: with
// "memstats", window.octaviewMemStats() (the app's Go heap after a garbage
// collection: runtime.MemStats' HeapAlloc, HeapInuse and Sys, in bytes),
// for the benchmarks (make bench) to report the memory a list of 10,002
// load balancers holds. app's Boot calls it once, in the browser.
func InstallDebugHooks() {
	if !debugFlag("memstats") {
		return
	}
	goapp.Window().Set("octaviewMemStats", goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return map[string]any{"heapAlloc": m.HeapAlloc, "heapInuse": m.HeapInuse, "sys": m.Sys}
	}))
}
