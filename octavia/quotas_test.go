package octavia

import (
	"context"
	"testing"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/quotas"

	"github.com/octaview/octaview/octavia/lbaasquotas"
)

// Quota bodies as Octavia sends them (api/v2/types/quotas.py): both
// spellings of loadbalancer and healthmonitor, project_id, and in the list
// null for a limit left at the default.
const (
	quotaProject = "e3cd678b11784734bc366148aa37580e"
	quotaBody    = `{"quota": {"project_id": "e3cd678b11784734bc366148aa37580e",
        "loadbalancer": 5, "load_balancer": 5, "listener": -1, "member": 50, "pool": -1,
        "healthmonitor": -1, "health_monitor": -1, "l7policy": -1, "l7rule": -1}}`
	quotaDefaultsBody = `{"quota": {"project_id": null,
        "loadbalancer": 50, "load_balancer": 50, "listener": -1, "member": -1, "pool": -1,
        "healthmonitor": -1, "health_monitor": -1, "l7policy": -1, "l7rule": -1}}`
)

func TestQuotas(t *testing.T) {
	five, hundred := 5, 100
	runExtraCases(t, []extraCase{
		{
			name: "list follows the next link",
			answers: map[string][]cannedAnswer{
				"GET /lbaas/quotas?limit=1": answer(200, `{"quotas": [{"project_id": "e3cd678b11784734bc366148aa37580e",
					"loadbalancer": 5, "load_balancer": 5, "listener": null, "member": 50, "pool": null,
					"healthmonitor": -1, "health_monitor": -1, "l7policy": null, "l7rule": null}],
					"quotas_links": [{"href": "http://octavia.internal:9876/v2/lbaas/quotas?limit=1&marker=e3cd678b11784734bc366148aa37580e", "rel": "next"}]}`),
				"GET /lbaas/quotas?limit=1&marker=e3cd678b11784734bc366148aa37580e": answer(200, `{"quotas": [], "quotas_links": [
					{"href": "http://octavia.internal:9876/v2/lbaas/quotas?limit=1&marker=e3cd678b11784734bc366148aa37580e&page_reverse=True", "rel": "previous"}]}`),
			},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				qs, err := Collect(c.Quotas(ctx, lbaasquotas.ListOpts{Limit: 1}))
				return qs, Accepted{}, err
			},
			want: []lbaasquotas.Quota{{ProjectID: quotaProject, Loadbalancer: ptrTo(5), Member: ptrTo(50), Healthmonitor: ptrTo(-1)}},
			sent: []sent{
				{line: "GET /lbaas/quotas?limit=1"},
				{line: "GET /lbaas/quotas?limit=1&marker=" + quotaProject},
			},
		},
		{
			name:    "show",
			answers: map[string][]cannedAnswer{"GET /lbaas/quotas/" + quotaProject: answer(200, quotaBody)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				q, err := c.GetQuota(ctx, quotaProject)
				return q, Accepted{}, err
			},
			want: &quotas.Quota{Loadbalancer: 5, Listener: -1, Member: 50, Pool: -1, Healthmonitor: -1, L7Policy: -1, L7Rule: -1},
			sent: []sent{{line: "GET /lbaas/quotas/" + quotaProject}},
		},
		{
			name: "show another project as a member",
			answers: map[string][]cannedAnswer{"GET /lbaas/quotas/9f1b2e0c5d7a4c3e8b6f0a1d2c3e4f50": answer(403,
				octaviaFault("Policy does not allow this request to be performed."))},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				q, err := c.GetQuota(ctx, "9f1b2e0c5d7a4c3e8b6f0a1d2c3e4f50")
				return q, Accepted{}, err
			},
			code: EFORBIDDEN,
			sent: []sent{{line: "GET /lbaas/quotas/9f1b2e0c5d7a4c3e8b6f0a1d2c3e4f50"}},
		},
		{
			name:    "defaults",
			answers: map[string][]cannedAnswer{"GET /lbaas/quotas/defaults": answer(200, quotaDefaultsBody)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				q, err := c.GetQuotaDefaults(ctx)
				return q, Accepted{}, err
			},
			want: &quotas.Quota{Loadbalancer: 50, Listener: -1, Member: -1, Pool: -1, Healthmonitor: -1, L7Policy: -1, L7Rule: -1},
			sent: []sent{{line: "GET /lbaas/quotas/defaults"}},
		},
		{
			name:    "set",
			answers: map[string][]cannedAnswer{"PUT /lbaas/quotas/" + quotaProject: answer(202, quotaBody)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				q, acc, err := c.UpdateQuota(ctx, quotaProject, quotas.UpdateOpts{Loadbalancer: &five, Member: &hundred})
				return q, acc, err
			},
			want:   &quotas.Quota{Loadbalancer: 5, Listener: -1, Member: 50, Pool: -1, Healthmonitor: -1, L7Policy: -1, L7Rule: -1},
			status: 202,
			sent:   []sent{{line: "PUT /lbaas/quotas/" + quotaProject, body: `{"quota": {"loadbalancer": 5, "member": 100}}`}},
		},
		{
			name:    "unset one limit",
			answers: map[string][]cannedAnswer{"PUT /lbaas/quotas/" + quotaProject: answer(202, quotaBody)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				q, acc, err := c.UpdateQuota(ctx, quotaProject, Unset{"healthmonitor"})
				return q, acc, err
			},
			want:   &quotas.Quota{Loadbalancer: 5, Listener: -1, Member: 50, Pool: -1, Healthmonitor: -1, L7Policy: -1, L7Rule: -1},
			status: 202,
			sent:   []sent{{line: "PUT /lbaas/quotas/" + quotaProject, body: `{"quota": {"healthmonitor": null}}`}},
		},
		{
			name: "set an invalid limit",
			answers: map[string][]cannedAnswer{"PUT /lbaas/quotas/" + quotaProject: answer(400,
				octaviaFault("Invalid input for field/attribute loadbalancer. Value: '-5'. Value should be greater or equal to -1"))},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				minus := -5
				return c.UpdateQuota(ctx, quotaProject, quotas.UpdateOpts{Loadbalancer: &minus})
			},
			code: EINVALID,
			sent: []sent{{line: "PUT /lbaas/quotas/" + quotaProject, body: `{"quota": {"loadbalancer": -5}}`}},
		},
		{
			name:    "reset, as Octavia answers",
			answers: map[string][]cannedAnswer{"DELETE /lbaas/quotas/" + quotaProject: answer(202, "")},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				acc, err := c.ResetQuota(ctx, quotaProject)
				return nil, acc, err
			},
			status: 202,
			sent:   []sent{{line: "DELETE /lbaas/quotas/" + quotaProject}},
		},
		{
			name:    "reset, as the API reference says",
			answers: map[string][]cannedAnswer{"DELETE /lbaas/quotas/" + quotaProject: answer(204, "")},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				acc, err := c.ResetQuota(ctx, quotaProject)
				return nil, acc, err
			},
			status: 204,
			sent:   []sent{{line: "DELETE /lbaas/quotas/" + quotaProject}},
		},
	})
}

func ptrTo[T any](v T) *T { return &v }
