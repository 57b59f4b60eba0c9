package quotaops

import (
	"context"

	"github.com/gophercloud/gophercloud/v2"
	"github.com/gophercloud/gophercloud/v2/pagination"
)

// ListOptsBuilder allows extensions to add additional parameters to the
// List request.
type ListOptsBuilder interface {
	ToQuotaListQuery() (string, error)
}

// ListOpts filters, sorts and pages the quota list. Every field maps to a
// query parameter Octavia knows; zero values are not sent.
type ListOpts struct {
	// ProjectID limits the list to one project. Only administrators see
	// other projects than their own.
	ProjectID string `q:"project_id"`

	// Limit is the page size; Octavia caps it at its own maximum (1,000 by default).
	Limit       int    `q:"limit"`
	Marker      string `q:"marker"`
	SortKey     string `q:"sort_key"`
	SortDir     string `q:"sort_dir"`
	PageReverse bool   `q:"page_reverse"`
}

// ToQuotaListQuery formats a ListOpts into a query string.
func (opts ListOpts) ToQuotaListQuery() (string, error) {
	q, err := gophercloud.BuildQueryString(opts)
	if err != nil {
		return "", err
	}
	return q.String(), nil
}

// List returns a Pager over the projects that have quotas of their own
// (GET /v2/lbaas/quotas).
func List(c *gophercloud.ServiceClient, opts ListOptsBuilder) pagination.Pager {
	u := rootURL(c)
	if opts != nil {
		query, err := opts.ToQuotaListQuery()
		if err != nil {
			return pagination.Pager{Err: err}
		}
		u += query
	}
	return pagination.NewPager(c, u, func(r pagination.PageResult) pagination.Page {
		return QuotaPage{pagination.LinkedPageBase{PageResult: r}}
	})
}

// GetDefaults reads the deployment's default quotas
// (GET /v2/lbaas/quotas/defaults); call Extract for a quotas.Quota.
func GetDefaults(ctx context.Context, c *gophercloud.ServiceClient) (r DefaultsResult) {
	resp, err := c.Get(ctx, defaultsURL(c), &r.Body, nil)
	_, r.Header, r.Err = gophercloud.ParseResponse(resp, err)
	return
}
