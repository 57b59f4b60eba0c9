package amphoracontrol

import "github.com/gophercloud/gophercloud/v2"

const (
	rootPath     = "octavia"
	resourcePath = "amphorae"
	configPath   = "config"
	statsPath    = "stats"
)

func configURL(c *gophercloud.ServiceClient, id string) string {
	return c.ServiceURL(rootPath, resourcePath, id, configPath)
}

func statsURL(c *gophercloud.ServiceClient, id string) string {
	return c.ServiceURL(rootPath, resourcePath, id, statsPath)
}
