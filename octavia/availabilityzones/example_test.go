package availabilityzones_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/gophercloud/gophercloud/v2"

	"github.com/octaview/octaview/octavia/availabilityzones"
)

func Example() {
	// A stand-in for Octavia. In Octaview the service client comes from
	// octavia.New, and lists are streamed with (*octavia.Client).AvailabilityZones.
	octavia := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"availability_zones": [
			{"name": "my_az", "description": "My availability zone.", "enabled": true,
			 "availability_zone_profile_id": "5712097e-0092-45dc-bff0-ab68b61ad51a"}],
			"availability_zones_links": []}`)
	}))
	defer octavia.Close()
	lb := &gophercloud.ServiceClient{
		ProviderClient: &gophercloud.ProviderClient{TokenID: "a-token"},
		Endpoint:       octavia.URL + "/",
		ResourceBase:   octavia.URL + "/v2.0/",
	}

	enabled := true
	pages, err := availabilityzones.List(lb, availabilityzones.ListOpts{Enabled: &enabled}).AllPages(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	zones, err := availabilityzones.ExtractAvailabilityZones(pages)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, z := range zones {
		fmt.Printf("%s enabled=%t profile=%s\n", z.Name, z.Enabled, z.AvailabilityZoneProfileID)
	}
	// Output: my_az enabled=true profile=5712097e-0092-45dc-bff0-ab68b61ad51a
}
