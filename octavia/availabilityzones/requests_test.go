package availabilityzones_test

import (
	"context"
	"errors"
	"net/http"
	"reflect"
	"testing"

	"github.com/gophercloud/gophercloud/v2"

	"github.com/octaview/octaview/octavia/availabilityzones"
	"github.com/octaview/octaview/octavia/internal/scripted"
)

// Fixtures are Octavia's own API reference examples.
const (
	listResponse = `{
    "availability_zones": [
        {
            "name": "my_az",
            "description": "My availability zone.",
            "enabled": true,
            "availability_zone_profile_id": "5712097e-0092-45dc-bff0-ab68b61ad51a"
        }
    ],
    "availability_zones_links": []
}`
	listPage1 = `{
    "availability_zones": [
        {
            "name": "my_az",
            "description": "My availability zone.",
            "enabled": true,
            "availability_zone_profile_id": "5712097e-0092-45dc-bff0-ab68b61ad51a"
        }
    ],
    "availability_zones_links": [
        {"href": "{{base}}/v2.0/lbaas/availabilityzones?limit=1&marker=my_az", "rel": "next"}
    ]
}`
	listPage2 = `{
    "availability_zones": [
        {
            "name": "zone2",
            "description": "",
            "enabled": false,
            "availability_zone_profile_id": "5712097e-0092-45dc-bff0-ab68b61ad51a"
        }
    ],
    "availability_zones_links": [
        {"href": "{{base}}/v2.0/lbaas/availabilityzones?limit=1&marker=zone2&page_reverse=True", "rel": "previous"}
    ]
}`
	createRequest = `{
    "availability_zone": {
        "name": "my_az",
        "description": "My availability zone.",
        "enabled": true,
        "availability_zone_profile_id": "5712097e-0092-45dc-bff0-ab68b61ad51a"
    }
}`
	showResponse = `{
    "availability_zone": {
        "name": "my_az",
        "description": "My availability zone.",
        "enabled": true,
        "availability_zone_profile_id": "5712097e-0092-45dc-bff0-ab68b61ad51a"
    }
}`
	updateRequest = `{
    "availability_zone": {
        "description": "My availability zone.",
        "enabled": false
    }
}`
	updateResponse = `{
    "availability_zone": {
        "name": "my_az",
        "description": "My availability zone.",
        "enabled": false,
        "availability_zone_profile_id": "5712097e-0092-45dc-bff0-ab68b61ad51a"
    }
}`
	conflictResponse = `{"faultcode": "Client", "faultstring": "Availability Zone my_az is in use.", "debuginfo": null}`
)

var (
	myAZ = availabilityzones.AvailabilityZone{
		Name:                      "my_az",
		Description:               "My availability zone.",
		Enabled:                   true,
		AvailabilityZoneProfileID: "5712097e-0092-45dc-bff0-ab68b61ad51a",
	}
	zone2 = availabilityzones.AvailabilityZone{
		Name:                      "zone2",
		AvailabilityZoneProfileID: "5712097e-0092-45dc-bff0-ab68b61ad51a",
	}
	myAZDisabled = availabilityzones.AvailabilityZone{
		Name:                      "my_az",
		Description:               "My availability zone.",
		Enabled:                   false,
		AvailabilityZoneProfileID: "5712097e-0092-45dc-bff0-ab68b61ad51a",
	}
)

func TestRequests(t *testing.T) {
	yes, no := true, false
	description := "My availability zone."
	tests := []struct {
		name      string
		exchanges []scripted.Exchange
		do        func(ctx context.Context, c *gophercloud.ServiceClient) (any, error)
		want      any
		wantCode  int // HTTP status of the expected error; 0 = success
	}{
		{
			name: "list with filters",
			exchanges: []scripted.Exchange{{
				Method: http.MethodGet, Path: "/v2.0/lbaas/availabilityzones",
				Query:  "enabled=true&fields=name&fields=enabled&page_reverse=True",
				Status: 200, Response: listResponse,
			}},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				pages, err := availabilityzones.List(c, availabilityzones.ListOpts{
					Enabled: &yes, PageReverse: true, Fields: []string{"name", "enabled"},
				}).AllPages(ctx)
				if err != nil {
					return nil, err
				}
				return availabilityzones.ExtractAvailabilityZones(pages)
			},
			want: []availabilityzones.AvailabilityZone{myAZ},
		},
		{
			name: "list follows the next link",
			exchanges: []scripted.Exchange{
				{Method: http.MethodGet, Path: "/v2.0/lbaas/availabilityzones", Query: "limit=1", Status: 200, Response: listPage1},
				{Method: http.MethodGet, Path: "/v2.0/lbaas/availabilityzones", Query: "limit=1&marker=my_az", Status: 200, Response: listPage2},
			},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				pages, err := availabilityzones.List(c, availabilityzones.ListOpts{Limit: 1}).AllPages(ctx)
				if err != nil {
					return nil, err
				}
				return availabilityzones.ExtractAvailabilityZones(pages)
			},
			want: []availabilityzones.AvailabilityZone{myAZ, zone2},
		},
		{
			name: "create",
			exchanges: []scripted.Exchange{{
				Method: http.MethodPost, Path: "/v2.0/lbaas/availabilityzones", Body: createRequest,
				Status: 201, Response: showResponse,
			}},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				return availabilityzones.Create(ctx, c, availabilityzones.CreateOpts{
					Name:                      "my_az",
					Description:               "My availability zone.",
					Enabled:                   &yes,
					AvailabilityZoneProfileID: "5712097e-0092-45dc-bff0-ab68b61ad51a",
				}).Extract()
			},
			want: &myAZ,
		},
		{
			name: "show",
			exchanges: []scripted.Exchange{{
				Method: http.MethodGet, Path: "/v2.0/lbaas/availabilityzones/my_az",
				Status: 200, Response: showResponse,
			}},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				return availabilityzones.Get(ctx, c, "my_az").Extract()
			},
			want: &myAZ,
		},
		{
			name: "show escapes the name",
			exchanges: []scripted.Exchange{{
				Method: http.MethodGet, Path: "/v2.0/lbaas/availabilityzones/rack%201%2Fa",
				Status: 200, Response: showResponse,
			}},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				return availabilityzones.Get(ctx, c, "rack 1/a").Extract()
			},
			want: &myAZ,
		},
		{
			name: "update",
			exchanges: []scripted.Exchange{{
				Method: http.MethodPut, Path: "/v2.0/lbaas/availabilityzones/my_az", Body: updateRequest,
				Status: 200, Response: updateResponse,
			}},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				return availabilityzones.Update(ctx, c, "my_az", availabilityzones.UpdateOpts{
					Description: &description, Enabled: &no,
				}).Extract()
			},
			want: &myAZDisabled,
		},
		{
			name: "delete",
			exchanges: []scripted.Exchange{{
				Method: http.MethodDelete, Path: "/v2.0/lbaas/availabilityzones/my_az", Status: 204,
			}},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				return nil, availabilityzones.Delete(ctx, c, "my_az").ExtractErr()
			},
		},
		{
			name: "delete of a zone in use",
			exchanges: []scripted.Exchange{{
				Method: http.MethodDelete, Path: "/v2.0/lbaas/availabilityzones/my_az",
				Status: 409, Response: conflictResponse,
			}},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				return nil, availabilityzones.Delete(ctx, c, "my_az").ExtractErr()
			},
			wantCode: 409,
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

func TestCreateRequiresNameAndProfile(t *testing.T) {
	tests := []struct {
		name    string
		opts    availabilityzones.CreateOpts
		missing string
	}{
		{"no name", availabilityzones.CreateOpts{AvailabilityZoneProfileID: "5712097e-0092-45dc-bff0-ab68b61ad51a"}, "Name"},
		{"no profile", availabilityzones.CreateOpts{Name: "my_az"}, "AvailabilityZoneProfileID"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := scripted.Client(t) // any request fails the test
			_, err := availabilityzones.Create(context.Background(), c, tt.opts).Extract()
			var missing gophercloud.ErrMissingInput
			if !errors.As(err, &missing) || missing.Argument != tt.missing {
				t.Errorf("error: got %v, want missing input %s", err, tt.missing)
			}
		})
	}
}
