package octavia

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/octaview/octaview/octavia/internal/fake"
	"github.com/octaview/octaview/octavia/labcloud"
)

// The tests still on internal/fake (waits, tags, pages, load balancer
// writes, resources, networks, errors) use these; the rest run on the lab
// cloud (lab_test.go). internal/fake goes once they are moved.

// startFake starts a fake behind httptest and logs in as demo; the recorder
// sees every request that left the client.
func startFake(t testing.TB, setup func(*fake.Cloud)) (*Client, *fake.Server, *recorder) {
	t.Helper()
	cloud := fake.New()
	if setup != nil {
		setup(cloud)
	}
	srv := fake.NewServer(cloud)
	t.Cleanup(srv.Close)
	rec := &recorder{next: http.DefaultTransport}
	c, err := New(context.Background(), demoConfig(srv.URL, &http.Client{Transport: rec, Timeout: 10 * time.Second}))
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return c, srv, rec
}

// bubbleClient logs in to cloud through an in-memory transport (for synctest bubbles).
func bubbleClient(t testing.TB, cloud *fake.Cloud) *Client {
	t.Helper()
	c, err := New(t.Context(), demoConfig("http://cloud.test", &http.Client{Transport: labcloud.Transport(cloud)}))
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return c
}
