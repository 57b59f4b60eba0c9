// Package trainer is the trainer's room of the console: the trainer page
// (trainer_page.go: its feed and summary; trainer_actions.go: what the
// trainer sends through the server's trainer API in app/serverapi, one
// change at a time; trainer_forms.go: the forms for faults, resets,
// scenarios, exercises and the lab's import, each with its result line;
// trainer_confirm.go: the console's own confirmation dialog of a reset or
// an import) and the printable login cards (trainer_cards.go,
// passwords printed in groups: password_groups.go). Beside the page: a
// trainee's compact tile (tiles.go) in a bounded grid (tile_grid.go), and,
// tested natively, whom its forms act on (target.go) and the progress grid
// with its sort (progress.go). It stands on app/internal/console and
// app/internal/ui; app's routes.go registers it.
package trainer
