package amphoracontrol_test

import (
	"context"
	"net/http"
	"reflect"
	"testing"

	"github.com/gophercloud/gophercloud/v2"

	"github.com/octaview/octaview/octavia/amphoracontrol"
	"github.com/octaview/octaview/octavia/internal/scripted"
)

const amphoraID = "63d8349e-c4d7-4156-bc94-29260607b04f"

// statsResponse is Octavia's API reference example.
const statsResponse = `{
    "amphora_stats": [
        {
            "active_connections": 48629,
            "bytes_in": 65671420,
            "bytes_out": 774771186,
            "id": "63d8349e-c4d7-4156-bc94-29260607b04f",
            "listener_id": "bbe44114-cda2-4fe0-b192-d9e24ce661db",
            "loadbalancer_id": "65b5a7c3-1437-4909-84cf-cec9f7e371ea",
            "request_errors": 0,
            "total_connections": 26189172
        },
        {
            "active_connections": 0,
            "bytes_in": 5,
            "bytes_out": 100,
            "id": "63d8349e-c4d7-4156-bc94-29260607b04f",
            "listener_id": "af45a658-4eeb-4ce9-8b7e-16b0e5676f87",
            "loadbalancer_id": "65b5a7c3-1437-4909-84cf-cec9f7e371ea",
            "request_errors": 0,
            "total_connections": 1
        }
    ]
}`

var (
	listener1Stats = amphoracontrol.Stats{
		ID:                amphoraID,
		ListenerID:        "bbe44114-cda2-4fe0-b192-d9e24ce661db",
		LoadbalancerID:    "65b5a7c3-1437-4909-84cf-cec9f7e371ea",
		ActiveConnections: 48629,
		BytesIn:           65671420,
		BytesOut:          774771186,
		TotalConnections:  26189172,
	}
	listener2Stats = amphoracontrol.Stats{
		ID:               amphoraID,
		ListenerID:       "af45a658-4eeb-4ce9-8b7e-16b0e5676f87",
		LoadbalancerID:   "65b5a7c3-1437-4909-84cf-cec9f7e371ea",
		BytesIn:          5,
		BytesOut:         100,
		TotalConnections: 1,
	}
)

func TestRequests(t *testing.T) {
	tests := []struct {
		name     string
		exchange scripted.Exchange
		do       func(ctx context.Context, c *gophercloud.ServiceClient) (any, error)
		want     any
		wantCode int // HTTP status of the expected error; 0 = success
	}{
		{
			name:     "configure",
			exchange: scripted.Exchange{Method: http.MethodPut, Path: "/v2.0/octavia/amphorae/" + amphoraID + "/config", Status: 202},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				return nil, amphoracontrol.Configure(ctx, c, amphoraID).ExtractErr()
			},
		},
		{
			name: "configure an unknown amphora",
			exchange: scripted.Exchange{
				Method: http.MethodPut, Path: "/v2.0/octavia/amphorae/" + amphoraID + "/config", Status: 404,
				Response: `{"faultcode": "Client", "faultstring": "Amphora ` + amphoraID + ` not found.", "debuginfo": null}`,
			},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				return nil, amphoracontrol.Configure(ctx, c, amphoraID).ExtractErr()
			},
			wantCode: 404,
		},
		{
			name:     "stats",
			exchange: scripted.Exchange{Method: http.MethodGet, Path: "/v2.0/octavia/amphorae/" + amphoraID + "/stats", Status: 200, Response: statsResponse},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				return amphoracontrol.GetStats(ctx, c, amphoraID).Extract()
			},
			want: []amphoracontrol.Stats{listener1Stats, listener2Stats},
		},
		{
			name: "stats as a non-admin",
			exchange: scripted.Exchange{
				Method: http.MethodGet, Path: "/v2.0/octavia/amphorae/" + amphoraID + "/stats", Status: 403,
				Response: `{"faultcode": "Client", "faultstring": "Policy does not allow this request to be performed.", "debuginfo": null}`,
			},
			do: func(ctx context.Context, c *gophercloud.ServiceClient) (any, error) {
				return amphoracontrol.GetStats(ctx, c, amphoraID).Extract()
			},
			wantCode: 403,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := scripted.Client(t, tt.exchange)
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

func TestSum(t *testing.T) {
	both := []amphoracontrol.Stats{listener1Stats, listener2Stats}
	tests := []struct {
		name     string
		stats    []amphoracontrol.Stats
		listener string
		want     amphoracontrol.Stats
	}{
		{
			name:  "every listener",
			stats: both,
			want: amphoracontrol.Stats{
				ID: amphoraID, LoadbalancerID: "65b5a7c3-1437-4909-84cf-cec9f7e371ea",
				ActiveConnections: 48629, BytesIn: 65671425, BytesOut: 774771286, TotalConnections: 26189173,
			},
		},
		{
			name:     "one listener",
			stats:    both,
			listener: "af45a658-4eeb-4ce9-8b7e-16b0e5676f87",
			want:     listener2Stats,
		},
		{
			name:     "a listener the amphora does not serve",
			stats:    both,
			listener: "00000000-0000-0000-0000-000000000000",
			want:     amphoracontrol.Stats{},
		},
		{name: "no stats", want: amphoracontrol.Stats{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := amphoracontrol.Sum(tt.stats, tt.listener); got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}
