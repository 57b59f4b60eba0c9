package octavia

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"testing"

	"github.com/gophercloud/gophercloud/v2"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/loadbalancers"
)

// pagesTransport serves prebuilt list pages from memory: the page after
// marker m is pages[next[m]], so the fake costs next to nothing.
type pagesTransport struct {
	pages [][]byte
	next  map[string]int
}

func (p *pagesTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	i := p.next[r.URL.Query().Get("marker")]
	return &http.Response{
		StatusCode: 200, Request: r, ContentLength: int64(len(p.pages[i])),
		Header: http.Header{"Content-Type": {"application/json"}, "X-Openstack-Request-Id": {"req-bench"}},
		Body:   io.NopCloser(bytes.NewReader(p.pages[i])),
	}, nil
}

// newPages builds n load balancers in Octavia's JSON, size per page, with
// next links as Octavia writes them.
func newPages(b *testing.B, base string, n, size int) *pagesTransport {
	p := &pagesTransport{next: map[string]int{}}
	marker := ""
	for start := 0; start < n; start += size {
		var lbs []map[string]any
		for i := start; i < min(start+size, n); i++ {
			id := fmt.Sprintf("%08x-1c2d-4e5f-8a9b-%012x", i, i)
			lbs = append(lbs, map[string]any{
				"id": id, "name": fmt.Sprintf("lb-%05d", i), "description": "benchmark load balancer",
				"provisioning_status": "ACTIVE", "operating_status": "ONLINE", "admin_state_up": true,
				"project_id": "e3cd678b11784734bc366148aa37580e", "tenant_id": "e3cd678b11784734bc366148aa37580e",
				"created_at": "2026-11-29T17:31:07", "updated_at": "2026-11-29T17:33:41",
				"vip_address": fmt.Sprintf("10.0.%d.%d", i/250, i%250+2), "vip_port_id": "b4ca07d1-a31e-43e2-891a-7d14f419f342",
				"vip_subnet_id": "d5d0b3c5-0b9b-4b77-8d66-2f1d3d2b5c3e", "vip_network_id": "9a0b1c2d-3e4f-5a6b-7c8d-9e0f1a2b3c4d",
				"vip_qos_policy_id": nil, "listeners": []any{map[string]any{"id": "l-" + id}}, "pools": []any{map[string]any{"id": "p-" + id}},
				"provider": "amphora", "flavor_id": nil, "availability_zone": nil, "tags": []any{"bench"},
				"additional_vips": []any{}, "vip_vnic_type": "normal",
			})
		}
		links := []any{}
		if start+size < n {
			last := lbs[len(lbs)-1]["id"].(string)
			links = append(links, map[string]any{"rel": "next", "href": fmt.Sprintf("%s/load-balancer/v2/lbaas/loadbalancers?limit=%d&marker=%s", base, size, last)})
			p.next[last] = len(p.pages) + 1
		}
		body, err := json.Marshal(map[string]any{"loadbalancers": lbs, "loadbalancers_links": links})
		if err != nil {
			b.Fatal(err)
		}
		p.pages = append(p.pages, body)
	}
	p.next[marker] = 0
	return p
}

// benchClient is a Client on rt with no login (the benchmark is about lists).
func benchClient(rt http.RoundTripper) *Client {
	provider := &gophercloud.ProviderClient{HTTPClient: http.Client{Transport: rt}}
	provider.UseTokenLock()
	provider.SetToken("bench")
	lb := &gophercloud.ServiceClient{ProviderClient: provider, Endpoint: "http://bench.test/load-balancer/",
		ResourceBase: "http://bench.test/load-balancer/v2/", MoreHeaders: map[string]string{"Accept": "application/json"}}
	return &Client{provider: provider, lb: lb}
}

const benchN, benchPage = 10000, 1000

// BenchmarkListLoadBalancers compares listing 10,000 load balancers at page
// size 1,000: our streaming pager (List, collected, and streamed without
// keeping) against gophercloud's AllPages + ExtractLoadBalancers on the same
// bytes.
func BenchmarkListLoadBalancers(b *testing.B) {
	c := benchClient(newPages(b, "http://bench.test", benchN, benchPage))
	q := ListQuery{Limit: benchPage}
	opts := loadbalancers.ListOpts{Limit: benchPage}
	b.Run("octavia.Collect", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			lbs, err := Collect(c.List(b.Context(), KindLoadBalancer, "", q))
			if err != nil || len(lbs) != benchN {
				b.Fatalf("got %d, %v", len(lbs), err)
			}
		}
	})
	b.Run("octavia.stream", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			n := 0
			for _, err := range c.List(b.Context(), KindLoadBalancer, "", q) {
				if err != nil {
					b.Fatal(err)
				}
				n++
			}
			if n != benchN {
				b.Fatalf("got %d", n)
			}
		}
	})
	b.Run("gophercloud.AllPages", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			pages, err := loadbalancers.List(c.lb, opts).AllPages(b.Context())
			if err != nil {
				b.Fatal(err)
			}
			lbs, err := loadbalancers.ExtractLoadBalancers(pages)
			if err != nil || len(lbs) != benchN {
				b.Fatalf("got %d, %v", len(lbs), err)
			}
		}
	})
}

// listColumns are the attributes the console's load balancer list shows
// (its ListQuery.Fields).
var listColumns = []string{"id", "name", "provisioning_status", "operating_status", "created_at", "updated_at", "vip_address", "provider"}

// BenchmarkListRows compares the kind-indexed list paths on the same
// 10,000 load balancers (every attribute on the page, as a cloud that
// ignores "fields" would send): Rows (each row taken from the page's
// bytes), List (each item an Object) and the pager decoding into
// gophercloud's struct (as Members, Providers and Networks do).
func BenchmarkListRows(b *testing.B) {
	c := benchClient(newPages(b, "http://bench.test", benchN, benchPage))
	q := ListQuery{Fields: listColumns, Limit: benchPage}
	count := func(b *testing.B, n int, err error) {
		if err != nil || n != benchN {
			b.Fatalf("got %d, %v", n, err)
		}
	}
	b.Run("Rows", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			n, err := 0, error(nil)
			for _, err = range c.Rows(b.Context(), KindLoadBalancer, "", q) {
				if err != nil {
					break
				}
				n++
			}
			count(b, n, err)
		}
	})
	b.Run("List", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			n, err := 0, error(nil)
			for _, err = range c.List(b.Context(), KindLoadBalancer, "", q) {
				if err != nil {
					break
				}
				n++
			}
			count(b, n, err)
		}
	})
	b.Run("struct", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			n, err := 0, error(nil)
			for _, err = range list[loadbalancers.LoadBalancer](b.Context(), c.lb, "list load balancers",
				c.collectionURL(KindLoadBalancer, ""), "loadbalancers", "?limit=1000") {
				if err != nil {
					break
				}
				n++
			}
			count(b, n, err)
		}
	})
}
