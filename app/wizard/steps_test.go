package wizard

import (
	"errors"
	"testing"

	model "github.com/octaview/octaview/app/internal/wizard"
	"github.com/octaview/octaview/octavia"
)

// TestStepsGoTo: the first visit of the listeners step brings one
// listener and of the pools step one pool; going back and forth keeps
// what was there, and a removed item does not come back.
func TestStepsGoTo(t *testing.T) {
	w := wizTestWizard()
	var s steps
	s.reset()
	gen := s.gen
	s.goTo(w, model.StepListeners)
	if s.cur != model.StepListeners || len(w.Listeners) != 1 || s.gen == gen {
		t.Fatalf("first visit: got step %d, %d listeners, gen %d→%d; want the listeners step with one, gen changed", s.cur, len(w.Listeners), gen, s.gen)
	}
	s.goTo(w, model.StepPools)
	if len(w.Pools) != 1 {
		t.Errorf("pools step: got %d pools, want 1", len(w.Pools))
	}
	w.RemoveListener(0)
	s.goTo(w, model.StepListeners)
	if len(w.Listeners) != 0 || count(w, model.StepListeners) != 0 {
		t.Errorf("second visit: got %d listeners, want the removed one gone", len(w.Listeners))
	}
	if got := count(w, model.StepPools); got != 1 {
		t.Errorf("count(pools) = %d, want 1", got)
	}
}

// TestStepsCheck: a step's check keeps its errors and marks it; an
// input once checked checks again, and a fixed step is no longer bad.
func TestStepsCheck(t *testing.T) {
	w := wizTestWizard()
	w.LB["vip_subnet_id"] = "6f1a0c1e-7d2b-4a5e-9f3c-2b1d0e4c8a7f"
	var s steps
	s.reset()
	s.goTo(w, model.StepListeners)
	w.Listeners[0]["protocol_port"] = "99999"
	if first := s.checkAll(w); first != model.StepListeners {
		t.Fatalf("checkAll = %d, want the listeners step %d (errors %v)", first, model.StepListeners, s.errs)
	}
	if !s.bad[model.StepListeners] || len(s.errs) == 0 {
		t.Fatalf("got bad %v, errs %v; want the listeners step bad with its errors", s.bad, s.errs)
	}
	w.Listeners[0]["protocol_port"] = "80"
	s.changed(w)
	if s.bad[model.StepListeners] || len(s.errs) != 0 {
		t.Errorf("fixed: got bad %v, errs %v; want none", s.bad, s.errs)
	}
	if first := s.checkAll(w); first != -1 {
		t.Errorf("checkAll = %d, want -1 (nothing to change)", first)
	}
}

// TestStepsRefuse: Octavia's 400 goes to the step and, the step holding
// one item, the field it names; a 403 or a network error stays the
// writer's.
func TestStepsRefuse(t *testing.T) {
	w := wizTestWizard()
	var s steps
	s.reset()
	fault := "Invalid input for field/attribute vip_address. Value: 'x'."
	st, ok := s.refuse(w, &octavia.Error{Code: octavia.EINVALID, Fault: fault})
	if !ok || st != model.StepLB {
		t.Fatalf("400: got step %d ok %v, want the first step", st, ok)
	}
	if got := s.errs[model.InputID("create", "vip_address")]; got != "Octavia: "+fault {
		t.Errorf("field error: got %q (errors %v)", got, s.errs)
	}
	if s.refused[model.StepLB] == "" {
		t.Error("the step does not say Octavia refused the create")
	}
	for _, err := range []error{&octavia.Error{Code: octavia.EFORBIDDEN, Fault: "quota"}, errors.New("network down")} {
		if _, ok := s.refuse(w, err); ok {
			t.Errorf("%v went to a step, want the writer's", err)
		}
	}
}
