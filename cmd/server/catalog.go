//go:build !js

package main

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// Service types the proxy forwards, and the prefix each one has on this origin.
const (
	serviceIdentity     = "identity"
	serviceLoadBalancer = "load-balancer"
	serviceNetwork      = "network"
)

var servicePrefixes = map[string]string{
	serviceIdentity:     "/identity",
	serviceLoadBalancer: "/load-balancer",
	serviceNetwork:      "/network",
}

var (
	// errUnauthorized: Keystone does not know the caller's token (or there is none).
	errUnauthorized = errors.New("the token is missing, expired or unknown to this cloud's Keystone")
	// errNoEndpoint: the caller's catalog lists no endpoint for the service.
	errNoEndpoint = errors.New("no endpoint in the token's catalog")
)

// catalogMaxEntries bounds the cache; expired entries go first, then arbitrary ones.
const catalogMaxEntries = 10000

// catalogCache resolves a service's endpoint from the catalog that Keystone returns
// for the caller's own token (GET /v3/auth/tokens), and caches it by the token's SHA-256
// digest until the token expires. It never trusts a catalog the client sent: the only
// catalogs it reads are Keystone's answers. Each replica has its own cache.
type catalogCache struct {
	keystone  *url.URL // Keystone's base, without /v3
	region    string   // "" = any region
	iface     string   // public, internal or admin
	client    *http.Client
	now       func() time.Time
	onRefresh func() // counts Keystone look-ups (metrics, tests); may be nil

	mu       sync.Mutex
	entries  map[[32]byte]catalogEntry
	inflight map[[32]byte]*catalogCall
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

func newCatalogCache(keystone *url.URL, region, iface string, client *http.Client) *catalogCache {
	if iface == "" {
		iface = "public"
	}
	return &catalogCache{
		keystone: keystone, region: region, iface: iface, client: client,
		now:      time.Now,
		entries:  make(map[[32]byte]catalogEntry),
		inflight: make(map[[32]byte]*catalogCall),
	}
}

// endpoint returns the endpoint of serviceType in the catalog of token. Concurrent
// look-ups of one token share one request to Keystone.
func (c *catalogCache) endpoint(ctx context.Context, token, serviceType string) (*url.URL, error) {
	if token == "" {
		return nil, errUnauthorized
	}
	key := sha256.Sum256([]byte(token))
	c.mu.Lock()
	e, ok := c.entries[key]
	if ok && c.now().Before(e.expires) {
		c.mu.Unlock()
		return e.find(serviceType)
	}
	call, ok := c.inflight[key]
	if !ok {
		call = &catalogCall{done: make(chan struct{})}
		c.inflight[key] = call
		c.mu.Unlock()
		// The look-up outlives a caller that gives up: others may be waiting on it.
		lookupCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		call.entry, call.err = c.fetch(lookupCtx, token)
		cancel()
		c.mu.Lock()
		delete(c.inflight, key)
		if call.err == nil {
			c.storeLocked(key, call.entry)
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
	return call.entry.find(serviceType)
}

func (e catalogEntry) find(serviceType string) (*url.URL, error) {
	if u, ok := e.endpoints[serviceType]; ok {
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

// forget drops the cached catalog of token (after the token was revoked).
func (c *catalogCache) forget(token string) {
	key := sha256.Sum256([]byte(token))
	c.mu.Lock()
	delete(c.entries, key)
	c.mu.Unlock()
}

// fetch asks Keystone for the token's catalog: the token validates itself.
func (c *catalogCache) fetch(ctx context.Context, token string) (catalogEntry, error) {
	if c.onRefresh != nil {
		c.onRefresh()
	}
	u := *c.keystone
	u.Path = strings.TrimRight(u.Path, "/") + "/v3/auth/tokens"
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return catalogEntry{}, err
	}
	req.Header.Set("X-Auth-Token", token)
	req.Header.Set("X-Subject-Token", token)
	req.Header.Set("Accept", "application/json")
	resp, err := c.client.Do(req)
	if err != nil {
		return catalogEntry{}, &upstreamError{service: serviceIdentity, err: err}
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusUnauthorized, resp.StatusCode == http.StatusNotFound, resp.StatusCode == http.StatusForbidden:
		return catalogEntry{}, errUnauthorized
	case resp.StatusCode != http.StatusOK:
		return catalogEntry{}, &upstreamError{service: serviceIdentity, err: fmt.Errorf("validating the token: Keystone answered %s", resp.Status)}
	}
	var body struct {
		Token struct {
			ExpiresAt time.Time        `json:"expires_at"`
			Catalog   []catalogService `json:"catalog"`
		} `json:"token"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, maxRewriteBody)).Decode(&body); err != nil {
		return catalogEntry{}, &upstreamError{service: serviceIdentity, err: fmt.Errorf("reading the token's catalog: %w", err)}
	}
	e := catalogEntry{endpoints: make(map[string]*url.URL), expires: body.Token.ExpiresAt}
	if e.expires.IsZero() {
		e.expires = c.now().Add(5 * time.Minute)
	}
	for _, st := range []string{serviceLoadBalancer, serviceNetwork} {
		if u := pickEndpoint(body.Token.Catalog, st, c.iface, c.region); u != nil {
			e.endpoints[st] = u
		}
	}
	return e, nil
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
