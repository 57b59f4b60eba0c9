package labcloud

import "fmt"

// faultBook is the faults a lab holds: the lab-wide ones, each project's
// own, and for each project that has its own the two merged (mergeFaults),
// rebuilt on every change so that a request reads what acts on it without
// merging. It answers which faults act where and what they decide (a
// transition held by stuck, one ending in ERROR); acting at once on the
// objects a fault names is the Cloud's (Cloud.applyFaults). It is saved in
// the state as State.Faults and State.ProjectFaults.
//
// The Cloud owns one and uses it under its mu, as the rest of its state.
// Read lab and own directly; change them only through set, setProject,
// dropProject and restore, which keep effective.
type faultBook struct {
	lab       Faults             // lab-wide
	own       map[string]Faults  // by project id: faults acting on that project only
	effective map[string]*Faults // by project id: lab and own merged
}

// newFaultBook returns a book with no faults.
func newFaultBook() faultBook {
	return faultBook{own: map[string]Faults{}, effective: map[string]*Faults{}}
}

// of returns the faults acting on the objects and users of projectID: its
// merged faults when it has its own, else the lab-wide ones.
func (b *faultBook) of(projectID string) *Faults {
	if f, ok := b.effective[projectID]; ok {
		return f
	}
	return &b.lab
}

// set replaces the lab-wide faults.
func (b *faultBook) set(f Faults) {
	b.lab = f
	b.rebuild()
}

// setProject replaces the faults of one project ({} lifts them).
func (b *faultBook) setProject(projectID string, f Faults) {
	if faultless(&f) {
		delete(b.own, projectID)
	} else {
		b.own[projectID] = f
	}
	b.rebuild()
}

// dropProject lifts the faults of one project (its reset).
func (b *faultBook) dropProject(projectID string) {
	delete(b.own, projectID)
	b.rebuild()
}

// rebuild recomputes each project's merged faults after a change of the
// lab-wide or a project's faults.
func (b *faultBook) rebuild() {
	b.effective = make(map[string]*Faults, len(b.own))
	for id, pf := range b.own {
		m := mergeFaults(b.lab, pf)
		b.effective[id] = &m
	}
}

// byName returns each project's own faults by project name; projects is
// the lab's projects by id.
func (b *faultBook) byName(projects map[string]*project) map[string]Faults {
	out := make(map[string]Faults, len(b.own))
	for id, f := range b.own {
		out[projects[id].name] = f
	}
	return out
}

// stuck reports whether a stuck fault holds op: one of the objects it
// would activate or remove is named by its project's stuck list.
func (b *faultBook) stuck(op *pendingOp) bool {
	f := b.of(op.lb.projectID)
	if len(f.Stuck) == 0 {
		return false
	}
	for _, list := range [][]object{op.activate, op.remove} {
		for _, o := range list {
			if named(f.Stuck, o.base()) {
				return true
			}
		}
	}
	return false
}

// finalStatus is the status a transition of m ends in: ACTIVE, or ERROR
// when its project's error fault names it.
func (b *faultBook) finalStatus(m *meta) string {
	if named(b.of(m.projectID).Error, m) {
		return statusError
	}
	return statusActive
}

// save writes the book into s.
func (b *faultBook) save(s *State) {
	s.Faults = b.lab
	s.ProjectFaults = make(map[string]Faults, len(b.own))
	for id, f := range b.own {
		s.ProjectFaults[id] = f
	}
}

// restore fills an empty book from s; projects is the restored lab's
// projects by id, each project's faults need theirs.
func (b *faultBook) restore(s *State, projects map[string]*project) error {
	b.lab = s.Faults
	for id, f := range s.ProjectFaults {
		if projects[id] == nil {
			return fmt.Errorf("faults of project %s: no such project", id)
		}
		b.own[id] = f
	}
	b.rebuild()
	return nil
}
