package octavia

import (
	"context"
	"testing"
)

// Quota bodies as Octavia sends them (api/v2/types/quotas.py): both
// spellings of loadbalancer and healthmonitor, project_id, and in the list
// null for a limit left at the default.
const (
	quotaProject = "e3cd678b11784734bc366148aa37580e"
	quotaObject  = `{"project_id": "e3cd678b11784734bc366148aa37580e",
        "loadbalancer": 5, "load_balancer": 5, "listener": -1, "member": 50, "pool": -1,
        "healthmonitor": -1, "health_monitor": -1, "l7policy": -1, "l7rule": -1}`
	quotaBody           = `{"quota": ` + quotaObject + `}`
	quotaDefaultsObject = `{"project_id": null,
        "loadbalancer": 50, "load_balancer": 50, "listener": -1, "member": -1, "pool": -1,
        "healthmonitor": -1, "health_monitor": -1, "l7policy": -1, "l7rule": -1}`
	quotaDefaultsBody = `{"quota": ` + quotaDefaultsObject + `}`
	quotaListItem     = `{"project_id": "e3cd678b11784734bc366148aa37580e",
					"loadbalancer": 5, "load_balancer": 5, "listener": null, "member": 50, "pool": null,
					"healthmonitor": -1, "health_monitor": -1, "l7policy": null, "l7rule": null}`
)

// quotaRef points at quotaProject's quota.
var quotaRef = Ref{Kind: KindQuota, ID: quotaProject}

func TestQuotas(t *testing.T) {
	runExtraCases(t, []extraCase{
		{
			name: "list follows the next link",
			answers: map[string][]cannedAnswer{
				"GET /lbaas/quotas?limit=1": answer(200, `{"quotas": [`+quotaListItem+`],
					"quotas_links": [{"href": "http://octavia.internal:9876/v2/lbaas/quotas?limit=1&marker=e3cd678b11784734bc366148aa37580e", "rel": "next"}]}`),
				"GET /lbaas/quotas?limit=1&marker=e3cd678b11784734bc366148aa37580e": answer(200, `{"quotas": [], "quotas_links": [
					{"href": "http://octavia.internal:9876/v2/lbaas/quotas?limit=1&marker=e3cd678b11784734bc366148aa37580e&page_reverse=True", "rel": "previous"}]}`),
			},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				qs, err := Collect(c.List(ctx, KindQuota, "", ListQuery{Limit: 1}))
				return qs, Accepted{}, err
			},
			want: []Object{object(quotaListItem)},
			sent: []sent{
				{line: "GET /lbaas/quotas?limit=1"},
				{line: "GET /lbaas/quotas?limit=1&marker=" + quotaProject},
			},
		},
		{
			name:    "show",
			answers: map[string][]cannedAnswer{"GET /lbaas/quotas/" + quotaProject: answer(200, quotaBody)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				q, err := c.Get(ctx, quotaRef)
				return q, Accepted{}, err
			},
			want: answered(quotaObject),
			sent: []sent{{line: "GET /lbaas/quotas/" + quotaProject}},
		},
		{
			name: "show another project as a member",
			answers: map[string][]cannedAnswer{"GET /lbaas/quotas/9f1b2e0c5d7a4c3e8b6f0a1d2c3e4f50": answer(403,
				octaviaFault("Policy does not allow this request to be performed."))},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				q, err := c.Get(ctx, Ref{Kind: KindQuota, ID: "9f1b2e0c5d7a4c3e8b6f0a1d2c3e4f50"})
				return q, Accepted{}, err
			},
			code: EFORBIDDEN,
			sent: []sent{{line: "GET /lbaas/quotas/9f1b2e0c5d7a4c3e8b6f0a1d2c3e4f50"}},
		},
		{
			name:    "defaults",
			answers: map[string][]cannedAnswer{"GET /lbaas/quotas/defaults": answer(200, quotaDefaultsBody)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				q, err := c.Get(ctx, Ref{Kind: KindQuota, ID: "defaults"})
				return q, Accepted{}, err
			},
			want: answered(quotaDefaultsObject),
			sent: []sent{{line: "GET /lbaas/quotas/defaults"}},
		},
		{
			name:    "set",
			answers: map[string][]cannedAnswer{"PUT /lbaas/quotas/" + quotaProject: answer(202, quotaBody)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				q, acc, err := c.Update(ctx, quotaRef, Object{"loadbalancer": 5, "member": 100})
				return q, acc, err
			},
			want:   answered(quotaObject),
			status: 202,
			sent:   []sent{{line: "PUT /lbaas/quotas/" + quotaProject, body: `{"quota": {"loadbalancer": 5, "member": 100}}`}},
		},
		{
			name:    "unset one limit",
			answers: map[string][]cannedAnswer{"PUT /lbaas/quotas/" + quotaProject: answer(202, quotaBody)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				q, acc, err := c.Update(ctx, quotaRef, Object{"healthmonitor": nil})
				return q, acc, err
			},
			want:   answered(quotaObject),
			status: 202,
			sent:   []sent{{line: "PUT /lbaas/quotas/" + quotaProject, body: `{"quota": {"healthmonitor": null}}`}},
		},
		{
			name: "set an invalid limit",
			answers: map[string][]cannedAnswer{"PUT /lbaas/quotas/" + quotaProject: answer(400,
				octaviaFault("Invalid input for field/attribute loadbalancer. Value: '-5'. Value should be greater or equal to -1"))},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				return c.Update(ctx, quotaRef, Object{"loadbalancer": -5})
			},
			code: EINVALID,
			sent: []sent{{line: "PUT /lbaas/quotas/" + quotaProject, body: `{"quota": {"loadbalancer": -5}}`}},
		},
		{
			name:    "reset, as Octavia answers",
			answers: map[string][]cannedAnswer{"DELETE /lbaas/quotas/" + quotaProject: answer(202, "")},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				acc, err := c.Delete(ctx, quotaRef, false)
				return nil, acc, err
			},
			status: 202,
			sent:   []sent{{line: "DELETE /lbaas/quotas/" + quotaProject}},
		},
		{
			name:    "reset, as the API reference says",
			answers: map[string][]cannedAnswer{"DELETE /lbaas/quotas/" + quotaProject: answer(204, "")},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				acc, err := c.Delete(ctx, quotaRef, false)
				return nil, acc, err
			},
			status: 204,
			sent:   []sent{{line: "DELETE /lbaas/quotas/" + quotaProject}},
		},
	})
}
