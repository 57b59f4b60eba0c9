package octavia

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"testing/synctest"
	"time"

	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/amphorae"

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
	wantMaster = amphorae.Amphora{
		ID: masterID, LoadbalancerID: ampLBID, ComputeID: "f0f79f90-733d-417a-8d70-cc6be62cd54d",
		LBNetworkIP: "192.168.1.2", VRRPIP: "192.168.1.5", HAIP: "192.168.1.10",
		VRRPPortID: "ab2a8add-76a9-44bb-89f8-88430193cc83", HAPortID: "19561fd3-5da5-46cc-bdd3-99bbdf7246e6",
		CertExpiration: time.Date(2019, 9, 19, 0, 34, 51, 0, time.UTC),
		Role:           "MASTER", Status: string(AmphoraAllocated), VRRPInterface: "eth1", VRRPID: 1, VRRPPriority: 100,
		CachedZone: "zone1", ImageID: "c1c2ad6f-1c1e-4744-8d1a-d0ef36289e74",
		CreatedAt: time.Date(2017, 5, 10, 18, 14, 44, 0, time.UTC),
		UpdatedAt: time.Date(2017, 5, 10, 23, 8, 12, 0, time.UTC),
	}
	wantSpare = amphorae.Amphora{
		ID: spareID, ComputeID: "24b1cb54-122d-4960-9035-083642f5c2bb", LBNetworkIP: "192.168.1.3",
		CertExpiration: time.Date(2019, 9, 19, 0, 34, 51, 0, time.UTC),
		Status:         string(AmphoraReady), CachedZone: "zone2", ImageID: "1014292d-cbaa-4ad6-b38b-2e138389f87f",
		CreatedAt: time.Date(2017, 6, 11, 19, 15, 45, 0, time.UTC),
	}
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
				amps, err := Collect(c.Amphorae(ctx, AmphoraListOpts{
					ListOpts:  amphorae.ListOpts{Status: string(AmphoraAllocated), Limit: 1},
					ComputeID: "f0f79f90",
					PageOpts:  PageOpts{Fields: []string{"id", "status"}},
				}))
				return amps, Accepted{}, err
			},
			want: []amphorae.Amphora{wantMaster, wantSpare},
			sent: []sent{
				{line: "GET /octavia/amphorae?compute_id=f0f79f90&fields=id&fields=status&limit=1&status=ALLOCATED"},
				{line: "GET /octavia/amphorae?compute_id=f0f79f90&fields=id&fields=status&limit=1&marker=" + masterID + "&status=ALLOCATED"},
			},
		},
		{
			name:    "list as a member",
			answers: map[string][]cannedAnswer{"GET /octavia/amphorae": answer(403, octaviaFault("Policy does not allow this request to be performed."))},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				amps, err := Collect(c.Amphorae(ctx, amphorae.ListOpts{}))
				return amps, Accepted{}, err
			},
			code: EFORBIDDEN,
			sent: []sent{{line: "GET /octavia/amphorae"}},
		},
		{
			name:    "show",
			answers: map[string][]cannedAnswer{"GET /octavia/amphorae/" + spareID: answer(200, `{"amphora": `+amphoraSpare+`}`)},
			call: func(ctx context.Context, c *Client) (any, Accepted, error) {
				a, err := c.GetAmphora(ctx, spareID)
				return a, Accepted{}, err
			},
			want: &wantSpare,
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
				acc, err := c.DeleteAmphora(ctx, spareID)
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
				acc, err := c.DeleteAmphora(ctx, masterID)
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

// amphoraBody returns an amphora answer with status.
func amphoraBody(status AmphoraStatus) cannedAnswer {
	return cannedAnswer{Status: 200, Body: `{"amphora": {"id": "` + spareID + `", "loadbalancer_id": null, "status": "` + string(status) + `"}}`}
}

// lbBody returns a load balancer answer with provisioning status.
func lbBody(status ProvisioningStatus) cannedAnswer {
	return cannedAnswer{Status: 200, Body: `{"loadbalancer": {"id": "` + ampLBID + `", "provisioning_status": "` + string(status) + `", "operating_status": "ONLINE"}}`}
}

func TestWaitAmphoraFailover(t *testing.T) {
	notFound := cannedAnswer{Status: 404, Body: octaviaFault("Amphora " + spareID + " not found.")}
	tests := []struct {
		name     string
		amphora  amphorae.Amphora // as read before the failover
		answers  map[string][]cannedAnswer
		opts     waiters.Options
		want     Outcome // Polls aside: see wantGets
		wantGets int     // GETs that reached Octavia; 0 = not checked
		wantErr  error   // errors.Is target, or a *waiters.StatusError; nil = success
		wantPath string  // what was polled
	}{
		{
			name:    "the amphora's load balancer becomes ACTIVE",
			amphora: wantMaster,
			answers: map[string][]cannedAnswer{"GET /lbaas/loadbalancers/" + ampLBID: {
				lbBody(StatusPendingUpdate), lbBody(StatusPendingUpdate), lbBody(StatusActive)}},
			want: Outcome{Status: StatusActive, SawPending: true, Elapsed: 6 * time.Second}, wantGets: 3,
			wantPath: lbPrefix + "/lbaas/loadbalancers/" + ampLBID,
		},
		{
			name:    "a spare amphora goes away",
			amphora: wantSpare,
			answers: map[string][]cannedAnswer{"GET /octavia/amphorae/" + spareID: {
				amphoraBody(AmphoraPendingDelete), notFound}},
			want: Outcome{Status: StatusDeleted, SawPending: true, Elapsed: 3 * time.Second}, wantGets: 2,
			wantPath: lbPrefix + "/octavia/amphorae/" + spareID,
		},
		{
			name:    "a spare amphora ends in ERROR",
			amphora: wantSpare,
			answers: map[string][]cannedAnswer{"GET /octavia/amphorae/" + spareID: {
				amphoraBody(AmphoraPendingDelete), amphoraBody(AmphoraError)}},
			want: Outcome{Status: ProvisioningStatus(AmphoraError), SawPending: true, Elapsed: 3 * time.Second}, wantGets: 2,
			wantErr:  &waiters.StatusError{Status: string(AmphoraError)},
			wantPath: lbPrefix + "/octavia/amphorae/" + spareID,
		},
		{
			name:    "a spare amphora that never goes away",
			amphora: wantSpare,
			answers: map[string][]cannedAnswer{"GET /octavia/amphorae/" + spareID: {amphoraBody(AmphoraPendingDelete)}},
			// GETs are not counted: at its deadline waiters polls again until
			// the Getter's context expires (one GET more, or a few in a bubble).
			want:     Outcome{Status: StatusPendingDelete, SawPending: true, Elapsed: 300 * time.Second},
			wantErr:  waiters.ErrTimeout,
			wantPath: lbPrefix + "/octavia/amphorae/" + spareID,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				lab, _ := newRecording(labcloud.Options{}, canned(tt.answers))
				c := labBubbleClient(t, lab)
				lab.ResetRequests()
				got, err := c.WaitAmphoraFailover(t.Context(), tt.amphora, tt.opts)
				if tt.wantErr == nil && err != nil {
					t.Fatalf("error: got %v, want nil", err)
				}
				if tt.wantErr != nil {
					var se *waiters.StatusError
					match := errors.Is(err, tt.wantErr) || (errors.As(tt.wantErr, &se) && errors.As(err, &se) && se.Status == tt.wantErr.(*waiters.StatusError).Status)
					if !match {
						t.Fatalf("error: got %v, want %v", err, tt.wantErr)
					}
				}
				reqs := lab.Requests()
				if tt.wantGets != 0 && (len(reqs) != tt.wantGets || got.Polls != tt.wantGets) {
					t.Errorf("got %d GETs (%d polls), want %d", len(reqs), got.Polls, tt.wantGets)
				}
				got.Polls = 0
				if got != tt.want {
					t.Errorf("got %+v, want %+v", got, tt.want)
				}
				for _, r := range reqs {
					if r.Method != http.MethodGet || r.Path != tt.wantPath {
						t.Errorf("got %s %s, want only GET %s", r.Method, r.Path, tt.wantPath)
					}
				}
			})
		})
	}
}

func TestAmphoraStatusReadsStatus(t *testing.T) {
	c, _, _ := startCloud(t, labcloud.Options{}, canned(map[string][]cannedAnswer{
		"GET /octavia/amphorae/" + masterID: answer(200, `{"amphora": `+amphoraMaster+`}`)}))
	got, err := c.AmphoraStatusGetter(masterID)(t.Context())
	if err != nil || got != string(AmphoraAllocated) {
		t.Errorf("got %q, %v; want %s, nil", got, err, AmphoraAllocated)
	}
}
