//go:build !js

package tab

// browserTabs is nil natively: there are no other tabs to share polls
// with (the server's pre-render polls nothing).
func browserTabs() *tabShare { return nil }
