package console

// Runtime is the tab's state that outlives a page: what the page the app
// started in handed over (Startup, taken once) and the list rows a login
// read for the page it goes to (FirstRows, taken once). The composition
// root (app.Register) builds one and hands it to every page through the
// pages' constructors; app.Boot gives it the Startup in the browser. On
// the server, which pre-renders pages with the same routes, it stays
// empty. Safe for concurrent use.
type Runtime struct {
	start     *Startup
	firstRows firstRowsSlot
}

// NewRuntime is an empty Runtime: no start-up state, no rows kept.
func NewRuntime() *Runtime { return &Runtime{} }

// Start hands rt the Startup built from the page the app started in. Call
// it once, in the browser, before the first render.
func (rt *Runtime) Start(s *Startup) { rt.start = s }

// Startup is the start-up state rt was handed (nil on the server, or in a
// test that handed none, or a nil rt). Its parts are taken once. Any
// goroutine.
func (rt *Runtime) Startup() *Startup {
	if rt == nil {
		return nil
	}
	return rt.start
}
