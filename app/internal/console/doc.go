// Package console is what every page of the console stands on, below the
// pages themselves (app's rooms) and above internal/ui:
//
//   - the tab's Runtime (runtime.go: what outlives a page, handed to every
//     page by app's routes and reached from the sessions the tab makes) with
//     the start-up state the served page handed over (startup.go,
//     page_boot.go, boot_restore.go, served_store.go: each part taken once)
//     and the rows a login read for its list (first_rows.go);
//   - the signed-in session (session*.go: the token sealed in the
//     server's HttpOnly cookie, never in the page; "log in again"; logout in
//     every tab; all of it the Runtime's, rt.CurrentSession) and the tabs'
//     shared polls (crosstab*.go, poll.go: the
//     Runtime's objects and trees hubs, the status source the client's
//     waits read through);
//   - what a kind is for the console (resource.go, res_<kind>.go: one file a
//     kind; whatever the generic pages once switched on by kind is data of
//     the kind there: at most one per parent, the provider's restrictions,
//     a profile's capabilities, a field's side effects, the columns a write
//     fills) and its rows (rows.go, list_sort.go), properties (props.go) and
//     status tree (status_tree*.go, status_why.go, live.go: its nodes are
//     octavia.Kind, named by the kind table);
//   - the one runner of writes (write.go, retry.go, busy_status.go: a
//     write finds its load balancer once, and its retry and wait reuse
//     it) and the journal of accepted writes with their waits
//     (operations.go, op_end.go: the Runtime's Operations);
//   - the shell every signed-in page renders inside (rt.Shell; shell.go,
//     reauth_dialog.go, checklist_panel.go) and the sections a detail page
//     embeds (tags_editor.go, member_batch*.go, lb_amphorae.go, stats*.go,
//     quota_limits.go, amphora_stats.go);
//   - the paths of the pages and a kind's navigation entry
//     (paths.go, login_next.go, nav.go), the projects' names
//     (project_names.go) and the VIP subnet and port choices the form and
//     the wizard share (choices.go).
//
// It imports internal/site, internal/ui, internal/form, internal/attr,
// serverapi and octavia; the pages import it, never the other way round.
package console
