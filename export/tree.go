package export

import "github.com/octaview/octaview/octavia"

// Tree is one load balancer and everything under it, each object as
// Octavia's JSON says it (its GET's object, or a fully populated create's
// part): the load balancer, its listeners (each naming its default_pool_id),
// its pools, each pool's members and health monitor (which names its pool
// in "pools"), each listener's L7 policies (listener_id, redirect_pool_id)
// and each policy's rules. Ids relate them; a plan's ids are the ones
// FromCreateBody gives.
type Tree struct {
	LoadBalancer octavia.Object
	Listeners    []octavia.Object
	Pools        []octavia.Object
	Members      map[string][]octavia.Object // by pool id
	Monitors     []octavia.Object
	Policies     []octavia.Object
	Rules        map[string][]octavia.Object // by L7 policy id
	// FloatingIP is the floating IP address associated with the VIP port,
	// "" when none; FloatingNetwork is its external network's id.
	FloatingIP, FloatingNetwork string
	// Project is the load balancer's project_id when it is not the
	// caller's (an admin exporting another project's load balancer): the
	// code creates it there (the CLI's --project). "" when it is the
	// caller's, or for a plan.
	Project string
	// Existing says the objects exist and their ids are real (Terraform's
	// import blocks use them); a plan, not yet created, has none.
	Existing bool
}
