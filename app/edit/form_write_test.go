package edit

import (
	"errors"
	"testing"
	"time"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// TestFormWriteOnLab: a pool form's edit PUTs its body to the pool edited,
// its journal entry naming the pool's load balancer, the status it had
// and what was written; a member form's create POSTs to the pool its page
// is under, and the member is there.
func TestFormWriteOnLab(t *testing.T) {
	cloud := labtest.OneLB("shop", 10*time.Millisecond, "10.0.0.11")
	c := labtest.As(t, cloud, "demo", "demo")
	fast := waiters.Options{Interval: 5 * time.Millisecond, Timeout: time.Minute}
	var pool, lb string
	for _, id := range labtest.IDs(t, c, octavia.KindPool, "") {
		pool = id
	}
	for _, id := range labtest.IDs(t, c, octavia.KindLoadBalancer, "") {
		lb = id
	}

	orig, err := c.Get(t.Context(), octavia.Ref{Kind: octavia.KindPool, ID: pool})
	if err != nil {
		t.Fatal(err)
	}
	edit := formWrite(console.PageRef{Res: console.PoolRes, ID: pool, Mode: "edit"}, false, orig, octavia.Object{"name": "renamed"})
	if edit.Op.Kind != tab.OpUpdate || edit.Op.Ref.ID != pool || edit.Op.Ref.LoadBalancerID != lb || edit.Was != "ACTIVE" {
		t.Errorf("the edit's entry: got %v %+v, was %q; want an update of pool %s of load balancer %s, was ACTIVE", edit.Op.Kind, edit.Op.Ref, edit.Was, pool, lb)
	}
	if want := `PUT pool name "renamed"`; edit.Op.Written != want {
		t.Errorf("the edit's words: got %s, want %s", edit.Op.Written, want)
	}
	if _, _, err := edit.Send(t.Context(), c); err != nil {
		t.Fatalf("the edit: %v", err)
	}
	if _, err := c.WaitChildActive(t.Context(), edit.Op.Ref, fast); err != nil {
		t.Fatal(err)
	}
	if o, err := c.Get(t.Context(), edit.Op.Ref); err != nil || o.Text("name") != "renamed" || o.Text("lb_algorithm") != orig.Text("lb_algorithm") {
		t.Errorf("the pool after the edit: got %v, %v; want renamed, the rest as it was", o, err)
	}

	create := formWrite(console.PageRef{Res: console.MemberRes, ParentID: pool, Mode: "new"}, true, nil,
		octavia.Object{"name": "ci-new", "address": "10.0.0.12", "protocol_port": 80})
	if create.Op.Kind != tab.OpCreate || create.Op.Ref.ParentID != pool {
		t.Errorf("the create's entry: got %v %+v; want a create under pool %s", create.Op.Kind, create.Op.Ref, pool)
	}
	o, _, err := create.Send(t.Context(), c)
	if err != nil {
		t.Fatalf("the create: %v", err)
	}
	if id := labtest.IDs(t, c, octavia.KindMember, pool)["ci-new"]; id == "" || id != o.Text("id") {
		t.Errorf("the pool's member ci-new: got id %q, want the answer's %q", id, o.Text("id"))
	}
}

// TestSentPath: once a form's write is accepted, a create under a parent
// goes back to the parent's page, anything else to the object's page (a
// create's: the id the answer gave), at the wait card of its operation.
func TestSentPath(t *testing.T) {
	op := func(id string) tab.Operation { return tab.Operation{ID: "7", Ref: octavia.Ref{ID: id}} }
	tests := []struct {
		name   string
		pr     console.PageRef
		create bool
		op     tab.Operation
		want   string
	}{
		{"a member's create: its pool", console.PageRef{Res: console.MemberRes, ParentID: "P", Mode: "new"}, true, op("M"), "/pools/P#op-7"},
		{"a member's edit: the member", console.PageRef{Res: console.MemberRes, ParentID: "P", ID: "M", Mode: "edit"}, false, op("M"), "/pools/P/members/M#op-7"},
		{"a pool's create: the new pool", console.PageRef{Res: console.PoolRes, Mode: "new"}, true, op("N"), "/pools/N#op-7"},
		{"an edit the answer names nothing of", console.PageRef{Res: console.PoolRes, ID: "P", Mode: "edit"}, false, op(""), "/pools/P#op-7"},
		{"no operation: no anchor", console.PageRef{Res: console.PoolRes, ID: "P", Mode: "edit"}, false, tab.Operation{}, "/pools/P"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := sentPath(tt.pr, tt.create, tt.op); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

// TestFaultErrs: Octavia's 400 or a provider's 501 that names a field of
// the form goes next to it, in Octavia's words; any other refusal, or a
// fault that names no field, stays above the form.
func TestFaultErrs(t *testing.T) {
	fields := console.PoolRes.Fields
	algo := "Provider 'amphora' does not support a requested option: Amphora provider does not support SOURCE_IP_PORT algorithm."
	tests := []struct {
		name string
		err  error
		want form.Errs
	}{
		{"a 501 naming the algorithm", &octavia.Error{Code: octavia.EUNSUPPORTED, Fault: algo}, form.Errs{"lb_algorithm": "Octavia: " + algo}},
		{"a 400 naming the algorithm", &octavia.Error{Code: octavia.EINVALID, Fault: algo}, form.Errs{"lb_algorithm": "Octavia: " + algo}},
		{"a 409", &octavia.Error{Code: octavia.ECONFLICT, Fault: algo}, nil},
		{"a 400 naming no field", &octavia.Error{Code: octavia.EINVALID, Fault: "Something went wrong."}, nil},
		{"a 400 without a fault", &octavia.Error{Code: octavia.EINVALID}, nil},
		{"not Octavia's", errors.New("dial tcp: connection refused"), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := faultErrs(tt.err, fields, form.Values{"lb_algorithm": "SOURCE_IP_PORT"})
			if len(got) != len(tt.want) || got["lb_algorithm"] != tt.want["lb_algorithm"] {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// TestWrittenNested: an operation's "Wrote" line shows a nested body as
// JSON, not Go's map syntax.
func TestWrittenNested(t *testing.T) {
	body := octavia.Object{"name": "web", "session_persistence": octavia.Object{"type": "APP_COOKIE", "cookie_name": "sid"}}
	want := `POST pool name "web", session_persistence "{\"cookie_name\":\"sid\",\"type\":\"APP_COOKIE\"}"`
	if got := writtenText(true, console.PoolRes, body); got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
