package labcloud

import (
	"hash/fnv"
	"time"
)

// stats are Octavia's traffic counters.
type stats struct {
	BytesIn           int64 `json:"bytes_in"`
	BytesOut          int64 `json:"bytes_out"`
	ActiveConnections int64 `json:"active_connections"`
	TotalConnections  int64 `json:"total_connections"`
	RequestErrors     int64 `json:"request_errors"`
}

func (s stats) add(o stats) stats {
	return stats{
		BytesIn: s.BytesIn + o.BytesIn, BytesOut: s.BytesOut + o.BytesOut,
		ActiveConnections: s.ActiveConnections + o.ActiveConnections,
		TotalConnections:  s.TotalConnections + o.TotalConnections,
		RequestErrors:     s.RequestErrors + o.RequestErrors,
	}
}

// rate is a listener's simulated connections per second (1..5, from its id).
func (l *listener) rate() int64 {
	h := fnv.New32a()
	h.Write([]byte(l.id))
	return 1 + int64(h.Sum32()%5)
}

// stats returns the listener's counters at now: they grow while it passes
// traffic and hold still otherwise.
func (l *listener) stats(now time.Time) stats {
	s := l.statsBase
	if l.upSince.IsZero() {
		return s
	}
	secs := int64(now.Sub(l.upSince) / time.Second)
	r := l.rate()
	conns := secs * r
	return s.add(stats{
		BytesIn: conns * 1200, BytesOut: conns * 9800, ActiveConnections: 2 * r,
		TotalConnections: conns, RequestErrors: conns / 200,
	})
}

// setUp starts or stops the traffic counters.
func (l *listener) setUp(up bool, now time.Time) {
	switch {
	case up && l.upSince.IsZero():
		l.upSince = now
	case !up && !l.upSince.IsZero():
		s := l.stats(now)
		s.ActiveConnections = 0
		l.statsBase = s
		l.upSince = time.Time{}
	}
}

func (lb *loadBalancer) stats(now time.Time) stats {
	var s stats
	for _, l := range lb.listeners {
		s = s.add(l.stats(now))
	}
	return s
}
