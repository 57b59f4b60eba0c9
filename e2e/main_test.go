//go:build !js

package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/octaview/octaview/cmd/server/servertest"
)

// What TestMain sets up once for the package's tests (read-only after it).
var (
	octaviewBin string            // the server's binary, built from cmd/server
	octaview    servertest.Runner // runs octaviewBin: servertest.Exec
	chromium    context.Context   // the package's one Chromium; newBrowser opens a tab in a browser context of its own
)

// TestMain builds the server once and starts the one Chromium the tests
// share (when it is installed: requireTools fails the tests otherwise).
func TestMain(m *testing.M) {
	code, err := setUp(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		code = 1
	}
	os.Exit(code)
}

func setUp(m *testing.M) (int, error) {
	dir, err := os.MkdirTemp("", "octaview-e2e-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	octaviewBin = filepath.Join(dir, "octaview")
	if out, err := exec.Command("go", "build", "-trimpath", "-o", octaviewBin, "github.com/octaview/octaview/cmd/server").CombinedOutput(); err != nil {
		return 0, fmt.Errorf("go build ./cmd/server: %v\n%s", err, out)
	}
	octaview = servertest.Exec(octaviewBin)
	if _, err := os.Stat(chromiumPath); err == nil {
		actx, acancel := chromedp.NewExecAllocator(context.Background(), chromiumOptions(filepath.Join(dir, "chromium"))...)
		defer acancel()
		ctx, cancel := chromedp.NewContext(actx)
		defer cancel()
		if _, err := chromedp.Run(ctx, chromedp.Navigate("about:blank")); err != nil {
			return 0, fmt.Errorf("starting %s: %v", chromiumPath, err)
		}
		chromium = ctx
	}
	return m.Run(), nil
}
