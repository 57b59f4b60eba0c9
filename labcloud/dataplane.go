// The simulated data plane: operating statuses follow admin state,
// members and monitors, as on a healthy cloud.

package labcloud

import "time"

// refreshOperating recomputes the operating_status of lb and everything
// under it from admin state, members and monitors (a simulated healthy
// data plane, with the down members of faults: those acting on lb's
// project), and starts or stops the listeners' traffic counters. Caller
// holds the Cloud's mu.
func (lb *loadBalancer) refreshOperating(faults *Faults, now time.Time) {
	live := func(m *meta) bool { return m.prov != statusPendingCreate && m.prov != statusPendingDelete }
	degraded := false
	for _, p := range lb.pools {
		monitored := p.hm != nil && p.hm.enabled && p.hm.prov != statusPendingCreate
		if p.hm != nil && live(&p.hm.meta) {
			p.hm.setOper(map[bool]string{true: operOnline, false: operOffline}[p.hm.enabled])
		}
		up, down := 0, 0
		for _, m := range p.members {
			if !live(&m.meta) {
				continue
			}
			switch {
			case !m.enabled || !p.enabled:
				m.setOper(operOffline)
			case !monitored:
				m.setOper(operNoMonitor)
				up++
			case memberDown(faults, m):
				m.setOper(operError)
				down++
			default:
				m.setOper(operOnline)
				up++
			}
		}
		if !live(&p.meta) {
			continue
		}
		switch {
		case !p.enabled:
			p.setOper(operOffline)
		case down > 0 && up == 0:
			p.setOper(operError)
			degraded = true
		case down > 0:
			p.setOper(operDegraded)
			degraded = true
		default:
			p.setOper(operOnline)
		}
	}
	lbUp := lb.enabled && lb.prov != statusPendingCreate && lb.prov != statusError
	for _, l := range lb.listeners {
		if live(&l.meta) {
			l.setOper(map[bool]string{true: operOnline, false: operOffline}[l.enabled && lb.enabled])
			for _, p := range l.l7policies {
				if live(&p.meta) {
					p.setOper(map[bool]string{true: operOnline, false: operOffline}[p.enabled])
				}
				for _, r := range p.rules {
					if live(&r.meta) {
						r.setOper(map[bool]string{true: operOnline, false: operOffline}[r.enabled])
					}
				}
			}
		}
		l.setUp(lbUp && l.enabled && l.prov == statusActive, now)
	}
	if lb.prov == statusPendingCreate {
		return
	}
	switch {
	case lb.prov == statusError:
		lb.setOper(operError)
	case !lb.enabled:
		lb.setOper(operOffline)
	case degraded:
		lb.setOper(operDegraded)
	default:
		lb.setOper(operOnline)
	}
}
