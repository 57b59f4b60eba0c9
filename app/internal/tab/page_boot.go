package tab

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
)

// ReadStartup is the start-up state of the page the app started in: its
// serverapi.Boot (none on a page from an older server: the app then asks
// for the configuration and checks the cookie itself), and, read before
// go-app adopts the served login form, what was typed into it. Call it
// once, in the browser, before the first render.
func ReadStartup(typed ServedLogin) *Startup {
	b, ok := readBoot()
	return NewStartup(b, ok, typed)
}

// NewStartup is the start-up state of a page whose serverapi.Boot is b
// (booted: the page had one) and whose served login form held typed.
func NewStartup(b serverapi.Boot, booted bool, typed ServedLogin) *Startup {
	return &Startup{boot: b, booted: booted, typed: typed}
}

// readBoot parses the boot element with the browser's JSON.parse, not
// encoding/json: the first use of Go's reflection-driven decoder costs a cold
// start tens of milliseconds of compiling and type-walking, before anything
// shows.
func readBoot() (b serverapi.Boot, ok bool) {
	el := ui.WindowGet("document").Call("getElementById", serverapi.BootElementID)
	if !el.Truthy() {
		return serverapi.Boot{}, false
	}
	defer func() {
		if err := recover(); err != nil { // not the JSON the server writes
			goapp.Log("octaview: the page's start-up state:", err)
			b, ok = serverapi.Boot{}, false
		}
	}()
	return DecodeBoot(ui.WindowGet("JSON").Call("parse", el.Get("textContent"))), true
}

// DecodeBoot is the serverapi.Boot in v, a JavaScript object of its JSON
// (boot_test.go checks that it reads every field serverapi.Boot encodes).
func DecodeBoot(v goapp.Value) serverapi.Boot {
	str := func(v goapp.Value, key string) string {
		if f := v.Get(key); f.Truthy() {
			return f.String()
		}
		return ""
	}
	cfg := v.Get("config")
	b := serverapi.Boot{
		Session: v.Get("session").Truthy(),
		Config: serverapi.Config{
			ReadOnly:   cfg.Get("read_only").Truthy(),
			Lab:        cfg.Get("lab").Truthy(),
			StatusPage: cfg.Get("status_page").Truthy(),
			Region:     str(cfg, "region"),
		},
	}
	if sv := v.Get("served"); sv.Truthy() {
		b.Served = &serverapi.Served{Page: str(sv, "page"), Region: str(sv, "region"), ReadAt: str(sv, "read_at")}
		if reads := sv.Get("reads"); reads.Truthy() {
			for i := range reads.Length() {
				r := reads.Index(i)
				b.Served.Reads = append(b.Served.Reads, serverapi.ServedRead{URL: str(r, "url"), Body: str(r, "body")})
			}
		}
	}
	if lf := v.Get("login"); lf.Truthy() {
		b.Login = &serverapi.LoginForm{User: str(lf, "user"), Domain: str(lf, "domain"), Project: str(lf, "project"), Error: str(lf, "error")}
	}
	if users := cfg.Get("lab_users"); users.Truthy() {
		for i := range users.Length() {
			u := users.Index(i)
			b.Config.LabUsers = append(b.Config.LabUsers, serverapi.LabUser{
				Name: str(u, "name"), Password: str(u, "password"), Project: str(u, "project"), Role: str(u, "role"),
			})
		}
	}
	return b
}
