// Package serverpick is the member forms' server picker: the project's
// servers (Nova) with their addresses on the member's subnet (Neutron's
// ports), read every 3 s while a form shows it, offered in one <select>
// whose choice fills a member's address and subnet (and its name when it
// has none). A server with no address on the subnet is listed, disabled,
// with where it does have addresses; a server that is shut off is marked.
// Without a compute service in the catalog there is no picker: the forms
// take typed addresses as before.
//
// options.go is the picker's model (its options, and a choice read back
// from one), pure and tested natively; picker.go is its state, which a
// component holds (it is not a component: it has no fields go-app could
// copy), its poll and its rendering. The member form (app/edit), the member
// batch editor (internal/section) and the create wizard's members step
// (app/wizard) use it. It imports internal/ui and octavia.
package serverpick
