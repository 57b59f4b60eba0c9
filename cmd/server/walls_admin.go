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
	"slices"
	"sync"
	"time"

	"github.com/octaview/octaview/cmd/server/proxy"
	"github.com/octaview/octaview/labcloud"
)

// Who may pin a note on a wall: a console session (the sealed cookie)
// whose token has the admin role. The lab knows its tokens in process;
// a real cloud's Keystone validates the token (GET /v3/auth/tokens, which
// its default policy lets a token do for itself), its answer cached a
// little while.

// wallAdminTTL is how long Keystone's answer about a token is kept.
const wallAdminTTL = 30 * time.Second

// wallAdminCacheSize bounds the cached answers (one per live session).
const wallAdminCacheSize = 1000

// errNoWallSession is a wallAdmin's answer to a token that is not (or no
// longer) valid.
var errNoWallSession = errors.New("the session has ended")

// wallAdmin says whose token is and whether it has the admin role.
type wallAdmin func(ctx context.Context, token string) (user string, admin bool, err error)

// labWallAdmin is wallAdmin of the embedded lab: its admin's own token (a
// trainer's view of a project is not the admin).
func labWallAdmin(lab *labcloud.Cloud) wallAdmin {
	return func(_ context.Context, token string) (string, bool, error) {
		id, ok := lab.Whoami(token)
		if !ok {
			return "", false, errNoWallSession
		}
		return id.User, id.Admin && !id.View, nil
	}
}

// keystoneAdmin validates tokens with the Keystone at keystone.
type keystoneAdmin struct {
	keystone *url.URL
	client   *http.Client
	now      func() time.Time

	mu    sync.Mutex
	cache map[[sha256.Size]byte]keystoneAnswer // by the token's hash
}

type keystoneAnswer struct {
	user    string
	admin   bool
	expires time.Time
}

func newKeystoneAdmin(keystone *url.URL, transport http.RoundTripper) *keystoneAdmin {
	return &keystoneAdmin{keystone: keystone, client: &http.Client{Transport: transport, Timeout: 15 * time.Second},
		now: time.Now, cache: map[[sha256.Size]byte]keystoneAnswer{}}
}

// check is the keystoneAdmin's wallAdmin.
func (k *keystoneAdmin) check(ctx context.Context, token string) (string, bool, error) {
	key := sha256.Sum256([]byte(token))
	now := k.now()
	k.mu.Lock()
	a, ok := k.cache[key]
	k.mu.Unlock()
	if ok && now.Before(a.expires) {
		return a.user, a.admin, nil
	}
	a, err := k.validate(ctx, token)
	if err != nil {
		return "", false, err
	}
	a.expires = now.Add(wallAdminTTL)
	k.mu.Lock()
	defer k.mu.Unlock()
	if len(k.cache) >= wallAdminCacheSize {
		for h, old := range k.cache {
			if !now.Before(old.expires) {
				delete(k.cache, h)
			}
		}
		if len(k.cache) >= wallAdminCacheSize {
			clear(k.cache)
		}
	}
	k.cache[key] = a
	return a.user, a.admin, nil
}

// validate asks Keystone about token.
func (k *keystoneAdmin) validate(ctx context.Context, token string) (keystoneAnswer, error) {
	resp, err := proxy.ValidateToken(ctx, k.client, k.keystone, "nocatalog", token)
	if err != nil {
		return keystoneAnswer{}, fmt.Errorf("validating the session with Keystone: %w", err)
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusNotFound:
		return keystoneAnswer{}, errNoWallSession
	case resp.StatusCode != http.StatusOK:
		return keystoneAnswer{}, fmt.Errorf("validating the session with Keystone: %s", resp.Status)
	}
	var body struct {
		Token struct {
			User struct {
				Name string `json:"name"`
			} `json:"user"`
			Roles []keystoneRole `json:"roles"`
		} `json:"token"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&body); err != nil {
		return keystoneAnswer{}, fmt.Errorf("validating the session with Keystone: %w", err)
	}
	admin := slices.ContainsFunc(body.Token.Roles, func(r keystoneRole) bool { return r.Name == "admin" })
	return keystoneAnswer{user: body.Token.User.Name, admin: admin}, nil
}

// keystoneRole is one role of a Keystone token.
type keystoneRole struct {
	Name string `json:"name"`
}
