package octavia

import (
	"context"
	"maps"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/providers"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"

	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia/amphoracontrol"
	"github.com/octaview/octaview/octavia/internal/scripted"
	"github.com/octaview/octaview/waiters"
)

// The admin and catalogue operations, end to end against the lab cloud (an
// independent model of Octavia, checked against the real one), as admin.

// labAdmin starts a lab cloud whose PENDING_* states last a millisecond and
// logs in as admin.
func labAdmin(t *testing.T) *Client {
	t.Helper()
	lab := labcloud.NewServer(labcloud.Options{Delay: time.Millisecond, Seed: 1})
	t.Cleanup(lab.Close)
	cfg := adminConfig(lab.URL)
	cfg.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	c, err := New(t.Context(), cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return c
}

// fast polls every millisecond, for at most 10 s.
var fast = waiters.Options{Interval: time.Millisecond, Timeout: 10 * time.Second}

func TestLabCatalogue(t *testing.T) {
	c := labAdmin(t)
	ctx := t.Context()

	provs, err := Collect(c.Providers(ctx, providers.ListOpts{}))
	if err != nil || !slices.ContainsFunc(provs, func(p providers.Provider) bool { return p.Name == "amphora" }) {
		t.Fatalf("providers: got %+v, %v; want amphora among them", provs, err)
	}
	fcaps, err := c.ProviderFlavorCapabilities(ctx, "amphora")
	if err != nil || !slices.ContainsFunc(fcaps, func(p providers.Capability) bool { return p.Name == "loadbalancer_topology" }) {
		t.Errorf("flavor capabilities: got %+v, %v; want loadbalancer_topology", fcaps, err)
	}
	azcaps, err := c.ProviderAvailabilityZoneCapabilities(ctx, "amphora")
	if err != nil || !slices.ContainsFunc(azcaps, func(p providers.Capability) bool { return p.Name == "compute_zone" }) {
		t.Errorf("availability zone capabilities: got %+v, %v; want compute_zone", azcaps, err)
	}

	// flavor profile -> flavor (created disabled, then enabled) -> delete both
	fp, acc, err := c.Create(ctx, KindFlavorProfile, "", Object{"name": "single", "provider_name": "amphora", "flavor_data": `{"loadbalancer_topology": "SINGLE"}`})
	if err != nil || acc.StatusCode != http.StatusCreated {
		t.Fatalf("create flavor profile: got %+v, %+v, %v", fp, acc, err)
	}
	fpRef := RefOf(KindFlavorProfile, "", fp)
	f, _, err := c.Create(ctx, KindFlavor, "", Object{"name": "small", "flavor_profile_id": fpRef.ID, "enabled": false})
	if err != nil || f["enabled"] != false {
		t.Fatalf("create disabled flavor: got %+v, %v; want a disabled flavor", f, err)
	}
	fRef := RefOf(KindFlavor, "", f)
	if f, _, err = c.Update(ctx, fRef, Object{"enabled": true, "description": "1 amphora"}); err != nil || f["enabled"] != true || f.Text("description") != "1 amphora" {
		t.Errorf("enable flavor: got %+v, %v; want enabled, described", f, err)
	}
	if f, _, err = c.Update(ctx, fRef, Object{"description": nil}); err != nil || f.Text("description") != "" {
		t.Errorf("unset description: got %+v, %v; want no description", f, err)
	}
	if _, err := c.Delete(ctx, fpRef, false); ErrorCodeOf(err) != ECONFLICT {
		t.Errorf("delete a flavor profile in use: got %v, want %s", err, ECONFLICT)
	}
	if _, err := c.Delete(ctx, fRef, false); err != nil {
		t.Errorf("delete flavor: %v", err)
	}
	if _, err := c.Get(ctx, fRef); ErrorCodeOf(err) != ENOTFOUND {
		t.Errorf("get deleted flavor: got %v, want %s", err, ENOTFOUND)
	}
	if _, err := c.Delete(ctx, fpRef, false); err != nil {
		t.Errorf("delete flavor profile: %v", err)
	}

	// availability zone profile -> zone -> delete both
	azp, _, err := c.Create(ctx, KindAvailabilityZoneProfile, "", Object{"name": "az1", "provider_name": "amphora", "availability_zone_data": `{"compute_zone": "az1"}`})
	if err != nil {
		t.Fatalf("create availability zone profile: %v", err)
	}
	azpRef := RefOf(KindAvailabilityZoneProfile, "", azp)
	if got, err := c.Get(ctx, azpRef); err != nil || !reflect.DeepEqual(got, azp) {
		t.Errorf("get availability zone profile: got %+v, %v; want %+v", got, err, azp)
	}
	if got, _, err := c.Update(ctx, azpRef, Object{"name": "zone-1"}); err != nil || got.Text("name") != "zone-1" {
		t.Errorf("rename availability zone profile: got %+v, %v; want zone-1", got, err)
	}
	az, _, err := c.Create(ctx, KindAvailabilityZone, "", Object{"name": "zone 1", "description": "rack 1", "availability_zone_profile_id": azpRef.ID})
	if err != nil || az["enabled"] != true {
		t.Fatalf("create availability zone: got %+v, %v; want an enabled zone", az, err)
	}
	azRef := Ref{Kind: KindAvailabilityZone, ID: "zone 1"}
	if got, _, err := c.Update(ctx, azRef, Object{"enabled": false}); err != nil || got["enabled"] != false {
		t.Errorf("disable availability zone: got %+v, %v; want disabled", got, err)
	}
	zones, err := Collect(c.List(ctx, KindAvailabilityZone, "", ListQuery{Filters: url.Values{"enabled": {"false"}}}))
	if err != nil || len(zones) != 1 || zones[0].Text("name") != "zone 1" {
		t.Errorf("list disabled zones: got %+v, %v; want zone 1", zones, err)
	}
	profiles, err := Collect(c.List(ctx, KindAvailabilityZoneProfile, "", ListQuery{Filters: url.Values{"provider_name": {"amphora"}}}))
	if err != nil || len(profiles) != 1 || profiles[0].Text("id") != azpRef.ID {
		t.Errorf("list availability zone profiles: got %+v, %v; want %s", profiles, err, azpRef.ID)
	}
	if _, err := c.Delete(ctx, azRef, false); err != nil {
		t.Errorf("delete availability zone: %v", err)
	}
	if _, err := c.Get(ctx, azRef); ErrorCodeOf(err) != ENOTFOUND {
		t.Errorf("get deleted availability zone: got %v, want %s", err, ENOTFOUND)
	}
	if _, err := c.Delete(ctx, azpRef, false); err != nil {
		t.Errorf("delete availability zone profile: %v", err)
	}
}

// quotaLimits are the limits of a quota as text, by their names without
// "_" (Octavia answers "load_balancer" and "loadbalancer", or only the
// first), its project_id aside.
func quotaLimits(q Object) map[string]string {
	out := map[string]string{}
	for k := range q {
		if k != "project_id" {
			out[strings.ReplaceAll(k, "_", "")] = q.Text(k)
		}
	}
	return out
}

func TestLabQuotas(t *testing.T) {
	c := labAdmin(t)
	ctx := t.Context()
	project := c.Session().ProjectID
	ref := Ref{Kind: KindQuota, ID: project}

	defaults, err := c.Get(ctx, Ref{Kind: KindQuota, ID: "defaults"})
	if err != nil {
		t.Fatalf("defaults: %v", err)
	}
	q, acc, err := c.Update(ctx, ref, Object{"loadbalancer": 3, "member": 0})
	if l := quotaLimits(q); err != nil || l["loadbalancer"] != "3" || l["member"] != "0" || acc.StatusCode != http.StatusAccepted {
		t.Fatalf("set: got %+v, %+v, %v; want loadbalancer 3, member 0, 202", q, acc, err)
	}
	if got, err := c.Get(ctx, ref); err != nil || !maps.Equal(quotaLimits(got), quotaLimits(q)) {
		t.Errorf("show: got %+v, %v; want %+v", got, err, q)
	}
	list, err := Collect(c.List(ctx, KindQuota, "", ListQuery{Filters: url.Values{"project_id": {project}}}))
	if err != nil || len(list) != 1 || quotaLimits(list[0])["loadbalancer"] != "3" || quotaLimits(list[0])["listener"] != "" {
		t.Errorf("list: got %s, %v; want one entry: loadbalancer 3, listener default", scripted.Describe(list), err)
	}
	if q, _, err = c.Update(ctx, ref, Object{"loadbalancer": nil}); err != nil || quotaLimits(q)["loadbalancer"] != quotaLimits(defaults)["loadbalancer"] {
		t.Errorf("unset: got %+v, %v; want loadbalancer back to %s", q, err, quotaLimits(defaults)["loadbalancer"])
	}
	if _, err := c.Delete(ctx, ref, false); err != nil {
		t.Errorf("reset: %v", err)
	}
	if got, err := c.Get(ctx, ref); err != nil || !maps.Equal(quotaLimits(got), quotaLimits(defaults)) {
		t.Errorf("show after reset: got %+v, %v; want the defaults %+v", got, err, defaults)
	}
}

func TestLabAmphorae(t *testing.T) {
	c := labAdmin(t)
	ctx := t.Context()
	subs, err := Collect(c.Network().Subnets(ctx, subnets.ListOpts{}))
	if err != nil || len(subs) == 0 {
		t.Fatalf("subnets: got %d, %v", len(subs), err)
	}
	lb, _, err := c.Create(ctx, KindLoadBalancer, "", Object{"name": "amp-test", "vip_subnet_id": subs[0].ID})
	if err != nil {
		t.Fatalf("create load balancer: %v", err)
	}
	lbID := lb.Text("id")
	if _, err := c.WaitLoadBalancerActive(ctx, lbID, fast); err != nil {
		t.Fatalf("wait for the load balancer: %v", err)
	}

	ofLB := ListQuery{Filters: url.Values{"loadbalancer_id": {lbID}}}
	amps, err := Collect(c.List(ctx, KindAmphora, "", ofLB))
	if err != nil || len(amps) == 0 {
		t.Fatalf("amphorae of %s: got %d, %v; want some", lbID, len(amps), err)
	}
	amp := RefOf(KindAmphora, "", amps[0])
	if amp.LoadBalancerID != lbID || !strings.EqualFold(amps[0].Text("status"), string(AmphoraAllocated)) {
		t.Errorf("got %+v, want an ALLOCATED amphora of %s", amps[0], lbID)
	}
	if got, err := c.Get(ctx, amp); err != nil || got.Text("id") != amp.ID || got.Text("compute_id") != amps[0].Text("compute_id") {
		t.Errorf("show: got %+v, %v; want %+v", got, err, amps[0])
	}
	byCompute, err := Collect(c.List(ctx, KindAmphora, "", ListQuery{Filters: url.Values{"compute_id": {amps[0].Text("compute_id")}}}))
	if err != nil || len(byCompute) != 1 || byCompute[0].Text("id") != amp.ID {
		t.Errorf("by compute id: got %d amphorae, %v; want %s only", len(byCompute), err, amp.ID)
	}
	// no listener: Octavia has no statistics for it (404), as Zed answers
	if _, err := c.AmphoraStats(ctx, amp.ID); ErrorCodeOf(err) != ENOTFOUND || !strings.Contains(err.Error(), "Amphora stats for "+amp.ID+" not found.") {
		t.Errorf("stats without a listener: got %v, want 404 Amphora stats for … not found.", err)
	}
	if _, _, err := c.Create(ctx, KindListener, "", Object{"loadbalancer_id": lbID, "protocol": "HTTP", "protocol_port": 80}); err != nil {
		t.Fatalf("create listener: %v", err)
	}
	if _, err := c.WaitLoadBalancerActive(ctx, lbID, fast); err != nil {
		t.Fatalf("wait for the load balancer: %v", err)
	}
	stats, err := c.AmphoraStats(ctx, amp.ID)
	if err != nil || len(stats) != 1 || slices.ContainsFunc(stats, func(s amphoracontrol.Stats) bool { return s.ID != amp.ID || s.LoadbalancerID != lbID }) {
		t.Errorf("stats: got %+v, %v; want entries of amphora %s of %s", stats, err, amp.ID, lbID)
	}
	if acc, err := c.ConfigureAmphora(ctx, amp.ID); err != nil || acc.StatusCode != http.StatusAccepted {
		t.Errorf("configure: got %+v, %v; want 202", acc, err)
	}
	if _, err := c.Delete(ctx, amp, false); ErrorCodeOf(err) != EIMMUTABLE {
		t.Errorf("delete an allocated amphora: got %v, want %s", err, EIMMUTABLE)
	}

	if acc, err := c.FailoverAmphora(ctx, amp.ID); err != nil || acc.StatusCode != http.StatusAccepted {
		t.Fatalf("failover: got %+v, %v; want 202", acc, err)
	}
	out, err := c.WaitChildActive(ctx, amp, fast)
	if err != nil || !out.Status.Is(StatusActive) {
		t.Fatalf("wait for the failover: got %+v, %v; want the load balancer ACTIVE", out, err)
	}
	if _, err := c.Get(ctx, amp); ErrorCodeOf(err) != ENOTFOUND {
		t.Errorf("the failed-over amphora: got %v, want %s", err, ENOTFOUND)
	}
	after, err := Collect(c.List(context.Background(), KindAmphora, "", ofLB))
	if err != nil || len(after) != len(amps) || slices.ContainsFunc(after, func(a Object) bool { return a.Text("id") == amp.ID }) {
		t.Errorf("amphorae after the failover: got %d, %v; want %d, without %s", len(after), err, len(amps), amp.ID)
	}
}

// TestLabAZProfilesPage lists more availability zone profiles than one page
// holds: Octavia names their links "availability_zone_profile_links".
func TestLabAZProfilesPage(t *testing.T) {
	c := labAdmin(t)
	for i := range 5 {
		if _, _, err := c.Create(t.Context(), KindAvailabilityZoneProfile, "", Object{
			"name": "zone-" + string(rune('a'+i)), "provider_name": "amphora", "availability_zone_data": `{"compute_zone": "nova"}`,
		}); err != nil {
			t.Fatalf("create profile %d: %v", i, err)
		}
	}
	got, err := Collect(c.List(t.Context(), KindAvailabilityZoneProfile, "", ListQuery{Limit: 2}))
	if err != nil || len(got) != 5 {
		t.Errorf("got %d profiles, %v; want all 5 over 3 pages", len(got), err)
	}
}
