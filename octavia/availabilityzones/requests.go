package availabilityzones

import (
	"context"
	"net/http"

	"github.com/gophercloud/gophercloud/v2"
	"github.com/gophercloud/gophercloud/v2/pagination"
)

// ListOptsBuilder allows extensions to add additional parameters to the
// List request.
type ListOptsBuilder interface {
	ToAvailabilityZoneListQuery() (string, error)
}

// ListOpts filters, sorts and pages the list of availability zones. Every
// field maps to a query parameter Octavia knows; zero values are not sent.
type ListOpts struct {
	Name                      string `q:"name"`
	Description               string `q:"description"`
	Enabled                   *bool  `q:"enabled"`
	AvailabilityZoneProfileID string `q:"availability_zone_profile_id"`

	// Limit is the page size; Octavia caps it at its own maximum (1,000 by default).
	Limit   int    `q:"limit"`
	Marker  string `q:"marker"`
	SortKey string `q:"sort_key"`
	SortDir string `q:"sort_dir"`

	// PageReverse asks for the items before Marker (Octavia answers them from
	// the start of the list, in sort order). It is sent as page_reverse=True:
	// Octavia ignores any other spelling, "true" included.
	PageReverse bool

	// Fields limits the attributes returned for each zone.
	Fields []string `q:"fields"`
}

// ToAvailabilityZoneListQuery formats a ListOpts into a query string.
func (opts ListOpts) ToAvailabilityZoneListQuery() (string, error) {
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

// List returns a Pager over the availability zones (GET /v2/lbaas/availabilityzones).
func List(c *gophercloud.ServiceClient, opts ListOptsBuilder) pagination.Pager {
	u := ListURL(c)
	if opts != nil {
		query, err := opts.ToAvailabilityZoneListQuery()
		if err != nil {
			return pagination.Pager{Err: err}
		}
		u += query
	}
	return pagination.NewPager(c, u, func(r pagination.PageResult) pagination.Page {
		return AvailabilityZonePage{pagination.LinkedPageBase{PageResult: r}}
	})
}

// CreateOptsBuilder allows extensions to add additional parameters to the
// Create request.
type CreateOptsBuilder interface {
	ToAvailabilityZoneCreateMap() (map[string]any, error)
}

// CreateOpts is the body of a create request.
type CreateOpts struct {
	// Name identifies the zone; it must be unique (409 otherwise). Required.
	Name string `json:"name" required:"true"`

	// Description is free text, at most 255 characters.
	Description string `json:"description,omitempty"`

	// Enabled says whether load balancers may use the zone; nil means Octavia's default, true.
	Enabled *bool `json:"enabled,omitempty"`

	// AvailabilityZoneProfileID is the profile carrying the provider's zone
	// data. Required.
	AvailabilityZoneProfileID string `json:"availability_zone_profile_id" required:"true"`
}

// ToAvailabilityZoneCreateMap builds a request body from CreateOpts.
func (opts CreateOpts) ToAvailabilityZoneCreateMap() (map[string]any, error) {
	return gophercloud.BuildRequestBody(opts, "availability_zone")
}

// Create adds an availability zone (POST, 201).
func Create(ctx context.Context, c *gophercloud.ServiceClient, opts CreateOptsBuilder) (r CreateResult) {
	b, err := opts.ToAvailabilityZoneCreateMap()
	if err != nil {
		r.Err = err
		return
	}
	resp, err := c.Post(ctx, ListURL(c), b, &r.Body, &gophercloud.RequestOpts{
		OkCodes: []int{201},
	})
	parse(&r.Result, resp, err)
	return
}

// Get retrieves the availability zone called name.
func Get(ctx context.Context, c *gophercloud.ServiceClient, name string) (r GetResult) {
	resp, err := c.Get(ctx, resourceURL(c, name), &r.Body, nil)
	parse(&r.Result, resp, err)
	return
}

// UpdateOptsBuilder allows extensions to add additional parameters to the
// Update request.
type UpdateOptsBuilder interface {
	ToAvailabilityZoneUpdateMap() (map[string]any, error)
}

// UpdateOpts is the body of an update request. Octavia lets only the
// description and the enabled flag change; nil leaves a field as it is.
type UpdateOpts struct {
	Description *string `json:"description,omitempty"`
	Enabled     *bool   `json:"enabled,omitempty"`
}

// ToAvailabilityZoneUpdateMap builds a request body from UpdateOpts.
func (opts UpdateOpts) ToAvailabilityZoneUpdateMap() (map[string]any, error) {
	return gophercloud.BuildRequestBody(opts, "availability_zone")
}

// Update changes the availability zone called name (PUT, 200).
func Update(ctx context.Context, c *gophercloud.ServiceClient, name string, opts UpdateOptsBuilder) (r UpdateResult) {
	b, err := opts.ToAvailabilityZoneUpdateMap()
	if err != nil {
		r.Err = err
		return
	}
	resp, err := c.Put(ctx, resourceURL(c, name), b, &r.Body, &gophercloud.RequestOpts{
		OkCodes: []int{200},
	})
	parse(&r.Result, resp, err)
	return
}

// Delete removes the availability zone called name (DELETE, 204).
func Delete(ctx context.Context, c *gophercloud.ServiceClient, name string) (r DeleteResult) {
	resp, err := c.Delete(ctx, resourceURL(c, name), &gophercloud.RequestOpts{
		OkCodes: []int{204},
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
