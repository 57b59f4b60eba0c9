package lbaasquotas

import "github.com/gophercloud/gophercloud/v2"

const (
	rootPath     = "lbaas"
	resourcePath = "quotas"
	defaultsPath = "defaults"
)

// ListURL returns the URL of the quota list; streaming pagers page on it.
func ListURL(c *gophercloud.ServiceClient) string {
	return c.ServiceURL(rootPath, resourcePath)
}

func resourceURL(c *gophercloud.ServiceClient, projectID string) string {
	return c.ServiceURL(rootPath, resourcePath, projectID)
}

func defaultsURL(c *gophercloud.ServiceClient) string {
	return c.ServiceURL(rootPath, resourcePath, defaultsPath)
}
