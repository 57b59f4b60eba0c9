package octavia

import (
	"context"
	"strconv"
	"strings"
)

// APIVersion reads the newest API version Octavia lists at its root (GET
// on the load-balancer endpoint: {"versions": [{"id": "v2.26", "status":
// "CURRENT"}, …]}), e.g. "v2.26" on Zed: what the cloud's Octavia
// speaks (HSTS on listeners came with v2.27).
func (c *Client) APIVersion(ctx context.Context) (string, error) {
	var out struct {
		Versions []struct{ ID, Status string } `json:"versions"`
	}
	if err := c.get(ctx, "read the API versions", c.lb.Endpoint, &out); err != nil {
		return "", err
	}
	best, bestMinor := "", -1
	for _, v := range out.Versions {
		if minor, ok := v2Minor(v.ID); ok && minor > bestMinor {
			best, bestMinor = v.ID, minor
		}
	}
	return best, nil
}

// v2Minor is the minor number of an API version "v2.N" (ok false for any
// other shape: "v2.0" is 0, "v1" is not one).
func v2Minor(id string) (int, bool) {
	rest, ok := strings.CutPrefix(id, "v2.")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil
}

// APIAtLeast reports whether API version v ("v2.26") is v2.minor or newer.
func APIAtLeast(v string, minor int) bool {
	n, ok := v2Minor(v)
	return ok && n >= minor
}
