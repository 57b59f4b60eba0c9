// Package shell is the frame every signed-in page renders inside (shell.go:
// the header with the project and region switchers, the navigation, the
// logout, the operations panel and the "new version" notice), its "log in
// again" dialog (reauth_dialog.go: the tab's ReauthShell) and the lab's
// checklist panel for a trainer's class (checklist_panel.go).
//
// It imports internal/console, internal/tab, internal/site, internal/ui,
// serverapi and octavia; the pages import it.
package shell
