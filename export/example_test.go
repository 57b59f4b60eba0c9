package export_test

import (
	"fmt"

	"github.com/octaview/octaview/export"
	"github.com/octaview/octaview/octavia"
)

// ExampleCLI exports a plan, the wizard's create body, as openstack CLI
// commands: attributes at Octavia's defaults (weight 1, max_retries_down
// 3) are left out, the pool is named by its name, and the unnamed
// listener by the id its create printed.
func ExampleCLI() {
	plan, err := export.FromCreateBody(octavia.Object{
		"name": "web", "vip_subnet_id": "3b5d6a0e-0d3f-4a52-8d36-9f7d2c1c0a11",
		"listeners": []any{octavia.Object{"protocol": "HTTP", "protocol_port": 80,
			"default_pool": octavia.Object{"name": "app", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN",
				"members":       []any{octavia.Object{"address": "10.0.0.5", "protocol_port": 8080, "weight": 1}},
				"healthmonitor": octavia.Object{"type": "HTTP", "delay": 5, "timeout": 3, "max_retries": 3, "max_retries_down": 3}},
			"l7policies": []any{octavia.Object{"action": "REJECT",
				"rules": []any{octavia.Object{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/admin"}}}}}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	script, err := export.CLI(plan)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(script)
	// Output:
	// #!/usr/bin/env bash
	// # The plan of load balancer web: the openstack CLI commands (python-octaviaclient)
	// # that create it, written by Octaview. Run it with the CLI logged in to the
	// # project that is to hold it (OS_CLOUD, or the OS_* variables of an openrc):
	// #   bash web.sh
	// # Objects are named by their names where the tree's names are unique: those
	// # names must not be taken in the project. Certificates are their Barbican
	// # refs (the secrets themselves are not in this file).
	// set -euo pipefail
	//
	// # wait_active waits while load balancer $1 is PENDING_*, as --wait does:
	// # python-octaviaclient 3.1.0's "l7rule create --wait" fails after its wait
	// # (it shows the rule with its arguments swapped), so rules are created
	// # without it and waited for with this.
	// wait_active() {
	//     local s
	//     while s=$(openstack loadbalancer show -f value -c provisioning_status "$1") && [[ $s == PENDING_* ]]; do
	//         sleep 3
	//     done
	//     [[ $s == ACTIVE ]] || { echo "load balancer $1 is $s" >&2; return 1; }
	// }
	//
	// # load balancer web
	// openstack loadbalancer create --name=web \
	//     --vip-subnet-id=3b5d6a0e-0d3f-4a52-8d36-9f7d2c1c0a11 --wait
	//
	// # pool app
	// openstack loadbalancer pool create --name=app --protocol=HTTP \
	//     --lb-algorithm=ROUND_ROBIN --loadbalancer=web --wait
	//
	// # member member_10_0_0_5_8080
	// openstack loadbalancer member create --address=10.0.0.5 --protocol-port=8080 \
	//     --wait app
	//
	// # health monitor monitor_http
	// openstack loadbalancer healthmonitor create --type=HTTP --delay=5 --timeout=3 \
	//     --max-retries=3 --wait app
	//
	// # listener listener_http_80
	// listener_http_80_id=$(openstack loadbalancer listener create --protocol=HTTP \
	//     --protocol-port=80 --default-pool=app --wait web -f value -c id)
	//
	// # L7 policy l7policy_reject
	// l7policy_reject_id=$(openstack loadbalancer l7policy create --action=REJECT \
	//     --wait "$listener_http_80_id" -f value -c id)
	//
	// # L7 rule l7rule_path
	// openstack loadbalancer l7rule create --type=PATH --compare-type=STARTS_WITH \
	//     --value=/admin "$l7policy_reject_id"
	// wait_active web
}
