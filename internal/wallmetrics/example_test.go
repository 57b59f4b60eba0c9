package wallmetrics_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/internal/wallmetrics"
)

// A wall's metrics, as Prometheus scrapes them.
func ExampleHandler() {
	snapshot := func() serverapi.Wall {
		return serverapi.Wall{Name: "noc", Show: serverapi.WallShow{Names: true}, UpdatedAt: "2026-12-06T09:00:03Z",
			LoadBalancers: []serverapi.WallLB{{StatusLB: serverapi.StatusLB{
				ID: "lb1", Name: "web", ProvisioningStatus: "ACTIVE", OperatingStatus: "DEGRADED"}}}}
	}
	w := httptest.NewRecorder()
	wallmetrics.Handler(snapshot).ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	for line := range strings.SplitSeq(w.Body.String(), "\n") {
		if strings.HasPrefix(line, "octavia_loadbalancer_") || strings.HasPrefix(line, "octaview_wall_feed_error") {
			fmt.Println(line)
		}
	}
	// Output:
	// octavia_loadbalancer_operating_status{loadbalancer="lb1",name="web",status="DEGRADED",wall="noc"} 1
	// octavia_loadbalancer_provisioning_status{loadbalancer="lb1",name="web",status="ACTIVE",wall="noc"} 1
	// octaview_wall_feed_error{wall="noc"} 0
}
