//go:build !js

package proxy

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/octaview/octaview/cmd/server/proxy/proxytest"
)

// fakeClock is a clock a test moves; safe for the proxy's goroutines.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// TestLoginThrottle: password guessing through the proxy, with the
// throttle's clock moved by the test. Each case is a fresh proxy.
func TestLoginThrottle(t *testing.T) {
	login := func(t *testing.T, e *testEnv, from, user, password string) (int, string, string) {
		t.Helper()
		resp, body := proxytest.Do(t, fromAddress(from), e.Server.URL, http.MethodPost, "/identity/v3/auth/tokens", "", proxytest.LoginBody(user, password))
		return resp.StatusCode, resp.Header.Get("Retry-After"), body
	}
	setup := func(t *testing.T) (*testEnv, *fakeClock) {
		e := newTestEnv(t, envOptions{})
		clock := &fakeClock{now: time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC)}
		e.Proxy.logins.now = clock.Now
		return e, clock
	}

	t.Run("a user is locked out after 5 wrong passwords, from any address", func(t *testing.T) {
		e, clock := setup(t)
		for i := range UserLoginFailures {
			if status, _, body := login(t, e, fmt.Sprintf("127.0.3.%d", i+1), proxytest.User, fmt.Sprint("wrong-", i)); status != http.StatusUnauthorized {
				t.Fatalf("wrong password %d: got %d %s, want Keystone's 401", i+1, status, body)
			}
		}
		status, retry, body := login(t, e, "127.0.3.100", proxytest.User, proxytest.Password)
		if status != http.StatusTooManyRequests || retry != "20" {
			t.Fatalf("the right password after 5 wrong ones: got %d (Retry-After %q) %s, want 429 with Retry-After 20", status, retry, body)
		}
		if msg := proxytest.CheckFault(t, body, "Client"); msg != "Too many failed logins for this user: try again in 20 s." {
			t.Errorf("the refusal says %q, want the user's lockout with its wait", msg)
		}
		if n := len(e.Up.Requests("identity")); n != UserLoginFailures {
			t.Errorf("Keystone got %d logins, want %d: a refused one never reaches it", n, UserLoginFailures)
		}
		clock.Add(5 * time.Second)
		if _, retry, _ := login(t, e, "127.0.3.100", proxytest.User, proxytest.Password); retry != "15" {
			t.Errorf("5 s later: Retry-After %q, want 15", retry)
		}
		clock.Add(15 * time.Second)
		if status, _, body := login(t, e, "127.0.3.100", proxytest.User, proxytest.Password); status != http.StatusCreated {
			t.Fatalf("20 s later, the right password: got %d %s, want 201", status, body)
		}
		// a success forgets the failures: 4 more wrong ones are not refused,
		// and the same wrong password again is not counted again
		for i := range UserLoginFailures - 1 {
			if status, _, _ := login(t, e, "127.0.3.100", proxytest.User, fmt.Sprint("wrong-", i)); status != http.StatusUnauthorized {
				t.Fatalf("wrong password %d after a success: got %d, want 401", i+1, status)
			}
		}
		for range 3 {
			if status, _, _ := login(t, e, "127.0.3.100", proxytest.User, "wrong-3"); status != http.StatusUnauthorized {
				t.Fatalf("the last wrong password again: got %d, want 401 (not counted again)", status)
			}
		}
		if status, _, _ := login(t, e, "127.0.3.100", proxytest.User, "wrong-4"); status != http.StatusUnauthorized {
			t.Fatalf("a 5th wrong password: got %d, want 401", status)
		}
		if status, _, _ := login(t, e, "127.0.3.100", proxytest.User, "wrong-5"); status != http.StatusTooManyRequests {
			t.Fatalf("after the 5th wrong password: got %d, want 429", status)
		}
	})

	t.Run("an address is locked out after 30 wrong passwords of any users", func(t *testing.T) {
		e, clock := setup(t)
		for i := range AddressLoginFailures {
			if status, _, body := login(t, e, "127.0.4.1", fmt.Sprintf("guess-%d", i), "wrong"); status != http.StatusUnauthorized {
				t.Fatalf("wrong login %d: got %d %s, want 401", i+1, status, body)
			}
		}
		status, retry, body := login(t, e, "127.0.4.1", proxytest.User, proxytest.Password)
		if status != http.StatusTooManyRequests || retry != "2" || !strings.Contains(body, "Too many failed logins from your address: try again in 2 s.") {
			t.Fatalf("a right login from that address: got %d (Retry-After %q) %s, want 429, Retry-After 2, the address's lockout", status, retry, body)
		}
		if status, _, body := login(t, e, "127.0.4.2", proxytest.User, proxytest.Password); status != http.StatusCreated {
			t.Errorf("the same login from another address: got %d %s, want 201", status, body)
		}
		clock.Add(AddressLoginDrain)
		if status, _, body := login(t, e, "127.0.4.1", proxytest.User, proxytest.Password); status != http.StatusCreated {
			t.Errorf("2 s later from the locked address: got %d %s, want 201", status, body)
		}
	})

	t.Run("300 wrong passwords from one address: mostly refused", func(t *testing.T) {
		e, _ := setup(t) // the clock stands still: no failure drains
		statuses := map[int]int{}
		for i := range 300 {
			status, _, _ := login(t, e, "127.0.5.1", fmt.Sprintf("user-%d", i%50), fmt.Sprint("wrong-", i))
			statuses[status]++
		}
		t.Logf("300 wrong passwords for 50 users from one address: answers by status %v", statuses)
		if statuses[http.StatusUnauthorized] != AddressLoginFailures || statuses[http.StatusTooManyRequests] != 300-AddressLoginFailures {
			t.Errorf("got %v, want %d × 401 then 429s", statuses, AddressLoginFailures)
		}
	})
}

func TestPasswordLoginOf(t *testing.T) {
	tests := []struct{ name, body, want string }{
		{"by name in a domain by name", proxytest.LoginBody("Demo", "x"), "name:name:default/demo"},
		{"by user id", `{"auth": {"identity": {"methods": ["password"], "password": {"user": {"id": "U1", "password": "x"}}}}}`, "id:u1"},
		{"in a domain by id", `{"auth": {"identity": {"methods": ["password"], "password": {"user": {"name": "a", "domain": {"id": "D"}, "password": "x"}}}}}`, "name:id:d/a"},
		{"the token method", `{"auth": {"identity": {"methods": ["token"], "token": {"id": "t"}}}}`, ""},
		{"not JSON", `user=demo`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := newLoginThrottle().passwordLoginOf([]byte(tt.body), "192.0.2.1")
			got := ""
			if l != nil {
				got = l.user
			}
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
