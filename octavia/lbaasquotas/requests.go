package lbaasquotas

import (
	"context"
	"net/http"

	"github.com/gophercloud/gophercloud/v2"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/quotas"
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
	Limit   int    `q:"limit"`
	Marker  string `q:"marker"`
	SortKey string `q:"sort_key"`
	SortDir string `q:"sort_dir"`

	// PageReverse asks for the items before Marker (Octavia answers them from
	// the start of the list, in sort order). It is sent as page_reverse=True:
	// Octavia ignores any other spelling, "true" included.
	PageReverse bool
}

// ToQuotaListQuery formats a ListOpts into a query string.
func (opts ListOpts) ToQuotaListQuery() (string, error) {
	q, err := gophercloud.BuildQueryString(opts)
	if err != nil {
		return "", err
	}
	if opts.PageReverse {
		v := q.Query()
		v.Set("page_reverse", "True")
		q.RawQuery = v.Encode()
	}
	return q.String(), nil
}

// List returns a Pager over the projects that have quotas of their own
// (GET /v2/lbaas/quotas).
func List(c *gophercloud.ServiceClient, opts ListOptsBuilder) pagination.Pager {
	u := ListURL(c)
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

// Get reads a project's effective quota, defaults filled in
// (GET /v2/lbaas/quotas/{project_id}); -1 means unlimited.
func Get(ctx context.Context, c *gophercloud.ServiceClient, projectID string) (r GetResult) {
	resp, err := c.Get(ctx, resourceURL(c, projectID), &r.Body, nil)
	parse(&r.Result, resp, err)
	return
}

// GetDefaults reads the deployment's default quotas
// (GET /v2/lbaas/quotas/defaults); call Extract for a quotas.Quota.
func GetDefaults(ctx context.Context, c *gophercloud.ServiceClient) (r GetResult) {
	resp, err := c.Get(ctx, defaultsURL(c), &r.Body, nil)
	parse(&r.Result, resp, err)
	return
}

// Update sets limits of a project (PUT /v2/lbaas/quotas/{project_id};
// Octavia answers 202 with the quota as it now is). opts is gophercloud's
// quotas.UpdateOpts, or any quotas.UpdateOptsBuilder.
func Update(ctx context.Context, c *gophercloud.ServiceClient, projectID string, opts quotas.UpdateOptsBuilder) (r UpdateResult) {
	b, err := opts.ToQuotaUpdateMap()
	if err != nil {
		r.Err = err
		return
	}
	resp, err := c.Put(ctx, resourceURL(c, projectID), b, &r.Body, &gophercloud.RequestOpts{
		OkCodes: []int{200, 201, 202},
	})
	parse(&r.Result, resp, err)
	return
}

// Reset puts every limit of a project back to the deployment default
// (DELETE /v2/lbaas/quotas/{project_id}; Octavia answers 202, its API
// reference says 204: both are accepted).
func Reset(ctx context.Context, c *gophercloud.ServiceClient, projectID string) (r ResetResult) {
	resp, err := c.Delete(ctx, resourceURL(c, projectID), &gophercloud.RequestOpts{
		OkCodes: []int{202, 204},
	})
	parse(&r.Result, resp, err)
	return
}

// parse fills r from the answer as gophercloud.ParseResponse does, and keeps
// its status code.
func parse(r *gophercloud.Result, resp *http.Response, err error) {
	_, r.Header, r.Err = gophercloud.ParseResponse(resp, err)
	if resp != nil {
		r.StatusCode = resp.StatusCode
	}
}
