/*
Package availabilityzones manages Octavia availability zones
(/v2/lbaas/availabilityzones, API version 2.14 and later), in the style of
gophercloud's openstack/loadbalancer/v2 packages, which have none.

An availability zone is addressed by its name, not by an ID. Listing is open to
every user; create, update and delete are for administrators (403 otherwise),
and deleting a zone that load balancers still use answers 409.

Example to list availability zones

	pages, err := availabilityzones.List(lbClient, availabilityzones.ListOpts{}).AllPages(ctx)
	if err != nil {
		return err
	}
	zones, err := availabilityzones.ExtractAvailabilityZones(pages)

Example to create an availability zone

	enabled := true
	zone, err := availabilityzones.Create(ctx, lbClient, availabilityzones.CreateOpts{
		Name:                      "my_az",
		Description:               "My availability zone.",
		Enabled:                   &enabled,
		AvailabilityZoneProfileID: "5712097e-0092-45dc-bff0-ab68b61ad51a",
	}).Extract()

Example to disable an availability zone

	disabled := false
	zone, err := availabilityzones.Update(ctx, lbClient, "my_az", availabilityzones.UpdateOpts{
		Enabled: &disabled,
	}).Extract()

Example to delete an availability zone

	err := availabilityzones.Delete(ctx, lbClient, "my_az").ExtractErr()
*/
package availabilityzones
