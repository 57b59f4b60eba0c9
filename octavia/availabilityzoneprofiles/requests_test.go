package availabilityzoneprofiles_test

import (
	"context"
	"errors"
	"net/http"
	"reflect"
	"testing"

	"github.com/gophercloud/gophercloud/v2"

	"github.com/octaview/octaview/octavia/availabilityzoneprofiles"
	"github.com/octaview/octaview/octavia/internal/scripted"
)

// Fixtures follow Octavia's API reference examples; the second page and its
// links are shaped like the pagination helper builds them.
const (
	listPage1 = `{
    "availability_zone_profiles": [
        {
            "id": "5712097e-0092-45dc-bff0-ab68b61ad51a",
            "name": "some_az",
            "provider_name": "amphora",
            "availability_zone_data": "{\"compute_zone\": \"az1\", \"volume_zone\": \"az2\"}"
        }
    ],
    "availability_zone_profile_links": [
        {"href": "{{base}}/v2.0/lbaas/availabilityzoneprofiles?limit=1&marker=5712097e-0092-45dc-bff0-ab68b61ad51a", "rel": "next"}
    ]
}`
	listPage2 = `{
    "availability_zone_profiles": [
        {
            "id": "e1b4ea4b-7e7c-4bc5-9f5e-0e2f6d0d3c11",
            "name": "other_az",
            "provider_name": "amphora",
            "availability_zone_data": "{\"compute_zone\": \"az2\"}"
        }
    ],
    "availability_zone_profile_links": [
        {"href": "{{base}}/v2.0/lbaas/availabilityzoneprofiles?limit=1&marker=e1b4ea4b-7e7c-4bc5-9f5e-0e2f6d0d3c11&page_reverse=True", "rel": "previous"}
    ]
}`
	createRequest = `{
    "availability_zone_profile": {
        "name": "some_az",
        "provider_name": "amphora",
        "availability_zone_data": "{\"compute_zone\": \"az1\", \"volume_zone\": \"az1\"}"
    }
}`
	createResponse = `{
    "availability_zone_profile": {
        "id": "5712097e-0092-45dc-bff0-ab68b61ad51a",
        "name": "some_az",
        "provider_name": "amphora",
        "availability_zone_data": "{\"compute_zone\": \"az1\", \"volume_zone\": \"az1\"}"
    }
}`
	updateRequest = `{
    "availability_zone_profile": {
        "name": "other_az",
        "availability_zone_data": "{\"compute_zone\": \"az2\", \"volume_zone\": \"az2\"}"
    }
}`
	updateResponse = `{
    "availability_zone_profile": {
        "id": "5712097e-0092-45dc-bff0-ab68b61ad51a",
        "name": "other_az",
        "provider_name": "amphora",
        "availability_zone_data": "{\"compute_zone\": \"az2\", \"volume_zone\": \"az2\"}"
    }
}`
	forbiddenResponse = `{"faultcode": "Client", "faultstring": "Policy does not allow this request to be performed.", "debuginfo": null}`
)

var (
	someAZ = availabilityzoneprofiles.AvailabilityZoneProfile{
		ID:                   "5712097e-0092-45dc-bff0-ab68b61ad51a",
		Name:                 "some_az",
		ProviderName:         "amphora",
		AvailabilityZoneData: `{"compute_zone": "az1", "volume_zone": "az2"}`,
	}
	otherAZ = availabilityzoneprofiles.AvailabilityZoneProfile{
		ID:                   "e1b4ea4b-7e7c-4bc5-9f5e-0e2f6d0d3c11",
		Name:                 "other_az",
		ProviderName:         "amphora",
		AvailabilityZoneData: `{"compute_zone": "az2"}`,
	}
)

func TestRequests(t *testing.T) {
	newName := "other_az"
	newData := `{"compute_zone": "az2", "volume_zone": "az2"}`
	tests := []struct {
		name      string
		exchanges []scripted.Exchange
		do        func(ctx context.Context, c *gophercloud.ServiceClient) (any, error)
		want      any
		wantCode  int // HTTP status of the expected error; 0 = success
	}{
		{
			name: "list follows the singular next link",
			exchanges: []scripted.Exchange{
				{Method: http.MethodGet, Path: "/v2.0/lbaas/availabilityzoneprofiles", Query: "limit=1&provider_name=amphora", Status: 200, Response: listPage1},
				{Method: http.MethodGet, Path: "/v2.0/lbaas/availabilityzoneprofiles", Query: "limit=1&marker=5712097e-0092-45dc-bff0-ab68b61ad51a", Status: 200, Response: listPage2},
			},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				pages, err := availabilityzoneprofiles.List(c, availabilityzoneprofiles.ListOpts{
					ProviderName: "amphora", Limit: 1,
				}).AllPages(ctx)
				if err != nil {
					return nil, err
				}
				return availabilityzoneprofiles.ExtractAvailabilityZoneProfiles(pages)
			},
			want: []availabilityzoneprofiles.AvailabilityZoneProfile{someAZ, otherAZ},
		},
		{
			name: "create",
			exchanges: []scripted.Exchange{{
				Method: http.MethodPost, Path: "/v2.0/lbaas/availabilityzoneprofiles", Body: createRequest,
				Status: 201, Response: createResponse,
			}},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				return availabilityzoneprofiles.Create(ctx, c, availabilityzoneprofiles.CreateOpts{
					Name:                 "some_az",
					ProviderName:         "amphora",
					AvailabilityZoneData: `{"compute_zone": "az1", "volume_zone": "az1"}`,
				}).Extract()
			},
			want: &availabilityzoneprofiles.AvailabilityZoneProfile{
				ID: "5712097e-0092-45dc-bff0-ab68b61ad51a", Name: "some_az", ProviderName: "amphora",
				AvailabilityZoneData: `{"compute_zone": "az1", "volume_zone": "az1"}`,
			},
		},
		{
			name: "show",
			exchanges: []scripted.Exchange{{
				Method: http.MethodGet, Path: "/v2.0/lbaas/availabilityzoneprofiles/5712097e-0092-45dc-bff0-ab68b61ad51a",
				Status: 200, Response: createResponse,
			}},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				return availabilityzoneprofiles.Get(ctx, c, "5712097e-0092-45dc-bff0-ab68b61ad51a").Extract()
			},
			want: &availabilityzoneprofiles.AvailabilityZoneProfile{
				ID: "5712097e-0092-45dc-bff0-ab68b61ad51a", Name: "some_az", ProviderName: "amphora",
				AvailabilityZoneData: `{"compute_zone": "az1", "volume_zone": "az1"}`,
			},
		},
		{
			name: "update sends only what is set",
			exchanges: []scripted.Exchange{{
				Method: http.MethodPut, Path: "/v2.0/lbaas/availabilityzoneprofiles/5712097e-0092-45dc-bff0-ab68b61ad51a",
				Body: updateRequest, Status: 200, Response: updateResponse,
			}},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				return availabilityzoneprofiles.Update(ctx, c, "5712097e-0092-45dc-bff0-ab68b61ad51a", availabilityzoneprofiles.UpdateOpts{
					Name: &newName, AvailabilityZoneData: &newData,
				}).Extract()
			},
			want: &availabilityzoneprofiles.AvailabilityZoneProfile{
				ID: "5712097e-0092-45dc-bff0-ab68b61ad51a", Name: "other_az", ProviderName: "amphora",
				AvailabilityZoneData: `{"compute_zone": "az2", "volume_zone": "az2"}`,
			},
		},
		{
			name: "delete",
			exchanges: []scripted.Exchange{{
				Method: http.MethodDelete, Path: "/v2.0/lbaas/availabilityzoneprofiles/5712097e-0092-45dc-bff0-ab68b61ad51a", Status: 204,
			}},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				return nil, availabilityzoneprofiles.Delete(ctx, c, "5712097e-0092-45dc-bff0-ab68b61ad51a").ExtractErr()
			},
		},
		{
			name: "delete by a non-admin",
			exchanges: []scripted.Exchange{{
				Method: http.MethodDelete, Path: "/v2.0/lbaas/availabilityzoneprofiles/5712097e-0092-45dc-bff0-ab68b61ad51a",
				Status: 403, Response: forbiddenResponse,
			}},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				return nil, availabilityzoneprofiles.Delete(ctx, c, "5712097e-0092-45dc-bff0-ab68b61ad51a").ExtractErr()
			},
			wantCode: 403,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := scripted.Client(t, tt.exchanges...)
			got, err := tt.do(context.Background(), c)
			if tt.wantCode != 0 {
				if !gophercloud.ResponseCodeIs(err, tt.wantCode) {
					t.Fatalf("error: got %v, want HTTP %d", err, tt.wantCode)
				}
				return
			}
			if err != nil {
				t.Fatalf("error: got %v, want nil", err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestCreateRequiresEveryField(t *testing.T) {
	full := availabilityzoneprofiles.CreateOpts{Name: "some_az", ProviderName: "amphora", AvailabilityZoneData: "{}"}
	tests := []struct {
		name    string
		edit    func(*availabilityzoneprofiles.CreateOpts)
		missing string
	}{
		{"no name", func(o *availabilityzoneprofiles.CreateOpts) { o.Name = "" }, "Name"},
		{"no provider", func(o *availabilityzoneprofiles.CreateOpts) { o.ProviderName = "" }, "ProviderName"},
		{"no data", func(o *availabilityzoneprofiles.CreateOpts) { o.AvailabilityZoneData = "" }, "AvailabilityZoneData"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := scripted.Client(t) // any request fails the test
			opts := full
			tt.edit(&opts)
			_, err := availabilityzoneprofiles.Create(context.Background(), c, opts).Extract()
			var missing gophercloud.ErrMissingInput
			if !errors.As(err, &missing) || missing.Argument != tt.missing {
				t.Errorf("error: got %v, want missing input %s", err, tt.missing)
			}
		})
	}
}
