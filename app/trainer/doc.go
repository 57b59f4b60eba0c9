// Package trainer is the trainer's room of the console: the trainer page
// (trainer_page.go: its feed, summary and forms for faults, resets,
// scenarios and exercises, through the server's trainer API in
// app/serverapi) and the printable login cards (trainer_cards.go). Beside
// the page: a trainee's tile (tiles.go) in a bounded grid (tile_grid.go),
// and, tested natively, whom its forms act on (target.go) and the
// progress grid with its sort (progress.go). It stands on
// app/internal/console and app/internal/ui; app's routes.go registers it.
package trainer
