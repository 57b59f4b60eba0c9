package octavia

import (
	"testing"

	"github.com/octaview/octaview/labcloud"
)

// TestRequestIDHeaderAgrees: the lab cloud spells the request-id header
// itself (it cannot import this package); it must stay the same header.
func TestRequestIDHeaderAgrees(t *testing.T) {
	if labcloud.RequestIDHeader != RequestIDHeader {
		t.Errorf("got labcloud.RequestIDHeader %q, want octavia.RequestIDHeader %q", labcloud.RequestIDHeader, RequestIDHeader)
	}
}
