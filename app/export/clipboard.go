package export

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
)

// copy puts text (format f's) on the clipboard (navigator.clipboard, as
// the certificate page's Copy does) and says so; when the browser has no
// clipboard for the page or refuses it, it selects the code block for the
// user's own Ctrl+C and says that. Either is announced (the panel's
// aria-live line); the focus stays on Copy. UI goroutine; the clipboard's
// answer lands through the page's context.
func (p *Panel) copy(text string, f Format) {
	clip := ui.WindowGet("navigator").Get("clipboard")
	if !clip.Truthy() {
		p.refused()
		return
	}
	p.said = ""
	ctx := p.uctx
	var ok, fail goapp.Func
	answer := func(copied bool) goapp.Func {
		return goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
			ok.Release()
			fail.Release()
			ctx.Dispatch(func(goapp.Context) {
				if copied {
					p.said = CopiedText(f)
					return
				}
				p.refused()
			})
			return nil
		})
	}
	ok, fail = answer(true), answer(false)
	clip.Call("writeText", text).Call("then", ok, fail)
}

// refused selects the code block, for the user's own copy, and says so.
// UI goroutine.
func (p *Panel) refused() {
	p.said = CopyRefusedText
	if pre := goapp.Window().GetElementByID(textID); pre.Truthy() {
		goapp.Window().Call("getSelection").Call("selectAllChildren", pre)
	}
}

// download saves text as a file named name: a Blob behind a link that
// is clicked once and then let go (its URL revoked a minute later, once
// the browser has surely read it). UI goroutine.
func (p *Panel) download(text, name string) {
	win := goapp.Window()
	blob := win.Get("Blob").New([]any{text}, map[string]any{"type": "text/plain;charset=utf-8"})
	urls := win.Get("URL")
	href := urls.Call("createObjectURL", blob)
	doc := win.Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", href)
	a.Set("download", name)
	a.Get("style").Set("display", "none")
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	win.Call("setTimeout", urls.Get("revokeObjectURL").Call("bind", urls), 60000, href)
	p.said = DownloadText(name)
}
