package wallmetrics

import "github.com/prometheus/client_golang/prometheus"

// kindDescs are the three series of one kind of object.
type kindDescs struct {
	prov, oper, since *prometheus.Desc
}

// newKind describes kind's series, labelled wall, ids (the object's and
// its parents' ids, the object's last), name and, for the statuses, status.
func newKind(kind string, ids ...string) kindDescs {
	labels := append(append([]string{"wall"}, ids...), "name")
	what := "The " + kind + "'s "
	return kindDescs{
		prov: prometheus.NewDesc("octavia_"+kind+"_provisioning_status",
			what+"provisioning status (the status label), 1 for the one it is in.", append(labels, "status"), nil),
		oper: prometheus.NewDesc("octavia_"+kind+"_operating_status",
			what+"operating status (the status label), 1 for the one it is in.", append(labels, "status"), nil),
		since: prometheus.NewDesc("octavia_"+kind+"_status_since_timestamp_seconds",
			what+"time (Unix seconds) its current statuses began: the first poll that saw them.", labels, nil),
	}
}

// descs are every series a wall's handler serves.
type descs struct {
	lb, listener, pool, monitor, member        kindDescs
	truncated, feedError, lastSuccess, lbCount *prometheus.Desc
}

func newDescs() descs {
	return descs{
		lb:       newKind("loadbalancer", "loadbalancer"),
		listener: newKind("listener", "loadbalancer", "listener"),
		pool:     newKind("pool", "loadbalancer", "pool"),
		monitor:  newKind("healthmonitor", "loadbalancer", "healthmonitor"),
		member:   newKind("member", "loadbalancer", "pool", "member"),
		truncated: prometheus.NewDesc("octaview_wall_objects_truncated",
			"Objects of the wall left out of these metrics, past the handler's limit.", []string{"wall"}, nil),
		feedError: prometheus.NewDesc("octaview_wall_feed_error",
			"1 when the wall's last poll of its cloud failed (its statuses are then the last success's), else 0.", []string{"wall"}, nil),
		lastSuccess: prometheus.NewDesc("octaview_wall_last_success_timestamp_seconds",
			"Time (Unix seconds) of the wall's last successful poll of its cloud.", []string{"wall"}, nil),
		lbCount: prometheus.NewDesc("octaview_wall_load_balancers",
			"The wall's load balancers by operating status.", []string{"wall", "status"}, nil),
	}
}

func (d *descs) describe(ch chan<- *prometheus.Desc) {
	for _, k := range []kindDescs{d.lb, d.listener, d.pool, d.monitor, d.member} {
		ch <- k.prov
		ch <- k.oper
		ch <- k.since
	}
	ch <- d.truncated
	ch <- d.feedError
	ch <- d.lastSuccess
	ch <- d.lbCount
}
