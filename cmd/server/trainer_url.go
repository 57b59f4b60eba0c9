//go:build !js

package main

import (
	"net/netip"
	"net/url"
)

// cardsURLWarning is what the trainer is told when the console's URL on
// the cards (consoleURL) is a loopback address, which a trainee's machine
// cannot reach: the flag to set, and how. "" when the URL names another
// host.
func cardsURLWarning(consoleURL string) string {
	u, err := url.Parse(consoleURL)
	if err != nil || !loopbackHost(u.Hostname()) {
		return ""
	}
	port := u.Port()
	if port == "" {
		port = "8080"
	}
	return "The cards give " + consoleURL + ", this machine's loopback address: trainees cannot reach it from theirs. " +
		"Restart the server with -addr :" + port + " -public-url http://HOST:" + port + "/ (HOST: this machine's name or address on the class's network)."
}

// loopbackHost reports whether a URL's host name is a loopback address
// (127.0.0.0/8, ::1) or localhost.
func loopbackHost(host string) bool {
	if host == "localhost" {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}
