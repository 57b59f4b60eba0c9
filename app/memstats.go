package app

import (
	"runtime"
	"sync"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

var exposeOnce sync.Once

// exposeMemStats defines window.octaviewMemStats() in the page: the Go
// heap of the app (runtime.MemStats: HeapAlloc, HeapInuse, Sys, in bytes)
// after a garbage collection, for the benchmarks (make bench) to report the
// memory a list of 10,002 load balancers holds. UI goroutine; once.
func exposeMemStats() {
	exposeOnce.Do(func() {
		goapp.Window().Set("octaviewMemStats", goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			return map[string]any{"heapAlloc": m.HeapAlloc, "heapInuse": m.HeapInuse, "sys": m.Sys}
		}))
	})
}
