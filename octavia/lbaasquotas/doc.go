/*
Package lbaasquotas holds Octavia's quota API at /v2/lbaas/quotas, in the
style of gophercloud's openstack/loadbalancer/v2 packages: List (one entry per
project that has quotas of its own), Get (a project's effective quota),
GetDefaults (the deployment's defaults), Update (set limits) and Reset (back
to the defaults). gophercloud's own quotas package reaches Get and Update only
through the legacy /v2.0/quotas alias; python-octaviaclient uses
/v2/lbaas/quotas, and so does this package. Get, GetDefaults and Update answer
with gophercloud's quotas.Quota, and Update takes its quotas.UpdateOpts.

In a list entry a nil limit means the project uses the deployment default;
-1 means unlimited. (Get answers with the effective limits instead, defaults
filled in, which is why gophercloud's quotas.Quota has plain ints.)

python-octaviaclient reads the defaults from /v2/lbaas/quotas/defaults, and so
does GetDefaults. Octavia routes that path to the quota of a project called
"defaults", which has none of its own and so shows the defaults; Octavia's
dedicated route is /v2/lbaas/quotas/{project_id}/default.

Example to list the projects with quotas of their own

	pages, err := lbaasquotas.List(lbClient, lbaasquotas.ListOpts{}).AllPages(ctx)
	if err != nil {
		return err
	}
	entries, err := lbaasquotas.ExtractQuotas(pages)

Example to read the defaults

	defaults, err := lbaasquotas.GetDefaults(ctx, lbClient).Extract()

Example to raise a project's load balancer limit

	limit := 10
	quota, err := lbaasquotas.Update(ctx, lbClient, projectID, quotas.UpdateOpts{
		Loadbalancer: &limit,
	}).Extract()
*/
package lbaasquotas
