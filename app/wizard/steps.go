package wizard

import (
	"errors"
	"slices"
	"strings"

	"github.com/octaview/octaview/app/internal/form"
	model "github.com/octaview/octaview/app/internal/wizard"
	"github.com/octaview/octaview/octavia"
)

// steps is the wizard's way through its model: the step shown, those
// visited, and each step's errors (by input id, Octavia's refusal). UI
// goroutine.
type steps struct {
	cur     int
	visited [model.StepCount]bool
	errs    map[string]string       // by input id
	checked [model.StepCount]bool   // the step was checked once: check again as the user types
	bad     [model.StepCount]bool   // the step's last check found something
	refused [model.StepCount]string // Octavia's refusal, on the step it concerns
	// gen changes with the steps' items (added, removed, reset): go-app
	// keeps an element's first handler of a closure, so every handler is
	// scoped by it to see the items of now.
	gen int
}

// reset starts again on the first step, with no error.
func (s *steps) reset() {
	s.gen++
	s.cur, s.visited = model.StepLB, [model.StepCount]bool{model.StepLB: true}
	s.errs, s.checked, s.bad, s.refused = map[string]string{}, [model.StepCount]bool{}, [model.StepCount]bool{}, [model.StepCount]string{}
}

// goTo shows step to of w; the first visit of the listeners and pools
// steps brings one item with the defaults (HTTP :80; ROUND_ROBIN with an
// HTTP monitor), which the user may remove.
func (s *steps) goTo(w *model.Model, to int) {
	if !s.visited[to] {
		s.gen++
		switch {
		case to == model.StepListeners && len(w.Listeners) == 0:
			w.Listeners = append(w.Listeners, w.NewListener())
		case to == model.StepPools && len(w.Pools) == 0 && len(w.Listeners) > 0:
			w.Pools = append(w.Pools, w.NewPool())
		}
	}
	s.visited[to], s.cur = true, to
}

// check checks step st of w and keeps its errors.
func (s *steps) check(w *model.Model, st int) bool {
	prefix := map[int][]string{model.StepLB: {"create-"}, model.StepListeners: {"wz-listener-"}, model.StepPools: {"wz-pool-"},
		model.StepMembers: {"wz-member-"}, model.StepMonitors: {"wz-monitor-"}, model.StepL7: {"wz-policy-", "wz-rule-"}}[st]
	for k := range s.errs {
		if slices.ContainsFunc(prefix, func(pre string) bool { return strings.HasPrefix(k, pre) }) {
			delete(s.errs, k)
		}
	}
	errs := w.Check(st)
	for k, v := range errs {
		s.errs[k] = v
	}
	s.checked[st], s.bad[st] = true, len(errs) > 0
	return len(errs) == 0
}

// changed follows an input: the step shown is checked again once it was.
func (s *steps) changed(w *model.Model) {
	if s.checked[s.cur] {
		s.check(w, s.cur)
	}
}

// checkAll checks every step before the review and says the first that
// needs a change (-1: none).
func (s *steps) checkAll(w *model.Model) int {
	first := -1
	for st := range model.StepReview {
		if !s.check(w, st) && first < 0 {
			first = st
		}
	}
	return first
}

// refuse puts Octavia's refusal err of a create on the step it concerns
// (a 400, or a 409 conflict such as a member given twice, with its
// faultstring), at its field when it names one, and says that step; ok is
// false for any other error (401, 403 quota, a busy 409, 5xx, the
// network), which the writer shows above the steps.
func (s *steps) refuse(w *model.Model, err error) (step int, ok bool) {
	var e *octavia.Error
	if !errors.As(err, &e) || e.Fault == "" || e.Code != octavia.EINVALID && e.Code != octavia.ECONFLICT {
		return 0, false
	}
	if it, k, ok := w.ItemOfRef(e.Fault); ok { // a certificate Barbican could not give: at its field
		s.refused[it.Step] = "Octavia refused the create: " + e.Fault
		s.errs[model.InputID(it.ID, k)] = "Octavia: " + e.Fault
		return it.Step, true
	}
	st := w.StepOfFault(e.Fault)
	s.refused[st] = "Octavia refused the create: " + e.Fault
	if items := w.Items(st); len(items) == 1 { // the attribute it names, when the step has one item
		if k := form.FaultField(e.Fault, form.Keys(items[0].Kind.Fields)); k != "" {
			s.errs[model.InputID(items[0].ID, k)] = "Octavia: " + e.Fault
		}
	}
	return st, true
}

// count is how many items step st of w holds (0 for the first and the
// review), as the list of steps shows it.
func count(w *model.Model, st int) int {
	switch st {
	case model.StepListeners:
		return len(w.Listeners)
	case model.StepPools:
		return len(w.Pools)
	case model.StepMembers, model.StepMonitors, model.StepL7:
		n := 0
		for _, it := range w.Items(st) {
			if !strings.HasPrefix(it.ID, "wz-rule-") {
				n++
			}
		}
		return n
	}
	return 0
}
