package labtest

import (
	"time"

	"github.com/octaview/octaview/labcloud"
)

// OneLB is an in-memory lab cloud (labcloud.Options.Delay delay) whose
// project demo holds one load balancer, name: an HTTP listener on port 80
// whose default pool has a member at each of members.
func OneLB(name string, delay time.Duration, members ...string) *labcloud.Cloud {
	return labcloud.New(labcloud.Options{Delay: delay, Scenario: &labcloud.Scenario{LoadBalancers: []labcloud.ScenarioLB{
		{Project: "demo", Name: name, Listener: &labcloud.ScenarioListener{Protocol: "HTTP", Port: 80, Members: members}},
	}}})
}
