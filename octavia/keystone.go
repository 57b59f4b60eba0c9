package octavia

import (
	"context"
	"errors"
	"strings"

	"github.com/gophercloud/gophercloud/v2"
	tokens3 "github.com/gophercloud/gophercloud/v2/openstack/identity/v3/tokens"
)

// Keystone v3 and the service clients, without gophercloud's openstack
// package: what the client uses of it (a provider, v3 authentication, the
// identity, load-balancer and network clients) is these few functions, and
// the package brings much more into the browser's wasm: identity v2, EC2 and
// OAuth1 tokens, version discovery, and a regular expression compiled at
// every start (issue 21). They do what gophercloud's NewClient,
// AuthenticateV3 (password, application credential, token), NewIdentityV3,
// NewLoadBalancerV2 and NewNetworkV2 do for a Keystone URL ending in /v3.

// newProvider is a provider client for the Keystone v3 at authURL (which
// ends in /v3, as New checks).
func newProvider(authURL string) *gophercloud.ProviderClient {
	p := new(gophercloud.ProviderClient)
	p.IdentityEndpoint = gophercloud.NormalizeURL(authURL)
	p.IdentityBase = gophercloud.NormalizeURL(strings.TrimSuffix(strings.TrimSuffix(authURL, "/"), "v3"))
	p.UseTokenLock()
	return p
}

// identityClient is p's Keystone v3 service client.
func identityClient(p *gophercloud.ProviderClient) *gophercloud.ServiceClient {
	return &gophercloud.ServiceClient{ProviderClient: p, Endpoint: p.IdentityBase + "v3/", Type: "identity"}
}

// authenticate gets p a token from Keystone v3 for opts: a token without a
// scope is validated and used as is; anything else is POSTed to
// /auth/tokens. With opts.AllowReauth, p authenticates again the same way
// when a request gets a 401 (once per 401: the new token's own 401 is not
// retried).
func authenticate(ctx context.Context, p *gophercloud.ProviderClient, opts gophercloud.AuthOptions) error {
	identity := identityClient(p)
	if opts.TokenID != "" && (opts.Scope == nil || *opts.Scope == gophercloud.AuthScope{}) {
		if opts.AllowReauth {
			return errors.New("cannot re-authenticate with a token and no scope")
		}
		identity.SetToken(opts.TokenID)
		r := tokens3.Get(ctx, identity, opts.TokenID)
		if r.Err != nil {
			return r.Err
		}
		if err := p.SetTokenAndAuthResult(r); err != nil {
			return err
		}
	} else if err := p.SetTokenAndAuthResult(tokens3.Create(ctx, identity, &opts)); err != nil {
		return err
	}
	if opts.CanReauth() {
		// a throw-away copy authenticates again, without re-authentication of
		// its own, and hands its token over
		again := *p
		again.SetThrowaway(true)
		again.ReauthFunc = nil
		if err := again.SetTokenAndAuthResult(nil); err != nil {
			return err
		}
		once := opts
		once.AllowReauth = false
		p.ReauthFunc = func(ctx context.Context) error {
			if err := authenticate(ctx, &again, once); err != nil {
				return err
			}
			p.CopyTokenFrom(&again)
			return nil
		}
	}
	return nil
}

// serviceClient is p's client of the v2 API of service typ, at the endpoint
// p.EndpointLocator finds for eo.
func serviceClient(p *gophercloud.ProviderClient, eo gophercloud.EndpointOpts, typ string) (*gophercloud.ServiceClient, error) {
	eo.ApplyDefaults(typ)
	eo.Version = 2
	u, err := p.EndpointLocator(eo)
	if err != nil {
		return nil, err
	}
	base := u
	if !strings.HasSuffix(strings.TrimSuffix(u, "/"), "/v2.0") {
		base = u + "v2.0/"
	}
	return &gophercloud.ServiceClient{ProviderClient: p, Endpoint: u, ResourceBase: base, Type: typ}, nil
}
