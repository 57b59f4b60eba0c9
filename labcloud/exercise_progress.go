// The class's exercise in the cloud: setting it, and each trainee's
// progress through its steps (the classroom's, class.go).

package labcloud

import (
	"fmt"
	"time"
)

// progress is a trainee's way through the exercise: when it started, and
// when each step first passed (zero: not yet).
type progress struct {
	Started time.Time   `json:"started"`
	Passed  []time.Time `json:"passed"`
}

// setExercise makes e the class's exercise, every trainee starting at now;
// with setup, its Setup is loaded into every trainee's project. Caller
// holds c.mu.
func (c classroom) setExercise(e *Exercise, setup bool, now time.Time) error {
	c.exercise = e
	c.progress = map[string]*progress{}
	if e == nil {
		return nil
	}
	for _, u := range c.users {
		if !u.trainee {
			continue
		}
		c.progress[u.project.id] = &progress{Started: now, Passed: make([]time.Time, len(e.Steps))}
		if setup && e.Setup != nil {
			if err := (seeder{c.Cloud}).loadInto(u.project, e.Setup, now); err != nil {
				return fmt.Errorf("exercise %s: set-up in %s: %w", e.Name, u.project.name, err)
			}
		}
	}
	return nil
}

// SetExercise makes e the class's exercise (nil: none) and restarts every
// trainee's progress; with setup, the exercise's Setup is loaded into every
// trainee's project first.
func (c *Cloud) SetExercise(e *Exercise, setup bool) error {
	now := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.advance(now)
	err := classroom{c}.setExercise(e, setup, now)
	c.markChanged()
	return err
}

// Exercise returns the class's exercise (nil: none).
func (c *Cloud) Exercise() *Exercise {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.exercise
}

// evaluate checks the exercise's steps over one project's objects at now:
// which hold now, and records the first time each passed. Caller holds c.mu.
func (c classroom) evaluate(p *project, objs []object, now time.Time) (holds []bool) {
	e := c.exercise
	if e == nil {
		return nil
	}
	pr := c.progress[p.id]
	if pr == nil {
		pr = &progress{Started: now, Passed: make([]time.Time, len(e.Steps))}
		c.progress[p.id] = pr
	}
	holds = make([]bool, len(e.Steps))
	for i := range e.Steps {
		holds[i] = e.Steps[i].Check.holds(objs)
		if holds[i] && pr.Passed[i].IsZero() {
			pr.Passed[i] = now
			c.markChanged()
		}
	}
	return holds
}
