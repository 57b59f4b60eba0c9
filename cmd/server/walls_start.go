//go:build !js

package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
)

// wallsStart is what startWalls needs beyond the file.
type wallsStart struct {
	getenv func(string) string
	lab    *labcloud.Cloud // lab mode: "cloud: lab" is its admin, in process
	// timeline opens the changes store at a path ("": in memory).
	timeline func(path string) (wallTimeline, error)
	logger   *slog.Logger
}

// wallsLoginTimeout bounds the login of one wall credential at start.
const wallsLoginTimeout = 30 * time.Second

// startWalls logs in with every credential of wf once, resolves the walls'
// projects, and opens the timeline and the notes: wallSet.start polls. A credential that does not
// exist or cannot log in, or a project it cannot see, is an error naming
// the file and line: nothing is served half-configured. The returned func
// closes the timeline.
func startWalls(ctx context.Context, wf *wallsFile, o wallsStart) (*wallSet, func() error, error) {
	names := make([]string, len(wf.Walls))
	for i, w := range wf.Walls {
		names[i] = w.Name
	}
	notes, err := openWallNotes(wf.NotesFile, names)
	if err != nil {
		return nil, nil, err
	}
	var clouds []string // in the file's order
	for _, w := range wf.Walls {
		if !slices.Contains(clouds, w.Cloud) {
			clouds = append(clouds, w.Cloud)
		}
	}
	set := &wallSet{walls: map[string]*wall{}, notes: notes}
	feeds := map[string]*wallFeed{}
	var errs []error
	for _, cloud := range clouds {
		first := wf.Walls[slices.IndexFunc(wf.Walls, func(w wallConfig) bool { return w.Cloud == cloud })]
		client, err := o.login(ctx, cloud)
		if err != nil {
			errs = append(errs, wallsError(wf.Path, first.cloudLine, "cloud %q: %v", cloud, err))
			continue
		}
		feeds[cloud] = newWallFeed(cloud, octaviaLBs(client), nil, o.logger)
		var projects []octavia.Project
		for _, c := range wf.Walls {
			if c.Cloud != cloud {
				continue
			}
			scope := wallScope{tags: c.Tags, names: c.Names}
			if len(c.Projects) > 0 {
				if projects == nil {
					if projects, err = visibleProjects(ctx, client); err != nil {
						errs = append(errs, wallsError(wf.Path, c.projLine, "cloud %q: listing its projects: %v", cloud, err))
						continue
					}
				}
				if scope.projects, err = resolveProjects(c.Projects, projects); err != nil {
					errs = append(errs, wallsError(wf.Path, c.projLine, "wall %q: %v", c.Name, err))
					continue
				}
			}
			w := &wall{cfg: c, scope: scope, feed: feeds[cloud], notes: notes, subs: subscribers{}}
			feeds[cloud].walls = append(feeds[cloud].walls, w)
			set.walls[c.Name] = w
			set.order = append(set.order, w)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, nil, err
	}
	closeTimeline := func() error { return nil }
	if o.timeline != nil {
		tl, err := o.timeline(wf.TimelineFile)
		if err != nil {
			return nil, nil, fmt.Errorf("-walls: the timeline: %w", err)
		}
		for _, f := range feeds {
			f.timeline = tl
		}
		if c, ok := tl.(interface{ Close() error }); ok {
			closeTimeline = c.Close
		}
	}
	for _, cloud := range clouds {
		set.feeds = append(set.feeds, feeds[cloud])
	}
	return set, closeTimeline, nil
}

// login logs in with the credential named: the lab's admin for "lab" in
// lab mode, else a clouds.yaml entry.
func (o wallsStart) login(ctx context.Context, cloud string) (*octavia.Client, error) {
	ctx, cancel := context.WithTimeout(ctx, wallsLoginTimeout)
	defer cancel()
	var cfg octavia.Config
	if cloud == wallsLabCloud && o.lab != nil {
		var err error
		if cfg, err = labAdminConfig(o.lab); err != nil {
			return nil, err
		}
	} else {
		cc, err := loadCloud(cloud, o.getenv)
		if err != nil {
			return nil, err
		}
		if cfg, err = cc.octaviaConfig(); err != nil {
			return nil, err
		}
	}
	client, err := octavia.New(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("logging in: %s", octavia.Message(err))
	}
	return client, nil
}

// labAdminConfig is the Octavia client's configuration of the lab's admin,
// reaching the lab in process.
func labAdminConfig(lab *labcloud.Cloud) (octavia.Config, error) {
	i := slices.IndexFunc(lab.Users(), func(u labcloud.User) bool { return u.Name == "admin" })
	if i < 0 {
		return octavia.Config{}, errors.New("the lab has no admin")
	}
	admin := lab.Users()[i]
	return octavia.Config{
		AuthURL:  "http://" + labHost + "/identity/v3",
		Username: admin.Name, Password: admin.Password, UserDomainName: "Default",
		ProjectName: admin.Project, ProjectDomainName: "Default",
		HTTPClient: &http.Client{Transport: labcloud.Transport(lab)},
	}, nil
}

// visibleProjects lists the projects the credential can name: every
// project for an admin, else its own.
func visibleProjects(ctx context.Context, client *octavia.Client) ([]octavia.Project, error) {
	ps, err := client.AllProjects(ctx)
	if octavia.ErrorCodeOf(err) == octavia.EFORBIDDEN {
		ps, err = client.Projects(ctx)
	}
	if err != nil {
		return nil, errors.New(octavia.Message(err))
	}
	return ps, nil
}

// resolveProjects maps a wall's projects (ids or names) to ids.
func resolveProjects(want []string, visible []octavia.Project) (map[string]bool, error) {
	ids := map[string]bool{}
	for _, p := range want {
		var found []string
		for _, v := range visible {
			if v.ID == p || v.Name == p {
				found = append(found, v.ID)
			}
		}
		switch len(found) {
		case 0:
			return nil, fmt.Errorf("project %q: no project of that id or name is visible to the wall's credential", p)
		case 1:
			ids[found[0]] = true
		default:
			return nil, fmt.Errorf("project %q: %d projects have that name (in different domains): give its id", p, len(found))
		}
	}
	return ids, nil
}

// labWalls is the walls of the lab when no -walls is given: the whole
// class, over the lab's admin, every project. Its timeline and notes are
// kept beside -lab-state, else in memory only.
func labWalls(labState string) *wallsFile {
	wf := &wallsFile{Path: "(the lab's wall)", Walls: []wallConfig{{
		Name: "class", Title: "The class", Cloud: wallsLabCloud,
		Show: serverapi.WallShow{Names: true, Addresses: true, Members: true},
	}}}
	if labState != "" {
		wf.TimelineFile, wf.NotesFile = labState+".timeline", labState+".notes"
	}
	return wf
}
