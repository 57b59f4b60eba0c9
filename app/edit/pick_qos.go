package edit

import (
	"context"
	"errors"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/octavia"
)

// readQoS reads the choices of QoS field key: the project's and the
// shared QoS policies (console.QoSChoices), or, when Neutron has no qos
// extension, form.ErrNoQoS's words as they are, which make the form show
// them instead of the field. UI goroutine; the reads in ctx.Async.
func (o *pickOptions) readQoS(ctx goapp.Context, client *octavia.Client, key string) {
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		opts, err := console.QoSChoices(c, client)
		ctx.Dispatch(func(goapp.Context) {
			if errors.Is(err, form.ErrNoQoS) {
				o.errs[key] = err.Error()
				return
			}
			o.take(key, opts, err)
		})
	})
}
