package octavia

// URLs of Octavia's resources, built in this one place, like the urls.go of
// gophercloud's packages (whose helpers are not exported). Each helper
// returns the collection's URL, or with parts the URL of one object or of a
// path under it: loadBalancerURL(c, id, "stats"). Availability zones, their
// profiles and quotas have theirs in their request packages; Neutron's are
// built in network.go.

func lbaasURL(c *Client, collection string, parts ...string) string {
	return c.lb.ServiceURL(append([]string{"lbaas", collection}, parts...)...)
}

func loadBalancerURL(c *Client, parts ...string) string {
	return lbaasURL(c, "loadbalancers", parts...)
}

func listenerURL(c *Client, parts ...string) string {
	return lbaasURL(c, "listeners", parts...)
}

func poolURL(c *Client, parts ...string) string {
	return lbaasURL(c, "pools", parts...)
}

func monitorURL(c *Client, parts ...string) string {
	return lbaasURL(c, "healthmonitors", parts...)
}

func l7PolicyURL(c *Client, parts ...string) string {
	return lbaasURL(c, "l7policies", parts...)
}

func flavorURL(c *Client, parts ...string) string {
	return lbaasURL(c, "flavors", parts...)
}

func flavorProfileURL(c *Client, parts ...string) string {
	return lbaasURL(c, "flavorprofiles", parts...)
}

func providerURL(c *Client, parts ...string) string {
	return lbaasURL(c, "providers", parts...)
}

// memberURL is under the pool: /lbaas/pools/{pool}/members[/...].
func memberURL(c *Client, poolID string, parts ...string) string {
	return poolURL(c, append([]string{poolID, "members"}, parts...)...)
}

// l7RuleURL is under the policy: /lbaas/l7policies/{policy}/rules[/...].
func l7RuleURL(c *Client, policyID string, parts ...string) string {
	return l7PolicyURL(c, append([]string{policyID, "rules"}, parts...)...)
}

// amphoraURL is under /octavia, not /lbaas: /octavia/amphorae[/...].
func amphoraURL(c *Client, parts ...string) string {
	return c.lb.ServiceURL(append([]string{"octavia", "amphorae"}, parts...)...)
}
