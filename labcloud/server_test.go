package labcloud

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/build"
	"io"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"
)

// TestServerManyTrainees drives a real Server from many clients at once
// (as a workshop does): every request must be answered, none may hang.
func TestServerManyTrainees(t *testing.T) {
	t.Parallel() // a long test: it overlaps TestCLI's waits
	srv := NewServer(Options{Delay: 20 * time.Millisecond, Seed: 1, Trainees: 8})
	defer srv.Close()
	client := &http.Client{Timeout: 20 * time.Second}
	call := func(method, path, token string, body any) (int, []byte, http.Header, error) {
		var rd io.Reader
		if body != nil {
			b, _ := json.Marshal(body)
			rd = bytes.NewReader(b)
		}
		req, _ := http.NewRequest(method, srv.URL+path, rd)
		req.Header.Set("X-Auth-Token", token)
		req.Header.Set("Content-Type", "application/json")
		resp, err := client.Do(req)
		if err != nil {
			return 0, nil, nil, err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return resp.StatusCode, b, resp.Header, err
	}
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for i := 1; i <= 8; i++ {
		wg.Add(1)
		go func(name string) {
			defer wg.Done()
			code, _, h, err := call(http.MethodPost, "/identity/v3/auth/tokens", "", passwordAuth(name, name, name))
			if err != nil || code != http.StatusCreated {
				errs <- fmt.Errorf("%s login: %d %v", name, code, err)
				return
			}
			tok := h.Get("X-Subject-Token")
			_, body, _, _ := call(http.MethodGet, "/network/v2.0/subnets?name="+name+"-subnet", tok, nil)
			var subs struct{ Subnets []struct{ ID string } }
			json.Unmarshal(body, &subs)
			if len(subs.Subnets) != 1 {
				errs <- fmt.Errorf("%s: subnets %s", name, body)
				return
			}
			for j := 0; j < 5; j++ {
				code, body, _, err := call(http.MethodPost, "/load-balancer/v2/lbaas/loadbalancers", tok, map[string]any{"loadbalancer": map[string]any{
					"name": fmt.Sprintf("%s-%d", name, j), "vip_subnet_id": subs.Subnets[0].ID}})
				if err != nil || code != http.StatusCreated {
					errs <- fmt.Errorf("%s create: %d %v %s", name, code, err, body)
					return
				}
				var lb struct{ Loadbalancer struct{ ID string } }
				json.Unmarshal(body, &lb)
				for {
					code, body, _, err := call(http.MethodGet, "/load-balancer/v2/lbaas/loadbalancers/"+lb.Loadbalancer.ID, tok, nil)
					if err != nil || code != http.StatusOK {
						errs <- fmt.Errorf("%s show: %d %v", name, code, err)
						return
					}
					if bytes.Contains(body, []byte(`"provisioning_status":"ACTIVE"`)) {
						break
					}
					time.Sleep(5 * time.Millisecond)
				}
				call(http.MethodGet, "/load-balancer/v2/lbaas/availabilityzones", tok, nil)
				if code, _, _, err := call(http.MethodDelete, "/load-balancer/v2/lbaas/loadbalancers/"+lb.Loadbalancer.ID, tok, nil); err != nil || code != http.StatusNoContent {
					errs <- fmt.Errorf("%s delete: %d %v", name, code, err)
					return
				}
			}
		}(fmt.Sprintf("trainee%d", i))
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestServerProductionImports: the lab's production code (what cmd/server
// links) does not import test helpers.
func TestServerProductionImports(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, banned := range []string{"net/http/httptest", "testing"} {
		if slices.Contains(pkg.Imports, banned) {
			t.Errorf("non-test files import %s; want a plain net.Listener + http.Server", banned)
		}
	}
}

// TestServerClose: after Close the port refuses connections, and a Server
// closes cleanly while a client keeps an idle connection.
func TestServerClose(t *testing.T) {
	srv := NewServer(Options{Seed: 1})
	resp, err := http.Get(srv.URL + "/identity/v3")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /identity/v3: got %d, want 200", resp.StatusCode)
	}
	srv.Close()
	if _, err := http.Get(srv.URL + "/identity/v3"); err == nil {
		t.Errorf("GET after Close: got an answer, want a refused connection")
	}
}
