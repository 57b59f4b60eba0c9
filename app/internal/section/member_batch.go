package section

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/netip"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/pools"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// A pool's whole member set, written at once (Octavia's batch update,
// PUT /v2/lbaas/pools/{pool}/members): pasted lines "address:port" or
// "address:port,weight" (IPv6 "[addr]:port"), one member each; members not
// listed are removed, listed ones kept as they are (member_batch_plan.go).
// One request, one operation in the journal, one wait for the pool.

// BatchLine is one member of the pasted set.
type BatchLine struct {
	Line    int // 1-based, for messages
	Address string
	Port    int
	Weight  int
	HasWt   bool // the line gave a weight
}

// key is the member's identity in a pool, as Octavia's batch matches it.
func (l BatchLine) key() string { return memberKey(l.Address, l.Port) }

// memberKey is "address:port" ("[v6]:port"), the address normalized.
func memberKey(address string, port int) string {
	if a, err := netip.ParseAddr(address); err == nil {
		address = a.String()
	}
	return hostPort(address, port)
}

// hostPort writes an address and port as a line does: [v6]:port for IPv6.
func hostPort(address string, port int) string {
	if strings.Contains(address, ":") {
		return "[" + address + "]:" + strconv.Itoa(port)
	}
	return address + ":" + strconv.Itoa(port)
}

// lineError is a refused line, named by its number.
type lineError struct {
	Line int
	Msg  string
}

func (e lineError) String() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// ParseMemberLines reads a pasted member set: one "address:port[,weight]"
// per line (IPv6 as "[addr]:port"), blank lines and "#" comments ignored.
// Every bad line is named with its number; a line that repeats an
// address:port names the line it repeats.
func ParseMemberLines(text string) ([]BatchLine, []lineError) {
	var out []BatchLine
	var errs []lineError
	seen := map[string]int{}
	for i, raw := range strings.Split(text, "\n") {
		n := i + 1
		s := strings.TrimSpace(raw)
		if j := strings.IndexByte(s, '#'); j >= 0 {
			s = strings.TrimSpace(s[:j])
		}
		if s == "" {
			continue
		}
		hp, wt, hasWt := strings.Cut(s, ",")
		hp = strings.TrimSpace(hp)
		ap, err := netip.ParseAddrPort(hp)
		if err != nil {
			errs = append(errs, lineError{n, addrPortProblem(hp)})
			continue
		}
		if ap.Port() == 0 {
			errs = append(errs, lineError{n, fmt.Sprintf("port 0 in %q: a port is 1–65535", hp)})
			continue
		}
		l := BatchLine{Line: n, Address: ap.Addr().WithZone("").String(), Port: int(ap.Port()), Weight: 1}
		if hasWt {
			w, err := strconv.Atoi(strings.TrimSpace(wt))
			if err != nil || w < 0 || w > 256 {
				errs = append(errs, lineError{n, fmt.Sprintf("weight %q is not a whole number from 0 to 256", strings.TrimSpace(wt))})
				continue
			}
			l.Weight, l.HasWt = w, true
		}
		if was, ok := seen[l.key()]; ok {
			errs = append(errs, lineError{n, fmt.Sprintf("%s is already on line %d", l.key(), was)})
			continue
		}
		seen[l.key()] = n
		out = append(out, l)
	}
	return out, errs
}

// addrPortProblem says why s is not "address:port".
func addrPortProblem(s string) string {
	host, port, ok := strings.Cut(s, "]:")
	switch {
	case strings.HasPrefix(s, "[") && ok:
		if _, err := netip.ParseAddr(host[1:]); err != nil {
			return fmt.Sprintf("%q is not an IPv6 address", host[1:])
		}
		return fmt.Sprintf("port %q is not a number from 1 to 65535", port)
	case strings.Count(s, ":") > 1:
		return fmt.Sprintf("%q: write an IPv6 member as [address]:port", s)
	case !strings.Contains(s, ":"):
		return fmt.Sprintf("%q has no port: write address:port", s)
	}
	host, port, _ = strings.Cut(s, ":")
	if _, err := netip.ParseAddr(host); err != nil {
		return fmt.Sprintf("%q is not an IP address", host)
	}
	return fmt.Sprintf("port %q is not a number from 1 to 65535", port)
}

// MemberLines writes members as the batch's lines, prefilled in its box,
// by address (IPv4 first) and port.
func MemberLines(members []pools.Member) string {
	idx := console.SortOrder(len(members), func(i, j int) int {
		x, y := &members[i], &members[j]
		a, _ := netip.ParseAddr(x.Address)
		b, _ := netip.ParseAddr(y.Address)
		return cmp.Or(a.Compare(b), cmp.Compare(x.Address, y.Address), cmp.Compare(x.ProtocolPort, y.ProtocolPort))
	})
	var b strings.Builder
	for _, i := range idx {
		m := &members[i]
		fmt.Fprintf(&b, "%s,%d\n", hostPort(m.Address, m.ProtocolPort), m.Weight)
	}
	return b.String()
}

func ptr[T any](v T) *T { return &v }

// batchMembers is the section of a pool's page that writes its whole
// member set at once.
type batchMembers struct {
	goapp.Compo

	Env console.SectionEnv // the pool's page: the pool, its Ref, Follow

	ctx     goapp.Context // the section's own: its buttons come and go with the editor
	w       console.Writer
	open    bool
	loading bool
	current []pools.Member
	text    string
	errs    []lineError
	plan    []planItem
	entries []memberEntry
	planned string // the text the plan was made from: Apply needs a fresh preview
	err     string
	done    string
	servers batchServers // the project's servers to add (member_batch_servers.go)
}

func (b *batchMembers) OnMount(ctx goapp.Context) {
	b.ctx = ctx
	if sess := b.sess(); b.open && sess != nil { // back on an open editor: its picker reads again
		b.servers.picker.Watch(ctx, sess.Client, b.servers.picker.Subnet())
	}
}

func (b *batchMembers) sess() *tab.Session { return b.Env.Sess }

// readMembers reads every member of the pool (at most a minute). Any goroutine.
func readMembers(sess *tab.Session, poolID string) ([]pools.Member, error) {
	c, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return octavia.Collect(sess.Client.Members(c, poolID, pools.ListMembersOpts{}))
}

// openEditor reads the pool's members and prefills the box. UI goroutine.
func (b *batchMembers) openEditor(ctx goapp.Context, e goapp.Event) {
	sess := b.sess()
	if sess == nil || b.Env.Obj == nil {
		return
	}
	b.open, b.loading, b.err, b.done, b.plan, b.errs, b.planned = true, true, "", "", nil, nil, ""
	poolID := b.Env.Ref.ID
	ctx = b.ctx
	ctx.Async(func() {
		ms, err := readMembers(sess, poolID)
		ctx.Dispatch(func(ctx goapp.Context) {
			b.loading = false
			if err != nil {
				b.err = "The members could not be read: " + octavia.Message(err)
				return
			}
			b.current, b.text = ms, MemberLines(ms)
			b.watchServers(ctx)
		})
	})
}

// preview parses the box and shows what the batch would do. UI goroutine.
func (b *batchMembers) preview(ctx goapp.Context, e goapp.Event) {
	lines, errs := ParseMemberLines(b.text)
	b.errs, b.plan, b.entries, b.planned, b.done, b.err = errs, nil, nil, "", "", ""
	if len(errs) > 0 {
		return
	}
	b.plan, b.entries = MemberPlan(lines, b.current)
	b.planned = b.text
}

// stalePlan is a batch not sent: the pool's members changed since its
// preview, so it would no longer do what the preview showed.
type stalePlan struct{ members []pools.Member }

func (stalePlan) Error() string { return "the pool's members changed since the preview" }

// apply sends the batch: one write (an operation that waits for the pool)
// that reads the members again and, if the batch still does what its
// preview showed, sends it in one PUT; else the new preview is shown, to
// be applied again (a retry after a busy refusal checks again). UI goroutine.
func (b *batchMembers) apply(ctx goapp.Context, e goapp.Event) {
	sess := b.sess()
	if sess == nil || b.w.Sending || b.planned == "" || b.planned != b.text {
		return
	}
	lines, errs := ParseMemberLines(b.planned)
	if len(errs) > 0 {
		return
	}
	b.err = ""
	ref, follow, plan, entries := b.Env.Ref, b.Env.Follow, b.plan, b.entries
	summary := PlanSummary(plan)
	wr := console.Write{Op: tab.Operation{Kind: tab.OpUpdate, Verb: "Update members of", Wait: tab.WaitActive, Ref: ref, Name: b.Env.Name,
		Status: string(octavia.StatusPendingUpdate), Written: fmt.Sprintf("PUT pool %s members: %d members (%s)", ref.ID, len(entries), summary)},
		Was: b.Env.Obj.Text("provisioning_status"),
		Send: func(ctx context.Context, c *octavia.Client) (octavia.Object, octavia.Accepted, error) {
			ms, err := octavia.Collect(c.Members(ctx, ref.ID, pools.ListMembersOpts{}))
			if err != nil {
				return nil, octavia.Accepted{}, err
			}
			if p, e := MemberPlan(lines, ms); !reflect.DeepEqual(p, plan) || !reflect.DeepEqual(e, entries) {
				return nil, octavia.Accepted{}, stalePlan{ms}
			}
			acc, err := c.BatchUpdateMembers(ctx, ref.ID, BatchRequest(entries))
			return nil, acc, err
		}}
	// the section's context: this button goes with the editor
	b.w.Send(b.ctx, sess, wr, func(goapp.Context, console.Sent) {
		b.open, b.plan, b.planned, b.done = false, nil, "", "Accepted: "+summary+". Its wait for the pool is in the operations above."
		b.servers.picker.Stop()
		follow()
	}, func(err error) {
		b.err = b.w.Err
		if s, ok := errors.AsType[stalePlan](err); ok && b.planned == b.text {
			b.current = s.members
			b.plan, b.entries = MemberPlan(lines, s.members)
			b.err = "The pool's members changed since the preview: check the new preview and apply again."
		}
	})
}

func (b *batchMembers) Render() goapp.UI {
	sess := b.sess()
	if sess == nil || b.Env.Obj == nil || !console.MemberRes.MayWrite(sess) {
		return goapp.Div()
	}
	head := ui.ClassDivBody("card-head",
		goapp.H2().Text("Member set"),
		ui.ClassDiv("spacer"),
		goapp.If(!b.open, func() goapp.UI {
			return ui.IDButton("batch-open").Class("btn").OnClick(b.openEditor).Text("Edit the whole set…")
		}))

	var body []goapp.UI
	switch {
	case b.open && b.loading:
		body = append(body, ui.ClassDiv("empty", "loading").Text("Reading the members…"))
	case b.open:
		body = append(body, b.renderEditor())
	case b.done != "":
		body = append(body, ui.IDP("batch-done").Class("muted").Aria("live", "polite").Text(b.done))
	default:
		body = append(body, ui.ClassP("muted", "hint").Text("Replace every member of the pool at once, from pasted address:port lines: one request and one wait."))
	}
	if b.err != "" {
		body = append(body, ui.AlertError("batch-error", b.err))
	}
	if b.w.Refused != nil {
		body = append(body, b.w.Retry("batch-retry"))
	}
	return goapp.Section().ID("batch").Class("card").Body(append([]goapp.UI{head}, body...)...)
}

func (b *batchMembers) renderEditor() goapp.UI {
	fresh := b.planned != "" && b.planned == b.text
	busy := b.w.Sending
	var errItems []goapp.UI
	for _, e := range b.errs {
		errItems = append(errItems, goapp.Li().DataSet("line", e.Line).Text(e.String()))
	}
	return ui.ClassDivBody("form",
		b.renderServers(),
		goapp.Label().For("batch-lines").Text("Members, one per line"),
		goapp.Textarea().ID("batch-lines").Rows(8).Class("mono").Attr("spellcheck", "false").Text(b.text).
			OnInput(func(ctx goapp.Context, e goapp.Event) { b.text = ctx.JSSrc().Get("value").String() }),
		ui.ClassDiv("muted", "hint").Text("address:port or address:port,weight (0–256; without it a member keeps its weight, a new one gets 1). IPv6: [address]:port. "+
			"Members not listed are removed; a listed member keeps everything else (enabled, backup, monitor address and port, name, subnet, tags). # starts a comment."),
		goapp.If(len(errItems) > 0, func() goapp.UI {
			return ui.IDClassDiv("batch-errors", "alert", "alert-error").Aria("live", "assertive").Body(
				goapp.Strong().Textf("%d line(s) to fix:", len(errItems)), goapp.Ul().Body(errItems...))
		}),
		goapp.If(fresh, b.renderPlan),
		ui.ClassDivBody("confirm-actions",
			ui.IDButton("batch-preview").Class("btn").Disabled(busy).OnClick(b.preview).Text("Preview"),
			ui.IDButton("batch-apply").Class("btn", "btn-primary").Disabled(!fresh || busy).OnClick(b.apply).
				Text(map[bool]string{true: "Applying…", false: "Apply (one request)"}[busy]),
			ui.IDButton("batch-cancel").Class("btn", "btn-ghost").OnClick(func(ctx goapp.Context, e goapp.Event) { b.open, b.err = false, ""; b.servers.picker.Stop() }).Text("Cancel")))

}

// planLabels name a plan item's change in the preview.
var planLabels = map[string]string{"add": "Create", "keep": "Keep", "change": "Change", "remove": "Delete"}

func (b *batchMembers) renderPlan() goapp.UI {
	rows := make([]goapp.UI, 0, len(b.plan))
	for _, it := range b.plan {
		var what string
		switch it.Change {
		case "add":
			what = fmt.Sprintf("new member, weight %d", it.Weight)
		case "keep":
			what = "unchanged"
		case "remove":
			what = "deleted (not listed)"
		default:
			parts := make([]string, len(it.Changes))
			for i, c := range it.Changes {
				parts[i] = c.String()
			}
			what = strings.Join(parts, "; ")
		}
		tone := map[string]string{"add": "st-ok-text", "keep": "muted", "change": "st-pending-text", "remove": "st-error-text"}[it.Change]
		rows = append(rows, goapp.Tr().Class("batch-"+it.Change).Body(
			ui.ClassTdText(tone, planLabels[it.Change]),
			ui.ClassTdText("mono", hostPort(it.Address, it.Port)),
			goapp.Td().Text(it.Weight),
			goapp.Td().Class("batch-what").Text(what),
		))
	}
	return ui.IDDiv("batch-plan").Body(
		ui.IDP("batch-summary").Text(PlanSummary(b.plan)+"."),
		ui.ClassDivBody("table-wrap", goapp.Table().Class("table", "table-compact").Body(
			goapp.THead().Body(goapp.Tr().Body(goapp.Th().Text("Change"), goapp.Th().Text("Member"), goapp.Th().Text("Weight"), goapp.Th().Text("What changes"))),
			goapp.TBody().Body(rows...),
		)),
	)
}
