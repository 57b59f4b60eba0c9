package list

import (
	"context"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"

	"github.com/octaview/octaview/app/internal/attr"
	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
	"github.com/octaview/octaview/waiters"
)

// A detail page shows what Octavia returned: every attribute of its
// answer, none it did not send, each labelled from the dictionary; and a
// list's columns are attributes the answer has. These tests check it for
// every kind against the lab (here) and against the real Octavia Zed
// (fidelity_test.go, make fidelity), with the same objects (everyKind).

// pageOf is an object of a kind as its detail page reads it.
type pageOf struct {
	pr  console.PageRef
	obj octavia.Object
}

// everyKind creates, through the client's kind-indexed calls, one object of
// every kind that has a page (as an admin of c's project, on subnet), and
// reads each back as its page does. fast waits for what it creates.
func everyKind(t *testing.T, c *octavia.Client, subnet string, fast waiters.Options) map[octavia.Kind]pageOf {
	t.Helper()
	ctx := t.Context()
	out := map[octavia.Kind]pageOf{}
	suffix := time.Now().Format("150405.000")
	var made []octavia.Ref
	create := func(k octavia.Kind, parent string, body octavia.Object) octavia.Ref {
		t.Helper()
		r := labtest.Create(t, c, k, parent, body, fast)
		read(t, c, out, r)
		made = append(made, r)
		return r
	}
	defer func() { // once read: the load balancer's tree, then what it used
		t.Cleanup(func() {
			c2, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			for i := len(made) - 1; i >= 0; i-- {
				r := made[i]
				if r.Kind != octavia.KindLoadBalancer && r.Kind.StatusKey() != "" {
					continue // deleted with its load balancer
				}
				if _, err := c.Delete(c2, r, r.Kind == octavia.KindLoadBalancer); err != nil {
					t.Logf("clean up %s: %v", r, err)
				}
				if r.Kind == octavia.KindLoadBalancer {
					c.WaitLoadBalancerDeleted(c2, r.ID, waiters.Options{Interval: fast.Interval})
				}
			}
		})
	}()
	fp := create(octavia.KindFlavorProfile, "", octavia.Object{"name": "k18-fp-" + suffix, "provider_name": "amphora", "flavor_data": `{"loadbalancer_topology": "SINGLE"}`})
	fl := create(octavia.KindFlavor, "", octavia.Object{"name": "k18-flavor-" + suffix, "flavor_profile_id": fp.ID, "description": "one amphora"})
	azp := create(octavia.KindAvailabilityZoneProfile, "", octavia.Object{"name": "k18-azp-" + suffix, "provider_name": "amphora", "availability_zone_data": `{"compute_zone": "nova"}`})
	create(octavia.KindAvailabilityZone, "", octavia.Object{"name": "k18-az-" + suffix, "availability_zone_profile_id": azp.ID})
	lb := create(octavia.KindLoadBalancer, "", octavia.Object{"name": "k18-lb-" + suffix, "vip_subnet_id": subnet, "flavor_id": fl.ID, "tags": []string{"k18"}})
	l := create(octavia.KindListener, "", octavia.Object{"loadbalancer_id": lb.ID, "protocol": "HTTP", "protocol_port": 80})
	p := create(octavia.KindPool, "", octavia.Object{"listener_id": l.ID, "protocol": "HTTP", "lb_algorithm": "ROUND_ROBIN",
		"session_persistence": octavia.Object{"type": "APP_COOKIE", "cookie_name": "sid"}})
	create(octavia.KindMember, p.ID, octavia.Object{"address": "10.0.0.9", "protocol_port": 8080})
	create(octavia.KindMonitor, "", octavia.Object{"pool_id": p.ID, "type": "HTTP", "delay": 5, "timeout": 3, "max_retries": 3})
	pol := create(octavia.KindL7Policy, "", octavia.Object{"listener_id": l.ID, "action": "REDIRECT_TO_URL", "redirect_url": "https://example.com/"})
	create(octavia.KindL7Rule, pol.ID, octavia.Object{"type": "PATH", "compare_type": "STARTS_WITH", "value": "/api"})
	read(t, c, out, octavia.Ref{Kind: octavia.KindQuota, ID: c.Session().ProjectID})
	amps, err := octavia.Collect(c.List(ctx, octavia.KindAmphora, "", octavia.ListQuery{Filters: map[string][]string{"loadbalancer_id": {lb.ID}}}))
	if err != nil || len(amps) == 0 {
		t.Fatalf("the load balancer's amphorae: got %d, %v; want some", len(amps), err)
	}
	read(t, c, out, octavia.RefOf(octavia.KindAmphora, "", amps[0]))
	return out
}

// read reads the object r points at as its detail page does, into out.
func read(t *testing.T, c *octavia.Client, out map[octavia.Kind]pageOf, r octavia.Ref) {
	t.Helper()
	o, err := c.Get(t.Context(), r)
	if err != nil {
		t.Fatalf("get %s: %v", r, err)
	}
	out[r.Kind] = pageOf{pr: console.PageRef{Res: console.ResourceOf(r.Kind), ParentID: r.ParentID, ID: r.ID, Mode: "detail"}, obj: o}
}

// checkPageKeys checks what the page of p shows against the answer: its
// properties (with the tags in the tags editor and what a section shows)
// are exactly the answer's attributes, each has a label of the dictionary,
// no two lines say the same, and the kind's list asks only for attributes
// the answer has (created/updated when it has them).
func checkPageKeys(t *testing.T, p pageOf) {
	t.Helper()
	res, o := p.pr.Res, p.obj
	want := slices.Sorted(maps.Keys(o))
	for _, inEditor := range []bool{true, false} {
		rows := console.PropRows(p.pr, o, inEditor)
		got := console.PropKeys(rows)
		if _, tagged := o["tags"]; tagged && inEditor {
			got = append(got, "tags")
		}
		for _, k := range res.ShownBy {
			if _, ok := o[k]; ok {
				got = append(got, k)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s (tags editor %v): the page shows %v, the answer has %v", res.Plural, inEditor, got, want)
		}
		labels := map[string]string{}
		for _, r := range rows {
			if was, dup := labels[r.Label]; dup {
				t.Errorf("%s: two lines labelled %q (%s and %s)", res.Plural, r.Label, was, r.Key)
			}
			labels[r.Label] = r.Key
			if r.Key == "" && res.Parent() == nil && o[res.Kind.IDKey()] != nil {
				t.Errorf("%s: a line %q from the URL, though the answer names the object", res.Plural, r.Label)
			}
		}
	}
	for k := range o {
		if _, ok := attr.Of(k); !ok {
			t.Errorf("%s: attribute %q has no label in the dictionary (it shows as %q)", res.Plural, k, attr.Humanize(k))
		}
	}
	if res.ListRows != nil {
		return
	}
	for _, f := range console.RowFields(res, console.ProjectColumn(res, &tab.Session{Info: octavia.Session{Roles: []string{"admin"}}}, false)) {
		if _, ok := o[f]; !ok && f != "listeners" {
			t.Errorf("%s: the list asks for %q, which the answer lacks (an empty column)", res.Plural, f)
		}
	}
	if _, timed := o["created_at"]; timed != res.Times {
		t.Errorf("%s: the answer has created_at: %v; the list's Created and Updated columns: %v", res.Plural, timed, res.Times)
	}
}

// TestPagesShowTheAnswer: for every kind with a page, what the page shows
// is the lab's answer, all of it and nothing else (checkPageKeys).
func TestPagesShowTheAnswer(t *testing.T) {
	cloud := labcloud.New(labcloud.Options{Delay: time.Millisecond})
	c := labtest.Via(t, labcloud.Transport(cloud), "admin", "admin")
	subs, err := octavia.Collect(c.Network().Subnets(t.Context(), subnets.ListOpts{}))
	if err != nil || len(subs) == 0 {
		t.Fatalf("subnets: got %d, %v", len(subs), err)
	}
	checkEveryPage(t, everyKind(t, c, subs[0].ID, waiters.Options{Interval: time.Millisecond, Timeout: 10 * time.Second}))
}

// checkEveryPage checks the page of every kind that has one (checkPageKeys).
func checkEveryPage(t *testing.T, pages map[octavia.Kind]pageOf) {
	for _, r := range console.Resources {
		if r.NoDetail {
			continue
		}
		t.Run(r.Plural, func(t *testing.T) {
			p, ok := pages[r.Kind]
			if !ok {
				t.Fatalf("no %s was made", r.Singular)
			}
			t.Logf("%s: the answer has %d attributes", r.Plural, len(p.obj))
			checkPageKeys(t, p)
		})
	}
}
