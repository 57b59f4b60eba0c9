package octavia

import (
	"errors"
	"strings"
	"testing"
	"testing/synctest"
	"time"

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
					lb, _, err := c.Create(t.Context(), KindLoadBalancer, "", Object{"name": "new", "vip_subnet_id": publicSubnet(t, c)})
					if err != nil {
						t.Fatal(err)
					}
					id = lb.Text("id")
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
				for _, p := range polls {
					if p.Of != string(KindLoadBalancer) {
						t.Errorf("poll %d: Of %q, want %q (whose status it read)", p.Attempt, p.Of, KindLoadBalancer)
					}
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
		if _, err := c.Delete(t.Context(), lbRef(id), false); err != nil {
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
	create := func(k Kind, parentID string, body Object) Ref {
		t.Helper()
		o, _, err := c.Create(ctx, k, parentID, body)
		if err != nil {
			t.Fatal(err)
		}
		settle()
		return Ref{Kind: k, ID: o.Text("id"), ParentID: parentID}
	}
	l := create(KindListener, "", Object{"loadbalancer_id": lbID, "protocol": "HTTP", "protocol_port": 80})
	p := create(KindPool, "", Object{"listener_id": l.ID, "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN"})
	m := create(KindMember, p.ID, Object{"address": "10.0.0.5", "protocol_port": 8080})
	hm := create(KindMonitor, "", Object{"pool_id": p.ID, "type": "HTTP", "delay": 5, "timeout": 5, "max_retries": 3})
	pol := create(KindL7Policy, "", Object{"listener_id": l.ID, "action": "REJECT"})
	r := create(KindL7Rule, pol.ID, Object{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/api"})
	return lbID, map[Kind]Ref{KindListener: l, KindPool: p, KindMember: m, KindMonitor: hm, KindL7Policy: pol, KindL7Rule: r}
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
					if lb, err := c.Get(t.Context(), lbRef(lbID)); err != nil || lb.Text("provisioning_status") != string(StatusActive) {
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

// updateName renames the resource ref points at (a rule, which has no
// name, gets a new value).
func updateName(t *testing.T, c *Client, ref Ref, name string) (Accepted, error) {
	body := Object{"name": name}
	if ref.Kind == KindL7Rule {
		body = Object{"value": "/v2"}
	}
	_, acc, err := c.Update(t.Context(), ref, body)
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
				if _, err := c.Delete(ctx, ref, false); err != nil {
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
