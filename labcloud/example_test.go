package labcloud_test

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/octaview/octaview/labcloud"
)

// Start a lab cloud, log in as demo with a password, and list load
// balancers with the token, as any OpenStack client would.
func ExampleNewServer() {
	srv := labcloud.NewServer(labcloud.Options{Seed: 1})
	defer srv.Close()

	auth := `{"auth": {"identity": {"methods": ["password"], "password": {"user": {
		"name": "demo", "domain": {"name": "Default"}, "password": "demo"}}},
		"scope": {"project": {"name": "demo", "domain": {"id": "default"}}}}}`
	resp, err := http.Post(srv.URL+"/identity/v3/auth/tokens", "application/json", strings.NewReader(auth))
	if err != nil {
		fmt.Println(err)
		return
	}
	resp.Body.Close()
	fmt.Println("token:", resp.StatusCode)

	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/load-balancer/v2/lbaas/loadbalancers", nil)
	req.Header.Set("X-Auth-Token", resp.Header.Get("X-Subject-Token"))
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		fmt.Println(err)
		return
	}
	resp.Body.Close()
	fmt.Println("list:", resp.StatusCode)
	// Output:
	// token: 201
	// list: 200
}

// The lab's users, for a login page or a workshop handout.
func ExampleCloud_Users() {
	c := labcloud.New(labcloud.Options{Trainees: 2})
	for _, u := range c.Users() {
		fmt.Println(u.Name, u.Password, u.Project, u.Role)
	}
	// Output:
	// admin admin admin admin
	// demo demo demo member
	// viewer viewer demo reader
	// trainee1 trainee1 trainee1 member
	// trainee2 trainee2 trainee2 member
}
