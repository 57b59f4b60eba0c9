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

	"github.com/octaview/octaview/app/serverapi"
)

// PendingTooLong is how long an object may stay PENDING_* before its
// trainee is said to need help (serverapi.HelpPending).
const PendingTooLong = time.Minute

// pendingTooLong reports whether a status set at since has lasted over
// PendingTooLong at now. A zero since (a time never recorded) is not
// too long: no object is flagged for a time the lab does not know.
func pendingTooLong(since, now time.Time) bool {
	return !since.IsZero() && now.Sub(since) > PendingTooLong
}

// TileLBs is how many load balancers a trainee's tile carries.
const TileLBs = 3

// wireTime is t as the trainer's API writes a time (what time.Time's
// MarshalJSON writes); "" for the zero time.
func wireTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format(time.RFC3339Nano)
}

func exerciseInfo(e *Exercise) *serverapi.Exercise {
	if e == nil {
		return nil
	}
	info := &serverapi.Exercise{Name: e.Name, Title: e.Title, Description: e.Description}
	for _, s := range e.Steps {
		info.Steps = append(info.Steps, s.Step)
	}
	return info
}

// Class reads the class at once (one lock), in the trainer's API's
// serverapi.Class: the shipped exercises and every trainee's tile, ordered
// by who needs help (an object in ERROR first, then an object PENDING_* for
// over PendingTooLong, then the exercise's check that has been failing
// longest, then the others in their order). Evaluating the exercise's
// checks records the steps that passed. Viewers is the caller's to fill.
func (c *Cloud) Class() serverapi.Class {
	now := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.advance(now)
	return classroom{c}.class(now)
}

// classroom is the lab as its trainer sees it, over the Cloud it holds:
// the trainees' tiles, resetting a trainee's project, the class's exercise
// and each trainee's progress through it (exercise_progress.go). Cloud's
// trainer API (Class, ResetProject, SetExercise) calls into it.
type classroom struct{ *Cloud }

// class is the class at now (Cloud.Class). Caller holds c.mu.
func (c classroom) class(now time.Time) serverapi.Class {
	cl := serverapi.Class{At: wireTime(now), Exercise: exerciseInfo(c.exercise), Exercises: ShippedExercises(),
		Faults: cloneFaults(c.faults.lab), Trainees: []serverapi.Trainee{}}
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
	var tiles []tile
	for _, u := range c.users {
		if u.trainee {
			tiles = append(tiles, c.trainee(u, byProject[u.project.id], now))
		}
	}
	slices.SortStableFunc(tiles, func(a, b tile) int {
		if a.Help != b.Help {
			return cmp.Compare(b.Help, a.Help)
		}
		if !a.helpSince.IsZero() && !b.helpSince.IsZero() {
			return a.helpSince.Compare(b.helpSince)
		}
		return 0
	})
	for _, t := range tiles {
		cl.Trainees = append(cl.Trainees, t.Trainee)
	}
	return cl
}

// tile is a trainee's tile with the time its help began, to order by.
type tile struct {
	serverapi.Trainee
	helpSince time.Time
}

// trainee builds u's tile. Caller holds c.mu.
func (c classroom) trainee(u *user, lbs []*loadBalancer, now time.Time) tile {
	p := u.project
	t := serverapi.Trainee{User: u.name, Password: u.plain, Project: p.name, ProjectID: p.id, LoadBalancers: []serverapi.TileLB{}}
	if a := c.activity[p.id]; a != nil {
		t.LastSeen, t.LastOp, t.LastError = wireTime(a.LastSeen), a.LastOp.wire(), a.LastErr.wire()
	}
	if f, ok := c.faults.own[p.id]; ok {
		t.Faults = f.Summary()
	}
	counts := map[string]*serverapi.KindCount{}
	var objs []object
	var errSince, pendSince time.Time
	var errWhat, pendWhat string
	for _, lb := range lbs {
		for _, o := range treeOf(lb) {
			objs = append(objs, o)
			m := o.base()
			k := counts[kindOf(o)]
			if k == nil {
				k = &serverapi.KindCount{Kind: kindOf(o)}
				counts[k.Kind] = k
			}
			k.Total++
			since := m.statusSince()
			switch {
			case m.prov == statusError || m.oper == operError:
				k.Error++
				if errSince.IsZero() || since.Before(errSince) {
					errSince, errWhat = since, describe(o)
				}
			case strings.HasPrefix(m.prov, "PENDING_"):
				k.Pending++
				if pendingTooLong(since, now) && (pendSince.IsZero() || since.Before(pendSince)) {
					pendSince, pendWhat = since, describe(o)
				}
			default:
				k.Active++
			}
		}
		if len(t.LoadBalancers) < TileLBs {
			t.LoadBalancers = append(t.LoadBalancers, tileLB(lb))
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
		t.Started = wireTime(pr.Started)
		failSince = pr.Started
		for i, h := range holds {
			t.Steps = append(t.Steps, serverapi.StepState{Holds: h, PassedAt: wireTime(pr.Passed[i])})
			if pr.Passed[i].After(failSince) {
				failSince = pr.Passed[i]
			}
			if !h && failWhat == "" {
				failWhat = fmt.Sprintf("step %d (%s) does not pass", i+1, c.exercise.Steps[i].Title)
			}
		}
	}
	var since time.Time
	switch {
	case errWhat != "":
		t.Help, since, t.HelpText = serverapi.HelpError, errSince, errWhat+" is in ERROR"
	case pendWhat != "":
		t.Help, since, t.HelpText = serverapi.HelpPending, pendSince, pendWhat+" has been PENDING for over a minute"
	case failWhat != "":
		t.Help, since, t.HelpText = serverapi.HelpFailing, failSince, failWhat
	}
	t.HelpSince = wireTime(since)
	return tile{Trainee: t, helpSince: since}
}

// tileLB is lb on a tile, with its status tree (Octavia's GET .../status
// body).
func tileLB(lb *loadBalancer) serverapi.TileLB {
	return serverapi.TileLB{ID: lb.id, Name: lb.name, ProvisioningStatus: lb.prov, OperatingStatus: lb.oper, Tree: statusTree(lb)}
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
		classroom{c}.reset(p, now)
		return nil
	})
}

// reset empties p's project (Cloud.ResetProject). Caller holds c.mu.
func (c classroom) reset(p *project, now time.Time) {
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
	c.keys.resetProject(p.id)
	delete(c.quotas, p.id)
	c.faults.dropProject(p.id)
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
