package serverapi_test

import (
	"encoding/json"
	"fmt"

	"github.com/octaview/octaview/app/serverapi"
)

// The app decodes the server's status events into Status.
func Example() {
	event := `{"updated_at": "2026-11-29T12:00:00Z", "error": "", "load_balancers": [{"id": "lb1", "name": "web",
	  "vip_address": "10.0.0.5", "provisioning_status": "ACTIVE", "operating_status": "ONLINE",
	  "tree": {"id": "lb1", "name": "web", "provisioning_status": "ACTIVE", "operating_status": "ONLINE", "listeners": []}}]}`
	var st serverapi.Status
	if err := json.Unmarshal([]byte(event), &st); err != nil {
		fmt.Println(err)
		return
	}
	for _, lb := range st.LoadBalancers {
		fmt.Println(lb.Name, lb.VIPAddress, lb.OperatingStatus, lb.Tree.OperatingStatus)
	}
	// Output: web 10.0.0.5 ONLINE ONLINE
}
