package detail

import (
	"context"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/extensions/layer3/floatingips"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// A load balancer deleted with a floating IP on its VIP port: Neutron
// deletes the port and keeps the floating IP, unassociated, allocated to
// the project (and billed). The delete dialog says so and offers to
// release it once the load balancer is gone (Octavia deletes the port
// only then, and a delete that fails must not lose the address).

// renderFloatingIP is the delete dialog's words on the VIP's floating IP
// (read with what goes: console.DeleteGoes) and its "release" checkbox.
func (a *actions) renderFloatingIP() goapp.UI {
	g := a.goes.goes
	switch {
	case !a.goes.read:
		return nil
	case g.FloatingIPErr != "":
		return ui.IDClassDiv("delete-fip", "goes-stays", "st-error-text").Text("Whether its VIP has a floating IP could not be read from Neutron: " + g.FloatingIPErr)
	case g.FloatingIP == nil:
		return nil
	}
	addr := g.FloatingIP.FloatingIP
	return ui.IDClassDiv("delete-fip", "goes-stays").Body(
		goapp.P().Body(goapp.Text("Floating IP "), goapp.Strong().Text(addr),
			goapp.Text(" is not deleted: Neutron keeps it allocated to the project (and billed), unassociated, after the load balancer is gone.")),
		goapp.Label().Class("check").Body(
			ui.IDInput("delete-release-fip").Type("checkbox").Checked(a.release).
				OnChange(func(ctx goapp.Context, e goapp.Event) { a.release = ctx.JSSrc().Get("checked").Bool() }),
			goapp.Text(" Also release "+addr+" once the load balancer is deleted"),
		),
	)
}

// releaseAfterDelete releases fip once the load balancer of ref is gone:
// it follows the load balancer on the tab's shared poll (the delete's own
// wait reads the same, so it costs no GET), then deletes the floating IP.
// A delete that ends in ERROR keeps the address. It outlives the page
// (the delete goes to the list): ctx.Async, its own context.
func releaseAfterDelete(ctx goapp.Context, sess *tab.Session, ref octavia.Ref, fip floatingips.FloatingIP) {
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), waiters.DefaultDeleteTimeout)
		defer cancel()
		if _, err := tab.WaitClient(sess).WaitChildDeleted(c, ref, waiters.Options{}); err != nil {
			goapp.Logf("floating IP %s kept: the load balancer's delete did not end: %v", fip.FloatingIP, err)
			return
		}
		if err := sess.Client.Network().ReleaseFloatingIP(c, fip.ID); err != nil && octavia.ErrorCodeOf(err) != octavia.ENOTFOUND {
			goapp.Logf("floating IP %s could not be released: %v", fip.FloatingIP, err)
		}
	})
}
