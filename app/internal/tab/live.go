package tab

import (
	"fmt"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// Live pages (issue 19): a page of any object of a load balancer's tree
// follows that load balancer's status tree (GET …/status, one request for
// the provisioning and operating status of everything in it) every 3 s for
// as long as it is open, through the shared poll (treeHub); the tree's
// picture, the badges, the properties and every embedded table take their
// statuses from that one read (a treeRead), so they never disagree. What
// the tree does not carry (a name, a weight, an L7 policy) is read again
// when the tree says the object, or its load balancer, changed.

// TreeRead is one read of a load balancer's status tree as the pages show
// it. It is never changed once made: a page hands the same read to all its
// parts, which compare reads by value.
type TreeRead struct {
	Tree octavia.StatusLoadBalancer
	At   time.Time // when the read began
	// Changed are the objects whose provisioning or operating status is not
	// what the read before said (none on a page's first read): their
	// node and row flash once.
	Changed map[string]bool
	nodes   map[string]TreeStatus
}

// TreeStatus is one object of a status tree: what it is, where, and its
// statuses.
type TreeStatus struct {
	Kind    octavia.Kind
	Name    string
	Pool    string // a member's or monitor's pool
	Prov    string
	Oper    string
	Address string // a member's address:port
}

// NewTreeRead indexes tree t, read at at, and marks what changed since
// prev (nil: nothing is new).
func NewTreeRead(t octavia.StatusLoadBalancer, at time.Time, prev *TreeRead) *TreeRead {
	r := &TreeRead{Tree: t, At: at, nodes: map[string]TreeStatus{}, Changed: map[string]bool{}}
	add := func(id string, s TreeStatus) {
		if _, dup := r.nodes[id]; !dup { // a pool under two listeners is one pool
			r.nodes[id] = s
		}
	}
	add(t.ID, TreeStatus{Kind: octavia.KindLoadBalancer, Name: t.Name, Prov: string(t.ProvisioningStatus), Oper: string(t.OperatingStatus)})
	for _, l := range t.Listeners {
		add(l.ID, TreeStatus{Kind: octavia.KindListener, Name: l.Name, Prov: string(l.ProvisioningStatus), Oper: string(l.OperatingStatus)})
		for _, p := range l.Pools {
			add(p.ID, TreeStatus{Kind: octavia.KindPool, Name: p.Name, Prov: string(p.ProvisioningStatus), Oper: string(p.OperatingStatus)})
			if m := p.HealthMonitor; m != nil {
				add(m.ID, TreeStatus{Kind: octavia.KindMonitor, Name: m.Name, Pool: p.ID, Prov: string(m.ProvisioningStatus), Oper: string(m.OperatingStatus)})
			}
			for _, m := range p.Members {
				add(m.ID, TreeStatus{Kind: octavia.KindMember, Name: m.Name, Pool: p.ID, Prov: string(m.ProvisioningStatus),
					Oper: string(m.OperatingStatus), Address: MemberAddress(m)})
			}
		}
	}
	if prev != nil {
		for id, s := range r.nodes {
			if old, ok := prev.nodes[id]; ok && (old.Prov != s.Prov || old.Oper != s.Oper) {
				r.Changed[id] = true
			}
		}
	}
	return r
}

// Status is object id's place in the read, if it is in the tree.
func (r *TreeRead) Status(id string) (TreeStatus, bool) {
	if r == nil {
		return TreeStatus{}, false
	}
	s, ok := r.nodes[id]
	return s, ok
}

// Ids are the objects of kind k in the read (under pool, for members and
// monitors; "" = any), in no order.
func (r *TreeRead) Ids(k octavia.Kind, pool string) []string {
	if r == nil {
		return nil
	}
	var out []string
	for id, s := range r.nodes {
		if s.Kind == k && (pool == "" || s.Pool == pool) {
			out = append(out, id)
		}
	}
	return out
}

// AlertStatus reports whether a status calls for attention: ERROR (either
// status) or DEGRADED.
func AlertStatus(status string) bool {
	t := ui.ToneOf(status)
	return t == ui.ToneError || t == ui.ToneWarn
}

// Alerts counts the objects of the read in ERROR or DEGRADED.
func (r *TreeRead) Alerts() int {
	if r == nil {
		return 0
	}
	n := 0
	for _, s := range r.nodes {
		if AlertStatus(s.Prov) || AlertStatus(s.Oper) {
			n++
		}
	}
	return n
}

// LiveTree is a page's one subscription to the status tree of its
// object's load balancer: the last good read, and whether the poll works.
// UI goroutine.
type LiveTree struct {
	LBID    string
	Read    *TreeRead
	err     string    // the last poll's failure, "" after a good one
	errAt   time.Time // when it failed
	Gone    bool      // the last poll said the load balancer does not exist (404)
	Stop    func()
	gen     int
	started time.Time
}

// Follow subscribes to load balancer lbID's tree, unless it does already;
// onRead runs on the UI goroutine (ctx: the page's own) after each poll.
func (l *LiveTree) Follow(ctx goapp.Context, sess *Session, lbID string, onRead func(goapp.Context)) {
	if l.Stop != nil && l.LBID == lbID {
		return
	}
	l.Leave()
	if l.LBID != lbID {
		l.Read = nil // a read of this tree (the page's served one) stays until the poll's first
	}
	l.LBID, l.err, l.Gone, l.started = lbID, "", false, time.Now()
	l.gen++
	gen := l.gen
	l.Stop = WatchTree(sess, lbID, func(u waiters.Update[*octavia.StatusTree]) {
		ctx.Dispatch(func(ctx goapp.Context) {
			if l.gen != gen || l.Stop == nil {
				return // left since
			}
			l.take(sess, u)
			onRead(ctx)
		})
	})
}

// take keeps a poll of the tree. UI goroutine.
func (l *LiveTree) take(sess *Session, u waiters.Update[*octavia.StatusTree]) {
	switch {
	case u.Err != nil:
		l.err, l.errAt = octavia.Message(u.Err), time.Now()
		l.Gone = octavia.ErrorCodeOf(u.Err) == octavia.ENOTFOUND
	case u.Value != nil:
		at := u.Start
		if at.IsZero() {
			at = time.Now()
		}
		l.Read = NewTreeRead(u.Value.LoadBalancer, at, l.Read)
		l.err, l.Gone = "", false
		for id, s := range l.Read.nodes {
			NoteStatus(sess, id, s.Prov, s.Oper, at)
		}
	}
}

// Leave ends the subscription. UI goroutine.
func (l *LiveTree) Leave() {
	if l.Stop != nil {
		l.Stop()
		l.Stop = nil
	}
	l.gen++
}

// State is what the page's parts show of the poll.
func (l *LiveTree) State() LiveState {
	s := LiveState{Following: l.Stop != nil, Err: l.err, ErrAt: l.errAt}
	if l.Read != nil {
		s.ReadAt = l.Read.At
	}
	return s
}

// LiveState says whether a live view's poll runs and works: "LIVE" is
// shown only then; when its last read failed, the view says so and when
// what it shows was read.
type LiveState struct {
	Following bool      // the poll runs
	Err       string    // its last read failed ("" = it worked)
	ErrAt     time.Time // when
	ReadAt    time.Time // when what is shown was read (zero: never)
}

// live reports whether the view is live now.
func (s LiveState) live() bool { return s.Following && s.Err == "" && !s.ReadAt.IsZero() }

// RenderLive is the indicator of a live view (id: its DOM id; what: what
// is read every 3 s, for its title): "live · every 3 s" while the poll
// works; when it fails, "not live" with the reason and the time of what is
// shown; nothing when it does not run.
func RenderLive(id string, s LiveState, what string) goapp.UI {
	switch {
	case s.Following && s.Err != "":
		shown := "nothing was read yet"
		if !s.ReadAt.IsZero() {
			shown = "shown as read at " + ClockUTC(s.ReadAt)
		}
		return ui.IDSpan(id).Class("live-failed", "st-error-text").Aria("live", "polite").
			Title("Polled every 3 s; it tries again at each poll").
			Textf("Not live: the read at %s failed (%s); %s", ClockUTC(s.ErrAt), strings.TrimSuffix(s.Err, "."), shown)
	case s.live():
		return ui.IDSpan(id).Class("live").Title(what + ", read every 3 s; last read at " + ClockUTC(s.ReadAt)).Text("live · every 3 s")
	}
	return nil
}

// clockUTC is an instant as a time of day in UTC: "12:03:10 UTC".
func ClockUTC(t time.Time) string { return t.UTC().Format("15:04:05") + " UTC" }

// How long an object has been in a status: this tab notes, per object,
// each status it reads and when it first read it (statusSeen), so a
// member in ERROR says for how long, an object PENDING_* since when. Octavia
// does not date an operating status change (updated_at does not move), so
// what the tab saw is what it can say: a status that was already there at
// the first read says "at least".

// seenStatus is a status as this tab first saw it.
type seenStatus struct {
	Status  string
	Since   time.Time
	Already bool // it was so at this tab's first read: Since is a lower bound
}

// statusSeenMax bounds statusSeen: past it, the notes start afresh.
const statusSeenMax = 50000

func seenKey(project, id, which string) string { return project + "/" + id + "/" + which }

// NoteStatus notes object id's provisioning and operating status, read
// at at in sess's project, in sess's tab (its Runtime; a session without
// one notes nothing). UI goroutine.
func NoteStatus(sess *Session, id, prov, oper string, at time.Time) {
	if sess == nil || sess.rt == nil {
		return
	}
	project, seen := sess.Info.ProjectID, sess.rt.seen
	if len(seen) > statusSeenMax {
		clear(seen)
	}
	for which, st := range map[string]string{"prov": prov, "oper": oper} {
		if st == "" {
			continue
		}
		k := seenKey(project, id, which)
		old, ok := seen[k]
		switch {
		case !ok:
			seen[k] = seenStatus{Status: st, Since: at, Already: true}
		case !strings.EqualFold(old.Status, st):
			seen[k] = seenStatus{Status: st, Since: at}
		}
	}
}

// SeenSince is when sess's tab first saw object id of sess's project in
// status (which: "prov" or "oper"); ok is false when it has no note of
// that status. UI goroutine.
func SeenSince(sess *Session, id, which, status string) (seenStatus, bool) {
	if sess == nil || sess.rt == nil {
		return seenStatus{}, false
	}
	s, ok := sess.rt.seen[seenKey(sess.Info.ProjectID, id, which)]
	if !ok || !strings.EqualFold(s.Status, status) {
		return seenStatus{}, false
	}
	return s, true
}

// ForText says how long a status has lasted at now: "for 2 min 05 s (since
// 12:03:10 UTC)", or "for at least …" when it was so at the first read.
func (s seenStatus) ForText(now time.Time) string {
	if s.Already {
		return fmt.Sprintf("for at least %s (so when this tab first read it, at %s)", ui.FormatElapsed(now.Sub(s.Since)), ClockUTC(s.Since))
	}
	return fmt.Sprintf("for %s (since %s)", ui.FormatElapsed(now.Sub(s.Since)), ClockUTC(s.Since))
}

// SetAlertTitle shows n, the objects in ERROR or DEGRADED on the page, in
// the browser tab's title ("(2 ERROR/DEGRADED) Octaview — …"), so a tab in
// the background tells it; 0 puts the plain title back. UI goroutine.
func SetAlertTitle(n int) {
	if !goapp.IsClient {
		return
	}
	title := AppTitle
	if n > 0 {
		title = fmt.Sprintf("(%d ERROR/DEGRADED) %s", n, AppTitle)
	}
	doc := ui.WindowGet("document")
	if doc.Get("title").String() != title {
		doc.Set("title", title)
	}
}

// memberAddress is "address:port" (IPv6 in brackets), or "" without an address.
func MemberAddress(m octavia.StatusMember) string {
	if m.Address == "" {
		return ""
	}
	if strings.Contains(m.Address, ":") {
		return fmt.Sprintf("[%s]:%d", m.Address, m.ProtocolPort)
	}
	return fmt.Sprintf("%s:%d", m.Address, m.ProtocolPort)
}
