package labtest

import (
	"testing"

	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// Create creates an object of kind k under parent with body through c's
// kind-indexed call and, for a kind with a provisioning status, waits (with
// wait) until it is ACTIVE; it fails t when either fails.
func Create(t *testing.T, c *octavia.Client, k octavia.Kind, parent string, body octavia.Object, wait waiters.Options) octavia.Ref {
	t.Helper()
	o, _, err := c.Create(t.Context(), k, parent, body)
	if err != nil {
		t.Fatalf("create %s: %v", k, err)
	}
	r := octavia.RefOf(k, parent, o)
	if k.StatusKey() == "provisioning_status" {
		if _, err := c.WaitChildActive(t.Context(), r, wait); err != nil {
			t.Fatalf("wait for %s: %v", r, err)
		}
	}
	return r
}
