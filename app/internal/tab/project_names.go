package tab

import (
	"context"
	"sync"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/octavia"
)

// An admin lists every project's objects: their lists show a Project
// column and the quotas are named by project, with the projects' names
// from Keystone (GET /v3/projects, admins only), read once per session.
// Anyone else sees their own project's objects only, and knows its name
// from the token.

// projectDirectory holds the names of the projects, by id, read once for
// one client (the session's: NewSession makes one, which a session copied
// with the same client shares). Any goroutine.
type projectDirectory struct {
	mu      sync.Mutex
	client  *octavia.Client
	names   map[string]string
	reading bool
	then    []func()
	err     error
	objects nameBook // the names of other objects (object_names.go), under the same lock
}

// projectName is what project id is called: its name for an admin once
// Keystone answered, the session's own project's for anyone; "" while
// unknown. Any goroutine.
func ProjectName(sess *Session, id string) string {
	if sess == nil || id == "" {
		return ""
	}
	if id == sess.Info.ProjectID && sess.Info.ProjectName != "" {
		return sess.Info.ProjectName
	}
	d := sess.names
	if d == nil {
		return ""
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.client != sess.Client {
		return ""
	}
	return d.names[id]
}

// ProjectLabel is project id as a list shows it: its name, else the id.
func ProjectLabel(sess *Session, id string) string {
	if n := ProjectName(sess, id); n != "" {
		return n
	}
	return id
}

// ReadProjectNames reads the names of every project for an admin's
// session, once, and calls then on ctx's UI goroutine when they are in
// (at once when they are already; never for a non-admin, who has no use
// for them, nor for a session NewSession did not make). A failed read is
// logged and leaves the ids shown. UI goroutine; the read runs in
// ctx.Async.
func ReadProjectNames(ctx goapp.Context, sess *Session, then func()) {
	if sess == nil || sess.names == nil || !sess.Info.HasRole("admin") {
		return
	}
	d := sess.names
	d.mu.Lock()
	if d.client != sess.Client {
		d.client, d.names, d.reading, d.then, d.err = sess.Client, nil, false, nil, nil
	}
	switch {
	case d.names != nil || d.err != nil:
		d.mu.Unlock()
		then()
		return
	case d.reading:
		d.then = append(d.then, func() { ctx.Dispatch(func(goapp.Context) { then() }) })
		d.mu.Unlock()
		return
	}
	d.reading = true
	d.then = append(d.then, func() { ctx.Dispatch(func(goapp.Context) { then() }) })
	d.mu.Unlock()
	client := sess.Client
	ctx.Async(func() {
		c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		list, err := client.AllProjects(c)
		names := make(map[string]string, len(list))
		for _, p := range list {
			names[p.ID] = p.Name
		}
		d.mu.Lock()
		if d.client != client {
			d.mu.Unlock()
			return
		}
		if err != nil {
			goapp.Log("octaview: listing the projects' names:", err)
			d.err = err
		} else {
			d.names = names
		}
		then := d.then
		d.reading, d.then = false, nil
		d.mu.Unlock()
		for _, f := range then {
			f()
		}
	})
}
