package amphoracontrol

import (
	"context"
	"net/http"

	"github.com/gophercloud/gophercloud/v2"
)

// Configure asks Octavia to push a fresh agent configuration to the amphora
// (PUT /v2/octavia/amphorae/{id}/config, no body, 202). Octavia answers at
// once; the update happens in the background.
func Configure(ctx context.Context, c *gophercloud.ServiceClient, id string) (r ConfigureResult) {
	resp, err := c.Put(ctx, configURL(c, id), nil, nil, &gophercloud.RequestOpts{
		OkCodes: []int{202},
	})
	parse(&r.Result, resp, err)
	return
}

// GetStats reads the amphora's counters, one entry per listener it serves
// (GET /v2/octavia/amphorae/{id}/stats).
func GetStats(ctx context.Context, c *gophercloud.ServiceClient, id string) (r StatsResult) {
	resp, err := c.Get(ctx, statsURL(c, id), &r.Body, nil)
	parse(&r.Result, resp, err)
	return
}

// parse fills r from the answer as gophercloud.ParseResponse does, and keeps
// its status code.
func parse(r *gophercloud.Result, resp *http.Response, err error) {
	_, r.Header, r.Err = gophercloud.ParseResponse(resp, err)
	if resp != nil {
		r.StatusCode = resp.StatusCode
	}
}
