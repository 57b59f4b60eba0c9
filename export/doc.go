// Package export writes one load balancer and everything under it as code
// that rebuilds it: openstack CLI commands (CLI), Terraform for
// terraform-provider-openstack v3 (Terraform) and an Ansible playbook of
// the openstack.cloud collection (Ansible). Each writes only the
// attributes that were set or differ from Octavia's defaults, never a
// secret (a certificate is its Barbican ref), and refers to the objects
// it creates by the names it gives them, not by id. It is a pure package:
// the same in the browser and natively, where its tests check each format
// against the real tools' own schemas.
//
// The pieces every writer shares:
//
//   - Tree: the input, one load balancer's objects as Octavia's JSON.
//   - Fetch(ctx, c, lbID) reads an existing load balancer's Tree (every
//     page, each pool's members and monitor, each policy's rules, and the
//     floating IP on the VIP port; Tree.Project when it is another
//     project's than the caller's); FromCreateBody(body) makes the Tree
//     of a plan from the wizard's fully populated create body. A Tree's
//     numbers may be float64s (lists) or json.Numbers (Get's objects).
//   - Settable(kind, obj) lists the attributes a writer writes (sorted);
//     Written(kind, obj) gives them with their values; SettableKeys(kind)
//     is every attribute a writer may write (for the schema checks).
//   - LocalNames(tree) gives each object (by id) a stable local name,
//     unique in the tree: [a-z][a-z0-9_]*.
//   - Walk(tree, f) visits the objects in creation order: the load
//     balancer, each pool with its members and monitor, each listener
//     with its policies and their rules.
//
// CLI(tree) is the bash script of openstack CLI commands; its check,
// TestCLIRebuildsOnTheLab, runs it with the real CLI against the lab and
// compares what it built with the tree it was written from.
package export
