package edit

import (
	"context"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/list"
	"github.com/octaview/octaview/octavia"
)

// pickOptions are the options of a form's picked fields, by field key,
// and why those that could not be read were not. UI goroutine.
type pickOptions struct {
	opts map[string][]ui.Choice
	errs map[string]string
}

// reset forgets every field's options (another form).
func (o *pickOptions) reset() {
	o.opts, o.errs = map[string][]ui.Choice{}, map[string]string{}
}

// load reads the options of the picked fields a form with values v shows
// (on a create or an edit): a kind's objects the session may read (their
// id and name only, filtered by the field's RefBy), Neutron's subnets. UI
// goroutine; the reads in ctx.Async.
func (o *pickOptions) load(ctx goapp.Context, sess *tab.Session, fields []form.Field, create bool, v form.Values) {
	client := sess.Client
	for _, f := range fields {
		ref := console.ResourceOf(f.Ref)
		switch {
		case !f.On(create):
		case f.Type == form.Ref && ref != nil && ref.MayRead(sess):
			q := console.ListQuery{Filters: map[string][]string{}}
			if f.RefBy != "" && v[f.RefBy] != "" {
				q.Filters.Set(f.RefBy, v[f.RefBy])
			}
			o.read(ctx, f.Key, func(c context.Context) ([]ui.Choice, error) {
				var opts []ui.Choice
				for r, err := range list.ReadRows(c, client, ref, q) {
					if err != nil {
						return nil, err
					}
					opts = append(opts, ui.Choice{ID: r.ID, Label: ref.RowName(&r) + " (" + console.Shorten(r.ID, 13) + ")"})
				}
				return opts, nil
			})
		case f.Type == form.QoS: // pick_qos.go
			o.readQoS(ctx, client, f.Key)
		case f.Type == form.Subnet:
			o.read(ctx, f.Key, func(c context.Context) ([]ui.Choice, error) {
				subs, err := octavia.Collect(client.Network().Subnets(c, subnets.ListOpts{}))
				var opts []ui.Choice
				for _, s := range console.SubnetChoices(subs, nil) {
					opts = append(opts, ui.Choice{ID: s.ID, Label: s.Label})
				}
				return opts, err
			})
		}
	}
}

// read reads field key's options with fn, within a minute. UI goroutine;
// fn runs in ctx.Async.
func (o *pickOptions) read(ctx goapp.Context, key string, fn func(context.Context) ([]ui.Choice, error)) {
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		opts, err := fn(c)
		ctx.Dispatch(func(ctx goapp.Context) { o.take(key, opts, err) })
	})
}

// take keeps field key's options, or why they could not be read.
func (o *pickOptions) take(key string, opts []ui.Choice, err error) {
	if err != nil {
		o.errs[key] = octavia.Message(err)
		return
	}
	o.opts[key] = opts
}
