//go:build !js

package main

import (
	"crypto/tls"
	"fmt"
	"net/url"

	"github.com/gophercloud/gophercloud/v2"
	"github.com/gophercloud/gophercloud/v2/openstack/config/clouds"

	"github.com/octaview/octaview/cmd/server/proxy"
	"github.com/octaview/octaview/octavia"
)

// cloudConfig is one clouds.yaml entry, read with gophercloud's openstack/config/clouds
// (OS_CLIENT_CONFIG_FILE, ./clouds.yaml, ~/.config/openstack, /etc/openstack; secure.yaml;
// OS_REGION_NAME, OS_INTERFACE, OS_CACERT).
type cloudConfig struct {
	Auth      gophercloud.AuthOptions
	Region    string
	Interface string // public, internal or admin
	TLS       *tls.Config
}

func loadCloud(name string, getenv func(string) string) (cloudConfig, error) {
	opts := []clouds.ParseOption{clouds.WithCloudName(name)}
	if f := getenv("OS_CLIENT_CONFIG_FILE"); f != "" {
		opts = append(opts, clouds.WithLocations(f))
	}
	ao, eo, tlsConfig, err := clouds.Parse(opts...)
	if err != nil {
		return cloudConfig{}, fmt.Errorf("cloud %q: %w", name, err)
	}
	if ao.IdentityEndpoint == "" {
		return cloudConfig{}, fmt.Errorf("cloud %q: no auth_url", name)
	}
	return cloudConfig{Auth: ao, Region: eo.Region, Interface: string(eo.Availability), TLS: tlsConfig}, nil
}

// keystoneURL is the parsed auth_url.
func (c cloudConfig) keystoneURL() (*url.URL, error) {
	return parseKeystoneURL(c.Auth.IdentityEndpoint)
}

func parseKeystoneURL(s string) (*url.URL, error) {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("keystone URL %q: want http(s)://host[:port][/path]", s)
	}
	return u, nil
}

// octaviaConfig maps the clouds.yaml entry to the Octavia client's configuration.
func (c cloudConfig) octaviaConfig() (octavia.Config, error) {
	ks, err := c.keystoneURL()
	if err != nil {
		return octavia.Config{}, err
	}
	a := c.Auth
	cfg := octavia.Config{
		AuthURL:                     proxy.KeystoneBase(ks).String() + "/v3",
		Region:                      c.Region,
		Interface:                   c.Interface,
		Username:                    a.Username,
		UserID:                      a.UserID,
		Password:                    a.Password,
		UserDomainName:              a.DomainName,
		UserDomainID:                a.DomainID,
		ProjectName:                 a.TenantName,
		ProjectID:                   a.TenantID,
		ApplicationCredentialID:     a.ApplicationCredentialID,
		ApplicationCredentialName:   a.ApplicationCredentialName,
		ApplicationCredentialSecret: a.ApplicationCredentialSecret,
		Token:                       a.TokenID,
		TLS:                         c.TLS,
	}
	if s := a.Scope; s != nil {
		if s.ProjectID != "" {
			cfg.ProjectID = s.ProjectID
		}
		if s.ProjectName != "" {
			cfg.ProjectName = s.ProjectName
			cfg.ProjectDomainName, cfg.ProjectDomainID = s.DomainName, s.DomainID
		}
	}
	return cfg, nil
}
