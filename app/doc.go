// Package app is Octaview's user interface: go-app v10 components compiled to
// WebAssembly (cmd/server's main_js.go calls Register, then the Root's
// Boot, then go-app's RunWhenOnBrowser) and pre-rendered by the server,
// which serves Handler.
//
// # Layout
//
// app is the composition root; the pages live in rooms of their own, each
// a package that imports only what is below it (go list -deps shows it):
//
//	app                    routes.go (Register: the Root, which holds the
//	                       tab's tab.Runtime and hands it to every
//	                       page's constructor in its route; Handler: the
//	                       PWA description), boot.go (Root.Boot: one
//	                       tab.Startup built from the served page, the
//	                       served login form taken over, the first answers
//	                       kept), served.go and served_server.go (a first
//	                       screen: bootServed in the browser, FirstScreen on
//	                       the server), pattern_routes.go (routes with a
//	                       pattern, registered after the first paint),
//	                       pages.go (NeedsSession, LoginFor for the server)
//	├── list               a kind's list page, its rows' reads, live rows
//	├── detail             an object's page, its dialogs, live reads
//	├── edit               the create and edit form of every kind
//	├── wizard             the create wizard (its model: internal/wizard)
//	├── login              the login page, its served form, the plain post
//	├── trainer            the trainer page and the printable cards
//	├── wall               the anonymous status wall
//	├── cert               the certificate pages (Barbican): list, page, upload
//	├── export             "Export as code": the panel of a load balancer's
//	│                      page and of the wizard's review (CLI, Terraform,
//	│                      Ansible, written by the top-level export package)
//	├── serverapi          the wire types the server and the app share
//	└── internal
//	    ├── shell          the frame of every signed-in page, its "log in
//	    │                  again" dialog, the lab's checklist panel
//	    ├── section        the sections a detail page embeds, the tags editor
//	    ├── console        the table of kinds (resource.go, res_<kind>.go),
//	    │                  rows, properties, status tree, the writer
//	    ├── tab            what a tab holds: the Runtime, the session, the
//	    │                  shared polls, the journal of operations
//	    ├── site           the console's own server: config, build, trainer API
//	    ├── ui             go-app building blocks (elements, a11y,
//	    │                  formats, the field input, the virtual table)
//	    ├── form           a kind's fields, values, bodies and checks
//	    ├── serverpick     the member forms' picker of the project's servers
//	    ├── wizard         the create wizard's model
//	    ├── cert           certificates: parse, expiry, who uses a ref
//	    ├── attr           the dictionary of Octavia's attributes
//	    ├── lazyregexp     patterns compiled on first use
//	    └── labtest        the tests' way to the lab cloud (tests only)
//
// Each package's doc.go names its files; the four without a doc.go (attr,
// lazyregexp, labtest, internal/wizard) have their package comment in their
// main file. The pure packages (form, wizard, attr, lazyregexp) have no
// go-app and are tested natively; so are the others (go-app compiles
// natively), their browser behaviour in e2e's Chromium tests.
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
// Each kind declares its form once (internal/console/res_<kind>.go: form.Field, with its
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
// # State, polling and goroutines
//
// What outlives a page is the tab's tab.Runtime, not package
// variables: Register builds one, every route's constructor (list.New,
// detail.New, edit.New, wizard.New, login.New, trainer.New, wall.New)
// hands it to its page, the page to its shell (shell.New) and to its
// sections (console.SectionEnv), and a session the tab makes
// (tab.NewSession) reaches it. It holds the start-up state
// (tab.Startup: what the served page handed over, each part taken
// once by the first page that uses it), the rows a login read for the list
// it goes to, the statuses the tab saw, the shared polls, the signed-in
// session with its "log in again" and its logout in every tab, and the
// operations journal. The one mutable package variable left in app/ is
// the update watch (internal/site/update.go), which says why.
//
// One waiters.Hub of the Runtime (internal/tab/poll.go) polls single objects, keyed by project,
// kind and id: a list's pending rows in view, a detail page while its object
// is pending, and every operation's wait read the same poll, one GET per
// object per 3 s however many views; another polls status trees the same way
// (the status tree card, a fully populated create's wait); stats have their
// own Hub (internal/tab/poll.go, read by internal/section/stats.go). Lists are read whole only on load, Refresh and every
// 60 s. The status wall follows the server's event stream and, when it
// fails, polls /api/status on the Runtime's wall Hub.
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
