package statuswire_test

import (
	"fmt"

	"github.com/octaview/octaview/octavia/statuswire"
)

// A fully populated create: the load balancer is ACTIVE, a member still
// PENDING_CREATE, and the pool's monitor went to ERROR.
func ExampleLoadBalancer_FirstPending() {
	lb := statuswire.LoadBalancer{ID: "lb1", Name: "web", ProvisioningStatus: "ACTIVE", Listeners: []statuswire.Listener{{
		ID: "l1", Name: "http", ProvisioningStatus: "ACTIVE", Pools: []statuswire.Pool{{
			ID: "p1", Name: "web-pool", ProvisioningStatus: "ACTIVE",
			HealthMonitor: &statuswire.HealthMonitor{ID: "h1", Name: "check", ProvisioningStatus: "ERROR"},
			Members:       []statuswire.Member{{ID: "m1", Name: "web-1", ProvisioningStatus: "PENDING_CREATE"}},
		}},
	}}}
	fmt.Println(lb.Pending(), lb.FirstPending())
	fmt.Println(lb.FirstInError())
	// Output:
	// true PENDING_CREATE
	// health monitor "check" (h1)
}
