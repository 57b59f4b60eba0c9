//go:build !js

package proxy

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"time"
)

var (
	// errUnauthorized: Keystone does not know the caller's token (or there is none).
	errUnauthorized = errors.New("the token is missing, expired or unknown to this cloud's Keystone")
	// errNoEndpoint: the caller's catalog lists no endpoint for the service.
	errNoEndpoint = errors.New("no endpoint in the token's catalog")
	// errTooManyValidations: the caller's address (or all addresses) spent the budget of token validations.
	errTooManyValidations = errors.New("too many token validations from this address, or in all")
)

// catalogMaxEntries bounds the cache, the refused tokens and the per-address budgets.
// Expired cache entries and refusals go first, then arbitrary ones; only full budgets
// (as good as new) are dropped: with 10,000 part-spent ones, a new address is refused.
const catalogMaxEntries = 10000

// ValidationLimits bound what unknown tokens cost Keystone. Each token the cache does
// not know costs one Keystone call: a refused token's digest is remembered for
// RefusedTTL, and each client address (an IPv6 client: its /64) may cause at most
// PerSecond calls a second (Burst at once), all addresses together at most
// GlobalPerSecond (as many at once); beyond, 429 without a call. Known tokens cost
// nothing, and tokens obtained through the proxy are known from Keystone's answer.
type ValidationLimits struct {
	RefusedTTL      time.Duration // 0 = 10 s
	PerSecond       float64       // 0 = 10
	Burst           int           // 0 = 50 (a class logging in at once behind one NAT)
	GlobalPerSecond float64       // 0 = 100
}

func (l ValidationLimits) withDefaults() ValidationLimits {
	if l.RefusedTTL <= 0 {
		l.RefusedTTL = 10 * time.Second
	}
	if l.PerSecond <= 0 {
		l.PerSecond = 10
	}
	if l.Burst <= 0 {
		l.Burst = 50
	}
	if l.GlobalPerSecond <= 0 {
		l.GlobalPerSecond = 100
	}
	return l
}

// catalogCache resolves a service's endpoint from the catalog that Keystone returns
// for the caller's own token (GET /v3/auth/tokens), and caches it by the token's SHA-256
// digest until the token expires; tokens Keystone refused are remembered (by digest)
// for a while too. It never trusts a catalog the client sent: the only catalogs it
// reads are Keystone's answers. Each replica has its own cache.
type catalogCache struct {
	keystone *url.URL // Keystone's base, without /v3
	region   string   // "" = any region
	iface    string   // public, internal or admin
	client   *http.Client
	limits   ValidationLimits
	now      func() time.Time
	onLookup func() // counts Keystone look-ups (metrics, tests); may be nil

	mu       sync.Mutex
	entries  map[[32]byte]catalogEntry
	refused  map[[32]byte]time.Time // token digest → until when it is refused without asking
	budgets  map[string]*budget     // client address (IPv6: /64) → its validation budget
	global   budget                 // all addresses together
	inflight map[[32]byte]*catalogCall
}

// budget is a token bucket of Keystone validations for one client address.
type budget struct {
	tokens float64
	last   time.Time
}

type catalogEntry struct {
	endpoints map[string]*url.URL // service type → endpoint
	expires   time.Time
}

type catalogCall struct {
	done  chan struct{}
	entry catalogEntry
	err   error
}

func newCatalogCache(keystone *url.URL, region, iface string, client *http.Client, limits ValidationLimits) *catalogCache {
	if iface == "" {
		iface = "public"
	}
	return &catalogCache{
		keystone: keystone, region: region, iface: iface, client: client,
		limits:   limits.withDefaults(),
		now:      time.Now,
		entries:  make(map[[32]byte]catalogEntry),
		refused:  make(map[[32]byte]time.Time),
		budgets:  make(map[string]*budget),
		global:   budget{tokens: max(1, limits.withDefaults().GlobalPerSecond)},
		inflight: make(map[[32]byte]*catalogCall),
	}
}

// endpoint returns the endpoint of serviceType in the catalog of token, sent from
// client address addr. Concurrent look-ups of one token share one request to Keystone.
// region "" is the server's region; another one must be in the caller's catalog.
func (c *catalogCache) endpoint(ctx context.Context, token, addr, serviceType, region string) (*url.URL, error) {
	if token == "" {
		return nil, errUnauthorized
	}
	key := sha256.Sum256([]byte(token))
	c.mu.Lock()
	now := c.now()
	e, ok := c.entries[key]
	if ok && now.Before(e.expires) {
		c.mu.Unlock()
		return e.find(serviceType, region)
	}
	if until, ok := c.refused[key]; ok && now.Before(until) {
		c.mu.Unlock()
		return nil, errUnauthorized
	}
	call, ok := c.inflight[key]
	if !ok {
		if !c.spendLocked(addr, now) {
			c.mu.Unlock()
			return nil, errTooManyValidations
		}
		call = &catalogCall{done: make(chan struct{})}
		c.inflight[key] = call
		c.mu.Unlock()
		// The look-up outlives a caller that gives up: others may be waiting on it.
		lookupCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		call.entry, call.err = c.fetch(lookupCtx, token)
		cancel()
		c.mu.Lock()
		delete(c.inflight, key)
		switch {
		case call.err == nil:
			c.storeLocked(key, call.entry)
		case errors.Is(call.err, errUnauthorized):
			c.refuseLocked(key)
		}
		close(call.done)
	}
	c.mu.Unlock()
	select {
	case <-call.done:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if call.err != nil {
		return nil, call.err
	}
	return call.entry.find(serviceType, region)
}

func (e catalogEntry) find(serviceType, region string) (*url.URL, error) {
	key := serviceType
	if region != "" {
		key += " " + region
	}
	if u, ok := e.endpoints[key]; ok {
		return u, nil
	}
	return nil, fmt.Errorf("%s: %w", serviceType, errNoEndpoint)
}

func (c *catalogCache) storeLocked(key [32]byte, e catalogEntry) {
	if len(c.entries) >= catalogMaxEntries {
		now := c.now()
		for k, old := range c.entries {
			if !now.Before(old.expires) {
				delete(c.entries, k)
			}
		}
		for k := range c.entries {
			if len(c.entries) < catalogMaxEntries {
				break
			}
			delete(c.entries, k)
		}
	}
	c.entries[key] = e
}

// refuseLocked remembers for limits.RefusedTTL that Keystone refused the token of key.
func (c *catalogCache) refuseLocked(key [32]byte) {
	now := c.now()
	if len(c.refused) >= catalogMaxEntries {
		for k, until := range c.refused {
			if !now.Before(until) || len(c.refused) >= catalogMaxEntries {
				delete(c.refused, k)
			}
		}
	}
	c.refused[key] = now.Add(c.limits.RefusedTTL)
}

// spendLocked takes one validation from addr's budget and from the global one, or
// reports that either is spent.
func (c *catalogCache) spendLocked(addr string, now time.Time) bool {
	addr = budgetKey(addr)
	burst, rate := float64(c.limits.Burst), c.limits.PerSecond
	b, ok := c.budgets[addr]
	if !ok {
		if len(c.budgets) >= catalogMaxEntries {
			// a full budget is as good as a new one: dropping it gives nothing away
			for a, old := range c.budgets {
				if refill(old, now, burst, rate) >= burst {
					delete(c.budgets, a)
				}
			}
			if len(c.budgets) >= catalogMaxEntries {
				return false // evicting a part-spent budget would hand out a fresh burst
			}
		}
		b = &budget{tokens: burst, last: now}
		c.budgets[addr] = b
	}
	b.tokens, b.last = refill(b, now, burst, rate), latest(b.last, now)
	gBurst := max(1, c.limits.GlobalPerSecond)
	c.global.tokens, c.global.last = refill(&c.global, now, gBurst, c.limits.GlobalPerSecond), latest(c.global.last, now)
	if b.tokens < 1 || c.global.tokens < 1 {
		return false
	}
	b.tokens--
	c.global.tokens--
	return true
}

// refill is b's balance at now, for a bucket of burst refilled at rate a second.
func refill(b *budget, now time.Time, burst, rate float64) float64 {
	elapsed := max(0, now.Sub(b.last).Seconds())
	return min(burst, b.tokens+elapsed*rate)
}

// ClientKey is the address a request came from as the validation budgets count it:
// the connection's peer (with trustForwarded, the last X-Forwarded-For hop), an IPv6
// one as its /64. Other per-address limits of the server use it too.
func ClientKey(r *http.Request, trustForwarded bool) string {
	return budgetKey(clientAddr(r, trustForwarded))
}

// budgetKey is the budget an address spends: an IPv4 address its own, an IPv6 one
// its /64 (one host usually holds a whole /64).
func budgetKey(addr string) string { return addrKey(addr, 64) }

// addrKey is addr as a budget's key: an IPv4 address its own, an IPv6 one the
// /bits prefix it is in; a text that is no address is its own key.
func addrKey(addr string, bits int) string {
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	ip = ip.WithZone("").Unmap()
	if ip.Is4() {
		return ip.String()
	}
	return netip.PrefixFrom(ip, bits).Masked().String()
}

// storeAnswer caches the catalog of a token from Keystone's own answer that the
// proxy forwarded (a login, or a validation): the token then never costs a
// validation. An answer without a catalog (unscoped, ?nocatalog) is not stored.
func (c *catalogCache) storeAnswer(token string, body []byte) {
	e, err := c.parse(bytes.NewReader(body))
	if err != nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.now().Before(e.expires) {
		c.storeLocked(sha256.Sum256([]byte(token)), e)
	}
}

// known reports whether token is in the cache and not expired: a token
// Keystone accepted, without asking it again.
func (c *catalogCache) known(token string) bool {
	if token == "" {
		return false
	}
	key := sha256.Sum256([]byte(token))
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[key]
	return ok && c.now().Before(e.expires)
}

// forget drops the cached catalog of token (after the token was revoked).
func (c *catalogCache) forget(token string) {
	key := sha256.Sum256([]byte(token))
	c.mu.Lock()
	delete(c.entries, key)
	c.mu.Unlock()
}

// fetch asks Keystone for the token's catalog: the token validates itself.
func (c *catalogCache) fetch(ctx context.Context, token string) (catalogEntry, error) {
	if c.onLookup != nil {
		c.onLookup()
	}
	resp, err := ValidateToken(ctx, c.client, c.keystone, "", token)
	if err != nil {
		return catalogEntry{}, &upstreamError{service: Identity, err: err}
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusUnauthorized, resp.StatusCode == http.StatusNotFound, resp.StatusCode == http.StatusForbidden:
		return catalogEntry{}, errUnauthorized
	case resp.StatusCode != http.StatusOK:
		return catalogEntry{}, &upstreamError{service: Identity, err: fmt.Errorf("validating the token: Keystone answered %s", resp.Status)}
	}
	e, err := c.parse(io.LimitReader(resp.Body, maxRewriteBody))
	if errors.Is(err, errNoCatalog) {
		e, err = catalogEntry{endpoints: map[string]*url.URL{}, expires: e.expires}, nil
	}
	if err != nil {
		return catalogEntry{}, &upstreamError{service: Identity, err: fmt.Errorf("reading the token's catalog: %w", err)}
	}
	return e, nil
}

var errNoCatalog = errors.New("the answer lists no catalog")

// parse reads a token answer of Keystone's: the endpoints of its catalog, and when it
// expires (in 5 minutes if it does not say). Without a catalog: errNoCatalog (and the
// entry's expiry).
func (c *catalogCache) parse(rd io.Reader) (catalogEntry, error) {
	var body struct {
		Token struct {
			ExpiresAt time.Time         `json:"expires_at"`
			Catalog   *[]catalogService `json:"catalog"`
		} `json:"token"`
	}
	if err := json.NewDecoder(rd).Decode(&body); err != nil {
		return catalogEntry{}, err
	}
	e := catalogEntry{expires: body.Token.ExpiresAt}
	if e.expires.IsZero() {
		e.expires = c.now().Add(5 * time.Minute)
	}
	if body.Token.Catalog == nil {
		return e, errNoCatalog
	}
	e.endpoints = endpointsOf(*body.Token.Catalog, c.iface, c.region)
	return e, nil
}

// endpointsOf maps the proxied services of catalog to their endpoints: by
// service type (the configured region, "" = any) and by "type region" for
// each region the catalog lists (serverapi.RegionHeader picks one).
func endpointsOf(catalog []catalogService, iface, region string) map[string]*url.URL {
	out := make(map[string]*url.URL)
	for _, st := range Services {
		if st == Identity {
			continue // Keystone is configured, never taken from a catalog
		}
		if u := pickEndpoint(catalog, st, iface, region); u != nil {
			out[st] = u
		}
		for _, s := range catalog {
			if s.Type != st {
				continue
			}
			for _, ep := range s.Endpoints {
				for _, r := range []string{ep.Region, ep.RegionID} {
					if _, ok := out[st+" "+r]; r == "" || ok {
						continue
					}
					if u := pickEndpoint(catalog, st, iface, r); u != nil {
						out[st+" "+r] = u
					}
				}
			}
		}
	}
	return out
}

type catalogService struct {
	Type      string `json:"type"`
	Endpoints []struct {
		Interface string `json:"interface"`
		Region    string `json:"region"`
		RegionID  string `json:"region_id"`
		URL       string `json:"url"`
	} `json:"endpoints"`
}

// pickEndpoint returns the first usable http(s) endpoint of serviceType with the
// interface and (if region is not "") the region asked for.
func pickEndpoint(catalog []catalogService, serviceType, iface, region string) *url.URL {
	for _, s := range catalog {
		if s.Type != serviceType {
			continue
		}
		for _, ep := range s.Endpoints {
			if ep.Interface != iface || region != "" && ep.Region != region && ep.RegionID != region {
				continue
			}
			u, err := url.Parse(ep.URL)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
				continue
			}
			u.RawQuery, u.Fragment, u.RawPath = "", "", ""
			u.Path = strings.TrimRight(u.Path, "/")
			return u
		}
	}
	return nil
}

// upstreamError is a failure to reach a service (502, or 504 when it timed out).
type upstreamError struct {
	service string
	err     error
}

func (e *upstreamError) Error() string { return e.service + ": " + e.err.Error() }
func (e *upstreamError) Unwrap() error { return e.err }

func latest(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
