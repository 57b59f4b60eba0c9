//go:build !js

package console

// browserTabs is nil natively: there are no other tabs to share polls
// with (the server's pre-render polls nothing).
func browserTabs() *tabShare { return nil }
