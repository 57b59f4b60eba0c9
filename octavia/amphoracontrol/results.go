package amphoracontrol

import "github.com/gophercloud/gophercloud/v2"

// Stats are the counters of one listener on one amphora.
type Stats struct {
	// ID is the amphora's ID.
	ID string `json:"id"`

	ListenerID     string `json:"listener_id"`
	LoadbalancerID string `json:"loadbalancer_id"`

	// ActiveConnections is the number of connections open now.
	ActiveConnections int `json:"active_connections"`

	// BytesIn and BytesOut count bytes received and sent since the amphora started.
	BytesIn  int `json:"bytes_in"`
	BytesOut int `json:"bytes_out"`

	// RequestErrors counts requests that could not be fulfilled.
	RequestErrors int `json:"request_errors"`

	// TotalConnections counts connections handled since the amphora started.
	TotalConnections int `json:"total_connections"`
}

// Sum adds up the counters of stats, as "openstack loadbalancer amphora stats
// show" does: of every listener when listenerID is "", else of that listener
// only. The result's ID, ListenerID and LoadbalancerID are those of the first
// entry counted.
func Sum(stats []Stats, listenerID string) Stats {
	var total Stats
	counted := false
	for _, s := range stats {
		if listenerID != "" && s.ListenerID != listenerID {
			continue
		}
		if !counted {
			total.ID, total.ListenerID, total.LoadbalancerID = s.ID, s.ListenerID, s.LoadbalancerID
			counted = true
		}
		total.ActiveConnections += s.ActiveConnections
		total.BytesIn += s.BytesIn
		total.BytesOut += s.BytesOut
		total.RequestErrors += s.RequestErrors
		total.TotalConnections += s.TotalConnections
	}
	if listenerID == "" {
		total.ListenerID = "" // a sum over listeners belongs to none of them
	}
	return total
}

// StatsResult is the result of GetStats; call Extract for the counters.
type StatsResult struct {
	gophercloud.Result
}

// Extract returns the per-listener counters of the amphora.
func (r StatsResult) Extract() ([]Stats, error) {
	var s struct {
		Stats []Stats `json:"amphora_stats"`
	}
	err := r.ExtractInto(&s)
	return s.Stats, err
}

// ConfigureResult is the result of Configure; call ExtractErr.
type ConfigureResult struct {
	gophercloud.ErrResult
}
