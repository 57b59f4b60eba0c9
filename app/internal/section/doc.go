// Package section is the parts a detail page embeds after an object's
// properties: Render (render.go) turns the section a kind names
// (console.Section, in the kind's Sections) into its component, given
// the page's console.SectionEnv. They are a load balancer's status tree
// (status_tree_card.go), the traffic of a load balancer or a listener
// (stats.go, stats_chart.go), a load balancer's amphorae with their
// failover (lb_amphorae.go), a load balancer's floating IP, live, with its
// associate and disassociate (floating_ip.go, floating_ip_form.go), a
// pool's members changed as one batch
// (member_batch.go, member_batch_plan.go: the plan, tested natively;
// member_batch_servers.go: lines added from the project's servers), a
// project's limits against the defaults (quota_limits.go) and an
// amphora's listeners' traffic (amphora_stats.go), a listener's
// certificates with their expiry (listener_certs.go); and the tags editor
// of any object with tags (tags_editor.go). A card's body while its value
// is being read, or could not be, is readState's (read_state.go).
//
// It imports internal/console, internal/tab, internal/ui, octavia (and its
// amphoracontrol) and waiters; the detail page imports it.
package section
