// Package app is Octaview's user interface: go-app v10 components compiled to
// WebAssembly (cmd/server's main_js.go calls Register, then go-app's
// RunWhenOnBrowser) and pre-rendered by the server, which serves Handler.
//
// Layout, as in go-app's own docs app:
//
//   - routes.go: the route table (Register) and the PWA description (Handler);
//   - shell.go: the one shell every signed-in page renders inside (header with
//     project and user, navigation, the operations panel, logout);
//   - resource.go: one description per kind of Octavia resource (resource:
//     its octavia.Kind, paths, client calls, parent, columns, properties, form
//     fields, filters, children, sections, actions), one file each,
//     res_<kind>.go; the routes and the navigation are made from their table;
//   - list_page.go, detail_page.go, form_page.go: the generic list, detail
//     page and create/edit form every kind is shown with; object.go: an
//     object as Octavia's JSON says it, and requestBody, every client
//     builder, so a form sends exactly what it shows; validate.go: Octavia's
//     checks of each kind's form;
//   - the other pages, *_page.go (login, status wall) and lb_wizard*.go (the
//     load balancer create wizard: the whole tree in one POST);
//   - load_status.go: the load-status enum of everything fetched;
//   - session.go, session_browser.go, operations.go: the signed-in client (the token
//     sealed in the server's HttpOnly cookie, never in the page), the "log in again"
//     dialog's hook, logout in every tab
//     and the operations journal (accepted writes and their waits);
//   - status_tree.go, status_tree_svg.go: the status tree laid out by a plain
//     function and drawn as inline SVG (box colour = operating status, left
//     stripe = provisioning status, with a legend);
//   - plain functions with native table tests for what can be pure:
//     formatting, filtering, the status-tree layout, wait-item texts,
//     error sentences, server-sent events.
//
// Polling: one waiters.Hub (poll.go, objHub) polls single objects, keyed by
// project, kind and id: a list's pending rows in view, a detail page while
// its object (or a load balancer's tree) is pending, and every operation's
// wait read the same poll, one GET per object per 3 s however many views;
// stats have their own Hub (stats.go). Lists are read whole only on load,
// Refresh and every 60 s. The status wall follows the server's event stream
// and, when it fails, polls /api/status on a Hub too (the bodies are
// serverapi's types, shared with the server). Accepted writes of any kind
// become operations keyed by their octavia.Ref (operations.go): their waits
// (the CLI's --wait: the load balancer, then the child) run until the end,
// whatever page is shown, and the operations journal in sessionStorage
// (without any secret) lets a reload resume them after the next login.
//
// Goroutines: Render, event handlers and the On* hooks run on go-app's UI
// goroutine. Every network call runs in ctx.Async; its results are written to
// component fields only inside ctx.Dispatch. Pollers (waiters.Hub
// subscriptions, tickers) belong to the component that started them, which
// stops them in OnDismount: go-app's context is never canceled by itself.
//
// Every value that comes from a cloud is rendered as text (go-app's Text,
// attribute setters), never with Raw, so a load balancer named
// <img src=x onerror=alert(1)> shows that text and runs nothing.
package app
