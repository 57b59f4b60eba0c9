// Package tab is what a browser tab of the console holds, below the kind
// table (internal/console) and the pages:
//
//   - the tab's Runtime (runtime.go: what outlives a page, handed to every
//     page by app's routes and reached from the sessions the tab makes)
//     with the start-up state the served page handed over (startup.go,
//     page_boot.go, boot_restore.go, served_store.go: each part taken
//     once) and the rows a login read for its list (first_rows.go, of
//     Row, a list's row, and its order: row.go);
//   - the signed-in session (session.go, session_browser.go: the token
//     sealed in the server's HttpOnly cookie, never in the page; "log in
//     again" shown by the mounted shells, ReauthShell; logout in every
//     tab; all of it the Runtime's, rt.CurrentSession), the login page
//     that comes back to a page (login_next.go), the paths of the pages
//     beyond the kinds' (paths.go), the projects' names
//     (project_names.go) and other objects' names, read by kind into a
//     bounded book (object_names.go);
//   - the tabs' shared polls (poll.go: the Runtime's objects, trees and
//     stats hubs, the status source the client's waits read through;
//     crosstab*.go: their share among the browser's tabs) and the
//     statuses the tab saw (live.go);
//   - the journal of accepted writes with their waits (operations.go,
//     op_end.go: the Runtime's Operations; op_text.go: an operation and
//     a refused write in words; op_anchor.go: a wait card named in a
//     page's URL).
//
// It imports internal/site, internal/ui, serverapi, octavia and waiters;
// internal/console and the pages import it.
package tab
