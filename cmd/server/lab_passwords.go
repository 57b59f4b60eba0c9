//go:build !js

package main

import (
	"net/netip"
	"net/url"

	"github.com/octaview/octaview/labcloud"
)

// Lab passwords (docs/workshops.md): a lab's users whose password is their
// name let anyone who can reach the console log in as anyone. On loopback
// (make run) that is a convenience; served to others (a listen address
// beyond loopback, a public URL that is not loopback, or a trusted front
// proxy) the trainees, demo and viewer get random passwords unless
// -lab-trainee-passwords says otherwise, handed out on the trainer's cards.

// autoLabPasswords is what -lab-trainee-passwords auto means for cfg.
func autoLabPasswords(cfg config) string {
	if servedBeyondLoopback(cfg) {
		return "random"
	}
	return "name"
}

// servedBeyondLoopback reports whether others than this host's users reach
// the server: it listens beyond loopback, its public URL names another host,
// or a front proxy forwards to it.
func servedBeyondLoopback(cfg config) bool {
	if !loopbackAddr(cfg.Addr) || cfg.TrustForwarded {
		return true
	}
	if cfg.PublicURL == "" {
		return false
	}
	u, err := url.Parse(cfg.PublicURL)
	if err != nil {
		return true
	}
	if u.Hostname() == "localhost" {
		return false
	}
	ip, err := netip.ParseAddr(u.Hostname())
	return err != nil || !ip.IsLoopback()
}

// onCard reports whether the trainer's cards show u: each trainee, and demo
// and viewer when their passwords are random (they are then known nowhere else
// but the server's banner).
func onCard(u labcloud.User) bool {
	return u.Trainee || (u.Name == "demo" || u.Name == "viewer") && u.Password != u.Name
}
