// Package codecheck holds the export writers' heavy checks against the
// real tools, in a module of its own so that the product never links
// them: the Terraform writer's output against
// terraform-provider-openstack v3's own resource schemas (loaded from the
// provider's Go module) and HashiCorp's HCL parser, and the Ansible
// writer's against the openstack.cloud collection's module argument specs
// (ansible-doc) and ansible-playbook. It has no code of its own: only
// tests (docs/testing.md).
package codecheck
