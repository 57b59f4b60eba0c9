// Package promtest starts a real Prometheus (Debian's prometheus package)
// for a test, scraping one target every second, and queries it through
// its HTTP API, as an operator's Prometheus would see the server's
// metrics. Like net/http/httptest, it is for tests only.
//
// When the prometheus program is missing the test is skipped, unless CI
// is set (to anything but "", "0" or "false"): on CI a missing Prometheus
// fails the test (make test installs it).
package promtest
