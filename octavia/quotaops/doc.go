/*
Package quotaops adds the quota operations that gophercloud's
openstack/loadbalancer/v2/quotas package lacks, in its style: List (GET
/v2/lbaas/quotas, one entry per project that has quotas of its own) and
GetDefaults (GET /v2/lbaas/quotas/defaults, the deployment's defaults). Show,
set and reset use gophercloud's quotas.Quota and quotas.UpdateOpts.

In a list entry a nil limit means the project uses the deployment default;
-1 means unlimited. (Show answers with the effective limits instead, defaults
filled in, which is why gophercloud's quotas.Quota has plain ints.)

python-octaviaclient reads the defaults from /v2/lbaas/quotas/defaults, and so
does GetDefaults. Octavia routes that path to the quota of a project called
"defaults", which has none of its own and so shows the defaults; Octavia's
dedicated route is /v2/lbaas/quotas/{project_id}/default.

Example to list the projects with quotas of their own

	pages, err := quotaops.List(lbClient, quotaops.ListOpts{}).AllPages(ctx)
	if err != nil {
		return err
	}
	entries, err := quotaops.ExtractQuotas(pages)

Example to read the defaults

	defaults, err := quotaops.GetDefaults(ctx, lbClient).Extract()
*/
package quotaops
