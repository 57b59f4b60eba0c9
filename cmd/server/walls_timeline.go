//go:build !js

package main

import "github.com/octaview/octaview/internal/timeline"

// openWallTimeline opens the walls' changes store (internal/timeline) at
// path ("": in memory only), with its default bounds (24 h, capped).
func openWallTimeline(path string) (wallTimeline, error) {
	return timeline.Open(path, timeline.Options{})
}
