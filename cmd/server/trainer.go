//go:build !js

package main

import (
	"cmp"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/cmd/server/proxy"
	"github.com/octaview/octaview/labcloud"
)

// trainer serves the workshop trainer's page and API in lab mode. Who asks
// is read from the session cookie (opened with the proxy's key) and the
// lab's own tokens, in process: the lab's admin may use every trainer URL;
// anyone else gets 403 (401 without a session), whatever the page shows.
type trainer struct {
	lab        *labcloud.Cloud
	px         *proxy.Proxy // the session cookie: read, and set for a view
	feed       *classFeed
	consoleURL string // the console's public URL, for the cards
	urlWarning string // cardsURLWarning of consoleURL, with trainees; "" otherwise
	logger     *slog.Logger
}

// newTrainer serves the trainer's page of lab, its class feed running
// until ctx is done. Sessions are the proxy's own (px: its cookie, its
// key); the cards name the console's public URL.
func newTrainer(ctx context.Context, lab *labcloud.Cloud, px *proxy.Proxy, cfg config, listenURL string, m *metrics, logger *slog.Logger) *trainer {
	tr := &trainer{
		lab: lab, px: px, feed: newClassFeed(lab, m, cfg.TrustForwarded),
		consoleURL: cmp.Or(cfg.PublicURL, listenURL) + "/", logger: logger,
	}
	if slices.ContainsFunc(lab.Users(), func(u labcloud.User) bool { return u.Trainee }) {
		tr.urlWarning = cardsURLWarning(tr.consoleURL)
	}
	if tr.urlWarning != "" {
		logger.Warn("trainer: "+tr.urlWarning, "url", tr.consoleURL, "flag", "-public-url")
	}
	tr.feed.urlWarning = tr.urlWarning
	go tr.feed.run(ctx)
	return tr
}

// maxImport bounds an imported lab state (the 10,002 load balancer drill
// is about 10 MB).
const maxImport = 128 << 20

// session returns who the request's session cookie belongs to, and its
// token; false without a live session.
func (tr *trainer) session(r *http.Request) (labcloud.Identity, string, bool) {
	ss, ok := tr.px.SessionOf(r)
	if !ok {
		return labcloud.Identity{}, "", false
	}
	id, ok := tr.lab.Whoami(ss.Token)
	return id, ss.Token, ok
}

// admin lets only the lab's admin through (its own session, not a view):
// 401 without a session, 403 for anyone else; a request other than GET
// must also carry the session header (a cross-site form cannot).
func (tr *trainer) admin(h func(w http.ResponseWriter, r *http.Request, id labcloud.Identity, token string)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		id, tok, ok := tr.session(r)
		switch {
		case !ok:
			proxy.WriteFault(w, http.StatusUnauthorized, "Log in as the lab's admin to use the trainer's page.")
		case !id.Admin:
			proxy.WriteFault(w, http.StatusForbidden, "Only the lab's admin may use the trainer's page: %s is not.", id.User)
		case r.Method != http.MethodGet && r.Method != http.MethodHead && r.Header.Get(serverapi.SessionHeader) == "":
			proxy.WriteFault(w, http.StatusForbidden, "The trainer's API takes changes from the console only (the %s header is missing).", serverapi.SessionHeader)
		default:
			h(w, r, id, tok)
		}
	})
}

// page guards a trainer page's URL: a session that is not the lab admin's
// gets 403; without a session the app is served (it shows the login).
func (tr *trainer) page(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if id, _, ok := tr.session(r); ok && !id.Admin {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprint(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Forbidden</title></head>`+
				`<body><main><h1>403 Forbidden</h1><p>Only the lab's admin may open the trainer's page.</p><p><a href="/">Back to the console</a></p></main></body></html>`)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// addRoutes registers the trainer's pages and API (docs/workshops.md).
func (tr *trainer) addRoutes(mux *http.ServeMux, app http.Handler, stopping <-chan struct{}) {
	mux.Handle("GET "+serverapi.TrainerPagePath, tr.page(app))
	mux.Handle(serverapi.TrainerPagePath+"/", tr.page(app))
	mux.Handle("GET "+serverapi.TrainerClassPath, tr.admin(tr.class))
	eventsH := tr.feed.handleEvents(stopping)
	mux.Handle("GET "+serverapi.TrainerEventsPath, tr.admin(func(w http.ResponseWriter, r *http.Request, _ labcloud.Identity, _ string) {
		eventsH.ServeHTTP(w, r)
	}))
	mux.Handle("PUT "+serverapi.TrainerFaultsPath, tr.admin(tr.faults))
	mux.Handle("POST "+serverapi.TrainerResetPath, tr.admin(tr.reset))
	mux.Handle("POST "+serverapi.TrainerScenarioPath, tr.admin(tr.scenario))
	mux.Handle("PUT "+serverapi.TrainerExercisePath, tr.admin(tr.exercise))
	mux.Handle("GET "+serverapi.TrainerProgressCSV, tr.admin(tr.progressCSV))
	mux.Handle("GET "+serverapi.TrainerCardsAPIPath, tr.admin(tr.cards))
	mux.Handle("GET "+serverapi.TrainerQRPath, tr.admin(tr.qr))
	mux.Handle("GET "+serverapi.TrainerExportPath, tr.admin(tr.export))
	mux.Handle("PUT "+serverapi.TrainerImportPath, tr.admin(tr.importState))
	mux.Handle("POST "+serverapi.TrainerViewPath, tr.admin(tr.view))
	mux.Handle("POST "+serverapi.TrainerReturnPath, http.HandlerFunc(tr.back))
	mux.Handle("/api/trainer/", tr.admin(func(w http.ResponseWriter, r *http.Request, _ labcloud.Identity, _ string) {
		proxy.WriteFault(w, http.StatusNotFound, "No trainer API at %s %s.", r.Method, r.URL.Path)
	}))
	mux.Handle("GET "+serverapi.LabChecklistPath, http.HandlerFunc(tr.checklist))
}

func writeJSONBody(w http.ResponseWriter, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(body)
}

func (tr *trainer) class(w http.ResponseWriter, r *http.Request, _ labcloud.Identity, _ string) {
	_, body := tr.feed.snapshot()
	writeJSONBody(w, body)
}

// decodeRequest reads a JSON request body into v (unknown fields refused).
func decodeRequest(w http.ResponseWriter, r *http.Request, limit int64, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		proxy.WriteFault(w, http.StatusBadRequest, "The request body is not what the trainer's API takes: %s.", err.Error())
		return false
	}
	return true
}

// projects resolves a ProjectsRequest: the named projects, or with All
// every trainee's.
func (tr *trainer) projects(w http.ResponseWriter, req serverapi.ProjectsRequest) ([]string, bool) {
	if req.All {
		var out []string
		for _, u := range tr.lab.Users() {
			if u.Trainee {
				out = append(out, u.Project)
			}
		}
		return out, true
	}
	if len(req.Projects) == 0 {
		proxy.WriteFault(w, http.StatusBadRequest, "Name the trainees' projects, or all of them.")
		return nil, false
	}
	return req.Projects, true
}

// done answers a trainer's change: 204, and every trainer page gets the
// new class at once.
func (tr *trainer) done(w http.ResponseWriter, err error) {
	if err != nil {
		proxy.WriteFault(w, http.StatusBadRequest, "%s", err.Error())
		return
	}
	tr.feed.refresh()
	w.WriteHeader(http.StatusNoContent)
}

func (tr *trainer) faults(w http.ResponseWriter, r *http.Request, id labcloud.Identity, _ string) {
	var req serverapi.FaultsRequest
	if !decodeRequest(w, r, 1<<20, &req) {
		return
	}
	f := req.Faults // the lab's own Faults: decoding checked the durations
	if req.Lab {
		tr.logger.Info("trainer: lab-wide faults", "user", id.User, "faults", f)
		tr.done(w, tr.lab.SetFaults(f))
		return
	}
	projects, ok := tr.projects(w, req.ProjectsRequest)
	if !ok {
		return
	}
	tr.logger.Info("trainer: faults", "user", id.User, "projects", projects, "faults", f)
	tr.done(w, tr.lab.SetProjectFaults(projects, f))
}

func (tr *trainer) reset(w http.ResponseWriter, r *http.Request, id labcloud.Identity, _ string) {
	var req serverapi.ProjectsRequest
	if !decodeRequest(w, r, 1<<20, &req) {
		return
	}
	projects, ok := tr.projects(w, req)
	if !ok {
		return
	}
	tr.logger.Info("trainer: reset", "user", id.User, "projects", projects)
	tr.done(w, tr.lab.ResetProject(projects))
}

func (tr *trainer) scenario(w http.ResponseWriter, r *http.Request, id labcloud.Identity, _ string) {
	var req serverapi.ScenarioRequest
	if !decodeRequest(w, r, 8<<20, &req) {
		return
	}
	projects, ok := tr.projects(w, req.ProjectsRequest)
	if !ok {
		return
	}
	s, err := labcloud.ParseScenario([]byte(req.Scenario))
	if err == nil {
		tr.logger.Info("trainer: scenario", "user", id.User, "projects", projects)
		err = tr.lab.LoadScenarioInto(projects, s)
	}
	tr.done(w, err)
}

func (tr *trainer) exercise(w http.ResponseWriter, r *http.Request, id labcloud.Identity, _ string) {
	var req serverapi.ExerciseRequest
	if !decodeRequest(w, r, 8<<20, &req) {
		return
	}
	var e *labcloud.Exercise
	var err error
	switch {
	case req.Name != "" && req.File != "":
		err = errors.New("give a shipped exercise's name or a file, not both")
	case req.Name != "":
		e, err = labcloud.ShippedExercise(req.Name)
	case req.File != "":
		e, err = labcloud.ParseExercise("the exercise file", []byte(req.File))
	}
	if err == nil {
		tr.logger.Info("trainer: exercise", "user", id.User, "exercise", req.Name, "setup", req.Setup)
		err = tr.lab.SetExercise(e, req.Setup)
	}
	tr.done(w, err)
}

// progressRows is the progress grid: a header (trainee, project, each
// step's title) and one row per trainee, each cell the time the step
// first passed (RFC 3339, UTC) or "".
func progressRows(cl serverapi.Class) [][]string {
	head := []string{"trainee", "project"}
	if cl.Exercise != nil {
		for i, s := range cl.Exercise.Steps {
			head = append(head, fmt.Sprintf("%d. %s", i+1, s.Title))
		}
	}
	rows := [][]string{head}
	trainees := append([]serverapi.Trainee(nil), cl.Trainees...)
	sortTrainees(trainees)
	for _, t := range trainees {
		row := []string{t.User, t.Project}
		for i := range len(head) - 2 {
			cell := ""
			if i < len(t.Steps) {
				cell = t.Steps[i].PassedAt
			}
			row = append(row, cell)
		}
		rows = append(rows, row)
	}
	return rows
}

// sortTrainees orders trainees by their number (trainee2 before trainee10).
func sortTrainees(ts []serverapi.Trainee) {
	num := func(s string) int {
		n, err := strconv.Atoi(strings.TrimLeft(s, "abcdefghijklmnopqrstuvwxyz"))
		if err != nil {
			return 1 << 30
		}
		return n
	}
	for i := 1; i < len(ts); i++ {
		for j := i; j > 0 && (num(ts[j].User) < num(ts[j-1].User) || num(ts[j].User) == num(ts[j-1].User) && ts[j].User < ts[j-1].User); j-- {
			ts[j], ts[j-1] = ts[j-1], ts[j]
		}
	}
}

func (tr *trainer) progressCSV(w http.ResponseWriter, r *http.Request, _ labcloud.Identity, _ string) {
	cl, _ := tr.feed.snapshot()
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="progress.csv"`)
	cw := csv.NewWriter(w)
	for _, row := range progressRows(cl) {
		cw.Write(csvSafe(row))
	}
	cw.Flush()
}

// csvSafe keeps a cell from being read as a formula by a spreadsheet (a
// title or name starting with = + - @).
func csvSafe(row []string) []string {
	out := make([]string, len(row))
	for i, c := range row {
		if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
			c = "'" + c
		}
		out[i] = c
	}
	return out
}

func (tr *trainer) cards(w http.ResponseWriter, r *http.Request, _ labcloud.Identity, _ string) {
	out := serverapi.Cards{URL: tr.consoleURL, Warning: tr.urlWarning, Cards: []serverapi.Card{}}
	for _, u := range tr.lab.Users() {
		if onCard(u) {
			out.Cards = append(out.Cards, serverapi.Card{User: u.Name, Password: u.Password, Project: u.Project, URL: tr.consoleURL})
		}
	}
	writeJSONBody(w, jsonBody(out))
}

func (tr *trainer) export(w http.ResponseWriter, r *http.Request, id labcloud.Identity, _ string) {
	data, err := tr.lab.MarshalState()
	if err != nil {
		proxy.WriteFault(w, http.StatusInternalServerError, "Exporting the lab failed: %s", err.Error())
		return
	}
	tr.logger.Info("trainer: export", "user", id.User, "bytes", len(data))
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="octaview-lab-%s.json"`, time.Now().UTC().Format("20060102-1504")))
	writeJSONBody(w, data)
}

func (tr *trainer) importState(w http.ResponseWriter, r *http.Request, id labcloud.Identity, _ string) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxImport))
	if err != nil {
		proxy.WriteFault(w, http.StatusRequestEntityTooLarge, "The lab state is too large (at most %d MiB) or was cut: %s", maxImport>>20, err.Error())
		return
	}
	s, err := labcloud.ParseState(data)
	if err == nil {
		err = tr.lab.ReplaceState(s)
	}
	if err != nil {
		err = fmt.Errorf("this is not a lab state this server imports: %w", err)
	} else {
		tr.logger.Info("trainer: import", "user", id.User, "bytes", len(data))
	}
	tr.done(w, err)
}

// view turns the trainer's session into a read-only view of a trainee's
// project: the lab mints a reader's token of the admin on that project
// (labcloud.Cloud.MintView), sealed into the session cookie; the trainer's
// own session waits in the proxy's stash cookie for back. The server refuses every
// write of that session (readOnlyView), the lab too (a reader's token).
func (tr *trainer) view(w http.ResponseWriter, r *http.Request, id labcloud.Identity, tok string) {
	var req serverapi.ViewRequest
	if !decodeRequest(w, r, 1<<16, &req) {
		return
	}
	viewTok, expires, err := tr.lab.MintView(tok, req.Project)
	if err != nil {
		proxy.WriteFault(w, http.StatusBadRequest, "%s", err.Error())
		return
	}
	own, _ := tr.px.SessionOf(r) // admin read it: one live session
	tr.px.SetStash(w, r, own)
	// the view keeps the tab's binding (ID) and the trainer's user: the
	// proxy takes it as this tab's session, in the trainee's project
	view, _ := tr.lab.Whoami(viewTok)
	tr.px.SetSession(w, r, proxy.Session{Token: viewTok, Expires: expires, ID: own.ID, UserID: own.UserID, ProjectID: view.ProjectID})
	tr.logger.Info("trainer: read-only view", "user", id.User, "project", req.Project)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
}

// back ends a read-only view: the view's token is revoked and the
// trainer's own session comes back from the stash cookie.
func (tr *trainer) back(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	if r.Header.Get(serverapi.SessionHeader) == "" {
		proxy.WriteFault(w, http.StatusForbidden, "The trainer's API takes changes from the console only (the %s header is missing).", serverapi.SessionHeader)
		return
	}
	id, viewTok, ok := tr.session(r)
	if !ok || !id.View {
		proxy.WriteFault(w, http.StatusConflict, "This session is not a trainer's read-only view.")
		return
	}
	stash, ok := tr.px.StashOf(r)
	own, isLive := tr.lab.Whoami(stash.Token)
	if !ok || !isLive || !own.Admin {
		proxy.WriteFault(w, http.StatusConflict, "The trainer's own session has ended: log in again as the lab's admin.")
		return
	}
	tr.lab.EndView(viewTok)
	tr.px.SetSession(w, r, stash)
	tr.px.SetStash(w, r, proxy.Session{})
	w.WriteHeader(http.StatusNoContent)
}

// readOnlyView refuses every write of a trainer's read-only view (only
// GET, HEAD, logging in and out pass, as -read-only), before the request
// goes anywhere: the server's read-only rule, for that session alone.
func (tr *trainer) readOnlyView(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !allowedReadOnly(r) {
			if id, _, ok := tr.session(r); ok && id.View {
				proxy.WriteServiceFault(w, proxy.ServiceOf(r.URL.Path), http.StatusForbidden, "This is a trainer's read-only view of %s: %s is not allowed.", id.Project, r.Method)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// checklist serves LabChecklistPath for any session of the lab: the
// exercise's steps for its project (a trainer's view: the trainee's).
func (tr *trainer) checklist(w http.ResponseWriter, r *http.Request) {
	id, _, ok := tr.session(r)
	if !ok {
		proxy.WriteFault(w, http.StatusUnauthorized, "Log in to see your checklist.")
		return
	}
	out := tr.feed.checklist(id.ProjectID)
	out.Project = id.Project
	if id.View {
		out.View = id.Project
	}
	writeJSONBody(w, jsonBody(out))
}
