package octavia

import (
	"context"
	"iter"
	"net/http"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/monitors"
)

// MonitorListOpts is gophercloud's monitors.ListOpts plus fields and
// page_reverse; it implements monitors.ListOptsBuilder.
type MonitorListOpts struct {
	monitors.ListOpts
	PageOpts
}

// ToMonitorListQuery implements monitors.ListOptsBuilder.
func (o MonitorListOpts) ToMonitorListQuery() (string, error) {
	return o.PageOpts.query(o.ListOpts.ToMonitorListQuery())
}

// ToMonitorUpdateMap implements monitors.UpdateOptsBuilder ("healthmonitor unset").
func (u Unset) ToMonitorUpdateMap() (map[string]any, error) { return u.body("healthmonitor") }

// Monitors streams the health monitors matching opts (monitors.ListOpts or
// MonitorListOpts), page by page.
func (c *Client) Monitors(ctx context.Context, opts monitors.ListOptsBuilder) iter.Seq2[monitors.Monitor, error] {
	const op = "list health monitors"
	q, err := opts.ToMonitorListQuery()
	if err != nil {
		return errSeq[monitors.Monitor](op, err)
	}
	return list[monitors.Monitor](ctx, c, c.lb, op, c.collectionURL(KindMonitor, ""), "healthmonitors", q)
}

// GetMonitor reads one health monitor.
func (c *Client) GetMonitor(ctx context.Context, id string) (*monitors.Monitor, error) {
	return getOne[monitors.Monitor](ctx, c, "get health monitor "+id, c.collectionURL(KindMonitor, "", id), "healthmonitor")
}

// CreateMonitor creates a health monitor on a pool; wait with WaitChildActive.
func (c *Client) CreateMonitor(ctx context.Context, opts monitors.CreateOptsBuilder) (*monitors.Monitor, Accepted, error) {
	const op = "create health monitor"
	b, err := opts.ToMonitorCreateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[monitors.Monitor](ctx, c, c.lb, op, http.MethodPost, c.collectionURL(KindMonitor, ""), b, "healthmonitor")
}

// UpdateMonitor changes a health monitor (monitors.UpdateOpts, or Unset).
func (c *Client) UpdateMonitor(ctx context.Context, id string, opts monitors.UpdateOptsBuilder) (*monitors.Monitor, Accepted, error) {
	op := "update health monitor " + id
	b, err := opts.ToMonitorUpdateMap()
	if err != nil {
		return nil, Accepted{}, mapError(op, err)
	}
	return sendOne[monitors.Monitor](ctx, c, c.lb, op, http.MethodPut, c.collectionURL(KindMonitor, "", id), b, "healthmonitor")
}

// DeleteMonitor deletes a health monitor; wait with WaitChildDeleted.
func (c *Client) DeleteMonitor(ctx context.Context, id string) (Accepted, error) {
	return c.del(ctx, "delete health monitor "+id, c.collectionURL(KindMonitor, "", id))
}
