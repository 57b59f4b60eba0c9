package timeline_test

import (
	"fmt"
	"time"

	"github.com/octaview/octaview/app/serverapi"
	"github.com/octaview/octaview/internal/timeline"
)

// Two polls of a feed: the second sees the load balancer degraded.
func ExampleStore() {
	s, err := timeline.Open("", timeline.Options{}) // "": in memory only
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	t0 := time.Date(2026, 12, 6, 9, 0, 0, 0, time.UTC)
	lb := serverapi.StatusLB{ID: "lb1", Name: "web", ProvisioningStatus: "ACTIVE", OperatingStatus: "ONLINE"}
	s.Observe("lab", t0, []serverapi.StatusLB{lb}) // the baseline: no change
	lb.OperatingStatus = "DEGRADED"
	s.Observe("lab", t0.Add(3*time.Second), []serverapi.StatusLB{lb})

	for _, c := range s.Changes("lab", "lb1", t0) {
		fmt.Println(c.At, c.Kind, c.Name, c.Field, c.From, "->", c.To)
	}
	since, _ := s.Since("lab", "lb1")
	fmt.Println("since", since.Format(time.RFC3339))
	// Output:
	// 2026-12-06T09:00:03Z loadbalancer web operating_status ONLINE -> DEGRADED
	// since 2026-12-06T09:00:03Z
}
