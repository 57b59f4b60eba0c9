package amphoracontrol_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/gophercloud/gophercloud/v2"

	"github.com/octaview/octaview/octavia/amphoracontrol"
)

func Example() {
	// A stand-in for Octavia. In Octaview the service client comes from
	// octavia.New, and (*octavia.Client).AmphoraStats does this call.
	octavia := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"amphora_stats": [
			{"id": "63d8349e-c4d7-4156-bc94-29260607b04f", "listener_id": "bbe44114-cda2-4fe0-b192-d9e24ce661db",
			 "loadbalancer_id": "65b5a7c3-1437-4909-84cf-cec9f7e371ea", "active_connections": 3,
			 "bytes_in": 1000, "bytes_out": 20000, "request_errors": 0, "total_connections": 40},
			{"id": "63d8349e-c4d7-4156-bc94-29260607b04f", "listener_id": "af45a658-4eeb-4ce9-8b7e-16b0e5676f87",
			 "loadbalancer_id": "65b5a7c3-1437-4909-84cf-cec9f7e371ea", "active_connections": 1,
			 "bytes_in": 5, "bytes_out": 100, "request_errors": 2, "total_connections": 1}]}`)
	}))
	defer octavia.Close()
	lb := &gophercloud.ServiceClient{
		ProviderClient: &gophercloud.ProviderClient{TokenID: "a-token"},
		Endpoint:       octavia.URL + "/",
		ResourceBase:   octavia.URL + "/v2.0/",
	}

	stats, err := amphoracontrol.GetStats(context.Background(), lb, "63d8349e-c4d7-4156-bc94-29260607b04f").Extract()
	if err != nil {
		fmt.Println(err)
		return
	}
	total := amphoracontrol.Sum(stats, "")
	fmt.Printf("%d listeners: active %d, in %d B, out %d B, errors %d, total %d\n", len(stats),
		total.ActiveConnections, total.BytesIn, total.BytesOut, total.RequestErrors, total.TotalConnections)
	// Output: 2 listeners: active 4, in 1005 B, out 20100 B, errors 2, total 41
}
