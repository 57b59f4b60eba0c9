// Package export is the console's "Export as code" room: the panel that
// shows a load balancer's tree as the openstack CLI commands, the
// Terraform and the Ansible that build it (the top-level export package
// writes them, imported here as code), with Copy and Download.
//
// Its files: the panel's state, its reads and its opening from a load
// balancer's page or the wizard's review (panel.go), its dialog, tabs and
// code block (panel_render.go), Copy and Download (clipboard.go); its
// pure parts, tested natively: the formats and the file names
// (formats.go), and what it says (words.go). app/detail and app/wizard
// hold a Panel each; it stands on app/internal/tab and app/internal/ui.
package export
