package wall

import (
	"fmt"
	"time"

	"github.com/octaview/octaview/app/serverapi"
)

// A load balancer whose member went down 6 h ago and came back 3 h ago:
// its strip over 24 h is ONLINE, ONLINE with a child in ERROR, ONLINE.
func Example_segments() {
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	at := func(h int) string { return now.Add(time.Duration(-h) * time.Hour).Format(time.RFC3339) }
	lb := serverapi.WallLB{
		StatusLB: serverapi.StatusLB{ID: "lb", OperatingStatus: "ONLINE"},
		Since:    map[string]string{"lb": at(72)}, // ONLINE for three days
		Timeline: []serverapi.WallChange{
			{At: at(6), ID: "m", Kind: "member", Name: "web-2", Field: "operating_status", From: "ONLINE", To: "ERROR"},
			{At: at(3), ID: "m", Kind: "member", Name: "web-2", Field: "operating_status", From: "ERROR", To: "ONLINE"},
		},
	}
	for _, s := range segments(lb, now, 24*time.Hour) {
		fmt.Printf("%s–%s %s child %q\n", s.From.Format("15:04"), s.To.Format("15:04"), s.Status, s.Child)
	}
	// Output:
	// 12:00–06:00 ONLINE child ""
	// 06:00–09:00 ONLINE child "ERROR"
	// 09:00–12:00 ONLINE child ""
}
