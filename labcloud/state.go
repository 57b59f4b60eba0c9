// The lab's whole state as JSON: what -lab-state saves and loads, and what
// the trainer exports and imports. Tokens are not part of it (a restart
// logs everyone out); everything else is: users and their passwords,
// projects, networks, ports, every Octavia object with its status, quotas,
// flavors and zones, application credentials (their secrets as digests),
// faults, the exercise and each trainee's progress.

package labcloud

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// State returns the lab's whole state (one lock; the objects are copied,
// so it may be encoded while the lab serves).
func (c *Cloud) State() *State {
	now := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.advance(now)
	return c.state(now)
}

// state builds the State. Caller holds c.mu.
func (c *Cloud) state(now time.Time) *State {
	s := &State{Format: StateFormat, Version: StateVersion, SavedAt: now.UTC(), MgmtNext: c.mgmtNext,
		Regions: slices.Clone(c.regions), QuotaDefaults: c.quotaDefaults, Exercise: c.exercise,
		Quotas: map[string]quota{}, Progress: map[string]*progress{}}
	s.RNG, _ = c.pcg.MarshalBinary()
	// Each kind saves its own objects.
	for _, save := range []func(*State){
		keystoneService{c}.save, appCredKind{c}.save, neutronService{c}.save, novaService{c}.save, lbKind{c}.save, listenerKind{c}.save,
		poolKind{c}.save, memberKind{c}.save, monitorKind{c}.save, l7policyKind{c}.save, l7ruleKind{c}.save,
		amphoraKind{c}.save, profiledKind{c, flavorSpec}.save, profileKind{c, flavorProfileSpec}.save, profiledKind{c, azSpec}.save, profileKind{c, azProfileSpec}.save,
		barbicanService{c}.save,
	} {
		save(s)
	}
	for id, q := range c.quotas {
		s.Quotas[id] = *q
	}
	c.faults.save(s)
	for id, p := range c.progress {
		s.Progress[id] = &progress{Started: p.Started, Passed: slices.Clone(p.Passed)}
	}
	return s
}

// MarshalState encodes the lab's whole state as JSON (State).
func (c *Cloud) MarshalState() ([]byte, error) {
	return json.Marshal(c.State())
}

// ParseState decodes a State and checks it names its format and a version
// this lab reads; unknown fields are errors.
func ParseState(data []byte) (*State, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s State
	if err := dec.Decode(&s); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("line %d: not valid JSON: %w", lineOf(data, se.Offset), err)
		}
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("more than one JSON value")
	}
	if s.Format != StateFormat {
		return nil, fmt.Errorf("format %q: not a lab state (want %q)", s.Format, StateFormat)
	}
	if s.Version != StateVersion {
		return nil, fmt.Errorf("version %d: this lab reads version %d", s.Version, StateVersion)
	}
	if s.Exercise != nil {
		// the checks' prepared matches are not in the JSON
		for i := range s.Exercise.Steps {
			if err := s.Exercise.Steps[i].Check.validate("check"); err != nil {
				return nil, fmt.Errorf("exercise %s, step %d: %w", s.Exercise.Name, i+1, err)
			}
		}
	}
	return &s, nil
}

// NewFromState returns a Cloud holding the state s (a restart, an
// import): every object as it was, the transitions that were pending
// completing after Options.Delay, no tokens (everyone logs in again).
// Options' Trainees, Scenario and Exercise are not applied: the state has
// its own. A state that does not hold together (a dangling reference) is
// an error.
func NewFromState(opts Options, s *State) (*Cloud, error) {
	c := newCloud(opts)
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.restore(s, time.Now()); err != nil {
		return nil, err
	}
	return c, nil
}

// ReplaceState replaces the whole lab with s (an import), keeping the
// tokens of users that s also has (by name): the trainer who imports stays
// logged in. s is checked whole before anything changes.
func (c *Cloud) ReplaceState(s *State) error {
	fresh, err := NewFromState(c.opts, s)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	tokens := map[[32]byte]*token{}
	for key, t := range c.tokens {
		u := fresh.usersByName[t.user.name]
		if u == nil {
			continue
		}
		p := t.project
		if p != nil {
			if p = fresh.projectsByName[p.name]; p == nil {
				continue
			}
		}
		nt := *t
		nt.user, nt.project, nt.appCred = u, p, nil
		if t.appCred != nil {
			continue
		}
		tokens[key] = &nt
		u.tokens = append(u.tokens, key)
	}
	fresh.mu.Lock()
	defer fresh.mu.Unlock()
	c.takeState(fresh)
	c.tokens = tokens
	c.markChanged()
	return nil
}

// takeState moves every field of the state from f into c. Caller holds
// both locks.
func (c *Cloud) takeState(f *Cloud) {
	c.rng, c.pcg = f.rng, f.pcg
	c.projects, c.projectsByID, c.projectsByName = f.projects, f.projectsByID, f.projectsByName
	c.users, c.usersByID, c.usersByName = f.users, f.usersByID, f.usersByName
	c.regions, c.appCreds = f.regions, f.appCreds
	c.networks, c.subnets, c.ports, c.servers = f.networks, f.subnets, f.ports, f.servers
	c.lbs, c.listeners, c.pools, c.members, c.monitors = f.lbs, f.listeners, f.pools, f.members, f.monitors
	c.l7policies, c.l7rules, c.amphorae = f.l7policies, f.l7rules, f.amphorae
	c.flavors, c.flavorProfiles, c.azs, c.azProfiles = f.flavors, f.flavorProfiles, f.azs, f.azProfiles
	c.quotas, c.quotaDefaults, c.ops, c.parked = f.quotas, f.quotaDefaults, f.ops, f.parked
	c.faults = f.faults
	c.activity, c.exercise, c.progress, c.mgmtNext = f.activity, f.exercise, f.progress, f.mgmtNext
	c.keys = f.keys
}

// restore fills an empty Cloud from s. Caller holds c.mu.
func (c *Cloud) restore(s *State, now time.Time) error {
	if s.Format != StateFormat || s.Version != StateVersion {
		return fmt.Errorf("not a lab state of version %d", StateVersion)
	}
	if len(s.RNG) > 0 {
		if err := c.pcg.UnmarshalBinary(s.RNG); err != nil {
			return fmt.Errorf("rng: %w", err)
		}
	}
	c.mgmtNext, c.regions, c.quotaDefaults = s.MgmtNext, slices.Clone(s.Regions), s.QuotaDefaults
	// Each kind restores its own objects, parents before children.
	for _, restore := range []func(*State) error{
		keystoneService{c}.restore, appCredKind{c}.restore, neutronService{c}.restore, novaService{c}.restore, lbKind{c}.restore,
		poolKind{c}.restore, listenerKind{c}.restore, memberKind{c}.restore, monitorKind{c}.restore,
		l7policyKind{c}.restore, l7ruleKind{c}.restore, amphoraKind{c}.restore, profiledKind{c, flavorSpec}.restore,
		profileKind{c, flavorProfileSpec}.restore, profiledKind{c, azSpec}.restore, profileKind{c, azProfileSpec}.restore,
		barbicanService{c}.restore,
	} {
		if err := restore(s); err != nil {
			return err
		}
	}
	for id, q := range s.Quotas {
		v := q
		c.quotas[id] = &v
	}
	if err := c.faults.restore(s, c.projectsByID); err != nil {
		return err
	}
	c.exercise = s.Exercise
	for id, p := range s.Progress {
		if c.exercise != nil && len(p.Passed) != len(c.exercise.Steps) {
			return fmt.Errorf("progress of project %s: %d steps, the exercise has %d", id, len(p.Passed), len(c.exercise.Steps))
		}
		c.progress[id] = p
	}
	for _, lb := range c.lbs.order {
		c.resumePending(lb, now)
	}
	return nil
}

// missingRef is restore's error for an object whose reference to another
// is not in the state.
func missingRef(kind, id, what, ref string) error {
	return fmt.Errorf("%s %s: no %s %s", kind, id, what, ref)
}

func be32(b [4]byte) uint32 {
	return uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
}

// resumePending schedules again the transition of a load balancer saved
// with objects in PENDING_*: they complete after the usual delay (a
// PENDING_DELETE object is then gone). A stuck fault keeps them, as before.
// Caller holds c.mu.
func (c *Cloud) resumePending(lb *loadBalancer, now time.Time) {
	op := &pendingOp{lb: lb}
	for _, o := range treeOf(lb) {
		switch o.base().prov {
		case statusPendingCreate, statusPendingUpdate:
			op.activate = append(op.activate, o)
		case statusPendingDelete:
			if p := parentOf(o); p == nil || p.base().prov != statusPendingDelete {
				op.remove = append(op.remove, o)
			}
		}
	}
	var failed []*amphora
	for _, a := range lb.amphorae {
		if a.status == amphoraPendingDelete {
			failed = append(failed, a)
		}
	}
	if len(op.activate) == 0 && len(op.remove) == 0 && len(failed) == 0 {
		return
	}
	creating := lb.prov == statusPendingCreate && len(lb.amphorae) == 0
	amphorae := amphoraKind{c}
	op.after = func(done time.Time) {
		if creating {
			amphorae.addAmphorae(lb, done)
		}
		for _, a := range failed {
			amphorae.replaceAmphorae(lb, a, done)
		}
	}
	c.schedule(op, now)
}

// describeState is one line about a state, for logs.
func describeState(s *State) string {
	trainees := 0
	for _, u := range s.Users {
		if u.Trainee {
			trainees++
		}
	}
	return strings.TrimSpace(fmt.Sprintf("%d users (%d trainees), %d projects, %d load balancers, saved %s",
		len(s.Users), trainees, len(s.Projects), len(s.LoadBalancers), s.SavedAt.Format(time.RFC3339)))
}
