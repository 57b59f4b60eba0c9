// Package wallmetrics serves a wall's statuses to Prometheus (text
// format, client_golang), from the wall's current snapshot only: a scrape
// reads what the wall shows now, nothing is counted between scrapes.
//
// Every object of the wall is one series per status field, the status a
// label whose series is 1 (the Prometheus way for an enum):
//
//	octavia_loadbalancer_operating_status{wall, loadbalancer, name, status} 1
//	octavia_loadbalancer_provisioning_status{wall, loadbalancer, name, status} 1
//	octavia_listener_operating_status{wall, loadbalancer, listener, name, status} 1
//	octavia_pool_operating_status{wall, loadbalancer, pool, name, status} 1
//	octavia_healthmonitor_operating_status{wall, loadbalancer, healthmonitor, name, status} 1
//	octavia_member_operating_status{wall, loadbalancer, pool, member, name, status} 1
//
// (each with its _provisioning_status twin), and when the object entered
// its current statuses, as a Unix time, with the same labels but status
// (Prometheus exports the time something happened, not the time since:
// time() - x is the time in state, and a stalled scrape cannot make it lie):
//
//	octavia_member_status_since_timestamp_seconds{wall, loadbalancer, pool, member, name}
//
// The load balancer, listener, pool, … labels are ids; name is the
// object's name when the wall shows names (WallShow.Names), else its id.
// Members are exported only when the wall shows members, and a summary
// wall exports its load balancers only. Of the wall's feed:
//
//	octaview_wall_last_success_timestamp_seconds{wall}  the last successful poll (absent before it)
//	octaview_wall_feed_error{wall}                      1 when the last poll failed, else 0
//	octaview_wall_load_balancers{wall, status}          load balancers by operating status
//	octaview_wall_objects_truncated{wall}               objects left out past MaxObjects
//
// The cardinality is bounded: one series per object and field, at most
// MaxObjects objects a wall (load balancers first, then their trees in
// order), no label from a request; the error's text and the wall's secret
// token are never labels.
package wallmetrics
