//go:build !js

package proxy

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/json"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Password guessing (docs/operating.md "Security"): Keystone's own lockout is off in most
// clouds, and a lab's passwords are short. Each password login Keystone
// refuses (401) fills two leaky buckets, its user's and its client address's
// (an IPv6 client: its /56); while either is full, a password login of that
// user, or from that address, is refused before it reaches Keystone: 429 with
// Retry-After and "try again in N s". A login Keystone accepts empties its
// user's bucket. The same wrong password again for the same user is not
// counted again: it guesses nothing new (a retried typo, or the app's probe
// that tells a wrong project from a wrong password).
const (
	// UserLoginFailures failures in a row lock a user out for UserLoginDrain
	// (each further one: as long again); the bucket drains one failure each
	// UserLoginDrain.
	UserLoginFailures = 5
	UserLoginDrain    = 20 * time.Second
	// AddressLoginFailures failures lock an address out for AddressLoginDrain:
	// a classroom behind one NAT mistypes more than one user does.
	AddressLoginFailures = 30
	AddressLoginDrain    = 2 * time.Second
	// loginThrottleEntries bounds each table; beyond, the entry that forgets
	// the least is dropped.
	loginThrottleEntries = 10000
)

// leakyBuckets are failure counts that drain at one per drain each.
type leakyBuckets struct {
	size  float64
	drain time.Duration
	level map[string]*leaky
}

type leaky struct {
	failures float64 // as of last
	last     time.Time
	wrong    [32]byte // passwordLogin.secret of the last failure
}

func newLeakyBuckets(size int, drain time.Duration) leakyBuckets {
	return leakyBuckets{size: float64(size), drain: drain, level: make(map[string]*leaky)}
}

// at is key's failure count at now.
func (b *leakyBuckets) at(key string, now time.Time) float64 {
	l, ok := b.level[key]
	if !ok {
		return 0
	}
	return max(0, l.failures-float64(now.Sub(l.last))/float64(b.drain))
}

// wait is how long key is refused from now (0: not refused).
func (b *leakyBuckets) wait(key string, now time.Time) time.Duration {
	over := b.at(key, now) - b.size + 1
	if over <= 0 {
		return 0
	}
	return time.Duration(over * float64(b.drain))
}

// repeated reports whether key's last failure was with secret.
func (b *leakyBuckets) repeated(key string, secret [32]byte) bool {
	l, ok := b.level[key]
	return ok && l.wrong == secret
}

func (b *leakyBuckets) fail(key string, now time.Time, secret [32]byte) {
	if _, ok := b.level[key]; !ok && len(b.level) >= loginThrottleEntries {
		lowest, least := "", math.Inf(1)
		for k := range b.level {
			if n := b.at(k, now); n <= 0 {
				delete(b.level, k)
			} else if n < least {
				lowest, least = k, n
			}
		}
		if len(b.level) >= loginThrottleEntries {
			delete(b.level, lowest)
		}
	}
	b.level[key] = &leaky{failures: b.at(key, now) + 1, last: now, wrong: secret}
}

// loginThrottle holds the users' and addresses' buckets.
type loginThrottle struct {
	now func() time.Time
	key []byte // HMAC key of the passwords' secrets, random, in memory only

	mu    sync.Mutex
	users leakyBuckets
	sites leakyBuckets
}

func newLoginThrottle() *loginThrottle {
	key := make([]byte, 32)
	rand.Read(key)
	return &loginThrottle{
		now:   time.Now,
		key:   key,
		users: newLeakyBuckets(UserLoginFailures, UserLoginDrain),
		sites: newLeakyBuckets(AddressLoginFailures, AddressLoginDrain),
	}
}

// passwordLogin is one password login the proxy forwards: whose, from where.
type passwordLogin struct {
	user   string   // "id:<id>" or "name:<domain>/<name>", lower-case
	site   string   // siteKey of the client address
	secret [32]byte // HMAC of user and password: tells the same password again
}

// passwordLoginOf is the login in body (a POST /v3/auth/tokens) when it uses
// the password method, else nil.
func (t *loginThrottle) passwordLoginOf(body []byte, site string) *passwordLogin {
	var auth struct {
		Auth struct {
			Identity struct {
				Methods  []string `json:"methods"`
				Password struct {
					User struct {
						ID       string `json:"id"`
						Name     string `json:"name"`
						Password string `json:"password"`
						Domain   struct {
							ID   string `json:"id"`
							Name string `json:"name"`
						} `json:"domain"`
					} `json:"user"`
				} `json:"password"`
			} `json:"identity"`
		} `json:"auth"`
	}
	if json.Unmarshal(body, &auth) != nil {
		return nil
	}
	id := auth.Auth.Identity
	u := id.Password.User
	password := false
	for _, m := range id.Methods {
		password = password || m == "password"
	}
	if !password || u.ID == "" && u.Name == "" {
		return nil
	}
	user := "id:" + u.ID
	if u.ID == "" {
		domain := "name:" + u.Domain.Name
		if u.Domain.ID != "" {
			domain = "id:" + u.Domain.ID
		}
		user = "name:" + domain + "/" + u.Name
	}
	user = strings.ToLower(user)
	mac := hmac.New(sha256.New, t.key)
	mac.Write([]byte(user + "\x00" + u.Password))
	l := &passwordLogin{user: user, site: site}
	mac.Sum(l.secret[:0])
	return l
}

// refused says for how long l is refused (0: not) and why.
func (t *loginThrottle) refused(l *passwordLogin) (time.Duration, string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.now()
	if d := t.users.wait(l.user, now); d > 0 {
		return d, "Too many failed logins for this user"
	}
	if d := t.sites.wait(l.site, now); d > 0 {
		return d, "Too many failed logins from your address"
	}
	return 0, ""
}

// answered records Keystone's answer (its status) to l.
func (t *loginThrottle) answered(l *passwordLogin, status int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case status == http.StatusUnauthorized && !t.users.repeated(l.user, l.secret):
		now := t.now()
		t.users.fail(l.user, now, l.secret)
		t.sites.fail(l.site, now, l.secret)
	case status < 300:
		delete(t.users.level, l.user)
	}
}

// throttleLogin refuses l (429 with Retry-After) while its user or address
// is locked out, and reports whether it did.
func (p *Proxy) throttleLogin(w http.ResponseWriter, l *passwordLogin) bool {
	wait, why := p.logins.refused(l)
	if wait <= 0 {
		return false
	}
	secs := int(math.Ceil(wait.Seconds()))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	WriteFault(w, http.StatusTooManyRequests, "%s: try again in %d s.", why, secs)
	return true
}
