// Package waiters holds Octaview's polling semantics: waiting for an Octavia
// resource to become ACTIVE or to be deleted, exactly as python-octaviaclient's
// --wait does (see shared/spec/async-processing.md), and a Hub that lets any
// number of watchers of one resource share a single poll loop.
//
// The waits follow the reference CLI:
//
//   - the first poll is immediate, then one poll per interval (3 s by
//     default), counted from the end of the previous poll;
//   - statuses are compared lower-cased;
//   - ForActive ends on active (nil) or error (*StatusError) and has no time
//     limit unless Options.Timeout is set (then ErrTimeout);
//   - ForDelete ends on a 404 (success: the Getter's error matches ErrGone),
//     on error (*StatusError), or after 300 s of wall-clock time (ErrTimeout);
//   - a failing GET ends the wait with that error, wrapped.
//
// Where the CLI crashes (a response without a status field), the waits
// return ErrNoStatus instead. Every wait ends with ctx.Err() when its context
// ends.
//
// Nothing here blocks on anything but time.Timer and channels, which work
// in the browser (Go's WebAssembly runtime backs timers with JS timers). The
// waits block their caller, so a go-app UI runs them in its own goroutine
// (ctx.Async), never on the UI goroutine. Hub callbacks run on the Hub's
// loop goroutines; a go-app UI hops back with ctx.Dispatch.
//
// The package imports only the standard library (the caller's errors say
// what a 404 is, through ErrGone): it is tested natively and
// as GOOS=js GOARCH=wasm under Node, with testing/synctest for the clock.
package waiters
