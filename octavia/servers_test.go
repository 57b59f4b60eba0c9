package octavia

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/gophercloud/gophercloud/v2"
	"github.com/gophercloud/gophercloud/v2/openstack/compute/v2/servers"
	"github.com/gophercloud/gophercloud/v2/openstack/networking/v2/subnets"
)

func TestServersOnSubnet(t *testing.T) {
	c, _, rec := startCloud(t, demoLab, nil)
	ctx := t.Context()
	if !c.Compute().Available() {
		t.Fatal("Compute().Available: false, want true (the lab's catalog lists Nova)")
	}
	subnetID := func(name string) string {
		sns, err := Collect(c.Network().Subnets(ctx, subnets.ListOpts{Name: name}))
		if err != nil || len(sns) != 1 {
			t.Fatalf("subnet %s: got %v, %v", name, sns, err)
		}
		return sns[0].ID
	}
	demoSubnet, public := subnetID("demo-subnet"), subnetID("public-subnet")

	got, err := c.Compute().ServersOnSubnet(ctx, demoSubnet)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	by := map[string]ServerOnSubnet{}
	for _, s := range got {
		names = append(names, s.Name)
		by[s.Name] = s
	}
	if want := []string{"worker-1", "app-1", "web-3", "web-2", "web-1"}; !slices.Equal(names, want) {
		t.Fatalf("servers: got %v, want %v", names, want)
	}
	for _, name := range []string{"web-1", "web-2", "web-3", "app-1"} {
		if s := by[name]; len(s.Addresses) != 1 || !strings.HasPrefix(s.Addresses[0], "10.") || len(s.Elsewhere) != 0 {
			t.Errorf("%s on demo-subnet: got %+v, want one 10.x address, nothing elsewhere", name, s)
		}
	}
	if s := by["app-1"]; s.Status != ServerShutoff {
		t.Errorf("app-1: status %q, want %s", s.Status, ServerShutoff)
	}
	if s := by["worker-1"]; len(s.Addresses) != 0 || len(s.Elsewhere) != 0 {
		t.Errorf("worker-1 (no network): got %+v, want no address anywhere", s)
	}

	// On the public subnet no server has an address: each says where it has one.
	pub, err := c.Compute().ServersOnSubnet(ctx, public)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range pub {
		if len(s.Addresses) != 0 {
			t.Errorf("%s on public-subnet: got %v, want none", s.Name, s.Addresses)
		}
		if s.Name == "web-1" && (len(s.Elsewhere) != 1 || s.Elsewhere[0] != "demo-net "+by["web-1"].Addresses[0]) {
			t.Errorf("web-1 elsewhere: got %v, want demo-net %s", s.Elsewhere, by["web-1"].Addresses[0])
		}
	}

	// Paged: a limit of 2 follows Nova's next links through every server.
	rec.mu.Lock()
	before := len(rec.urls)
	rec.mu.Unlock()
	all, err := Collect(c.Compute().Servers(ctx, servers.ListOpts{Limit: 2}))
	if err != nil || len(all) != 5 {
		t.Fatalf("Servers limit 2: got %d, %v; want 5", len(all), err)
	}
	rec.mu.Lock()
	pages := rec.urls[before:]
	rec.mu.Unlock()
	if len(pages) != 3 || !strings.HasSuffix(pages[0].Path, "/compute/v2.1/servers/detail") {
		t.Errorf("Servers limit 2: requests %v, want 3 pages of /compute/v2.1/servers/detail", pages)
	}

	if _, err := c.Compute().ServersOnSubnet(ctx, ""); ErrorCodeOf(err) != EINVALID {
		t.Errorf("no subnet: got %v, want EINVALID", err)
	}
}

func TestServersWithoutCompute(t *testing.T) {
	c, _, _ := startCloud(t, demoLab, nil)
	locate := c.provider.EndpointLocator
	c.provider.EndpointLocator = func(eo gophercloud.EndpointOpts) (string, error) {
		if eo.Type == "compute" {
			return "", errors.New("no compute in this catalog")
		}
		return locate(eo)
	}
	if c.Compute().Available() {
		t.Error("Compute().Available: true, want false for a catalog without Nova")
	}
	if _, err := c.Compute().ServersOnSubnet(t.Context(), "x"); ErrorCodeOf(err) != EUNAVAILABLE {
		t.Errorf("ServersOnSubnet: got %v, want EUNAVAILABLE", err)
	}
}
