package lbaasquotas_test

import (
	"context"
	"net/http"
	"reflect"
	"testing"

	"github.com/gophercloud/gophercloud/v2"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/quotas"

	"github.com/octaview/octaview/octavia/internal/scripted"
	"github.com/octaview/octaview/octavia/lbaasquotas"
)

// The first page is Octavia's API reference example (deprecated names only);
// the second is what Octavia sends today: both spellings, nulls for limits
// left at the default, l7policy and l7rule.
const (
	listPage1 = `{
    "quotas": [
        {
            "load_balancer": 5,
            "member": 50,
            "health_monitor": -1,
            "listener": null,
            "project_id": "e3cd678b11784734bc366148aa37580e",
            "pool": null
        }
    ],
    "quotas_links": [
        {"href": "{{base}}/v2.0/lbaas/quotas?limit=1&marker=e3cd678b11784734bc366148aa37580e", "rel": "next"}
    ]
}`
	listPage2 = `{
    "quotas": [
        {
            "project_id": "9f1b2e0c5d7a4c3e8b6f0a1d2c3e4f50",
            "loadbalancer": 10,
            "load_balancer": 10,
            "listener": null,
            "member": null,
            "pool": 0,
            "healthmonitor": null,
            "health_monitor": null,
            "l7policy": -1,
            "l7rule": null
        }
    ],
    "quotas_links": [
        {"href": "{{base}}/v2.0/lbaas/quotas?limit=1&marker=9f1b2e0c5d7a4c3e8b6f0a1d2c3e4f50&page_reverse=True", "rel": "previous"}
    ]
}`
	defaultsResponse = `{
    "quota": {
        "project_id": null,
        "loadbalancer": 50,
        "load_balancer": 50,
        "listener": -1,
        "member": -1,
        "pool": -1,
        "healthmonitor": -1,
        "health_monitor": -1,
        "l7policy": -1,
        "l7rule": -1
    }
}`
	unauthorizedResponse = `{"faultcode": "Client", "faultstring": "Authentication required", "debuginfo": null}`
)

func ptr(n int) *int { return &n }

func TestRequests(t *testing.T) {
	tests := []struct {
		name      string
		exchanges []scripted.Exchange
		do        func(ctx context.Context, c *gophercloud.ServiceClient) (any, error)
		want      any
		wantCode  int // HTTP status of the expected error; 0 = success
	}{
		{
			name: "list follows the next link and keeps nulls",
			exchanges: []scripted.Exchange{
				{Method: http.MethodGet, Path: "/v2.0/lbaas/quotas", Query: "limit=1", Status: 200, Response: listPage1},
				{Method: http.MethodGet, Path: "/v2.0/lbaas/quotas", Query: "limit=1&marker=e3cd678b11784734bc366148aa37580e", Status: 200, Response: listPage2},
			},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				pages, err := lbaasquotas.List(c, lbaasquotas.ListOpts{Limit: 1}).AllPages(ctx)
				if err != nil {
					return nil, err
				}
				return lbaasquotas.ExtractQuotas(pages)
			},
			want: []lbaasquotas.Quota{
				{ProjectID: "e3cd678b11784734bc366148aa37580e", Loadbalancer: ptr(5), Member: ptr(50), Healthmonitor: ptr(-1)},
				{ProjectID: "9f1b2e0c5d7a4c3e8b6f0a1d2c3e4f50", Loadbalancer: ptr(10), Pool: ptr(0), L7Policy: ptr(-1)},
			},
		},
		{
			name: "list one project",
			exchanges: []scripted.Exchange{{
				Method: http.MethodGet, Path: "/v2.0/lbaas/quotas", Query: "project_id=e3cd678b11784734bc366148aa37580e&sort_dir=desc&sort_key=project_id",
				Status: 200, Response: `{"quotas": [], "quotas_links": []}`,
			}},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				pages, err := lbaasquotas.List(c, lbaasquotas.ListOpts{
					ProjectID: "e3cd678b11784734bc366148aa37580e", SortKey: "project_id", SortDir: "desc",
				}).AllPages(ctx)
				if err != nil {
					return nil, err
				}
				return lbaasquotas.ExtractQuotas(pages)
			},
			want: []lbaasquotas.Quota(nil),
		},
		{
			name: "defaults",
			exchanges: []scripted.Exchange{{
				Method: http.MethodGet, Path: "/v2.0/lbaas/quotas/defaults", Status: 200, Response: defaultsResponse,
			}},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				return lbaasquotas.GetDefaults(ctx, c).Extract()
			},
			want: &quotas.Quota{Loadbalancer: 50, Listener: -1, Member: -1, Pool: -1, Healthmonitor: -1, L7Policy: -1, L7Rule: -1},
		},
		{
			name: "show",
			exchanges: []scripted.Exchange{{
				Method: http.MethodGet, Path: "/v2.0/lbaas/quotas/e3cd678b11784734bc366148aa37580e", Status: 200, Response: defaultsResponse,
			}},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				return lbaasquotas.Get(ctx, c, "e3cd678b11784734bc366148aa37580e").Extract()
			},
			want: &quotas.Quota{Loadbalancer: 50, Listener: -1, Member: -1, Pool: -1, Healthmonitor: -1, L7Policy: -1, L7Rule: -1},
		},
		{
			name: "set",
			exchanges: []scripted.Exchange{{
				Method: http.MethodPut, Path: "/v2.0/lbaas/quotas/e3cd678b11784734bc366148aa37580e",
				Body: `{"quota": {"loadbalancer": 50}}`, Status: 202, Response: defaultsResponse,
			}},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				return lbaasquotas.Update(ctx, c, "e3cd678b11784734bc366148aa37580e", quotas.UpdateOpts{Loadbalancer: ptr(50)}).Extract()
			},
			want: &quotas.Quota{Loadbalancer: 50, Listener: -1, Member: -1, Pool: -1, Healthmonitor: -1, L7Policy: -1, L7Rule: -1},
		},
		{
			name: "reset",
			exchanges: []scripted.Exchange{{
				Method: http.MethodDelete, Path: "/v2.0/lbaas/quotas/e3cd678b11784734bc366148aa37580e", Status: 202,
			}},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				return nil, lbaasquotas.Reset(ctx, c, "e3cd678b11784734bc366148aa37580e").ExtractErr()
			},
		},
		{
			name: "defaults with an expired token",
			exchanges: []scripted.Exchange{{
				Method: http.MethodGet, Path: "/v2.0/lbaas/quotas/defaults", Status: 401, Response: unauthorizedResponse,
			}},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				return lbaasquotas.GetDefaults(ctx, c).Extract()
			},
			wantCode: 401,
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
				t.Errorf("got %s, want %s", scripted.Describe(got), scripted.Describe(tt.want))
			}
		})
	}
}

func TestQuotaUnmarshal(t *testing.T) {
	tests := []struct {
		name string
		json string
		want lbaasquotas.Quota
	}{
		{"current names", `{"loadbalancer": 3, "healthmonitor": 4}`, lbaasquotas.Quota{Loadbalancer: ptr(3), Healthmonitor: ptr(4)}},
		{"deprecated names", `{"load_balancer": 3, "health_monitor": 4}`, lbaasquotas.Quota{Loadbalancer: ptr(3), Healthmonitor: ptr(4)}},
		{"current names win", `{"loadbalancer": 3, "load_balancer": 9, "healthmonitor": 4, "health_monitor": 9}`, lbaasquotas.Quota{Loadbalancer: ptr(3), Healthmonitor: ptr(4)}},
		{"null is the default", `{"loadbalancer": null, "load_balancer": null, "listener": null}`, lbaasquotas.Quota{}},
		{"zero is a limit", `{"listener": 0}`, lbaasquotas.Quota{Listener: ptr(0)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got lbaasquotas.Quota
			if err := got.UnmarshalJSON([]byte(tt.json)); err != nil {
				t.Fatalf("error: got %v, want nil", err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %s, want %s", scripted.Describe(got), scripted.Describe(tt.want))
			}
		})
	}
}
