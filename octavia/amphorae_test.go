package octavia

import (
	"context"
	"net/http"
	"net/url"
	"testing"
	"testing/synctest"
	"time"

	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia/amphoracontrol"
	"github.com/octaview/octaview/waiters"
)

// Amphora bodies as Octavia sends them (api/v2/types/amphora.py): times
// without a zone, cert_busy a boolean, loadbalancer_id null for a spare.
const (
	amphoraMaster = `{
        "id": "6bd55cd3-802e-447e-a518-1e74e23bb106",
        "loadbalancer_id": "09eedfc6-2c55-41a8-a75c-2cd4e95212ca",
        "compute_id": "f0f79f90-733d-417a-8d70-cc6be62cd54d",
        "lb_network_ip": "192.168.1.2",
        "vrrp_ip": "192.168.1.5",
        "ha_ip": "192.168.1.10",
        "vrrp_port_id": "ab2a8add-76a9-44bb-89f8-88430193cc83",
        "ha_port_id": "19561fd3-5da5-46cc-bdd3-99bbdf7246e6",
        "cert_expiration": "2019-09-19T00:34:51",
        "cert_busy": false,
        "role": "MASTER",
        "status": "ALLOCATED",
        "vrrp_interface": "eth1",
        "vrrp_id": 1,
        "vrrp_priority": 100,
        "cached_zone": "zone1",
        "created_at": "2017-05-10T18:14:44",
        "updated_at": "2017-05-10T23:08:12",
        "image_id": "c1c2ad6f-1c1e-4744-8d1a-d0ef36289e74",
        "compute_flavor": "5446a14a-abec-4455-bc0e-a34e5ff001a3"
    }`
	amphoraSpare = `{
        "id": "89c186a3-cb16-497b-b099-c4bd40316642",
        "loadbalancer_id": null,
        "compute_id": "24b1cb54-122d-4960-9035-083642f5c2bb",
        "lb_network_ip": "192.168.1.3",
        "vrrp_ip": null,
        "ha_ip": null,
        "vrrp_port_id": null,
        "ha_port_id": null,
        "cert_expiration": "2019-09-19T00:34:51",
        "cert_busy": false,
        "role": null,
        "status": "READY",
        "vrrp_interface": null,
        "vrrp_id": null,
        "vrrp_priority": null,
        "cached_zone": "zone2",
        "created_at": "2017-06-11T19:15:45",
        "updated_at": null,
        "image_id": "1014292d-cbaa-4ad6-b38b-2e138389f87f",
        "compute_flavor": "5446a14a-abec-4455-bc0e-a34e5ff001a3"
    }`
	masterID = "6bd55cd3-802e-447e-a518-1e74e23bb106"
	spareID  = "89c186a3-cb16-497b-b099-c4bd40316642"
	ampLBID  = "09eedfc6-2c55-41a8-a75c-2cd4e95212ca"
)

var (
	wantMaster = object(amphoraMaster)
	wantSpare  = object(amphoraSpare)
)

func TestAmphorae(t *testing.T) {
	const statsBody = `{"amphora_stats": [
        {"active_connections": 48629, "bytes_in": 65671420, "bytes_out": 774771186,
         "id": "6bd55cd3-802e-447e-a518-1e74e23bb106", "listener_id": "bbe44114-cda2-4fe0-b192-d9e24ce661db",
         "loadbalancer_id": "09eedfc6-2c55-41a8-a75c-2cd4e95212ca", "request_errors": 0, "total_connections": 26189172}]}`
	runExtraCases(t, []extraCase{
		{
			name: "list follows the next link with the filters",
			answers: map[string][]cannedAnswer{
				"GET /octavia/amphorae?compute_id=f0f79f90&fields=id&fields=status&limit=1&status=ALLOCATED": answer(200, `{"amphorae": [`+amphoraMaster+`],
					"amphorae_links": [{"href": "http://octavia.internal:9876/v2/octavia/amphorae?limit=1&marker=`+masterID+`", "rel": "next"}]}`),
				"GET /octavia/amphorae?compute_id=f0f79f90&fields=id&fields=status&limit=1&marker=" + masterID + "&status=ALLOCATED": answer(200, `{"amphorae": [`+amphoraSpare+`],
					"amphorae_links": [{"href": "http://octavia.internal:9876/v2/octavia/amphorae?limit=1&marker=`+spareID+`&page_reverse=True", "rel": "previous"}]}`),
			},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				amps, err := Collect(c.List(ctx, KindAmphora, "", ListQuery{
					Filters: url.Values{"status": {string(AmphoraAllocated)}, "compute_id": {"f0f79f90"}},
					Fields:  []string{"id", "status"},
					Limit:   1,
				}))
				return amps, Accepted{}, err
			},
			want: []Object{wantMaster, wantSpare},
			sent: []sent{
				{line: "GET /octavia/amphorae?compute_id=f0f79f90&fields=id&fields=status&limit=1&status=ALLOCATED"},
				{line: "GET /octavia/amphorae?compute_id=f0f79f90&fields=id&fields=status&limit=1&marker=" + masterID + "&status=ALLOCATED"},
			},
		},
		{
			name:    "list as a member",
			answers: map[string][]cannedAnswer{"GET /octavia/amphorae": answer(403, octaviaFault("Policy does not allow this request to be performed."))},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				amps, err := Collect(c.List(ctx, KindAmphora, "", ListQuery{}))
				return amps, Accepted{}, err
			},
			code: EFORBIDDEN,
			sent: []sent{{line: "GET /octavia/amphorae"}},
		},
		{
			name:    "show",
			answers: map[string][]cannedAnswer{"GET /octavia/amphorae/" + spareID: answer(200, `{"amphora": `+amphoraSpare+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				a, err := c.Get(ctx, Ref{Kind: KindAmphora, ID: spareID})
				return a, Accepted{}, err
			},
			want: wantSpare,
			sent: []sent{{line: "GET /octavia/amphorae/" + spareID}},
		},
		{
			name:    "configure",
			answers: map[string][]cannedAnswer{"PUT /octavia/amphorae/" + masterID + "/config": answer(202, "")},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				acc, err := c.ConfigureAmphora(ctx, masterID)
				return nil, acc, err
			},
			status: 202,
			sent:   []sent{{line: "PUT /octavia/amphorae/" + masterID + "/config"}},
		},
		{
			name:    "failover",
			answers: map[string][]cannedAnswer{"PUT /octavia/amphorae/" + masterID + "/failover": answer(202, "")},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				acc, err := c.FailoverAmphora(ctx, masterID)
				return nil, acc, err
			},
			status: 202,
			sent:   []sent{{line: "PUT /octavia/amphorae/" + masterID + "/failover"}},
		},
		{
			name:    "delete",
			answers: map[string][]cannedAnswer{"DELETE /octavia/amphorae/" + spareID: answer(204, "")},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				acc, err := c.Delete(ctx, Ref{Kind: KindAmphora, ID: spareID}, false)
				return nil, acc, err
			},
			status: 204,
			sent:   []sent{{line: "DELETE /octavia/amphorae/" + spareID}},
		},
		{
			name: "delete of an allocated amphora",
			answers: map[string][]cannedAnswer{"DELETE /octavia/amphorae/" + masterID: answer(409,
				octaviaFault("Amphora "+masterID+" is immutable and cannot be updated."))},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				acc, err := c.Delete(ctx, Ref{Kind: KindAmphora, ID: masterID}, false)
				return nil, acc, err
			},
			code: EIMMUTABLE,
			sent: []sent{{line: "DELETE /octavia/amphorae/" + masterID}},
		},
		{
			name:    "stats",
			answers: map[string][]cannedAnswer{"GET /octavia/amphorae/" + masterID + "/stats": answer(200, statsBody)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				s, err := c.AmphoraStats(ctx, masterID)
				return s, Accepted{}, err
			},
			want: []amphoracontrol.Stats{{
				ID: masterID, ListenerID: "bbe44114-cda2-4fe0-b192-d9e24ce661db", LoadbalancerID: ampLBID,
				ActiveConnections: 48629, BytesIn: 65671420, BytesOut: 774771186, TotalConnections: 26189172,
			}},
			sent: []sent{{line: "GET /octavia/amphorae/" + masterID + "/stats"}},
		},
	})
}

// lbBody returns a load balancer answer with provisioning status.
func lbBody(status ProvisioningStatus) cannedAnswer {
	return cannedAnswer{Status: 200, Body: `{"loadbalancer": {"id": "` + ampLBID + `", "provisioning_status": "` + string(status) + `", "operating_status": "ONLINE"}}`}
}

// TestWaitAmphoraFailover waits after an amphora's failover the way
// "amphora failover --wait" does: WaitChildActive on the amphora polls its
// load balancer, and only it, until ACTIVE.
func TestWaitAmphoraFailover(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		lab, _ := newRecording(labcloud.Options{}, canned(map[string][]cannedAnswer{"GET /lbaas/loadbalancers/" + ampLBID: {
			lbBody(StatusPendingUpdate), lbBody(StatusPendingUpdate), lbBody(StatusActive)}}))
		c := labBubbleClient(t, lab)
		lab.ResetRequests()
		got, err := c.WaitChildActive(t.Context(), RefOf(KindAmphora, "", wantMaster), waiters.Options{})
		if err != nil {
			t.Fatalf("error: got %v, want nil", err)
		}
		reqs := lab.Requests()
		if len(reqs) != 3 || got.Polls != 3 {
			t.Errorf("got %d GETs (%d polls), want 3", len(reqs), got.Polls)
		}
		got.Polls = 0
		if want := (Outcome{Status: StatusActive, SawPending: true, Elapsed: 6 * time.Second}); got != want {
			t.Errorf("got %+v, want %+v", got, want)
		}
		for _, r := range reqs {
			if want := lbPrefix + "/lbaas/loadbalancers/" + ampLBID; r.Method != http.MethodGet || r.Path != want {
				t.Errorf("got %s %s, want only GET %s", r.Method, r.Path, want)
			}
		}
	})
}

func TestAmphoraStatusReadsStatus(t *testing.T) {
	c, _, _ := startCloud(t, labcloud.Options{}, canned(map[string][]cannedAnswer{
		"GET /octavia/amphorae/" + masterID: answer(200, `{"amphora": `+amphoraMaster+`}`)}))
	get, stop := c.statuses().Status(Ref{Kind: KindAmphora, ID: masterID})
	defer stop()
	got, err := get(t.Context())
	if err != nil || got != string(AmphoraAllocated) {
		t.Errorf("got %q, %v; want %s, nil", got, err, AmphoraAllocated)
	}
}
