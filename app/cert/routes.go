package cert

import (
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
)

// Paths of the certificate pages.
const (
	ListPath      = console.CertificatesPath
	NewPath       = ListPath + "/new"
	secretsPath   = ListPath + "/secrets/"
	containerPath = ListPath + "/containers/"
)

// PagePath is the page of the certificate with this ref (a secret's or a
// container's; RefKey "secrets/<uuid>").
func PagePath(key string) string { return ListPath + "/" + key }

// Routes declares the certificate pages with rt's tab: the list and the
// upload as exact routes, a certificate's page with route (app's deferred
// pattern routes).
func Routes(rt *tab.Runtime, route func(pattern string, newComponent func() goapp.Composer)) {
	goapp.Route(ListPath, func() goapp.Composer { return newList(rt) })
	goapp.Route(NewPath, func() goapp.Composer { return newUpload(rt) })
	route(`^`+ListPath+`/(secrets|containers)/[0-9a-fA-F-]{36}$`, func() goapp.Composer { return newCertPage(rt) })
}

// pageKey is the collection and UUID of the certificate page at path
// ("secrets", "<uuid>").
func pageKey(path string) (collection, id string) {
	rest := strings.TrimPrefix(path, ListPath+"/")
	collection, id, _ = strings.Cut(rest, "/")
	return collection, id
}
