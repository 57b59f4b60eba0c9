package section

import (
	"context"
	"slices"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// lbAmphorae is the card of a load balancer's page that lists its amphorae
// (admins only: Octavia's default policy): role, status, compute id,
// addresses, image, created, each with its failover (a confirmation, then
// an operation that waits for the load balancer to be ACTIVE again). It
// reads them when shown and again whenever the load balancer's
// provisioning status changes (a failover replaces amphorae).
type lbAmphorae struct {
	goapp.Compo

	LBID   string
	LBName string
	Status string // the load balancer's provisioning status
	// OnWrite runs after an accepted failover (the page follows the load
	// balancer while it is pending). UI goroutine.
	OnWrite func()

	rt      *tab.Runtime // the tab's (the section's SectionEnv)
	readFor string       // "id/status" the list was last read for
	status  ui.LoadStatus
	err     string
	amps    []octavia.Object // the amphorae, as Octavia answers them

	asking  string // the amphora whose failover confirmation is open
	failing string // the amphora whose failover is being sent (or was refused last)
	// replaced is the amphora whose refused failover was not sent again
	// because Octavia replaced it while the load balancer was busy
	replaced string
	w        console.Writer
	uctx     goapp.Context
}

// ampDialogID is the amphora failover's confirmation.
const ampDialogID = "amp-failover-confirm"

func (a *lbAmphorae) OnMount(ctx goapp.Context)  { a.uctx = ctx; a.sync(ctx) }
func (a *lbAmphorae) OnUpdate(ctx goapp.Context) { a.uctx = ctx; a.sync(ctx) }

// sync reads the amphorae when the load balancer (or its status) is not
// the one they were read for. UI goroutine; the read runs in ctx.Async.
func (a *lbAmphorae) sync(ctx goapp.Context) {
	key := a.LBID + "/" + a.Status
	sess := a.rt.CurrentSession()
	if key == a.readFor || sess == nil {
		return
	}
	a.readFor = key
	if a.status != ui.Loaded {
		a.status = ui.Loading
	}
	client, id := sess.Client, a.LBID
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		amps, err := octavia.Collect(client.List(c, octavia.KindAmphora, "", octavia.ListQuery{Filters: map[string][]string{"loadbalancer_id": {id}}}))
		ctx.Dispatch(func(ctx goapp.Context) {
			if a.readFor != key {
				return // a newer read is on its way
			}
			if err != nil {
				a.status, a.err = ui.LoadFailed, octavia.Message(err)
				return
			}
			a.status, a.err, a.amps = ui.Loaded, "", amps
		})
	})
}

// failover sends the failover of amphora amp, as one write that waits for
// the load balancer to be ACTIVE again. UI goroutine.
func (a *lbAmphorae) failover(ctx goapp.Context, amp octavia.Object) {
	sess := a.rt.CurrentSession()
	if sess == nil || a.w.Sending {
		return
	}
	id := amp.Text("id")
	a.failing = id
	ref := octavia.Ref{Kind: octavia.KindAmphora, ID: id, LoadBalancerID: a.LBID}
	wr := console.AmphoraWrite(tab.OpFailover, "", "PUT amphora "+id+" failover", ref, octavia.Object{"loadbalancer_id": a.LBID}, (*octavia.Client).FailoverAmphora)
	wr.Op.Name, wr.Was = ampOpName(amp, a.LBName), a.Status
	a.w.Send(ctx, sess, wr, func(goapp.Context, console.Sent) {
		a.readFor = "" // read them again: the failover replaces it
		if a.OnWrite != nil {
			a.OnWrite()
		}
	}, func(error) { a.w.Err = "Fail over amphora " + id + ": " + a.w.Err })
}

func (a *lbAmphorae) Render() goapp.UI {
	var body goapp.UI
	switch {
	case a.status != ui.Loaded:
		body = readState(a.status, "lb-amphorae-error", "The amphorae could not be read: "+a.err, "Reading the amphorae…")
	case len(a.amps) == 0:
		body = ui.IDP("lb-amphorae-empty").Class("muted").Text("No amphorae: the provider runs no amphora for this load balancer, or they are being replaced.")
	default:
		body = ui.ClassDivBody("table-wrap", goapp.Table().ID("lb-amphorae").Class("table", "amp-table").Body(
			goapp.THead().Body(goapp.Tr().Body(
				goapp.Th().Scope("col").Text("Amphora"), goapp.Th().Scope("col").Text("Role"), goapp.Th().Scope("col").Text("Status"),
				goapp.Th().Scope("col").Text("Compute ID"), goapp.Th().Scope("col").Text("Addresses"),
				goapp.Th().Scope("col").Text("Image"), goapp.Th().Scope("col").Text("Created (UTC)"), goapp.Th().Scope("col").Text("Actions"),
			)),
			goapp.TBody().Body(ui.RangeSlice(a.amps, func(i int) goapp.UI { return a.renderRow(a.amps[i]) })),
		))

	}
	return goapp.Section().ID("lb-amphorae-card").Class("card").Aria("labelledby", "lb-amphorae-title").Body(
		ui.ClassDivBody("card-head", goapp.H2().ID("lb-amphorae-title").Text("Amphorae"),
			ui.ClassDiv("spacer"), ui.ClassSpanText("muted", "admin")),

		goapp.If(a.w.Err != "", func() goapp.UI {
			return ui.AlertError("amp-failover-error", a.w.Err)
		}),
		goapp.If(a.w.Refused != nil, a.retry),
		goapp.If(a.replaced != "", a.renderReplaced),
		body,
		goapp.If(a.asking != "", a.renderConfirm),
	)
}

// askLB is asking's value while the load balancer's failover is asked.
const askLB = "\x00lb"

// retry is the "Retry when ACTIVE" of a failover refused busy: once the
// load balancer is ACTIVE, the amphora is read again first, and the
// failover is sent only if it is still one of the load balancer's (a busy
// load balancer is often one that replaced its amphorae: failing over one
// that is gone would be a 404 at best). UI goroutine.
func (a *lbAmphorae) retry() goapp.UI {
	wr := *a.w.Refused
	return console.RetryWhenActive(a.rt, "amp-retry", a.w.BusyLB(), func() { a.retryFailover(wr) })
}

// retryFailover reads the amphora of the refused failover wr, then sends
// wr again, or, when the amphora was replaced meanwhile, says so and
// offers the load balancer's failover. UI goroutine; the read in Async.
func (a *lbAmphorae) retryFailover(wr console.Write) {
	sess, ctx := a.rt.CurrentSession(), a.uctx
	if sess == nil {
		return
	}
	ref, lbID := octavia.Ref{Kind: octavia.KindAmphora, ID: wr.Op.Ref.ID}, a.LBID
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		amp, err := sess.Client.Get(c, ref)
		ctx.Dispatch(func(ctx goapp.Context) {
			gone := octavia.ErrorCodeOf(err) == octavia.ENOTFOUND ||
				err == nil && (amp.Text("status") == "DELETED" || amp.Text("loadbalancer_id") != lbID)
			if !gone {
				a.w.SendAgain(a.uctx, sess, wr) // a read error: the PUT says what it says
				return
			}
			a.w.Refused, a.w.Err, a.replaced, a.readFor = nil, "", ref.ID, "" // and read the amphorae again
			a.sync(ctx)
		})
	})
}

// renderReplaced says that the amphora of a refused failover was replaced
// while the load balancer was busy, and offers the load balancer's failover.
func (a *lbAmphorae) renderReplaced() goapp.UI {
	return ui.IDClassDiv("amp-replaced", "alert", "alert-info").Aria("live", "polite").Body(
		goapp.Text("Amphora "+a.replaced+" was replaced while the load balancer was busy (another failover): its failover was not sent, "+
			"there is nothing left to fail over. To replace the load balancer's amphorae again, fail over the load balancer. "),
		ui.TypedButton("amp-replaced-lb-failover", "button").Class("btn", "btn-small").Disabled(a.w.Sending).
			OnClick(func(ctx goapp.Context, e goapp.Event) { a.asking = askLB; ui.ShowModal(ctx, ampDialogID) }).
			Text("Fail over the load balancer…"),
		ui.TypedButton("amp-replaced-dismiss", "button").Class("btn", "btn-small", "btn-ghost").
			OnClick(func(ctx goapp.Context, e goapp.Event) { a.replaced = "" }).Text("Dismiss"),
	)
}

// failoverLB sends the load balancer's failover (its page's action). UI
// goroutine.
func (a *lbAmphorae) failoverLB(ctx goapp.Context) {
	sess := a.rt.CurrentSession()
	if sess == nil || a.w.Sending {
		return
	}
	ref := octavia.Ref{Kind: octavia.KindLoadBalancer, ID: a.LBID, LoadBalancerID: a.LBID}
	wr := lbFailover().Write(ref, octavia.Object{"provisioning_status": a.Status}, nil)
	wr.Op.Name = a.LBName
	a.failing = ""
	a.w.Send(ctx, sess, wr, func(goapp.Context, console.Sent) {
		a.replaced, a.readFor = "", ""
		if a.OnWrite != nil {
			a.OnWrite()
		}
	}, func(error) { a.w.Err = "Fail over the load balancer: " + a.w.Err })
}

// ampOpName names an amphora in the journal: "MASTER of web".
func ampOpName(amp octavia.Object, lbName string) string {
	role := amp.Text("role")
	if role == "" {
		role = "amphora " + console.Shorten(amp.Text("id"), 13)
	}
	return role + " of " + lbName
}

// ampAddresses are an amphora's addresses, labelled.
func ampAddresses(amp octavia.Object) []goapp.UI {
	var out []goapp.UI
	for _, p := range []struct{ label, ip string }{{"management", amp.Text("lb_network_ip")}, {"VRRP", amp.Text("vrrp_ip")}, {"VIP (HA)", amp.Text("ha_ip")}} {
		if p.ip == "" {
			continue
		}
		out = append(out, ui.ClassDivBody("amp-addr", ui.ClassSpanText("muted", p.label+" "), ui.ClassSpanText("mono", p.ip)))
	}
	if len(out) == 0 {
		out = append(out, goapp.Text("—"))
	}
	return out
}

func (a *lbAmphorae) renderRow(amp octavia.Object) goapp.UI {
	id := amp.Text("id")
	return goapp.Tr().Class("amp-row").DataSet("id", id).DataSet("status", amp.Text("status")).Body(
		ui.ClassTd("name").Body(ui.ClassA("mono").Href(console.AmphoraRes.DetailPathOf("", id)).Text(console.Shorten(id, 13))),
		ui.ClassTdText("amp-role", ui.OrDash(amp.Text("role"))),
		goapp.Td().Body(console.Badge(amp.Text("status"))),
		ui.ClassTd(ui.MonoClasses(amp.Text("compute_id"))...).Text(ui.OrDash(amp.Text("compute_id"))),
		goapp.Td().Body(ampAddresses(amp)...),
		ui.ClassTd(ui.MonoClasses(amp.Text("image_id"))...).Text(ui.OrDash(amp.Text("image_id"))),
		goapp.Td().Text(ui.FormatTime(amp.Time("created_at"))),
		goapp.Td().Body(ui.IDButton("amp-failover-"+id).Class("btn", "btn-small", "amp-failover").DataSet("id", id).
			Aria("label", "Fail over amphora "+id).Disabled(a.w.Sending).
			OnClick(func(ctx goapp.Context, e goapp.Event) {
				// from the button, not the closure: go-app keeps a row's first handler when the rows change
				a.asking = ctx.JSSrc().Get("dataset").Get("id").String()
				ui.ShowModal(ctx, ampDialogID)
			}).Text(map[bool]string{true: "Failing over…", false: "Fail over…"}[a.w.Sending && a.failing == id])),
	)
}

// asked is the amphora whose failover confirmation is open.
func (a *lbAmphorae) asked() (octavia.Object, bool) {
	for _, x := range a.amps {
		if x.Text("id") == a.asking {
			return x, true
		}
	}
	return nil, false
}

func (a *lbAmphorae) renderConfirm() goapp.UI {
	if a.asking == askLB {
		return a.renderConfirmLB()
	}
	id := a.asking
	amp, _ := a.asked()
	return goapp.Dialog().ID(ampDialogID).Class("card", "confirm").Aria("labelledby", "amp-failover-title").
		On("close", func(ctx goapp.Context, e goapp.Event) {
			back := "amp-failover-" + a.asking
			a.asking = ""
			ctx.Defer(func(goapp.Context) { ui.FocusID(back) })
		}).OnKeyDown(ui.TrapTab).Body(
		goapp.H2().ID("amp-failover-title").Text("Fail over this amphora?"),
		goapp.P().Textf("Octavia replaces amphora %s (%s) with a new one; its load balancer is PENDING_UPDATE until it is done, and traffic through this amphora may drop for a moment.", id, ui.OrDash(amp.Text("role"))),
		ui.ClassDivBody("confirm-actions",
			ui.IDButton("amp-failover-confirm-btn").Class("btn", "btn-primary").OnClick(func(ctx goapp.Context, e goapp.Event) {
				ui.CloseDialog(ampDialogID)
				if amp, ok := a.asked(); ok {
					a.failover(a.uctx, amp)
				}
			}).Text("Fail over"),
			ui.IDButton("amp-failover-keep").Class("btn", "btn-ghost").OnClick(func(ctx goapp.Context, e goapp.Event) { ui.CloseDialog(ampDialogID) }).Text("Cancel")),
	)
}

// renderConfirmLB is the confirmation of the load balancer's failover
// offered when an amphora was replaced meanwhile.
func (a *lbAmphorae) renderConfirmLB() goapp.UI {
	return goapp.Dialog().ID(ampDialogID).Class("card", "confirm").Aria("labelledby", "amp-failover-title").
		On("close", func(ctx goapp.Context, e goapp.Event) {
			a.asking = ""
			ctx.Defer(func(goapp.Context) { ui.FocusID("amp-replaced-lb-failover") })
		}).OnKeyDown(ui.TrapTab).Body(
		goapp.H2().ID("amp-failover-title").Text("Fail over the load balancer?"),
		goapp.P().Text(lbFailover().Confirm),
		ui.ClassDivBody("confirm-actions",
			ui.IDButton("amp-failover-confirm-btn").Class("btn", "btn-primary").OnClick(func(ctx goapp.Context, e goapp.Event) {
				ui.CloseDialog(ampDialogID)
				a.failoverLB(a.uctx)
			}).Text("Fail over"),
			ui.IDButton("amp-failover-keep").Class("btn", "btn-ghost").OnClick(func(ctx goapp.Context, e goapp.Event) { ui.CloseDialog(ampDialogID) }).Text("Cancel")),
	)
}

// lbFailover is the load balancer page's failover action.
func lbFailover() console.Action {
	i := slices.IndexFunc(console.LBResource.Actions, func(x console.Action) bool { return x.ID == "lb-failover" })
	return console.LBResource.Actions[i]
}
