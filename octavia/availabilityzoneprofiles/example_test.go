package availabilityzoneprofiles_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/gophercloud/gophercloud/v2"

	"github.com/octaview/octaview/octavia/availabilityzoneprofiles"
)

func Example() {
	// A stand-in for Octavia that creates the profile it is sent. In Octaview
	// the service client comes from octavia.New.
	octavia := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		io.WriteString(w, `{"availability_zone_profile": {"id": "5712097e-0092-45dc-bff0-ab68b61ad51a",
			"name": "some_az", "provider_name": "amphora",
			"availability_zone_data": "{\"compute_zone\": \"az1\"}"}}`)
	}))
	defer octavia.Close()
	lb := &gophercloud.ServiceClient{
		ProviderClient: &gophercloud.ProviderClient{TokenID: "a-token"},
		Endpoint:       octavia.URL + "/",
		ResourceBase:   octavia.URL + "/v2.0/",
	}

	profile, err := availabilityzoneprofiles.Create(context.Background(), lb, availabilityzoneprofiles.CreateOpts{
		Name:                 "some_az",
		ProviderName:         "amphora",
		AvailabilityZoneData: `{"compute_zone": "az1"}`,
	}).Extract()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(profile.ID, profile.Name, profile.AvailabilityZoneData)
	// Output: 5712097e-0092-45dc-bff0-ab68b61ad51a some_az {"compute_zone": "az1"}
}
