package fake_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/octaview/octaview/octavia/internal/fake"
)

// Example logs in to the fake Keystone and lists load balancers from the
// fake Octavia with plain net/http, showing the shapes it answers with.
func Example() {
	cloud := fake.New()
	cloud.AddLoadBalancer(map[string]any{"name": "web", "created_at": "2026-11-29T17:31:07"})
	srv := fake.NewServer(cloud)
	defer srv.Close()

	login := `{"auth": {"identity": {"methods": ["password"], "password": {"user": {"name": "demo", "password": "demo"}}}}}`
	resp, err := http.Post(srv.URL+"/identity/v3/auth/tokens", "application/json", strings.NewReader(login))
	if err != nil {
		fmt.Println(err)
		return
	}
	resp.Body.Close()
	token := resp.Header.Get("X-Subject-Token")

	req, _ := http.NewRequest("GET", srv.URL+"/load-balancer/v2/lbaas/loadbalancers?name=web&fields=name&fields=created_at", nil)
	req.Header.Set("X-Auth-Token", token)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(resp.StatusCode, strings.HasPrefix(resp.Header.Get("X-Openstack-Request-Id"), "req-"))
	fmt.Print(string(body))
	// Output:
	// 200 true
	// {"loadbalancers":[{"created_at":"2026-11-29T17:31:07","name":"web"}],"loadbalancers_links":[]}
}
