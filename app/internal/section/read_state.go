package section

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/octaview/octaview/app/internal/ui"
)

// readState is a card's body while the value it shows is not there:
// failed, in an alert of id failID, once its read failed (status
// ui.LoadFailed), else reading in the muted loading line. UI goroutine.
func readState(status ui.LoadStatus, failID, failed, reading string) goapp.UI {
	if status == ui.LoadFailed {
		return ui.IDClassDiv(failID, "alert", "alert-error").Text(failed)
	}
	return ui.ClassDiv("empty", "loading").Text(reading)
}
