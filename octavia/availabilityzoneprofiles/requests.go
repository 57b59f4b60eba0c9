package availabilityzoneprofiles

import (
	"context"
	"net/http"

	"github.com/gophercloud/gophercloud/v2"
	"github.com/gophercloud/gophercloud/v2/pagination"
)

// ListOptsBuilder allows extensions to add additional parameters to the
// List request.
type ListOptsBuilder interface {
	ToAvailabilityZoneProfileListQuery() (string, error)
}

// ListOpts filters, sorts and pages the list of profiles. Every field maps to
// a query parameter Octavia knows; zero values are not sent.
type ListOpts struct {
	ID           string `q:"id"`
	Name         string `q:"name"`
	ProviderName string `q:"provider_name"`

	// Limit is the page size; Octavia caps it at its own maximum (1,000 by default).
	Limit   int    `q:"limit"`
	Marker  string `q:"marker"`
	SortKey string `q:"sort_key"`
	SortDir string `q:"sort_dir"`

	// PageReverse asks for the items before Marker (Octavia answers them from
	// the start of the list, in sort order). It is sent as page_reverse=True:
	// Octavia ignores any other spelling, "true" included.
	PageReverse bool

	// Fields limits the attributes returned for each profile.
	Fields []string `q:"fields"`
}

// ToAvailabilityZoneProfileListQuery formats a ListOpts into a query string.
func (opts ListOpts) ToAvailabilityZoneProfileListQuery() (string, error) {
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

// List returns a Pager over the profiles (GET /v2/lbaas/availabilityzoneprofiles).
func List(c *gophercloud.ServiceClient, opts ListOptsBuilder) pagination.Pager {
	u := ListURL(c)
	if opts != nil {
		query, err := opts.ToAvailabilityZoneProfileListQuery()
		if err != nil {
			return pagination.Pager{Err: err}
		}
		u += query
	}
	return pagination.NewPager(c, u, func(r pagination.PageResult) pagination.Page {
		return AvailabilityZoneProfilePage{pagination.LinkedPageBase{PageResult: r}}
	})
}

// CreateOptsBuilder allows extensions to add additional parameters to the
// Create request.
type CreateOptsBuilder interface {
	ToAvailabilityZoneProfileCreateMap() (map[string]any, error)
}

// CreateOpts is the body of a create request; every field is required.
type CreateOpts struct {
	// Name of the profile, at most 255 characters.
	Name string `json:"name" required:"true"`

	// ProviderName is the Octavia provider driver the data is for, e.g. "amphora".
	ProviderName string `json:"provider_name" required:"true"`

	// AvailabilityZoneData is a JSON object, as a string, of the provider's
	// availability zone capabilities (see the provider's
	// availability_zone_capabilities), at most 4,096 characters.
	AvailabilityZoneData string `json:"availability_zone_data" required:"true"`
}

// ToAvailabilityZoneProfileCreateMap builds a request body from CreateOpts.
func (opts CreateOpts) ToAvailabilityZoneProfileCreateMap() (map[string]any, error) {
	return gophercloud.BuildRequestBody(opts, "availability_zone_profile")
}

// Create adds a profile (POST, 201).
func Create(ctx context.Context, c *gophercloud.ServiceClient, opts CreateOptsBuilder) (r CreateResult) {
	b, err := opts.ToAvailabilityZoneProfileCreateMap()
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

// Get retrieves the profile with the given ID.
func Get(ctx context.Context, c *gophercloud.ServiceClient, id string) (r GetResult) {
	resp, err := c.Get(ctx, resourceURL(c, id), &r.Body, nil)
	parse(&r.Result, resp, err)
	return
}

// UpdateOptsBuilder allows extensions to add additional parameters to the
// Update request.
type UpdateOptsBuilder interface {
	ToAvailabilityZoneProfileUpdateMap() (map[string]any, error)
}

// UpdateOpts is the body of an update request; nil leaves a field as it is.
type UpdateOpts struct {
	Name                 *string `json:"name,omitempty"`
	ProviderName         *string `json:"provider_name,omitempty"`
	AvailabilityZoneData *string `json:"availability_zone_data,omitempty"`
}

// ToAvailabilityZoneProfileUpdateMap builds a request body from UpdateOpts.
func (opts UpdateOpts) ToAvailabilityZoneProfileUpdateMap() (map[string]any, error) {
	return gophercloud.BuildRequestBody(opts, "availability_zone_profile")
}

// Update changes the profile with the given ID (PUT, 200).
func Update(ctx context.Context, c *gophercloud.ServiceClient, id string, opts UpdateOptsBuilder) (r UpdateResult) {
	b, err := opts.ToAvailabilityZoneProfileUpdateMap()
	if err != nil {
		r.Err = err
		return
	}
	resp, err := c.Put(ctx, resourceURL(c, id), b, &r.Body, &gophercloud.RequestOpts{
		OkCodes: []int{200},
	})
	parse(&r.Result, resp, err)
	return
}

// Delete removes the profile with the given ID (DELETE, 204).
func Delete(ctx context.Context, c *gophercloud.ServiceClient, id string) (r DeleteResult) {
	resp, err := c.Delete(ctx, resourceURL(c, id), &gophercloud.RequestOpts{
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
