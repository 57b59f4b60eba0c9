package availabilityzones

import (
	"net/url"

	"github.com/gophercloud/gophercloud/v2"
)

const (
	rootPath     = "lbaas"
	resourcePath = "availabilityzones"
)

// ListURL returns the URL of the collection; streaming pagers page on it.
func ListURL(c *gophercloud.ServiceClient) string {
	return c.ServiceURL(rootPath, resourcePath)
}

// resourceURL escapes name: zones are addressed by a free-form name.
func resourceURL(c *gophercloud.ServiceClient, name string) string {
	return c.ServiceURL(rootPath, resourcePath, url.PathEscape(name))
}
