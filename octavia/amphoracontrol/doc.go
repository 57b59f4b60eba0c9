/*
Package amphoracontrol adds the amphora operations that gophercloud's
openstack/loadbalancer/v2/amphorae package lacks, in its style and on the same
paths (/v2/octavia/amphorae): Configure (push a new agent configuration)
and GetStats (per-listener counters), the two that octavia.Client's
ConfigureAmphora and AmphoraStats send. Listing, Get and Failover stay with
gophercloud's amphorae package, and the amphora type is its
amphorae.Amphora. Every operation is for administrators (403 otherwise).

Example to refresh an amphora's agent configuration

	err := amphoracontrol.Configure(ctx, lbClient, amphoraID).ExtractErr()

Example to read an amphora's counters, summed like "openstack loadbalancer amphora stats show"

	stats, err := amphoracontrol.GetStats(ctx, lbClient, amphoraID).Extract()
	if err != nil {
		return err
	}
	total := amphoracontrol.Sum(stats, "")
*/
package amphoracontrol
