package shell

import (
	"strings"
	"testing"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
)

// TestStuckHintLinks: a wait past stuckAfter links to its load balancer's
// page in the operations panel; a short one does not.
func TestStuckHintLinks(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	pool := octavia.Ref{Kind: octavia.KindPool, ID: "p1", LoadBalancerID: "lb1"}
	tests := []struct {
		name     string
		started  time.Time
		wantLink bool
	}{
		{"stuck", now.Add(-tab.StuckAfter - time.Minute), true},
		{"a moment", now.Add(-10 * time.Second), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			html := goapp.HTMLString(RenderOperations(tab.NewRuntime(), []tab.Operation{{ID: "1", Kind: tab.OpUpdate, Wait: tab.WaitActive, Ref: pool, Name: "web-pool",
				State: tab.OpWaiting, StartedAt: tt.started}}, now, false))
			// go-app writes an element's attributes in any order
			if got := strings.Contains(html, `class="op-stuck-link"`) && strings.Contains(html, `href="/load-balancers/lb1"`); got != tt.wantLink {
				t.Errorf("got link %v, want %v, in %s", got, tt.wantLink, html)
			}
		})
	}
}
