package export_test

import (
	"fmt"

	"github.com/octaview/octaview/export"
	"github.com/octaview/octaview/octavia"
)

// examplePlan is a small plan: a load balancer, a listener, its pool and
// one member.
func examplePlan() export.Tree {
	plan, err := export.FromCreateBody(octavia.Object{
		"name": "web", "vip_subnet_id": "3b5d6a0e-0d3f-4a52-8d36-9f7d2c1c0a11",
		"listeners": []any{octavia.Object{"name": "http", "protocol": "HTTP", "protocol_port": 80,
			"default_pool": octavia.Object{"name": "app", "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN",
				"members": []any{octavia.Object{"name": "app-1", "address": "10.0.0.5", "protocol_port": 8080, "weight": 2}}}}},
	})
	if err != nil {
		panic(err)
	}
	return plan
}

// ExampleTerraform writes a plan as Terraform: each object a resource,
// referring to the others, never by id.
func ExampleTerraform() {
	hcl, err := export.Terraform(examplePlan())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(hcl)
	// Output:
	//
	// # Octaview: a plan for load balancer "web" as Terraform.
	//
	// terraform {
	//   required_providers {
	//     openstack = {
	//       source  = "terraform-provider-openstack/openstack"
	//       version = "~> 3.0"
	//     }
	//   }
	// }
	//
	// # loadbalancer "web"
	// resource "openstack_lb_loadbalancer_v2" "web" {
	//   name          = "web"
	//   vip_subnet_id = "3b5d6a0e-0d3f-4a52-8d36-9f7d2c1c0a11"
	// }
	//
	// # listener "http"
	// resource "openstack_lb_listener_v2" "http" {
	//   loadbalancer_id = openstack_lb_loadbalancer_v2.web.id
	//   name            = "http"
	//   protocol        = "HTTP"
	//   protocol_port   = 80
	// }
	//
	// # pool "app"
	// resource "openstack_lb_pool_v2" "app" {
	//   listener_id = openstack_lb_listener_v2.http.id
	//   name        = "app"
	//   protocol    = "HTTP"
	//   lb_method   = "ROUND_ROBIN"
	// }
	//
	// # member "app-1"
	// resource "openstack_lb_member_v2" "app_1" {
	//   pool_id       = openstack_lb_pool_v2.app.id
	//   name          = "app-1"
	//   address       = "10.0.0.5"
	//   protocol_port = 8080
	//   weight        = 2
	// }
}

// ExampleAnsible writes a plan as a playbook of the openstack.cloud
// collection: what its modules have no option for is a comment.
func ExampleAnsible() {
	yml, err := export.Ansible(examplePlan())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(yml)
	// Output:
	// # Octaview: a plan for load balancer "web" as an Ansible playbook
	// # for the openstack.cloud 1.10 collection, as Debian's ansible ships it (its 2.x renamed options).
	// # Run: ansible-playbook -e cloud=NAME this.yml (--check first to see what it would change).
	//
	// - name: "Load balancer web"
	//   hosts: "localhost"
	//   gather_facts: false
	//   vars:
	//     # the clouds.yaml entry to use: ansible-playbook -e cloud=NAME
	//     cloud: "openstack"
	//   tasks:
	//     - name: "Load balancer web"
	//       openstack.cloud.loadbalancer:
	//         cloud: "{{ cloud }}"
	//         name: "web"
	//         vip_subnet: "3b5d6a0e-0d3f-4a52-8d36-9f7d2c1c0a11"
	//     - name: "Listener http"
	//       openstack.cloud.lb_listener:
	//         cloud: "{{ cloud }}"
	//         loadbalancer: "web"
	//         name: "http"
	//         protocol: "HTTP"
	//         protocol_port: 80
	//     - name: "Pool app"
	//       openstack.cloud.lb_pool:
	//         cloud: "{{ cloud }}"
	//         listener: "http"
	//         name: "app"
	//         protocol: "HTTP"
	//         lb_algorithm: "ROUND_ROBIN"
	//     # weight = 2: openstack.cloud.lb_member has no such option; set it after
	//     - name: "Member app-1"
	//       openstack.cloud.lb_member:
	//         cloud: "{{ cloud }}"
	//         pool: "app"
	//         name: "app-1"
	//         address: "10.0.0.5"
	//         protocol_port: 8080
}
