package lbaasquotas

import (
	"encoding/json"

	"github.com/gophercloud/gophercloud/v2"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/quotas"
	"github.com/gophercloud/gophercloud/v2/pagination"
)

// Quota is one entry of the quota list: the limits a project has of its own.
// A nil limit means the project uses the deployment default; -1 means
// unlimited. Field names follow gophercloud's quotas.Quota.
type Quota struct {
	ProjectID     string
	Loadbalancer  *int
	Listener      *int
	Member        *int
	Pool          *int
	Healthmonitor *int
	L7Policy      *int
	L7Rule        *int
}

// UnmarshalJSON reads Octavia's names and the spellings deprecated in Rocky
// (load_balancer, health_monitor) that Octavia still sends alongside them.
func (q *Quota) UnmarshalJSON(b []byte) error {
	var s struct {
		ProjectID     string `json:"project_id"`
		Loadbalancer  *int   `json:"loadbalancer"`
		LoadBalancer  *int   `json:"load_balancer"`
		Listener      *int   `json:"listener"`
		Member        *int   `json:"member"`
		Pool          *int   `json:"pool"`
		Healthmonitor *int   `json:"healthmonitor"`
		HealthMonitor *int   `json:"health_monitor"`
		L7Policy      *int   `json:"l7policy"`
		L7Rule        *int   `json:"l7rule"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*q = Quota{
		ProjectID:     s.ProjectID,
		Loadbalancer:  s.Loadbalancer,
		Listener:      s.Listener,
		Member:        s.Member,
		Pool:          s.Pool,
		Healthmonitor: s.Healthmonitor,
		L7Policy:      s.L7Policy,
		L7Rule:        s.L7Rule,
	}
	if q.Loadbalancer == nil {
		q.Loadbalancer = s.LoadBalancer
	}
	if q.Healthmonitor == nil {
		q.Healthmonitor = s.HealthMonitor
	}
	return nil
}

// QuotaPage is one page of a List.
type QuotaPage struct {
	pagination.LinkedPageBase
}

// NextPageURL returns the "next" link of the page, or "" on the last page.
func (r QuotaPage) NextPageURL() (string, error) {
	var s struct {
		Links []gophercloud.Link `json:"quotas_links"`
	}
	if err := r.ExtractInto(&s); err != nil {
		return "", err
	}
	return gophercloud.ExtractNextURL(s.Links)
}

// IsEmpty reports whether the page holds no entry.
func (r QuotaPage) IsEmpty() (bool, error) {
	if r.StatusCode == 204 {
		return true, nil
	}
	entries, err := ExtractQuotas(r)
	return len(entries) == 0, err
}

// ExtractQuotas returns the entries of a page from List.
func ExtractQuotas(r pagination.Page) ([]Quota, error) {
	var s struct {
		Quotas []Quota `json:"quotas"`
	}
	err := (r.(QuotaPage)).ExtractInto(&s)
	return s.Quotas, err
}

type commonResult struct {
	gophercloud.Result
}

// Extract returns the quota in the response body.
func (r commonResult) Extract() (*quotas.Quota, error) {
	var s struct {
		Quota *quotas.Quota `json:"quota"`
	}
	err := r.ExtractInto(&s)
	return s.Quota, err
}

// GetResult is the result of Get and GetDefaults; call Extract.
type GetResult struct {
	commonResult
}

// UpdateResult is the result of Update; call Extract for the quota as it now is.
type UpdateResult struct {
	commonResult
}

// ResetResult is the result of Reset; call ExtractErr.
type ResetResult struct {
	gophercloud.ErrResult
}
