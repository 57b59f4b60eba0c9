// The class as the trainer sees it, read in process (no HTTP): each
// trainee's objects, activity, faults and progress; and the trainer's
// actions on a project: reset, read-only view.

package labcloud

import (
	"cmp"
	"container/heap"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Class is the whole class at one moment, for the trainer's page.
type Class struct {
	At       time.Time     `json:"at"`
	Exercise *ExerciseInfo `json:"exercise,omitempty"`
	Faults   Faults        `json:"faults"` // lab-wide
	// Trainees, ordered by who needs help: an object in ERROR first, then
	// an object PENDING_* for over a minute, then the exercise's check that
	// has been failing longest, then the others in their order.
	Trainees []Trainee `json:"trainees"`
}

// ExerciseInfo is what a page shows of an exercise: no checks.
type ExerciseInfo struct {
	Name        string     `json:"name"`
	Title       string     `json:"title"`
	Description string     `json:"description,omitempty"`
	Steps       []StepInfo `json:"steps"`
}

// StepInfo is a step's title and hint.
type StepInfo struct {
	Title string `json:"title"`
	Hint  string `json:"hint"`
}

// Help ranks of a trainee (Trainee.Help), most urgent first.
const (
	HelpNone    = 0 // nothing wrong
	HelpFailing = 1 // a step of the exercise does not pass yet
	HelpPending = 2 // an object PENDING_* for over PendingTooLong
	HelpError   = 3 // an object in ERROR (provisioning or operating)
)

// PendingTooLong is how long an object may stay PENDING_* before its
// trainee is said to need help.
const PendingTooLong = time.Minute

// Trainee is one trainee's tile: who, what they have, what they last did,
// the faults on their project and their progress.
type Trainee struct {
	User      string      `json:"user"`
	Password  string      `json:"password"`
	Project   string      `json:"project"`
	ProjectID string      `json:"project_id"`
	LastSeen  *time.Time  `json:"last_seen,omitempty"`
	LastOp    *Event      `json:"last_op,omitempty"`
	LastError *Event      `json:"last_error,omitempty"`
	Counts    []KindCount `json:"counts"`
	// LoadBalancers are the project's load balancers with their status
	// trees (Octavia's GET .../status body), at most TileLBs of them.
	LoadBalancers []TraineeLB `json:"load_balancers"`
	MoreLBs       int         `json:"more_load_balancers,omitempty"` // beyond TileLBs
	Faults        []string    `json:"faults,omitempty"`              // the project's own, in words (Faults.Summary)
	Steps         []StepState `json:"steps,omitempty"`
	Started       *time.Time  `json:"started,omitempty"` // the exercise, for this trainee
	Help          int         `json:"help"`
	HelpSince     *time.Time  `json:"help_since,omitempty"`
	HelpText      string      `json:"help_text,omitempty"`
}

// TileLBs is how many load balancers a trainee's tile carries.
const TileLBs = 3

// KindCount counts a project's objects of one kind by provisioning status.
type KindCount struct {
	Kind    string `json:"kind"`
	Total   int    `json:"total"`
	Active  int    `json:"active"`
	Pending int    `json:"pending"`
	Error   int    `json:"error"`
}

// TraineeLB is a load balancer of a tile.
type TraineeLB struct {
	ID                 string `json:"id"`
	Name               string `json:"name"`
	ProvisioningStatus string `json:"provisioning_status"`
	OperatingStatus    string `json:"operating_status"`
	Tree               any    `json:"tree"`
}

// StepState is a step of a trainee's progress: whether its check holds now,
// and when it first passed (nil: never).
type StepState struct {
	Holds    bool       `json:"holds"`
	PassedAt *time.Time `json:"passed_at,omitempty"`
}

func timePtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

func exerciseInfo(e *Exercise) *ExerciseInfo {
	if e == nil {
		return nil
	}
	info := &ExerciseInfo{Name: e.Name, Title: e.Title, Description: e.Description}
	for _, s := range e.Steps {
		info.Steps = append(info.Steps, StepInfo{Title: s.Title, Hint: s.Hint})
	}
	return info
}

// Class reads the class at once (one lock): every trainee's tile,
// evaluating the exercise's checks (which records the steps that passed).
func (c *Cloud) Class() Class {
	now := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.advance(now)
	cl := Class{At: now, Exercise: exerciseInfo(c.exercise), Faults: c.faults, Trainees: []Trainee{}}
	byProject := map[string][]*loadBalancer{}
	trainees := map[string]bool{}
	for _, u := range c.users {
		if u.trainee {
			trainees[u.project.id] = true
		}
	}
	for _, lb := range c.lbs.order {
		if trainees[lb.projectID] {
			byProject[lb.projectID] = append(byProject[lb.projectID], lb)
		}
	}
	for _, u := range c.users {
		if u.trainee {
			cl.Trainees = append(cl.Trainees, classroom{c}.trainee(u, byProject[u.project.id], now))
		}
	}
	slices.SortStableFunc(cl.Trainees, func(a, b Trainee) int {
		if a.Help != b.Help {
			return cmp.Compare(b.Help, a.Help)
		}
		if a.HelpSince != nil && b.HelpSince != nil {
			return a.HelpSince.Compare(*b.HelpSince)
		}
		return 0
	})
	return cl
}

// classroom reads the trainees of the Cloud it holds for Cloud.Class.
type classroom struct{ *Cloud }

// trainee builds u's tile. Caller holds c.mu.
func (c classroom) trainee(u *user, lbs []*loadBalancer, now time.Time) Trainee {
	p := u.project
	t := Trainee{User: u.name, Password: u.plain, Project: p.name, ProjectID: p.id, LoadBalancers: []TraineeLB{}}
	if a := c.activity[p.id]; a != nil {
		t.LastSeen, t.LastOp, t.LastError = timePtr(a.LastSeen), a.LastOp, a.LastErr
	}
	if f, ok := c.projectFaults[p.id]; ok {
		t.Faults = f.Summary()
	}
	counts := map[string]*KindCount{}
	var objs []object
	var errSince, pendSince time.Time
	var errWhat, pendWhat string
	for _, lb := range lbs {
		for _, o := range treeOf(lb) {
			objs = append(objs, o)
			m := o.base()
			k := counts[kindOf(o)]
			if k == nil {
				k = &KindCount{Kind: kindOf(o)}
				counts[k.Kind] = k
			}
			k.Total++
			switch {
			case m.prov == statusError || m.oper == operError:
				k.Error++
				if errSince.IsZero() || m.updated.Before(errSince) {
					errSince, errWhat = m.updated, describe(o)
				}
			case strings.HasPrefix(m.prov, "PENDING_"):
				k.Pending++
				if now.Sub(m.updated) > PendingTooLong && (pendSince.IsZero() || m.updated.Before(pendSince)) {
					pendSince, pendWhat = m.updated, describe(o)
				}
			default:
				k.Active++
			}
		}
		if len(t.LoadBalancers) < TileLBs {
			t.LoadBalancers = append(t.LoadBalancers, TraineeLB{ID: lb.id, Name: lb.name,
				ProvisioningStatus: lb.prov, OperatingStatus: lb.oper, Tree: statusTree(lb)})
		} else {
			t.MoreLBs++
		}
	}
	for _, kind := range checkKinds() {
		if k := counts[kind]; k != nil {
			t.Counts = append(t.Counts, *k)
		}
	}
	holds := c.evaluate(p, objs, now)
	failSince := time.Time{}
	failWhat := ""
	if pr := c.progress[p.id]; pr != nil && c.exercise != nil {
		t.Started = timePtr(pr.Started)
		failSince = pr.Started
		for i, h := range holds {
			t.Steps = append(t.Steps, StepState{Holds: h, PassedAt: timePtr(pr.Passed[i])})
			if pr.Passed[i].After(failSince) {
				failSince = pr.Passed[i]
			}
			if !h && failWhat == "" {
				failWhat = fmt.Sprintf("step %d (%s) does not pass", i+1, c.exercise.Steps[i].Title)
			}
		}
	}
	switch {
	case errWhat != "":
		t.Help, t.HelpSince, t.HelpText = HelpError, timePtr(errSince), errWhat+" is in ERROR"
	case pendWhat != "":
		t.Help, t.HelpSince, t.HelpText = HelpPending, timePtr(pendSince), pendWhat+" has been PENDING for over a minute"
	case failWhat != "":
		t.Help, t.HelpSince, t.HelpText = HelpFailing, timePtr(failSince), failWhat
	}
	return t
}

// describe names an object for a sentence: its kind and its name, or
// address, or id.
func describe(o object) string {
	m := o.base()
	name := m.name
	if mb, ok := o.(*member); ok && name == "" {
		name = fmt.Sprintf("%s:%d", mb.address, mb.port)
	}
	if name == "" {
		name = m.id
	}
	return strings.ReplaceAll(kindOf(o), "_", " ") + " " + name
}

// ResetProject empties each project named (by name or id): every load
// balancer and everything under it goes at once (no PENDING_DELETE), with
// its VIP port and amphorae; the project's own quota, faults, activity and
// exercise progress go too. Its network and users stay.
func (c *Cloud) ResetProject(projects []string) error {
	return c.eachProject(projects, func(p *project, now time.Time) error {
		c.resetProject(p, now)
		return nil
	})
}

// resetProject empties p. Caller holds c.mu.
func (c *Cloud) resetProject(p *project, now time.Time) {
	gone := map[*loadBalancer]bool{}
	for _, lb := range slices.Clone(c.lbs.order) {
		if lb.projectID == p.id {
			gone[lb] = true
			c.removeObject(lb, now)
		}
	}
	keep := c.ops[:0]
	for _, op := range c.ops {
		if !gone[op.lb] {
			keep = append(keep, op)
		}
	}
	c.ops = keep
	for i, op := range c.ops {
		op.index = i
	}
	heap.Init(&c.ops)
	c.parked = slices.DeleteFunc(c.parked, func(op *pendingOp) bool { return gone[op.lb] })
	delete(c.quotas, p.id)
	delete(c.projectFaults, p.id)
	c.rebuildEffective()
	delete(c.activity, p.id)
	if c.exercise != nil {
		c.progress[p.id] = &progress{Started: now, Passed: make([]time.Time, len(c.exercise.Steps))}
	}
}

// Identity is who a token belongs to, as the console's server needs it.
type Identity struct {
	User, UserID       string
	Project, ProjectID string
	// Admin: the token is an admin's own (not a trainer's view).
	Admin bool
	// View: a trainer's read-only view of Project (MintView).
	View bool
	// Trainee: the user is one of the class.
	Trainee bool
}

// Whoami returns who token belongs to, or false when it is not a live
// token. The lab's admins are exempt from the token_ttl fault.
func (c *Cloud) Whoami(token string) (Identity, bool) {
	now := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	t := c.lookupToken(token, now)
	if t == nil || t.project == nil {
		return Identity{}, false
	}
	return Identity{
		User: t.user.name, UserID: t.user.id, Project: t.project.name, ProjectID: t.project.id,
		Admin: t.hasRole(roleAdmin), View: t.view, Trainee: t.user.trainee,
	}, true
}

// ErrNotAdmin is MintView's answer to a token that is not a lab admin's.
var ErrNotAdmin = errors.New("the token is not the lab admin's")

// MintView mints a trainer's read-only view of a project (by name or id)
// from the live admin token adminToken: a token of the same user, scoped to
// that project, with the reader's roles only (Octavia's policy then refuses
// every write), expiring with the admin token. It cannot be rescoped to
// another project nor create application credentials; revoking it (a
// logout) revokes adminToken too.
func (c *Cloud) MintView(adminToken, projectRef string) (string, time.Time, error) {
	now := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	admin := c.lookupToken(adminToken, now)
	if admin == nil || admin.view || !admin.hasRole(roleAdmin) {
		return "", time.Time{}, ErrNotAdmin
	}
	p := c.findProject(projectRef)
	if p == nil {
		return "", time.Time{}, fmt.Errorf("no project %q", projectRef)
	}
	t := &token{user: admin.user, project: p, methods: []string{"token"}, issued: now, expires: admin.expires,
		view: true, parent: digest(adminToken)}
	return c.issue(t), t.expires, nil
}

// EndView revokes a trainer's view token (back to the trainer's page): the
// admin token it came from stays.
func (c *Cloud) EndView(viewToken string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t := c.tokens[digest(viewToken)]; t != nil && t.view {
		delete(c.tokens, digest(viewToken))
	}
}
