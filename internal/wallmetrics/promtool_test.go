package wallmetrics

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/internal/promtest"
)

// TestPromtoolCheckMetrics: Prometheus's own linter (promtool check
// metrics, Debian's prometheus package) finds nothing to say of a wall's
// metrics: names, units, help and types as Prometheus advises.
func TestPromtoolCheckMetrics(t *testing.T) {
	bin := promtest.Program(t, "promtool")
	body := scrape(t, Handler(func() serverapi.Wall { return wall(serverapi.WallShow{Names: true, Members: true}, "ERROR") }))
	cmd := exec.Command(bin, "check", "metrics")
	cmd.Stdin = strings.NewReader(body)
	out, err := cmd.CombinedOutput()
	if err != nil || len(strings.TrimSpace(string(out))) > 0 {
		t.Errorf("promtool check metrics: %v\n%s", err, out)
	}
}
