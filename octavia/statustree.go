package octavia

import "github.com/octaview/octaview/octavia/statuswire"

// The status tree's types are declared in package statuswire, which
// imports no client, so that the lab cloud and the server's API can carry
// them; these aliases keep their names in the client's vocabulary.
type (
	// StatusTree is the answer of GET /v2/lbaas/loadbalancers/{id}/status
	// ("loadbalancer status show"); see statuswire.Tree.
	StatusTree = statuswire.Tree
	// StatusLoadBalancer is the load balancer of a StatusTree.
	StatusLoadBalancer = statuswire.LoadBalancer
	// StatusListener is a listener of a StatusTree.
	StatusListener = statuswire.Listener
	// StatusPool is a pool of a StatusTree.
	StatusPool = statuswire.Pool
	// StatusHealthMonitor is a pool's health monitor in a StatusTree.
	StatusHealthMonitor = statuswire.HealthMonitor
	// StatusMember is a pool member of a StatusTree.
	StatusMember = statuswire.Member
)
