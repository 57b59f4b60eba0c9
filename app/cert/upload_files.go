package cert

import (
	"errors"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/cert"
)

// readFile reads the file chosen in the input that fired e (field is the
// upload's field it fills): its size is checked first, so a file over
// cert.MaxFileBytes is refused without being read; then done gets its
// bytes on the UI goroutine (the caller owns them), or refused the
// refusal. UI goroutine.
func readFile(ctx goapp.Context, field string, done func(ctx goapp.Context, name string, b []byte), refused func(ctx goapp.Context, err error)) {
	input := ctx.JSSrc()
	files := input.Get("files")
	if !files.Truthy() || files.Length() == 0 {
		return
	}
	f := files.Index(0)
	name := f.Get("name").String()
	if err := cert.TooLarge(field, int64(f.Get("size").Float())); err != nil {
		input.Set("value", "") // the input forgets the file
		refused(ctx, err)
		return
	}
	var then, fail goapp.Func
	release := func() { then.Release(); fail.Release() }
	then = goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		release()
		arr := goapp.Window().Get("Uint8Array").New(args[0])
		b := make([]byte, arr.Length())
		goapp.CopyBytesToGo(b, arr)
		input.Set("value", "") // the page holds the bytes now, until the upload
		ctx.Dispatch(func(ctx goapp.Context) { done(ctx, name, b) })
		return nil
	})
	fail = goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		release()
		ctx.Dispatch(func(ctx goapp.Context) {
			refused(ctx, &cert.FieldError{Field: field, Err: errors.New("the browser could not read the file")})
		})
		return nil
	})
	f.Call("arrayBuffer").Call("then", then, fail)
}
