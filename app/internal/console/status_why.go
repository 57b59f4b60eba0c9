package console

import (
	"fmt"
	"slices"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// Why a status: where Octavia lets us know, an object in ERROR or DEGRADED
// says why. Its status tree says which members are down under which pool,
// and which health monitor checks them; the monitor's own answer says what
// it checks. Octavia says nothing about why a provisioning status is ERROR
// (the controller's logs do): the page says that much.

// whyLine is one reason a page gives for a status; Href, if set, is the
// page of what it names (the health monitor).
type whyLine struct {
	Text     string
	Href     string
	LinkText string
}

// TreeWhy says why object id of read r shows ERROR or DEGRADED, from the
// tree and what is known of its health monitors (monitors: their answers
// by id; a monitor not there is named by its type). None when the object
// is not in r or nothing is wrong with it.
func TreeWhy(r *tab.TreeRead, id string, monitors map[string]octavia.Object) []whyLine {
	s, ok := r.Status(id)
	if !ok {
		return nil
	}
	var out []whyLine
	if ui.ToneOf(s.Prov) == ui.ToneError {
		out = append(out, whyLine{Text: "Octavia's last change to it failed (provisioning ERROR); its API does not say why (the controller's logs do). " + outOfError(s.Kind)})
	}
	if !tab.AlertStatus(s.Oper) {
		return out
	}
	switch s.Kind {
	case octavia.KindMember:
		mon, href := poolMonitor(r, s.Pool, monitors)
		if mon == "" {
			return append(out, whyLine{Text: "Octavia marks it " + ui.StatusLabel(s.Oper) + "."})
		}
		return append(out, whyLine{Text: "Its pool's health monitor marks it down: " + mon + ".", Href: href, LinkText: "The health monitor"})
	case octavia.KindPool:
		return append(out, poolWhy(r, id, monitors, "")...)
	case octavia.KindListener, octavia.KindLoadBalancer:
		for _, p := range poolsOf(r, id, s.Kind) {
			if ps, _ := r.Status(p); tab.AlertStatus(ps.Oper) {
				out = append(out, poolWhy(r, p, monitors, fmt.Sprintf("Pool %s is %s: ", ui.DisplayName(ps.Name, p), ui.StatusLabel(ps.Oper)))...)
			}
		}
		if len(out) == 0 {
			out = append(out, whyLine{Text: "Octavia marks it " + ui.StatusLabel(s.Oper) + "; none of its pools in the status tree is down."})
		}
	}
	return out
}

// poolWhy says which members of pool are down, and what checks them.
func poolWhy(r *tab.TreeRead, pool string, monitors map[string]octavia.Object, prefix string) []whyLine {
	var down []string
	total := 0
	for _, l := range r.Tree.Listeners {
		for _, p := range l.Pools {
			if p.ID != pool {
				continue
			}
			total = len(p.Members)
			down = down[:0]
			for _, m := range p.Members {
				if ui.ToneOf(string(m.OperatingStatus)) == ui.ToneError {
					down = append(down, ui.DisplayName(m.Name, m.ID)+" ("+tab.MemberAddress(m)+")")
				}
			}
		}
	}
	text := fmt.Sprintf("%s%d of %d members are down", prefix, len(down), total)
	if len(down) > 0 {
		const most = 5
		shown := down
		if len(shown) > most {
			shown = shown[:most]
		}
		text += ": " + strings.Join(shown, ", ")
		if len(down) > most {
			text += fmt.Sprintf(" and %d more", len(down)-most)
		}
	}
	mon, href := poolMonitor(r, pool, monitors)
	if mon == "" {
		return []whyLine{{Text: text + "."}}
	}
	return []whyLine{{Text: text + "; its health monitor: " + mon + ".", Href: href, LinkText: "The health monitor"}}
}

// poolsOf are the pools under a listener, or under every listener of the
// load balancer (kind), each once, in the tree's order.
func poolsOf(r *tab.TreeRead, id string, kind octavia.Kind) []string {
	var out []string
	seen := map[string]bool{}
	for _, l := range r.Tree.Listeners {
		if kind == octavia.KindListener && l.ID != id {
			continue
		}
		for _, p := range l.Pools {
			if !seen[p.ID] {
				seen[p.ID] = true
				out = append(out, p.ID)
			}
		}
	}
	return out
}

// poolMonitor describes the health monitor of pool ("" when the tree shows
// none) and its page.
func poolMonitor(r *tab.TreeRead, pool string, monitors map[string]octavia.Object) (text, href string) {
	for _, l := range r.Tree.Listeners {
		for _, p := range l.Pools {
			if p.ID == pool && p.HealthMonitor != nil {
				m := p.HealthMonitor
				return monitorText(m.Type, monitors[m.ID]), "/health-monitors/" + m.ID
			}
		}
	}
	return "", ""
}

// monitorText says what a health monitor checks: "HTTP GET /healthz,
// expecting 200, every 5 s (timeout 3 s), down after 3 failed checks" from
// its answer o; its type alone while o is not known.
func monitorText(typ string, o octavia.Object) string {
	if o == nil {
		return "a " + typ + " monitor"
	}
	s := o.Text("type")
	if s == "" {
		s = typ
	}
	if m := o.Text("http_method"); m != "" {
		s += " " + m
	}
	if u := o.Text("url_path"); u != "" {
		s += " " + u
	}
	if c := o.Text("expected_codes"); c != "" {
		s += ", expecting " + c
	}
	if d := o.Text("delay"); d != "" {
		s += ", every " + d + " s"
		if t := o.Text("timeout"); t != "" {
			s += " (timeout " + t + " s)"
		}
	}
	if n := o.Text("max_retries_down"); n != "" {
		s += ", down after " + n + " failed checks"
	}
	return s
}

// MonitorsWanted are the health monitors whose answers treeWhy would use
// for object id of r (sorted): those of the pools it names down.
func MonitorsWanted(r *tab.TreeRead, id string) []string {
	s, ok := r.Status(id)
	if !ok || !tab.AlertStatus(s.Oper) {
		return nil
	}
	var pools []string
	switch s.Kind {
	case octavia.KindMember:
		pools = []string{s.Pool}
	case octavia.KindPool:
		pools = []string{id}
	case octavia.KindListener, octavia.KindLoadBalancer:
		for _, p := range poolsOf(r, id, s.Kind) {
			if ps, _ := r.Status(p); tab.AlertStatus(ps.Oper) {
				pools = append(pools, p)
			}
		}
	}
	var out []string
	for _, l := range r.Tree.Listeners {
		for _, p := range l.Pools {
			for _, want := range pools {
				if p.ID == want && p.HealthMonitor != nil {
					out = append(out, p.HealthMonitor.ID)
				}
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// ObjectWarning is what is wrong with o, of kind k, that no status says
// ("" = nothing): an L7 policy without a rule never matches (Octavia
// accepts it, ACTIVE and ONLINE).
func ObjectWarning(k octavia.Kind, o octavia.Object) string {
	if _, read := o["rules"]; k == octavia.KindL7Policy && read && len(o.IDs("rules")) == 0 {
		return NoRuleWarning
	}
	return ""
}

// RenderObjectWarning is ObjectWarning as a warning line of o's
// properties; nil when there is none. UI goroutine.
func RenderObjectWarning(k octavia.Kind, o octavia.Object) goapp.UI {
	w := ObjectWarning(k, o)
	if w == "" {
		return nil
	}
	return ui.IDClassDiv("object-warning", "alert", "alert-warn").Body(goapp.Strong().Text("Warning: "), goapp.Text(w))
}
