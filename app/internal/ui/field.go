package ui

import goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

// Field is a labelled form control.
func Field(id, label string, control goapp.UI) goapp.UI {
	return ClassDivBody("field",
		goapp.Label().For(id).Text(label),
		control)
}
