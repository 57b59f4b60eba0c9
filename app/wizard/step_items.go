package wizard

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
	model "github.com/octaview/octaview/app/internal/wizard"
)

func (sf stepForm) renderListeners() []goapp.UI {
	out := []goapp.UI{wizHint("A listener takes the VIP's traffic on one protocol and port and hands it to its default pool (made in the next step). Optional: without one, the load balancer takes no traffic yet.")}
	for i, it := range sf.w.Items(model.StepListeners) {
		out = append(out, sf.item(it.ID, fmt.Sprintf("Listener %d", i+1), func() { sf.w.RemoveListener(i); sf.changed() },
			sf.renderFields(it),
			ui.ClassDivBody("wz-grid", sf.poolSelect(it.ID+"-pool", "Default pool", it.V)),
		))
	}
	return append(out, sf.addButton("wz-add-listener", "Add a listener", false, func() {
		sf.w.Listeners = append(sf.w.Listeners, sf.w.NewListener())
	}))
}

func (sf stepForm) renderPools() []goapp.UI {
	out := []goapp.UI{wizHint("A pool is the group of members a listener sends traffic to, with its balancing algorithm. A new pool becomes the default pool of the first listener without one.")}
	for i, it := range sf.w.Items(model.StepPools) {
		var users []string
		for li, l := range sf.w.Listeners {
			if l["_pool"] == strconv.Itoa(i) {
				users = append(users, fmt.Sprintf("listener %d (%s :%s)", li+1, l["protocol"], l["protocol_port"]))
			}
		}
		use := "The default pool of no listener (an L7 policy may send traffic to it)."
		if len(users) > 0 {
			use = "The default pool of " + strings.Join(users, ", ") + "."
		}
		out = append(out, sf.item(it.ID, fmt.Sprintf("Pool %d", i+1), func() { sf.w.RemovePool(i); sf.changed() },
			ui.IDP(it.ID+"-use").Class("muted", "hint", "wz-intro").Text(use), sf.renderFields(it)))
	}
	return append(out, sf.addButton("wz-add-pool", "Add a pool", false, func() { sf.w.Pools = append(sf.w.Pools, sf.w.NewPool()) }))
}

// poolName is pool i's name for headings.
func (sf stepForm) poolName(i int) string {
	return ui.DisplayName(strings.TrimSpace(sf.w.Pools[i].V["name"]), fmt.Sprintf("pool %d", i+1))
}

func (sf stepForm) renderMembers() []goapp.UI {
	out := []goapp.UI{wizHint("Members are the servers behind a pool: their address and port.")}
	if len(sf.w.Pools) == 0 {
		return append(out, ui.ClassPText("muted", "No pool yet: members belong to a pool (step 3)."))
	}
	kind := sf.w.Kinds().Member
	for i := range sf.w.Pools {
		var body []goapp.UI
		for j, m := range sf.w.Pools[i].Members {
			it := model.Item{Step: model.StepMembers, Kind: kind, V: m, ID: model.MemberID(i, j)}
			body = append(body, sf.item(it.ID, fmt.Sprintf("Member %d", j+1), func() {
				sf.w.Pools[i].Members = slices.Delete(sf.w.Pools[i].Members, j, j+1)
				sf.changed()
			}, sf.serverPicker(it), sf.renderFields(it)))
		}
		body = append(body, sf.addButton(fmt.Sprintf("wz-add-member-%d", i), "Add a member", false, func() {
			sf.w.Pools[i].Members = append(sf.w.Pools[i].Members, sf.w.NewMember())
		}))
		out = append(out, goapp.FieldSet().Class("wz-group").Body(
			append([]goapp.UI{goapp.Legend().Text("Members of " + sf.poolName(i))}, body...)...))
	}
	return out
}

func (sf stepForm) renderMonitors() []goapp.UI {
	out := []goapp.UI{wizHint("A health monitor checks each member and takes the failing ones out of rotation.")}
	if len(sf.w.Pools) == 0 {
		return append(out, ui.ClassPText("muted", "No pool yet: a health monitor belongs to a pool (step 3)."))
	}
	kind := sf.w.Kinds().Monitor
	for i := range sf.w.Pools {
		pl := &sf.w.Pools[i]
		id := fmt.Sprintf("wz-monitor-%d", i)
		if pl.Monitor == nil {
			out = append(out, goapp.FieldSet().Class("wz-group").Body(
				goapp.Legend().Text("Health monitor of "+sf.poolName(i)),
				ui.ClassPText("muted", "None."),
				sf.addButton("wz-add-monitor-"+strconv.Itoa(i), "Add a health monitor", false, func() { pl.Monitor = sf.w.NewMonitor() }),
			))
			continue
		}
		it := model.Item{Step: model.StepMonitors, Kind: kind, V: pl.Monitor, ID: id}
		out = append(out, sf.item(id, "Health monitor of "+sf.poolName(i), func() { pl.Monitor = nil; sf.changed() }, sf.renderFields(it)))
	}
	return out
}

func (sf stepForm) renderL7() []goapp.UI {
	out := []goapp.UI{wizHint("Optional: L7 policies act on a listener's HTTP requests that match all their rules (reject, redirect, or send to another pool).")}
	kinds := sf.w.Kinds()
	for i := range sf.w.Policies {
		pol := &sf.w.Policies[i]
		id := fmt.Sprintf("wz-policy-%d", i)
		it := model.Item{Step: model.StepL7, Kind: kinds.Policy, V: pol.V, ID: id}
		lopts := make([]goapp.UI, 0, len(sf.w.Listeners))
		for li, l := range sf.w.Listeners {
			lopts = append(lopts, ui.Option(strconv.Itoa(li), fmt.Sprintf("Listener %d — %s :%s", li+1, l["protocol"], l["protocol_port"]),
				pol.V["_listener"] == strconv.Itoa(li)))
		}
		head := []goapp.UI{ui.Field(id+"-listener", "Listener", goapp.Select().ID(id+"-listener").OnChange(func(ctx goapp.Context, e goapp.Event) {
			pol.V["_listener"] = ui.SelectValue(ctx)
		}, sf.scope()).Body(lopts...))}
		if pol.V["action"] == "REDIRECT_TO_POOL" {
			head = append(head, sf.poolSelect(id+"-pool", "Redirect to pool *", pol.V))
		}
		body := []goapp.UI{ui.ClassDiv("wz-grid").Body(head...), sf.renderFields(it)}
		for j, r := range pol.Rules {
			rit := model.Item{Step: model.StepL7, Kind: kinds.Rule, V: r, ID: model.RuleID(i, j)}
			body = append(body, sf.item(rit.ID, fmt.Sprintf("Rule %d", j+1), func() {
				pol.Rules = slices.Delete(pol.Rules, j, j+1)
				sf.changed()
			}, sf.renderFields(rit)))
		}
		body = append(body, sf.addButton(fmt.Sprintf("wz-add-rule-%d", i), "Add a rule", false, func() {
			pol.Rules = append(pol.Rules, sf.w.NewRule())
		}))
		out = append(out, sf.item(id, fmt.Sprintf("L7 policy %d", i+1), func() {
			sf.w.Policies = slices.Delete(sf.w.Policies, i, i+1)
			sf.changed()
		}, body...))
	}
	if len(sf.w.Listeners) == 0 {
		out = append(out, ui.ClassPText("muted", "No listener yet: a policy belongs to a listener (step 2)."))
	}
	return append(out, sf.addButton("wz-add-policy", "Add an L7 policy", len(sf.w.Listeners) == 0, func() {
		sf.w.Policies = append(sf.w.Policies, sf.w.NewPolicy())
	}))
}
