package octavia

import (
	"errors"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/l7policies"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/listeners"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/loadbalancers"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/monitors"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/pools"

	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/waiters"
)

func TestWaitLoadBalancer(t *testing.T) {
	tests := []struct {
		name        string
		delay       time.Duration
		final       string // the load balancer's status after the write ("" = ACTIVE)
		write       bool   // create it (PENDING_CREATE) or find it ACTIVE already
		timeout     time.Duration
		wantErr     ErrorCode
		wantPolls   int
		wantStatus  ProvisioningStatus
		wantPending bool
		wantElapsed time.Duration
	}{
		{"create, ACTIVE after 6 s", sixSeconds, "", true, 0, "", 3, StatusActive, true, 6 * time.Second},
		{"already ACTIVE: the stale-ACTIVE case", sixSeconds, "", false, 0, "", 1, StatusActive, false, 0},
		{"create goes to ERROR", sixSeconds, "ERROR", true, 0, EFAILED, 3, StatusError, true, 6 * time.Second},
		// polls at 0, 3, 6 and 9 s, and possibly one cut off at the 10 s deadline (the waiters' business)
		{"timeout", time.Minute, "", true, 10 * time.Second, ETIMEOUT, 4, StatusPendingCreate, true, 10 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				c, _, lab := bubbleLab(t, withDelay(demoLab, tt.delay))
				if tt.final == "ERROR" {
					if err := lab.SetFaults(labcloud.Faults{Error: []string{"new"}}); err != nil {
						t.Fatal(err)
					}
				}
				id := lbNamed(t, c, "web")
				if tt.write {
					lb, _, err := c.CreateLoadBalancer(t.Context(), loadbalancers.CreateOpts{Name: "new", VipSubnetID: publicSubnet(t, c)})
					if err != nil {
						t.Fatal(err)
					}
					id = lb.ID
				}
				var polls []waiters.Poll
				out, err := c.WaitLoadBalancerActive(t.Context(), id, waiters.Options{Timeout: tt.timeout, OnPoll: func(p waiters.Poll) { polls = append(polls, p) }})
				if got := ErrorCodeOf(err); got != tt.wantErr {
					t.Fatalf("got %v (%q), want %q", err, got, tt.wantErr)
				}
				polled := out.Polls == tt.wantPolls
				if tt.wantErr == ETIMEOUT {
					polled = out.Polls == tt.wantPolls || out.Polls == tt.wantPolls+1
				}
				if !polled || out.Status != tt.wantStatus || out.SawPending != tt.wantPending || out.Elapsed != tt.wantElapsed {
					t.Errorf("got %+v, want Polls %d Status %s SawPending %v Elapsed %v", out, tt.wantPolls, tt.wantStatus, tt.wantPending, tt.wantElapsed)
				}
				if len(polls) != out.Polls {
					t.Errorf("got %d OnPoll calls, want one per poll (%d)", len(polls), out.Polls)
				}
				if tt.wantErr == EFAILED {
					if _, ok := errors.AsType[*waiters.StatusError](err); !ok || !strings.Contains(err.Error(), id) {
						t.Errorf("got %v, want a *waiters.StatusError naming %s", err, id)
					}
				}
			})
		})
	}
}

func TestWaitLoadBalancerDeleted(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c, _, _ := bubbleLab(t, withDelay(demoLab, sixSeconds))
		id := lbNamed(t, c, "web")
		if _, err := c.DeleteLoadBalancer(t.Context(), id, false); err != nil {
			t.Fatal(err)
		}
		out, err := c.WaitLoadBalancerDeleted(t.Context(), id, waiters.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := Outcome{Polls: 3, Status: StatusDeleted, SawPending: true, Elapsed: 6 * time.Second}
		if out != want {
			t.Errorf("got %+v, want %+v", out, want)
		}
	})
}

// tree builds a load balancer with a listener, a pool, a member, a health
// monitor, an L7 policy and a rule, all ACTIVE, and returns Refs to them
// (without LoadBalancerID, so that the waits find it themselves).
// The lab must hold demo's load balancer "shop" (shopLab).
func tree(t *testing.T, c *Client) (lbID string, refs map[Kind]Ref) {
	t.Helper()
	ctx := t.Context()
	lbID = lbNamed(t, c, "shop")
	settle := func() {
		if _, err := c.WaitLoadBalancerActive(ctx, lbID, waiters.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	l, _, err := c.CreateListener(ctx, listeners.CreateOpts{LoadbalancerID: lbID, Protocol: listeners.ProtocolHTTP, ProtocolPort: 80})
	if err != nil {
		t.Fatal(err)
	}
	settle()
	p, _, err := c.CreatePool(ctx, pools.CreateOpts{ListenerID: l.ID, Protocol: pools.ProtocolHTTP, LBMethod: pools.LBMethodRoundRobin})
	if err != nil {
		t.Fatal(err)
	}
	settle()
	m, _, err := c.CreateMember(ctx, p.ID, pools.CreateMemberOpts{Address: "10.0.0.5", ProtocolPort: 8080})
	if err != nil {
		t.Fatal(err)
	}
	settle()
	hm, _, err := c.CreateMonitor(ctx, monitors.CreateOpts{PoolID: p.ID, Type: monitors.TypeHTTP, Delay: 5, Timeout: 5, MaxRetries: 3})
	if err != nil {
		t.Fatal(err)
	}
	settle()
	pol, _, err := c.CreateL7Policy(ctx, l7policies.CreateOpts{ListenerID: l.ID, Action: l7policies.ActionReject})
	if err != nil {
		t.Fatal(err)
	}
	settle()
	r, _, err := c.CreateL7Rule(ctx, pol.ID, l7policies.CreateRuleOpts{RuleType: l7policies.TypePath, CompareType: l7policies.CompareTypeStartWith, Value: "/api"})
	if err != nil {
		t.Fatal(err)
	}
	settle()
	return lbID, map[Kind]Ref{
		KindListener: {Kind: KindListener, ID: l.ID},
		KindPool:     {Kind: KindPool, ID: p.ID},
		KindMember:   {Kind: KindMember, ID: m.ID, ParentID: p.ID},
		KindMonitor:  {Kind: KindMonitor, ID: hm.ID},
		KindL7Policy: {Kind: KindL7Policy, ID: pol.ID},
		KindL7Rule:   {Kind: KindL7Rule, ID: r.ID, ParentID: pol.ID},
	}
}

func TestWaitChildActive(t *testing.T) {
	for _, kind := range []Kind{KindListener, KindPool, KindMember, KindMonitor, KindL7Policy, KindL7Rule} {
		for _, final := range []string{"ACTIVE", "ERROR"} {
			t.Run(kind.String()+" "+final, func(t *testing.T) {
				synctest.Test(t, func(t *testing.T) {
					c, _, lab := bubbleLab(t, withDelay(shopLab, sixSeconds))
					lbID, refs := tree(t, c)
					ref := refs[kind]
					// a write on the child (name change) puts it and the load balancer in PENDING_UPDATE
					name := "renamed"
					if _, err := updateName(t, c, ref, name); err != nil {
						t.Fatal(err)
					}
					if final == "ERROR" { // the write's transition ends in ERROR
						if err := lab.SetFaults(labcloud.Faults{Error: []string{ref.ID}}); err != nil {
							t.Fatal(err)
						}
					}
					out, err := c.WaitChildActive(t.Context(), ref, waiters.Options{})
					if lb, err := c.GetLoadBalancer(t.Context(), lbID); err != nil || lb.ProvisioningStatus != string(StatusActive) {
						t.Fatalf("got load balancer %+v, %v; want ACTIVE (the CLI's wait would say success)", lb, err)
					}
					if !out.SawPending || out.Status != ProvisioningStatus(final) {
						t.Errorf("got %+v, want SawPending and Status %s", out, final)
					}
					if final == "ACTIVE" {
						if err != nil {
							t.Errorf("got %v, want success", err)
						}
						return
					}
					if _, ok := errors.AsType[*waiters.StatusError](err); !ok {
						t.Fatalf("got %v, want a *waiters.StatusError", err)
					}
					if !strings.Contains(err.Error(), ref.String()) || ErrorCodeOf(err) != EFAILED {
						t.Errorf("got %q (%s), want it to name %s and code EFAILED", err, ErrorCodeOf(err), ref)
					}
				})
			})
		}
	}
}

// updateName renames the resource ref points at.
func updateName(t *testing.T, c *Client, ref Ref, name string) (Accepted, error) {
	ctx := t.Context()
	var acc Accepted
	var err error
	switch ref.Kind {
	case KindListener:
		_, acc, err = c.UpdateListener(ctx, ref.ID, listeners.UpdateOpts{Name: &name})
	case KindPool:
		_, acc, err = c.UpdatePool(ctx, ref.ID, pools.UpdateOpts{Name: &name})
	case KindMember:
		_, acc, err = c.UpdateMember(ctx, ref.ParentID, ref.ID, pools.UpdateMemberOpts{Name: &name})
	case KindMonitor:
		_, acc, err = c.UpdateMonitor(ctx, ref.ID, monitors.UpdateOpts{Name: &name})
	case KindL7Policy:
		_, acc, err = c.UpdateL7Policy(ctx, ref.ID, l7policies.UpdateOpts{Name: &name})
	case KindL7Rule:
		v := "/v2"
		_, acc, err = c.UpdateL7Rule(ctx, ref.ParentID, ref.ID, l7policies.UpdateRuleOpts{Value: v})
	}
	return acc, err
}

func TestWaitChildDeleted(t *testing.T) {
	for _, kind := range []Kind{KindListener, KindPool, KindMember, KindMonitor, KindL7Policy, KindL7Rule} {
		t.Run(kind.String(), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				c, _, _ := bubbleLab(t, withDelay(shopLab, sixSeconds))
				lbID, refs := tree(t, c)
				ref := refs[kind]
				ctx := t.Context()
				var err error
				switch kind {
				case KindListener:
					_, err = c.DeleteListener(ctx, ref.ID)
				case KindPool:
					_, err = c.DeletePool(ctx, ref.ID)
				case KindMember:
					_, err = c.DeleteMember(ctx, ref.ParentID, ref.ID)
				case KindMonitor:
					_, err = c.DeleteMonitor(ctx, ref.ID)
				case KindL7Policy:
					_, err = c.DeleteL7Policy(ctx, ref.ID)
				case KindL7Rule:
					_, err = c.DeleteL7Rule(ctx, ref.ParentID, ref.ID)
				}
				if err != nil {
					t.Fatal(err)
				}
				if _, err := c.WaitChildDeleted(ctx, ref, waiters.Options{}); ErrorCodeOf(err) != EINVALID {
					t.Errorf("without LoadBalancerID: got %v, want EINVALID", err)
				}
				ref.LoadBalancerID = lbID
				out, err := c.WaitChildDeleted(ctx, ref, waiters.Options{})
				if err != nil {
					t.Fatal(err)
				}
				if out.Status != StatusDeleted || !out.SawPending || out.Elapsed != 6*time.Second {
					t.Errorf("got %+v, want DELETED after PENDING_*, 6 s", out)
				}
			})
		})
	}
}

func TestWaitChildActiveFindsLoadBalancerOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c, _, _ := bubbleLab(t, shopLab)
		lbID, refs := tree(t, c)
		for kind, ref := range refs {
			got, err := c.LoadBalancerOf(t.Context(), ref)
			if err != nil || got != lbID {
				t.Errorf("%s: got %q, %v; want %s", kind, got, err, lbID)
			}
		}
	})
}

func TestWaitLoadBalancerTimeoutCoversBothPhases(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c, _, _ := bubbleLab(t, withDelay(shopLab, time.Minute))
		_, refs := tree(t, c)
		if _, err := updateName(t, c, refs[KindPool], "x"); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		out, err := c.WaitChildActive(t.Context(), refs[KindPool], waiters.Options{Timeout: 20 * time.Second})
		if !errors.Is(err, waiters.ErrTimeout) {
			t.Fatalf("got %v, want waiters.ErrTimeout", err)
		}
		if d := time.Since(start); d != 20*time.Second || out.Elapsed != d {
			t.Errorf("got the wait ending after %v (Outcome %v), want 20 s", d, out.Elapsed)
		}
	})
}
