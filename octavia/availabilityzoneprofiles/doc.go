/*
Package availabilityzoneprofiles manages Octavia availability zone profiles
(/v2/lbaas/availabilityzoneprofiles, API version 2.14 and later), in the style
of gophercloud's openstack/loadbalancer/v2 packages, which have none.

A profile holds a provider's availability zone data (a JSON document kept as a
string, for example {"compute_zone": "az1"}); availability zones point at one.
Every operation is for administrators (403 otherwise), and deleting a profile
that a zone still uses answers 409.

Octavia names the list's links "availability_zone_profile_links" (singular);
NextPageURL reads that key, and the plural one in case a service fixes it.

Example to create a profile

	profile, err := availabilityzoneprofiles.Create(ctx, lbClient, availabilityzoneprofiles.CreateOpts{
		Name:                 "some_az",
		ProviderName:         "amphora",
		AvailabilityZoneData: `{"compute_zone": "az1"}`,
	}).Extract()

Example to rename a profile

	name := "other_az"
	profile, err := availabilityzoneprofiles.Update(ctx, lbClient, profileID, availabilityzoneprofiles.UpdateOpts{
		Name: &name,
	}).Extract()
*/
package availabilityzoneprofiles
