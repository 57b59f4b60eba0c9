//go:build !js

package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/labcloud"
)

// labSaveDelay is how long after a change the lab's state is saved
// (-lab-state): a crash loses at most that much.
const labSaveDelay = 3 * time.Second

// labSetup is the lab of a lab-mode server and how to show it.
type labSetup struct {
	Cloud *labcloud.Cloud
	// Loaded: the lab came from the -lab-state file.
	Loaded bool
	// Users for the login page (/api/config): none with trainees unless
	// -lab-list-trainees, never an admin whose password is random.
	LoginUsers []serverapi.LabUser
	// wait returns once the last save (at shutdown) is written; nil
	// without -lab-state.
	wait func()
	// unlock releases the -lab-state file's lock (LockStateFile).
	unlock func() error
}

// newLab builds the lab of cfg: from the -lab-state file when it exists
// (an unreadable or corrupt one stops the start, and is left as it is),
// else from the flags and the scenario. With -lab-state it saves the lab
// labSaveDelay after each change and when ctx is done.
func newLab(ctx context.Context, cfg config, logger *slog.Logger) (*labSetup, error) {
	opts := labcloud.Options{Trainees: cfg.LabTrainees, Delay: cfg.LabDelay, TokenTTL: cfg.LabTokenTTL} // the access log covers its requests
	if cfg.LabTraineePasswords == "random" {
		opts.TraineePasswords = labcloud.PasswordsRandom
		opts.DemoPasswords = labcloud.PasswordsRandom // demo/demo would let anyone in as well
	}
	var err error
	if cfg.LabScenario != "" {
		if opts.Scenario, err = labcloud.LoadScenario(cfg.LabScenario); err != nil {
			return nil, fmt.Errorf("-lab-scenario: %w", err)
		}
	}
	trainees := cfg.LabTrainees > 0 || (opts.Scenario != nil && opts.Scenario.Trainees > 0)
	randomAdmin := cfg.LabRandomAdmin || trainees || cfg.LabTraineePasswords == "random"
	if randomAdmin {
		// with trainees (or served to others: lab_passwords.go) the admin's
		// password is never admin: a trainee could otherwise take the lab
		// over (faults, resets, other projects)
		opts.AdminPassword = labcloud.RandomPassword()
	}
	var exercise *labcloud.Exercise
	if cfg.LabExercise != "" {
		if exercise, err = labcloud.LoadExercise(cfg.LabExercise); err != nil {
			return nil, fmt.Errorf("-lab-exercise: %w", err)
		}
	}
	setup := &labSetup{}
	var state *labcloud.State
	if cfg.LabState != "" {
		// one server per file: the lock is held until the last save
		var unlock func() error
		if unlock, err = labcloud.LockStateFile(cfg.LabState); err != nil {
			return nil, fmt.Errorf("-lab-state: %w", err)
		}
		defer func() {
			if setup.wait == nil {
				unlock() // not started: a failed start releases it at once
			}
		}()
		setup.unlock = unlock
		if state, err = labcloud.ReadStateFile(cfg.LabState); err != nil {
			return nil, fmt.Errorf("-lab-state: %w", err)
		}
	}
	if state != nil {
		if setup.Cloud, err = labcloud.NewFromState(opts, state); err != nil {
			return nil, fmt.Errorf("-lab-state: lab state %s does not hold together: %w (it is left as it is)", cfg.LabState, err)
		}
		setup.Loaded = true
		logger.Info("lab state loaded", "file", cfg.LabState, "load_balancers", len(state.LoadBalancers), "saved_at", state.SavedAt)
		if exercise != nil && (setup.Cloud.Exercise() == nil || setup.Cloud.Exercise().Name != exercise.Name) {
			if err := setup.Cloud.SetExercise(exercise, true); err != nil {
				return nil, fmt.Errorf("-lab-exercise: %w", err)
			}
		}
	} else {
		opts.Exercise = exercise
		setup.Cloud = labcloud.New(opts)
		if exercise != nil && exercise.Setup != nil {
			if err := setup.Cloud.SetExercise(exercise, true); err != nil {
				return nil, fmt.Errorf("-lab-exercise: %w", err)
			}
		}
	}
	if cfg.LabFaults != "" {
		if err := setLabFaults(setup.Cloud, cfg.LabFaults); err != nil {
			return nil, fmt.Errorf("-lab-faults: %w", err)
		}
	}
	hasTrainees := false
	for _, u := range setup.Cloud.Users() {
		hasTrainees = hasTrainees || u.Trainee
	}
	for _, u := range setup.Cloud.Users() {
		lu := serverapi.LabUser{Name: u.Name, Password: u.Password, Project: u.Project, Role: u.Role}
		switch {
		case u.Trainee && cfg.LabListTrainees:
			setup.LoginUsers = append(setup.LoginUsers, lu)
		case u.Trainee, hasTrainees:
			// a class: only the trainees, and only when the trainer asks
		case u.Name == "admin" && (randomAdmin || u.Password != "admin"):
			// a random admin password is for this server's console only
		default:
			setup.LoginUsers = append(setup.LoginUsers, lu)
		}
	}
	if cfg.LabState != "" && !setup.Loaded {
		// the first save now: random passwords handed out on cards must
		// survive a restart, and a file that cannot be written says so now
		if err := setup.Cloud.SaveState(cfg.LabState); err != nil {
			return nil, fmt.Errorf("-lab-state: %w", err)
		}
	}
	if cfg.LabState != "" {
		done := make(chan struct{})
		go func() {
			defer close(done)
			setup.Cloud.Autosave(ctx, cfg.LabState, labSaveDelay, logger)
			setup.unlock()
		}()
		setup.wait = func() { <-done }
	}
	return setup, nil
}
