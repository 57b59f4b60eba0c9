package labcloud_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/octaview/octaview/labcloud"
)

func TestTransport(t *testing.T) {
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/created":
			body, _ := io.ReadAll(r.Body)
			w.Header().Set("X-Openstack-Request-Id", "req-1")
			w.Header().Set("Content-Length", "13")
			w.WriteHeader(http.StatusCreated)
			io.WriteString(w, "got "+string(body)+" "+r.Host[:4])
		case "/empty":
			w.WriteHeader(http.StatusNoContent)
		case "/implicit":
			io.WriteString(w, r.URL.RawQuery)
		case "/panic":
			io.WriteString(w, "partial")
			panic("boom")
		}
	})
	tr := labcloud.Transport(handler)
	tests := []struct {
		name, method, url, body string
		wantCode                int
		wantBody                string
		wantErr                 bool
	}{
		{"status, headers and body", http.MethodPost, "http://127.0.0.1:5000/created", "abcd", 201, "got abcd 127.", false},
		{"no content", http.MethodDelete, "http://127.0.0.1:5000/empty", "", 204, "", false},
		{"implicit 200 with the query", http.MethodGet, "http://127.0.0.1:5000/implicit?limit=2", "", 200, "limit=2", false},
		{"a panic cuts the body", http.MethodGet, "http://127.0.0.1:5000/panic", "", 200, "partial", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var body io.Reader
			if tt.body != "" {
				body = strings.NewReader(tt.body)
			}
			req, _ := http.NewRequest(tt.method, tt.url, body)
			resp, err := tr.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, err := io.ReadAll(resp.Body)
			if resp.StatusCode != tt.wantCode || string(b) != tt.wantBody || (err != nil) != tt.wantErr {
				t.Errorf("got %d %q (%v), want %d %q (error: %v)", resp.StatusCode, b, err, tt.wantCode, tt.wantBody, tt.wantErr)
			}
			if tt.wantCode == 201 && (resp.Header.Get("X-Openstack-Request-Id") != "req-1" || resp.ContentLength != 13) {
				t.Errorf("got headers %v, length %d, want the handler's", resp.Header, resp.ContentLength)
			}
		})
	}
}

func TestTransportStreamsAndStops(t *testing.T) {
	release := make(chan struct{})
	handlerDone := make(chan error, 1)
	tr := labcloud.Transport(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "first\n")
		<-release
		var err error
		for err == nil { // writes until the client is gone
			_, err = io.WriteString(w, "more\n")
		}
		handlerDone <- err
	}))
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://lab/stream", nil)
	resp, err := tr.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(resp.Body).ReadString('\n')
	if line != "first\n" || err != nil {
		t.Fatalf("got %q %v, want the first line before the handler finished", line, err)
	}
	close(release)
	cancel()
	if err := <-handlerDone; !errors.Is(err, context.Canceled) && !errors.Is(err, io.ErrClosedPipe) {
		t.Errorf("the handler's write after the client left: got %v, want an error", err)
	}
}

// In a synctest bubble the lab's 2 s transitions pass instantly: a load
// balancer created through the transport is ACTIVE after the lab's delay,
// and the bubble ends with no goroutine of the transport left behind.
func TestTransportInSynctestBubble(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cloud := labcloud.New(labcloud.Options{PublicURL: "http://lab.test", Seed: 1})
		client := &http.Client{Transport: labcloud.Transport(cloud)}
		token := login(t, client, "demo", "demo", "demo")
		do := func(method, path, body string) (int, string) {
			t.Helper()
			req, _ := http.NewRequest(method, "http://lab.test/load-balancer/v2"+path, strings.NewReader(body))
			req.Header.Set("X-Auth-Token", token)
			req.Header.Set("Content-Type", "application/json")
			resp, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			return resp.StatusCode, string(b)
		}
		code, body := do(http.MethodPost, "/lbaas/loadbalancers", `{"loadbalancer":{"name":"web","vip_subnet_id":"`+demoSubnet(t, client, token)+`"}}`)
		if code != http.StatusCreated || !strings.Contains(body, `"PENDING_CREATE"`) {
			t.Fatalf("create: got %d %s, want 201 PENDING_CREATE", code, body)
		}
		time.Sleep(5 * time.Second)
		if code, body := do(http.MethodGet, "/lbaas/loadbalancers?name=web", ""); code != http.StatusOK || !strings.Contains(strings.ReplaceAll(body, " ", ""), `"provisioning_status":"ACTIVE"`) {
			t.Errorf("after 5 s: got %d %s, want the load balancer ACTIVE", code, body)
		}
	})
}

func login(t *testing.T, client *http.Client, user, password, project string) string {
	t.Helper()
	body := `{"auth":{"identity":{"methods":["password"],"password":{"user":{"name":"` + user + `","domain":{"id":"default"},"password":"` + password + `"}}},"scope":{"project":{"name":"` + project + `","domain":{"id":"default"}}}}}`
	resp, err := client.Post("http://lab.test/identity/v3/auth/tokens", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("login %s: got %d, want 201", user, resp.StatusCode)
	}
	return resp.Header.Get("X-Subject-Token")
}

func demoSubnet(t *testing.T, client *http.Client, token string) string {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, "http://lab.test/network/v2.0/subnets", nil)
	req.Header.Set("X-Auth-Token", token)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var got struct {
		Subnets []struct {
			ID string `json:"id"`
		} `json:"subnets"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil || len(got.Subnets) == 0 {
		t.Fatalf("subnets: got %+v %v, want one", got, err)
	}
	return got.Subnets[0].ID
}
