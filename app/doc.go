// Package app is Octaview's user interface: go-app v10 components compiled to
// WebAssembly (cmd/server's main_js.go calls Register, then go-app's
// RunWhenOnBrowser) and pre-rendered by the server, which serves Handler.
//
// # Layout
//
// As in go-app's own docs app, one idea a file:
//
//   - routes.go: the route table (Register: the login, the status wall, the
//     create wizard and, from the ordered table of kinds, every kind's list,
//     detail page and forms) and the PWA description (Handler);
//   - shell.go: the one shell every signed-in page renders inside (header with
//     project and user, navigation, the operations panel, logout);
//     reauth_dialog.go: its "log in again" dialog;
//   - resource.go: what a kind is for the console (resource: its
//     octavia.Kind, paths, columns, properties, form fields, filters,
//     children, sections, actions) and the ordered table of them
//     (resources); one file a kind, res_<kind>.go, holds its description and
//     nothing else. What the client knows of a kind (URLs, JSON envelopes,
//     parent, id attribute, how its load balancer is found) is octavia's
//     kind table: the pages never switch on kinds;
//   - list_page.go (the page), list_loader.go (reading the rows: pages,
//     the login's prefetch of the first one, the pending rows' polls),
//     list_sort.go (the rows' orders and the table's columns), rows.go (a
//     row, made from the attributes the list asks Octavia for), list_one.go
//     (a parent that may have only one child of a kind);
//   - detail_page.go, detail_dialogs.go (its delete and action
//     confirmations), props.go (its properties: exactly the attributes of
//     Octavia's answer, each labelled by internal/attr); a section gets a
//     sectionEnv (session, object, Ref, Follow), not the page;
//     status_tree_card.go, the load balancer's status tree, polls itself;
//   - form_page.go, the generic create and edit form, and field_input.go,
//     the one field input it and the create wizard (lb_wizard.go; its typed
//     VIP when Neutron lists no subnet, lb_vip_typed.go) draw; what a
//     provider driver takes is internal/form's provider.go;
//   - write.go: the one runner of writes (writer) and retry.go its "Retry
//     when ACTIVE"; operations.go: the journal of accepted writes and their
//     waits; poll.go: the shared polls (objHub, treeHub) and the status
//     source the client's waits read them through (hubSource);
//   - the other pages, *_page.go (login, status wall), and the sections
//     (tags_editor.go, member_batch.go, lb_amphorae.go, stats*.go,
//     quota_limits.go, amphora_stats.go);
//   - session*.go, config.go: the signed-in client (the token sealed in the
//     server's HttpOnly cookie, never in the page), the "log in again"
//     hook, logout in every tab; debug.go: the debug flags (localStorage
//     "octaview.debug": "memstats" for the benchmarks), never on by itself;
//   - boot.go, login_boot.go, pattern_routes.go: the start (the page's
//     start-up state, the served login form taken over with what was typed,
//     the routes with a pattern registered after the first paint); update.go:
//     the "new version" notice;
//   - elements.go: the element shapes many pages build alike (classDiv,
//     idButton, alertError…), one call where a go-app chain would be
//     several, which keeps the wasm smaller.
//
// The pure parts live in packages of their own under internal/, without
// go-app, tested natively: internal/form (a kind's fields, values, request
// bodies and checks, and the validators of Octavia's rules), internal/wizard
// (the create wizard's model: its items, the one request, its checks),
// internal/attr (the dictionary of Octavia's attributes: labels, links,
// readable values), internal/lazyregexp (patterns compiled on first use,
// not at the app's start). app imports them; form and attr import octavia;
// wizard imports form and octavia; none imports app.
//
// # Reading and writing Octavia
//
// Every kind is read and written as Octavia's own JSON (octavia.Object)
// through the client's kind-indexed calls: a list asks only for the
// attributes its rows show (octavia.Client.Rows), a page shows every
// attribute of the answer and none it did not send, a form sends exactly
// what it shows. Every write (a form's, a delete, an action, the wizard's
// create, an amphora's failover, a member batch, tags) is one write run by a
// writer: a busy 409 offers "Retry when ACTIVE", an accepted write becomes
// an operation (the journal) whose wait is the client's own
// (WaitChildActive, WaitTreeActive, …) reading the shared polls.
//
// # Forms: what was decided
//
// Each kind declares its form once (res_<kind>.go: form.Field, with its
// required, create-only, choices, defaults and when each field applies);
// the generic form and the create wizard both use it. Where the form and
// the wizard had drifted apart:
//
//   - PROMETHEUS is a listener protocol on both (Octavia Zed takes it, as the
//     real Zed of make fidelity shows); a PROMETHEUS listener takes no
//     default pool in the wizard (it serves metrics itself);
//   - a health monitor's timeout defaults to 3 s on both (its delay to 5 s:
//     a check ends before the next starts; Octavia requires timeout ≤ delay);
//     its HTTP method, URL path and expected codes default to Octavia's own
//     (GET, /, 200), shown rather than implied;
//   - tags are on the create form of every kind that has them (and on every
//     item of the wizard); an edit changes them with the tags editor of the
//     object's page (a merge that keeps other writers' tags), never by the
//     edit form;
//   - the wizard leaves out what its one request gives by nesting (a
//     listener's load balancer, a pool's listener, a policy's redirect pool
//     is picked among the wizard's pools) and admin_state_up (a new tree
//     starts up, Octavia's default); a wizard pool's name is required (the
//     request refers to a pool used twice by its name); a new wizard policy
//     redirects to a URL (internal/wizard.New says so in code).
//
// # Polling and goroutines
//
// One waiters.Hub (poll.go, objHub) polls single objects, keyed by project,
// kind and id: a list's pending rows in view, a detail page while its object
// is pending, and every operation's wait read the same poll, one GET per
// object per 3 s however many views; treeHub polls status trees the same way
// (the status tree card, a fully populated create's wait); stats have their
// own Hub (stats.go). Lists are read whole only on load, Refresh and every
// 60 s. The status wall follows the server's event stream and, when it
// fails, polls /api/status on a Hub too.
//
// Render, event handlers and the On* hooks run on go-app's UI goroutine.
// Every network call runs in ctx.Async; its results are written to
// component fields only inside ctx.Dispatch. Pollers (waiters.Hub
// subscriptions, tickers) belong to the component that started them, which
// stops them in OnDismount: go-app's context is never canceled by itself.
//
// Every value that comes from a cloud is rendered as text (go-app's Text,
// attribute setters), never with Raw, so a load balancer named
// <img src=x onerror=alert(1)> shows that text and runs nothing.
package app
