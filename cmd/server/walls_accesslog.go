//go:build !js

package main

import (
	"strings"

	"github.com/octaview/octaview/app/serverapi"
)

// wallPrefixes are the paths whose part after the wall's name may be its
// secret token.
var wallPrefixes = [...]string{serverapi.WallPagePath, serverapi.WallStatusPath, serverapi.WallEventsPath,
	serverapi.WallMetricsPath, serverapi.WallNotesPath}

// loggedPath is p as the access log shows it: a wall's URL without what
// follows its name (a secret wall's token), as /walls/noc/REDACTED.
func loggedPath(p string) string {
	for _, prefix := range wallPrefixes {
		rest, ok := strings.CutPrefix(p, prefix)
		if !ok {
			continue
		}
		if name, _, secret := strings.Cut(rest, "/"); secret {
			return prefix + name + "/REDACTED"
		}
		return p
	}
	return p
}
