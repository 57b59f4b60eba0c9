package octavia

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/gophercloud/gophercloud/v2"
	"github.com/gophercloud/gophercloud/v2/openstack/loadbalancer/v2/pools"

	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/waiters"
)

// timeoutError is what net/http returns when its Timeout passes.
type timeoutError struct{}

func (timeoutError) Error() string {
	return "net/http: request canceled (Client.Timeout exceeded while awaiting headers)"
}
func (timeoutError) Timeout() bool   { return true }
func (timeoutError) Temporary() bool { return true }

// failing fails every request that is not to Keystone with err.
type failing struct {
	next http.RoundTripper
	err  error
}

func (f failing) RoundTrip(r *http.Request) (*http.Response, error) {
	if strings.HasPrefix(r.URL.Path, "/identity/") {
		return f.next.RoundTrip(r)
	}
	return nil, f.err
}

func TestErrorMapping(t *testing.T) {
	octavia := func(status int, fault string) *cannedAnswer {
		return &cannedAnswer{Status: status, Body: fmt.Sprintf(`{"faultcode": "Client", "faultstring": %q, "debuginfo": null}`, fault)}
	}
	tests := []struct {
		name       string
		answer     *cannedAnswer // instead of the lab's; nil = use transport
		transport  error
		wantCode   ErrorCode
		wantStatus int
		wantFault  string
	}{
		{"404", octavia(404, "Load Balancer 42 not found."), nil, ENOTFOUND, 404, "Load Balancer 42 not found."},
		{"409 immutable", octavia(409, "Load Balancer 42 is immutable and cannot be updated."), nil, EIMMUTABLE, 409, "Load Balancer 42 is immutable and cannot be updated."},
		{"409 pending state", octavia(409, "Invalid state PENDING_UPDATE of loadbalancer resource 42"), nil, EIMMUTABLE, 409, "Invalid state PENDING_UPDATE of loadbalancer resource 42"},
		{"409 pending create state", octavia(409, "Invalid state PENDING_CREATE of loadbalancer resource 42"), nil, EIMMUTABLE, 409, "Invalid state PENDING_CREATE of loadbalancer resource 42"},
		{"409 error state is no busy state", octavia(409, "Invalid state ERROR of loadbalancer resource 42"), nil, ECONFLICT, 409, "Invalid state ERROR of loadbalancer resource 42"},
		{"409 duplicate member", octavia(409, "Another member on this pool is already using ip 10.0.0.5 on protocol_port 80"), nil, ECONFLICT, 409, "Another member on this pool is already using ip 10.0.0.5 on protocol_port 80"},
		{"409 port in use", octavia(409, "Port 5d2c is already in use"), nil, ECONFLICT, 409, "Port 5d2c is already in use"},
		{"401 keystone body", &cannedAnswer{Status: 401, Body: `{"error": {"code": 401, "title": "Unauthorized", "message": "The request you have made requires authentication."}}`}, nil, EUNAUTHORIZED, 401, "The request you have made requires authentication."},
		{"403 policy", octavia(403, "Policy does not allow this request to be performed."), nil, EFORBIDDEN, 403, "Policy does not allow this request to be performed."},
		{"403 quota", octavia(403, "Quota has been met for resources: Load Balancer"), nil, EQUOTA, 403, "Quota has been met for resources: Load Balancer"},
		{"400", octavia(400, "Invalid input for field/attribute vip_subnet_id."), nil, EINVALID, 400, "Invalid input for field/attribute vip_subnet_id."},
		{"500", &cannedAnswer{Status: 500, Body: `{"faultcode": "Server", "faultstring": "Internal Server Error", "debuginfo": null}`}, nil, EINTERNAL, 500, "Internal Server Error"},
		{"501 provider", &cannedAnswer{Status: 501, Body: `{"faultcode": "Server", "faultstring": "Provider 'amphora' does not support a requested option: Amphora provider does not support SOURCE_IP_PORT algorithm.", "debuginfo": null}`}, nil, EUNSUPPORTED, 501, "Provider 'amphora' does not support a requested option: Amphora provider does not support SOURCE_IP_PORT algorithm."},
		{"502 html from a proxy", &cannedAnswer{Status: 502, Body: "<html><body>Bad Gateway</body></html>"}, nil, EUNAVAILABLE, 502, ""},
		{"503 plain text", &cannedAnswer{Status: 503, Body: "upstream connect error"}, nil, EUNAVAILABLE, 503, "upstream connect error"},
		{"neutron body", &cannedAnswer{Status: 404, Body: `{"NeutronError": {"type": "NetworkNotFound", "message": "Network x could not be found.", "detail": ""}}`}, nil, ENOTFOUND, 404, "Network x could not be found."},
		{"transport timeout", nil, timeoutError{}, EUNAVAILABLE, 0, ""},
		{"connection refused", nil, errors.New("dial tcp 127.0.0.1:1: connect: connection refused"), EUNAVAILABLE, 0, ""},
		{"context deadline", nil, context.DeadlineExceeded, ETIMEOUT, 0, ""},
		{"context canceled", nil, context.Canceled, ECANCELED, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newLabServer(t, labcloud.Options{}, func(r *http.Request) *cannedAnswer {
				if strings.Contains(r.URL.Path, "/lbaas/") {
					return tt.answer
				}
				return nil
			})
			hc := &http.Client{}
			if tt.transport != nil {
				hc.Transport = failing{next: http.DefaultTransport, err: tt.transport}
			}
			c, err := New(t.Context(), demoConfig(srv.URL, hc))
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Get(t.Context(), lbRef("42"))
			e, ok := errors.AsType[*Error](err)
			if !ok {
				t.Fatalf("got %T %v, want *Error", err, err)
			}
			if e.Code != tt.wantCode || e.StatusCode != tt.wantStatus || e.Fault != tt.wantFault {
				t.Errorf("got code %q status %d fault %q, want %q %d %q", e.Code, e.StatusCode, e.Fault, tt.wantCode, tt.wantStatus, tt.wantFault)
			}
			if ErrorCodeOf(err) != tt.wantCode {
				t.Errorf("ErrorCodeOf: got %q, want %q", ErrorCodeOf(err), tt.wantCode)
			}
			if e.Op != "get load balancer 42" {
				t.Errorf("got Op %q, want %q", e.Op, "get load balancer 42")
			}
			if tt.wantStatus != 0 {
				if !strings.HasPrefix(e.RequestID, "req-") {
					t.Errorf("got RequestID %q, want the X-Openstack-Request-Id", e.RequestID)
				}
				if !gophercloud.ResponseCodeIs(err, tt.wantStatus) {
					t.Errorf("got ResponseCodeIs(err, %d) false, want true", tt.wantStatus)
				}
			}
			if tt.transport != nil && !errors.Is(err, tt.transport) && tt.transport != (timeoutError{}) {
				t.Errorf("got %v, want it to wrap %v", err, tt.transport)
			}
			if msg := Message(err); msg == "" || (tt.wantFault != "" && !strings.Contains(strings.ToLower(msg), strings.ToLower(strings.TrimSuffix(tt.wantFault, ".")))) {
				t.Errorf("Message: got %q, want a sentence with the fault %q", msg, tt.wantFault)
			}
		})
	}
}

func TestMessage(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"nil", nil, ""},
		{"immutable", &Error{Code: EIMMUTABLE, StatusCode: 409, Fault: "Load Balancer 42 is immutable and cannot be updated."},
			"The load balancer is busy with another change; try again once it is ACTIVE. Load Balancer 42 is immutable and cannot be updated."},
		{"quota", &Error{Code: EQUOTA, StatusCode: 403, Fault: "Quota has been met for resources: Load Balancer"},
			"Your project's quota is used up. Quota has been met for resources: Load Balancer."},
		{"not found without fault", &Error{Code: ENOTFOUND, StatusCode: 404, Err: errors.New("Expected HTTP response code [200]...")},
			"It does not exist (any more)."},
		{"provider refuses", &Error{Code: EUNSUPPORTED, StatusCode: 501, Fault: "Provider 'amphora' does not support a requested option: Amphora provider does not support SOURCE_IP_PORT algorithm."},
			"The load balancer's provider does not support this. Provider 'amphora' does not support a requested option: Amphora provider does not support SOURCE_IP_PORT algorithm."},
		{"unreachable", &Error{Code: EUNAVAILABLE, Err: errors.New("dial tcp: connection refused")},
			"The service could not be reached. Dial tcp: connection refused."},
		{"wait timeout", fmt.Errorf("wait for load balancer 42: %w", waiters.ErrTimeout),
			"This took longer than allowed. Wait for load balancer 42: waiters: the wait ran past its timeout."},
		{"child in ERROR", fmt.Errorf("wait for member 7 of pool 3: %w", &waiters.StatusError{Status: "ERROR"}),
			"Octavia could not carry out the change. Wait for member 7 of pool 3: waiters: the resource went to ERROR."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Message(tt.err); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestErrorString(t *testing.T) {
	e := &Error{Code: EIMMUTABLE, StatusCode: 409, Fault: "Load Balancer 42 is immutable and cannot be updated.", RequestID: "req-1", Op: "create member in pool 3"}
	want := "create member in pool 3: EIMMUTABLE (409): Load Balancer 42 is immutable and cannot be updated. [req-1]"
	if got := e.Error(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestInputErrorIsInvalid(t *testing.T) {
	srv := newLabServer(t, labcloud.Options{}, nil)
	c, err := New(t.Context(), demoConfig(srv.URL, &http.Client{}))
	if err != nil {
		t.Fatal(err)
	}
	// no address: gophercloud refuses it
	_, err = c.BatchUpdateMembers(t.Context(), "pool", []pools.BatchUpdateMemberOptsBuilder{pools.BatchUpdateMemberOpts{ProtocolPort: 80}})
	if got := ErrorCodeOf(err); got != EINVALID {
		t.Errorf("got %q (%v), want %q for options gophercloud refused to send", got, err, EINVALID)
	}
}

// TestFaultOfEachService: the human text of each service's error body.
func TestFaultOfEachService(t *testing.T) {
	for _, tt := range []struct{ name, body, want string }{
		{"octavia", `{"faultcode":"Client","faultstring":"Invalid input.","debuginfo":null}`, "Invalid input."},
		{"keystone", `{"error":{"code":401,"message":"The request you have made requires authentication.","title":"Unauthorized"}}`, "The request you have made requires authentication."},
		{"neutron", `{"NeutronError":{"type":"FloatingIPPortAlreadyAssociated","message":"Cannot associate.","detail":""}}`, "Cannot associate."},
		{"barbican", `{"code":403,"title":"Forbidden","description":"Secret retrieval attempt not allowed - please review your user/project privileges"}`,
			"Secret retrieval attempt not allowed - please review your user/project privileges"},
		{"nova", `{"itemNotFound":{"code":404,"message":"Instance x could not be found."}}`, "Instance x could not be found."},
		{"two keys, neither a fault", `{"a":{"message":"x"},"b":{"message":"y"}}`, ""},
		{"plain text", "Service Unavailable", "Service Unavailable"},
		{"html", "<html>bad gateway</html>", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := faultOf([]byte(tt.body)); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
