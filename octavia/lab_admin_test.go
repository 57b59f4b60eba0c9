package octavia

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/amphorae"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/flavorprofiles"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/listeners"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/loadbalancers"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/providers"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/quotas"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"

	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia/amphoracontrol"
	"github.com/octaview/octaview/octavia/availabilityzoneprofiles"
	"github.com/octaview/octaview/octavia/availabilityzones"
	"github.com/octaview/octaview/octavia/internal/scripted"
	"github.com/octaview/octaview/octavia/lbaasquotas"
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
	fp, acc, err := c.CreateFlavorProfile(ctx, flavorprofiles.CreateOpts{Name: "single", ProviderName: "amphora", FlavorData: `{"loadbalancer_topology": "SINGLE"}`})
	if err != nil || acc.StatusCode != http.StatusCreated {
		t.Fatalf("create flavor profile: got %+v, %+v, %v", fp, acc, err)
	}
	f, _, err := c.CreateFlavor(ctx, FlavorCreateOpts{Name: "small", FlavorProfileID: fp.ID, Enabled: ptrTo(false)})
	if err != nil || f.Enabled {
		t.Fatalf("create disabled flavor: got %+v, %v; want a disabled flavor", f, err)
	}
	if f, _, err = c.UpdateFlavor(ctx, f.ID, FlavorUpdateOpts{Enabled: ptrTo(true), Description: ptrTo("1 amphora")}); err != nil || !f.Enabled || f.Description != "1 amphora" {
		t.Errorf("enable flavor: got %+v, %v; want enabled, described", f, err)
	}
	if f, _, err = c.UpdateFlavor(ctx, f.ID, Unset{"description"}); err != nil || f.Description != "" {
		t.Errorf("unset description: got %+v, %v; want no description", f, err)
	}
	if _, err := c.DeleteFlavorProfile(ctx, fp.ID); ErrorCodeOf(err) != ECONFLICT {
		t.Errorf("delete a flavor profile in use: got %v, want %s", err, ECONFLICT)
	}
	if _, err := c.DeleteFlavor(ctx, f.ID); err != nil {
		t.Errorf("delete flavor: %v", err)
	}
	if _, err := c.GetFlavor(ctx, f.ID); ErrorCodeOf(err) != ENOTFOUND {
		t.Errorf("get deleted flavor: got %v, want %s", err, ENOTFOUND)
	}
	if _, err := c.DeleteFlavorProfile(ctx, fp.ID); err != nil {
		t.Errorf("delete flavor profile: %v", err)
	}

	// availability zone profile -> zone -> delete both
	azp, _, err := c.CreateAvailabilityZoneProfile(ctx, availabilityzoneprofiles.CreateOpts{Name: "az1", ProviderName: "amphora", AvailabilityZoneData: `{"compute_zone": "az1"}`})
	if err != nil {
		t.Fatalf("create availability zone profile: %v", err)
	}
	if got, err := c.GetAvailabilityZoneProfile(ctx, azp.ID); err != nil || *got != *azp {
		t.Errorf("get availability zone profile: got %+v, %v; want %+v", got, err, azp)
	}
	if got, _, err := c.UpdateAvailabilityZoneProfile(ctx, azp.ID, availabilityzoneprofiles.UpdateOpts{Name: ptrTo("zone-1")}); err != nil || got.Name != "zone-1" {
		t.Errorf("rename availability zone profile: got %+v, %v; want zone-1", got, err)
	}
	az, _, err := c.CreateAvailabilityZone(ctx, availabilityzones.CreateOpts{Name: "zone 1", Description: "rack 1", AvailabilityZoneProfileID: azp.ID})
	if err != nil || !az.Enabled {
		t.Fatalf("create availability zone: got %+v, %v; want an enabled zone", az, err)
	}
	if got, _, err := c.UpdateAvailabilityZone(ctx, "zone 1", availabilityzones.UpdateOpts{Enabled: ptrTo(false)}); err != nil || got.Enabled {
		t.Errorf("disable availability zone: got %+v, %v; want disabled", got, err)
	}
	zones, err := Collect(c.AvailabilityZones(ctx, availabilityzones.ListOpts{Enabled: ptrTo(false)}))
	if err != nil || len(zones) != 1 || zones[0].Name != "zone 1" {
		t.Errorf("list disabled zones: got %+v, %v; want zone 1", zones, err)
	}
	profiles, err := Collect(c.AvailabilityZoneProfiles(ctx, availabilityzoneprofiles.ListOpts{ProviderName: "amphora"}))
	if err != nil || len(profiles) != 1 || profiles[0].ID != azp.ID {
		t.Errorf("list availability zone profiles: got %+v, %v; want %s", profiles, err, azp.ID)
	}
	if _, err := c.DeleteAvailabilityZone(ctx, "zone 1"); err != nil {
		t.Errorf("delete availability zone: %v", err)
	}
	if _, err := c.GetAvailabilityZone(ctx, "zone 1"); ErrorCodeOf(err) != ENOTFOUND {
		t.Errorf("get deleted availability zone: got %v, want %s", err, ENOTFOUND)
	}
	if _, err := c.DeleteAvailabilityZoneProfile(ctx, azp.ID); err != nil {
		t.Errorf("delete availability zone profile: %v", err)
	}
}

func TestLabQuotas(t *testing.T) {
	c := labAdmin(t)
	ctx := t.Context()
	project := c.Session().ProjectID

	defaults, err := c.GetQuotaDefaults(ctx)
	if err != nil {
		t.Fatalf("defaults: %v", err)
	}
	q, acc, err := c.UpdateQuota(ctx, project, quotas.UpdateOpts{Loadbalancer: ptrTo(3), Member: ptrTo(0)})
	if err != nil || q.Loadbalancer != 3 || q.Member != 0 || acc.StatusCode != http.StatusAccepted {
		t.Fatalf("set: got %+v, %+v, %v; want loadbalancer 3, member 0, 202", q, acc, err)
	}
	if got, err := c.GetQuota(ctx, project); err != nil || *got != *q {
		t.Errorf("show: got %+v, %v; want %+v", got, err, q)
	}
	list, err := Collect(c.Quotas(ctx, lbaasquotas.ListOpts{ProjectID: project}))
	if err != nil || len(list) != 1 || list[0].Loadbalancer == nil || *list[0].Loadbalancer != 3 || list[0].Listener != nil {
		t.Errorf("list: got %s, %v; want one entry: loadbalancer 3, listener default", scripted.Describe(list), err)
	}
	if q, _, err = c.UpdateQuota(ctx, project, Unset{"loadbalancer"}); err != nil || q.Loadbalancer != defaults.Loadbalancer {
		t.Errorf("unset: got %+v, %v; want loadbalancer back to %d", q, err, defaults.Loadbalancer)
	}
	if _, err := c.ResetQuota(ctx, project); err != nil {
		t.Errorf("reset: %v", err)
	}
	if got, err := c.GetQuota(ctx, project); err != nil || *got != *defaults {
		t.Errorf("show after reset: got %+v, %v; want the defaults %+v", got, err, defaults)
	}
}

func TestLabAmphorae(t *testing.T) {
	c := labAdmin(t)
	ctx := t.Context()
	subs, err := Collect(c.Subnets(ctx, subnets.ListOpts{}))
	if err != nil || len(subs) == 0 {
		t.Fatalf("subnets: got %d, %v", len(subs), err)
	}
	lb, _, err := c.CreateLoadBalancer(ctx, loadbalancers.CreateOpts{Name: "amp-test", VipSubnetID: subs[0].ID})
	if err != nil {
		t.Fatalf("create load balancer: %v", err)
	}
	if _, err := c.WaitLoadBalancerActive(ctx, lb.ID, fast); err != nil {
		t.Fatalf("wait for the load balancer: %v", err)
	}

	amps, err := Collect(c.Amphorae(ctx, AmphoraListOpts{ListOpts: amphorae.ListOpts{LoadbalancerID: lb.ID}}))
	if err != nil || len(amps) == 0 {
		t.Fatalf("amphorae of %s: got %d, %v; want some", lb.ID, len(amps), err)
	}
	amp := amps[0]
	if amp.LoadbalancerID != lb.ID || !strings.EqualFold(amp.Status, string(AmphoraAllocated)) {
		t.Errorf("got %+v, want an ALLOCATED amphora of %s", amp, lb.ID)
	}
	if got, err := c.GetAmphora(ctx, amp.ID); err != nil || got.ID != amp.ID || got.ComputeID != amp.ComputeID {
		t.Errorf("show: got %+v, %v; want %+v", got, err, amp)
	}
	byCompute, err := Collect(c.Amphorae(ctx, AmphoraListOpts{ComputeID: amp.ComputeID}))
	if err != nil || len(byCompute) != 1 || byCompute[0].ID != amp.ID {
		t.Errorf("by compute id: got %d amphorae, %v; want %s only", len(byCompute), err, amp.ID)
	}
	// no listener: Octavia has no statistics for it (404), as Zed answers
	if _, err := c.AmphoraStats(ctx, amp.ID); ErrorCodeOf(err) != ENOTFOUND || !strings.Contains(err.Error(), "Amphora stats for "+amp.ID+" not found.") {
		t.Errorf("stats without a listener: got %v, want 404 Amphora stats for … not found.", err)
	}
	if _, _, err := c.CreateListener(ctx, listeners.CreateOpts{LoadbalancerID: lb.ID, Protocol: listeners.ProtocolHTTP, ProtocolPort: 80}); err != nil {
		t.Fatalf("create listener: %v", err)
	}
	if _, err := c.WaitLoadBalancerActive(ctx, lb.ID, fast); err != nil {
		t.Fatalf("wait for the load balancer: %v", err)
	}
	stats, err := c.AmphoraStats(ctx, amp.ID)
	if err != nil || len(stats) != 1 || slices.ContainsFunc(stats, func(s amphoracontrol.Stats) bool { return s.ID != amp.ID || s.LoadbalancerID != lb.ID }) {
		t.Errorf("stats: got %+v, %v; want entries of amphora %s of %s", stats, err, amp.ID, lb.ID)
	}
	if acc, err := c.ConfigureAmphora(ctx, amp.ID); err != nil || acc.StatusCode != http.StatusAccepted {
		t.Errorf("configure: got %+v, %v; want 202", acc, err)
	}
	if _, err := c.DeleteAmphora(ctx, amp.ID); ErrorCodeOf(err) != EIMMUTABLE {
		t.Errorf("delete an allocated amphora: got %v, want %s", err, EIMMUTABLE)
	}

	if acc, err := c.FailoverAmphora(ctx, amp.ID); err != nil || acc.StatusCode != http.StatusAccepted {
		t.Fatalf("failover: got %+v, %v; want 202", acc, err)
	}
	out, err := c.WaitAmphoraFailover(ctx, amp, fast)
	if err != nil || !out.Status.Is(StatusActive) {
		t.Fatalf("wait for the failover: got %+v, %v; want the load balancer ACTIVE", out, err)
	}
	if _, err := c.GetAmphora(ctx, amp.ID); ErrorCodeOf(err) != ENOTFOUND {
		t.Errorf("the failed-over amphora: got %v, want %s", err, ENOTFOUND)
	}
	after, err := Collect(c.Amphorae(context.Background(), amphorae.ListOpts{LoadbalancerID: lb.ID}))
	if err != nil || len(after) != len(amps) || slices.ContainsFunc(after, func(a amphorae.Amphora) bool { return a.ID == amp.ID }) {
		t.Errorf("amphorae after the failover: got %d, %v; want %d, without %s", len(after), err, len(amps), amp.ID)
	}
}

// TestLabAZProfilesPage lists more availability zone profiles than one page
// holds: Octavia names their links "availability_zone_profile_links".
func TestLabAZProfilesPage(t *testing.T) {
	c := labAdmin(t)
	for i := range 5 {
		if _, _, err := c.CreateAvailabilityZoneProfile(t.Context(), availabilityzoneprofiles.CreateOpts{
			Name: "zone-" + string(rune('a'+i)), ProviderName: "amphora", AvailabilityZoneData: `{"compute_zone": "nova"}`,
		}); err != nil {
			t.Fatalf("create profile %d: %v", i, err)
		}
	}
	got, err := Collect(c.AvailabilityZoneProfiles(t.Context(), availabilityzoneprofiles.ListOpts{Limit: 2}))
	if err != nil || len(got) != 5 {
		t.Errorf("got %d profiles, %v; want all 5 over 3 pages", len(got), err)
	}
}
