package list

import (
	"context"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/extensions/layer3/floatingips"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// The load balancers' list shows each one's floating IP (the column
// console.FloatingIPColumn, whose rows hold the VIP port's id): the
// project's floating IPs are read in one GET when the list opens and
// every 3 s while it is open (however many rows), and each row's cell is
// the address on its VIP port, or a dash.

// fipKind names a port's floating IP to the list's namer (fipFeed.namer);
// it is no Octavia kind.
const fipKind octavia.Kind = "floatingip"

// fipFeed is a list's poll of the project's floating IPs and its last
// answer (address by port id). UI goroutine.
type fipFeed struct {
	stop   func()
	byPort map[string]string
}

// start polls the floating IPs when res's list has the column (an
// embedded list does not poll: it has no such column): the session's
// project's, or every project's for a list of every project's rows (an
// admin's, with the Project column). UI goroutine; the answers are
// written in ctx.Dispatch.
func (f *fipFeed) start(ctx goapp.Context, sess *tab.Session, res *console.Resource, everyProject bool) {
	f.end()
	if sess == nil || !hasFIPColumn(res) {
		return
	}
	client, opts := sess.Client, floatingips.ListOpts{ProjectID: sess.Info.ProjectID}
	if everyProject {
		opts.ProjectID = ""
	}
	hub := waiters.NewHub[map[string]string](0)
	f.stop = hub.Subscribe(opts.ProjectID, func(c context.Context) (map[string]string, error) {
		ips, err := octavia.Collect(client.Network().FloatingIPs(c, opts))
		return portAddresses(ips), err
	}, func(u waiters.Update[map[string]string]) {
		if u.Err != nil {
			return // the cells keep the last answer; the card on a load balancer's page says why
		}
		ctx.Dispatch(func(goapp.Context) {
			if f.stop != nil {
				f.byPort = u.Value
			}
		})
	})
}

// end stops the poll (OnDismount, another list).
func (f *fipFeed) end() {
	if f.stop != nil {
		f.stop()
	}
	f.stop, f.byPort = nil, nil
}

// namer answers fipKind (a port's floating IP, "" for none) before next.
func (f *fipFeed) namer(next console.Namer) console.Namer {
	byPort := f.byPort
	return func(k octavia.Kind, id string) (string, bool) {
		if k == fipKind {
			a, ok := byPort[id]
			return a, ok || byPort != nil
		}
		return next(k, id)
	}
}

// fipCell is the cell of the floating IP column of a row whose VIP port is
// port: the address on it, a dash without one, or "…" before the first
// answer.
func fipCell(port string, names console.Namer) goapp.UI {
	addr, read := "", false
	if names != nil {
		addr, read = names(fipKind, port)
	}
	if !read {
		return ui.ClassTd("muted", "fip-cell").Title("Reading the floating IPs…").Text("…")
	}
	return ui.ClassTd(append(ui.MonoClasses(addr), "fip-cell")...).Title("%s", addr).Text(ui.OrDash(addr))
}

// portAddresses is the floating IP address on each port.
func portAddresses(ips []floatingips.FloatingIP) map[string]string {
	out := make(map[string]string, len(ips))
	for _, ip := range ips {
		if ip.PortID != "" {
			out[ip.PortID] = ip.FloatingIP
		}
	}
	return out
}

// hasFIPColumn reports whether res's rows have the floating IP column.
func hasFIPColumn(res *console.Resource) bool {
	for _, c := range res.Columns {
		if c.Title == console.FloatingIPColumn {
			return true
		}
	}
	return false
}
