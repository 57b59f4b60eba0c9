package trainer

import (
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/site"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/app/serverapi"
)

// Cards is the printable page of the class's cards (/trainer/cards,
// the lab's admin only): one card per trainee with the console's URL, the
// user, the password and a QR code of the URL, which the server draws (the
// QR library is not in app.wasm). The print style sheet keeps the cards
// alone on the paper, none cut across pages.
type Cards struct {
	goapp.Compo

	rt     *tab.Runtime // the tab's (NewCards)
	status ui.LoadStatus
	err    string
	cards  serverapi.Cards
}

// NewCards is a cards page of the tab whose runtime is rt (its route's).
func NewCards(rt *tab.Runtime) *Cards { return &Cards{rt: rt} }

func (p *Cards) OnNav(ctx goapp.Context) {
	if p.rt.RequireSession(ctx) == nil || p.status == ui.Loading {
		return
	}
	p.status = ui.Loading
	site.GetServerJSON(ctx, serverapi.TrainerCardsAPIPath, 30*time.Second, func(ctx goapp.Context, cards serverapi.Cards, err error) {
		if err != nil {
			p.status, p.err = ui.LoadFailed, err.Error()
			return
		}
		p.status, p.cards = ui.Loaded, cards
	})
}

func (p *Cards) Render() goapp.UI {
	return ui.ClassDivBody("cards-page",
		ui.SkipLink(),
		goapp.Header().Class("cards-head", "no-print").Body(
			goapp.H1().Text("Workshop cards"),
			ui.ClassDiv("spacer"),
			ui.ClassA("btn").Href(serverapi.TrainerPagePath).Text("Back to the trainer's page"),
			ui.TypedButton("cards-print", "button").Class("btn", "btn-primary").
				OnClick(func(ctx goapp.Context, e goapp.Event) { goapp.Window().Call("print") }).Text("Print"),
		),
		ui.MainContent().Body(
			goapp.If(p.status == ui.LoadFailed, func() goapp.UI {
				return ui.IDClassDiv("cards-error", "alert", "alert-error").Text("The cards could not be read: " + p.err + " (the lab's admin only)")
			}).ElseIf(p.status == ui.Loaded && len(p.cards.Cards) == 0, func() goapp.UI {
				return ui.ClassDivText("empty", "No trainees: start the server with -lab-trainees N.")
			}).ElseIf(p.status != ui.Loaded, func() goapp.UI {
				return ui.ClassDiv("empty", "loading").Text("Reading the cards…")
			}),
			goapp.If(p.cards.Warning != "", func() goapp.UI {
				return ui.IDClassDiv("cards-url-warning", "alert", "alert-warn", "no-print").Attr("role", "status").Text(p.cards.Warning)
			}),
			ui.IDClassDiv("cards", "cards").Body(ui.RangeSlice(p.cards.Cards, func(i int) goapp.UI {
				c := p.cards.Cards[i]
				pw := passwordGroups(c.Password)
				return goapp.Section().Class("print-card").DataSet("user", c.User).Aria("label", "card of "+c.User).Body(
					goapp.H2().Text("Octaview workshop"),
					goapp.Dl().Body(
						goapp.Dt().Text("Console"), goapp.Dd().Class("mono").Text(c.URL),
						goapp.Dt().Text("User"), goapp.Dd().Class("mono", "card-user").Text(c.User),
						goapp.Dt().Class("card-password-label").Text(passwordLabel(pw)), goapp.Dd().Class("mono", "card-password").Aria("label", c.Password).Body(
							ui.RangeSlice(pw, func(i int) goapp.UI {
								return ui.ClassSpanText("pw-group", pw[i])
							})),
						goapp.Dt().Text("Project"), goapp.Dd().Class("mono").Text(c.Project),
						goapp.Dt().Text("Domain"), goapp.Dd().Class("mono").Text("Default"),
					),
					goapp.Img().Class("card-qr").Src(serverapi.TrainerQRPath).Alt("QR code of "+c.URL).
						Attr("width", 132).Attr("height", 132),
				)
			})),
		))

}
