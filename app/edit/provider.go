package edit

import (
	"context"
	"slices"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/octavia"
)

// providerTerms are what the provider of a form's object takes: what its
// load balancer's provider driver supports (the cloud's providers' until
// the load balancer is known; everything when neither could be read), and,
// on a profile's form, the capabilities of the provider it picked. The
// form offers only what they allow (fields). UI goroutine; the reads in
// ctx.Async, each answer kept only while current says its form is still
// the one shown.
type providerTerms struct {
	support form.Support
	lbRead  string // the load balancer support is from; "" for the cloud's providers
	// caps names the flavor (or zone) capabilities of the provider a
	// profile form picked (capsOf): its data field's hint says them.
	caps, capsOf string
}

// fields are res's fields as the provider takes them: their choices
// narrowed to what its driver supports, and a profile's data field's hint
// naming what the provider picked takes.
func (t *providerTerms) fields(res *console.Resource) []form.Field {
	fields := t.support.Narrow(res.Kind, res.Fields)
	if t.caps != "" {
		fields = slices.Clone(fields)
		for i, f := range fields {
			if f.Type == form.Area && strings.HasSuffix(f.Key, "_data") {
				fields[i].Hint = f.Hint + " The " + t.capsOf + " provider takes: " + t.caps + "."
			}
		}
	}
	return fields
}

// loadSupport reads, for a kind whose choices a driver restricts, what the
// provider of load balancer lb takes (GET the load balancer: its
// provider), or, while lb is "", what every provider of the cloud takes
// (GET /v2/lbaas/providers: a create that names none gets the
// deployment's default, one of them); a value of the form's values v the
// provider does not take goes to its first choice. Called again when the
// load balancer picked changes; the same one is not read twice.
func (t *providerTerms) loadSupport(ctx goapp.Context, client *octavia.Client, res *console.Resource, lb string, v form.Values, current func() bool) {
	if !res.Restricted {
		return
	}
	if lb == t.lbRead && (lb != "" || t.support.Name != "") {
		return
	}
	t.lbRead = lb
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		names, err := providerNames(c, client, lb)
		ctx.Dispatch(func(ctx goapp.Context) {
			if !current() || t.lbRead != lb {
				return // another form, or another load balancer picked since
			}
			if err != nil || len(names) == 0 || names[0] == "" {
				t.support = form.Support{} // unknown: everything, the driver's 501 says the rest
				return
			}
			t.support = form.Supported(names...)
			t.support.Fix(res.Kind, res.Fields, v)
		})
	})
}

// providerNames names the provider of load balancer lb, or, when lb is "",
// every provider of the cloud. Any goroutine.
func providerNames(ctx context.Context, client *octavia.Client, lb string) ([]string, error) {
	if lb != "" {
		o, err := client.Get(ctx, octavia.Ref{Kind: octavia.KindLoadBalancer, ID: lb})
		if err != nil {
			return nil, err
		}
		return []string{o.Text("provider")}, nil
	}
	return client.ProviderNames(ctx)
}

// loadCaps reads the capabilities of provider name, picked on the form of
// a kind that has them (res.Capabilities: a flavor or zone profile): what
// its data may set. The same name is not read twice; "" forgets them.
func (t *providerTerms) loadCaps(ctx goapp.Context, client *octavia.Client, res *console.Resource, name string, current func() bool) {
	read := res.Capabilities
	if read == nil || name == t.capsOf {
		return
	}
	t.capsOf, t.caps = name, ""
	if name == "" {
		return
	}
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		caps, err := read(client, c, name)
		ctx.Dispatch(func(ctx goapp.Context) {
			if current() && t.capsOf == name && err == nil && len(caps) > 0 {
				t.caps = console.CapabilityNames(caps, nil)
			}
		})
	})
}

// lbOf is the load balancer a form's object is under, "" while unknown:
// the one picked in its values v (loadbalancer_id) or, on an edit, the
// object's, orig.
func lbOf(v form.Values, orig octavia.Object) string {
	if id := v["loadbalancer_id"]; id != "" {
		return id
	}
	if orig != nil {
		if id := orig.Text("loadbalancer_id"); id != "" {
			return id
		}
		if lbs := orig.IDs("loadbalancers"); len(lbs) > 0 {
			return lbs[0]
		}
	}
	return ""
}
