package quotaops

import "github.com/gophercloud/gophercloud/v2"

const (
	rootPath     = "lbaas"
	resourcePath = "quotas"
	defaultsPath = "defaults"
)

func rootURL(c *gophercloud.ServiceClient) string {
	return c.ServiceURL(rootPath, resourcePath)
}

func defaultsURL(c *gophercloud.ServiceClient) string {
	return c.ServiceURL(rootPath, resourcePath, defaultsPath)
}
