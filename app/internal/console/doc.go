// Package console is what a kind is for the console and how it is
// written, below the pages (app's rooms) and above the tab
// (internal/tab: the Runtime, the session, the polls, the journal):
//
//   - what a kind is for the console (resource.go, res_<kind>.go: one file a
//     kind; whatever the generic pages once switched on by kind is data of
//     the kind there: at most one per parent, the provider's restrictions,
//     a profile's capabilities, a field's side effects, the columns a write
//     fills) and its rows (rows.go, list_sort.go), properties (props.go) and
//     status tree (status_tree*.go, status_why.go: its nodes are
//     octavia.Kind, named by the kind table), what a path names
//     (page_ref.go), links by name (ref_names.go), a child page's
//     breadcrumb (crumbs.go) and a list's counts by status (counts.go);
//   - the one runner of writes (write.go, retry.go, busy_status.go: a
//     write finds its load balancer once, and its retry and wait reuse
//     it; tab's journal keeps the accepted ones);
//   - the sections a kind's detail page embeds, by name (Section in
//     resource.go; internal/section renders them);
//   - a kind's navigation entry (nav.go) and the VIP subnet and port
//     choices the form and the wizard share (choices.go), the VIP's QoS
//     policies (qos_choices.go) and floating IPs (fip_choices.go: the
//     choices, their read and the association, shared by the load
//     balancer's page and the wizard), the roles in words (choices.go)
//     and a status badge (props.go).
//
// It imports internal/tab, internal/ui, internal/form, internal/attr,
// serverapi, octavia and waiters; internal/section, internal/shell and
// the pages import it, never the other way round.
//
// What a form's certificate fields pick from: the project's certificates
// in Barbican with their subject and expiry (cert_choices.go, over
// internal/cert's model), read once per form when one shows
// (cert_picks.go).
package console
