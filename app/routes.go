package app

import (
	"regexp"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/cert"
	"github.com/octaview/octaview/app/detail"
	"github.com/octaview/octaview/app/edit"
	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/list"
	"github.com/octaview/octaview/app/login"
	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/app/trainer"
	"github.com/octaview/octaview/app/wall"
	"github.com/octaview/octaview/app/wizard"
)

// Root is the composition root of one run of the app: the tab's runtime
// (console.Runtime: the start-up state and what the pages hand each other),
// handed to every page by its route, and the routes with a pattern put off
// until the first page is painted (pattern_routes.go). Register builds it;
// in the browser, Boot then gives it the page's start-up state.
type Root struct {
	rt       *tab.Runtime
	patterns patternRoutes
}

// Register declares every route of the app: the login, the status wall,
// the load balancer create page and, from the table of kinds (resources),
// every kind's list, detail page and forms, each page built with the
// returned Root's runtime. Call it once in both builds before
// goapp.RunWhenOnBrowser (the browser, which then calls Boot) and before
// serving Handler (the server, which pre-renders the same pages).
func Register() *Root {
	root := &Root{rt: tab.NewRuntime()}
	rt := root.rt
	goapp.Route(tab.HomePath, func() goapp.Composer { return list.New(rt) })
	goapp.Route(tab.LoginPath, func() goapp.Composer { return login.New(rt) })
	goapp.Route(tab.CreatePath, func() goapp.Composer { return wizard.New(rt) })
	goapp.Route(tab.WallPath, func() goapp.Composer { return wall.New(rt) })
	goapp.Route(serverapi.TrainerPagePath, func() goapp.Composer { return trainer.New(rt) })       // trainer_page.go
	goapp.Route(serverapi.TrainerCardsPath, func() goapp.Composer { return trainer.NewCards(rt) }) // trainer_cards.go
	for _, r := range console.Resources {
		root.registerResource(r)
	}
	cert.Routes(rt, root.patterns.route) // the certificate pages (app/cert)
	root.patterns.route("^"+serverapi.WallPagePath+`[^/?]+(/[^/?]+)?/?$`, func() goapp.Composer { return wall.NewWallPage(rt) })
	return root
}

// registerResource routes a kind's pages: its list, its detail page, its
// create and edit forms (exact routes and the forms before the detail
// pattern, which would match "new"). A child kind's pages are under its
// parent's page (/pools/{pool}/members/{id}), its list on that page.
func (root *Root) registerResource(r *console.Resource) {
	rt := root.rt
	base := regexp.QuoteMeta(r.Path)
	if pr := r.Parent(); pr != nil {
		base = regexp.QuoteMeta(pr.Path) + `/[^/]+` + regexp.QuoteMeta(r.Path)
	} else {
		goapp.Route(r.Path, func() goapp.Composer { return list.New(rt) })
	}
	if r.Create && r.CreatePath == "" {
		root.patterns.route("^"+base+"/new$", func() goapp.Composer { return edit.New(rt) })
	}
	if r.Edit {
		root.patterns.route("^"+base+"/[^/]+/edit$", func() goapp.Composer { return edit.New(rt) })
	}
	if !r.NoDetail {
		root.patterns.route("^"+base+"/[^/]+$", func() goapp.Composer { return detail.New(rt) })
	}
}

// Colours of the installed app and of its loading screen.
const (
	backgroundColor = "#0f1b2b"
	themeColor      = "#132a45"
)

// Handler describes the app for go-app's server side: names, local icons,
// the one style sheet. Nothing in it points outside the origin. The server
// sets Version, Resources and the wasm headers on what it returns; each call
// returns a new Handler.
func Handler() *goapp.Handler {
	return &goapp.Handler{
		Name:        "Octaview",
		ShortName:   "Octaview",
		Title:       tab.AppTitle,
		Description: "A console for OpenStack Octavia load balancers: list, inspect their status trees, create and delete them, and watch every wait.",
		Lang:        "en",
		Icon: goapp.Icon{
			Default:  "/web/icon-192.png",
			Large:    "/web/icon-512.png",
			Maskable: "/web/icon-512.png",
			SVG:      "/web/icon.svg",
		},
		Styles:          []string{"/web/octaview.css"},
		LoadingLabel:    "Loading Octaview…",
		BackgroundColor: backgroundColor,
		ThemeColor:      themeColor,
	}
}
