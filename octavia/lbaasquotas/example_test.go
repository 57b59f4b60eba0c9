package lbaasquotas_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/gophercloud/gophercloud/v2"

	"github.com/octaview/octaview/octavia/lbaasquotas"
)

func Example() {
	// A stand-in for Octavia. In Octaview the service client comes from
	// octavia.New, and (*octavia.Client).Quotas streams this list.
	octavia := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"quotas": [{"project_id": "e3cd678b11784734bc366148aa37580e",
			"loadbalancer": 5, "load_balancer": 5, "listener": null, "member": 50, "pool": null,
			"healthmonitor": -1, "health_monitor": -1, "l7policy": null, "l7rule": null}],
			"quotas_links": []}`)
	}))
	defer octavia.Close()
	lb := &gophercloud.ServiceClient{
		ProviderClient: &gophercloud.ProviderClient{TokenID: "a-token"},
		Endpoint:       octavia.URL + "/",
		ResourceBase:   octavia.URL + "/v2.0/",
	}

	pages, err := lbaasquotas.List(lb, lbaasquotas.ListOpts{}).AllPages(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	entries, err := lbaasquotas.ExtractQuotas(pages)
	if err != nil {
		fmt.Println(err)
		return
	}
	limit := func(n *int) string {
		switch {
		case n == nil:
			return "default"
		case *n == -1:
			return "unlimited"
		}
		return fmt.Sprint(*n)
	}
	for _, q := range entries {
		fmt.Printf("%s: load balancers %s, listeners %s, members %s, health monitors %s\n",
			q.ProjectID, limit(q.Loadbalancer), limit(q.Listener), limit(q.Member), limit(q.Healthmonitor))
	}
	// Output: e3cd678b11784734bc366148aa37580e: load balancers 5, listeners default, members 50, health monitors unlimited
}
