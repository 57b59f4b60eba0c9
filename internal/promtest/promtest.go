package promtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"
)

// ScrapeInterval is how often the Prometheus of Start scrapes its target.
const ScrapeInterval = time.Second

// Server is a running Prometheus.
type Server struct {
	URL string // its base URL, http://127.0.0.1:port

	client *http.Client
}

// Start starts Prometheus on a loopback port with a configuration of its
// own in a temporary directory, scraping target (a metrics URL) every
// ScrapeInterval as job "octaview", and waits until it is ready. It is
// stopped when the test ends.
func Start(t testing.TB, target string) *Server {
	t.Helper()
	bin := Program(t, "prometheus")
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	config := fmt.Sprintf(`global:
  scrape_interval: %[1]s
  scrape_timeout: %[1]s
scrape_configs:
  - job_name: octaview
    scheme: %[2]s
    metrics_path: %[3]q
    static_configs:
      - targets: [%[4]q]
`, ScrapeInterval, u.Scheme, u.EscapedPath(), u.Host)
	if err := os.WriteFile(filepath.Join(dir, "prometheus.yml"), []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin,
		"--config.file="+filepath.Join(dir, "prometheus.yml"),
		"--storage.tsdb.path="+filepath.Join(dir, "data"),
		"--web.listen-address="+addr,
		"--log.level=warn")
	var out lockedBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		cancel()
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		cancel()
		<-exited
		if t.Failed() {
			t.Logf("prometheus said:\n%s", out.String())
		}
	})
	s := &Server{URL: "http://" + addr, client: &http.Client{Timeout: 10 * time.Second}}
	// Ready: a hang guard for a Prometheus that never starts, not a timing.
	for start := time.Now(); ; {
		resp, err := s.client.Get(s.URL + "/-/ready")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s
			}
		}
		select {
		case <-exited:
			t.Fatalf("prometheus exited:\n%s", out.String())
		case <-time.After(100 * time.Millisecond):
		}
		if time.Since(start) > 2*time.Minute {
			t.Fatalf("prometheus not ready after 2 min:\n%s", out.String())
		}
	}
}

// Program is the path of a program of Debian's prometheus package
// (prometheus, promtool). When it is missing the test is skipped, or
// fails on CI.
func Program(t testing.TB, name string) string {
	t.Helper()
	bin, err := exec.LookPath(name)
	if err != nil {
		if onCI() {
			t.Fatalf("%s is not installed (Debian's prometheus package; make test installs it): %v", name, err)
		}
		t.Skipf("%s is not installed (Debian's prometheus package; make test installs it): %v", name, err)
	}
	return bin
}

// onCI reports whether CI is set (to anything but "", "0" or "false").
func onCI() bool {
	switch os.Getenv("CI") {
	case "", "0", "false":
		return false
	}
	return true
}

// freeAddr is a loopback address with a port free now.
func freeAddr(t testing.TB) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// Point is one sample: its time and value.
type Point struct {
	T time.Time
	V float64
}

// Series is one series of a query's answer: its labels and its samples
// (one for an instant vector, every sample in the range for a range
// vector).
type Series struct {
	Metric map[string]string
	Points []Point
}

// Query evaluates expr now (GET /api/v1/query): an instant vector or a
// range vector.
func (s *Server) Query(expr string) ([]Series, error) {
	var data struct {
		ResultType string `json:"resultType"`
		Result     []struct {
			Metric map[string]string `json:"metric"`
			Value  []any             `json:"value"`
			Values [][]any           `json:"values"`
		} `json:"result"`
	}
	if err := s.get("/api/v1/query?query="+url.QueryEscape(expr), &data); err != nil {
		return nil, fmt.Errorf("query %s: %w", expr, err)
	}
	var out []Series
	for _, r := range data.Result {
		sr := Series{Metric: r.Metric}
		values := r.Values
		if r.Value != nil {
			values = [][]any{r.Value}
		}
		for _, v := range values {
			p, err := point(v)
			if err != nil {
				return nil, fmt.Errorf("query %s: %w", expr, err)
			}
			sr.Points = append(sr.Points, p)
		}
		out = append(out, sr)
	}
	return out, nil
}

func point(v []any) (Point, error) {
	if len(v) != 2 {
		return Point{}, fmt.Errorf("sample %v", v)
	}
	ts, ok1 := v[0].(float64)
	vs, ok2 := v[1].(string)
	f, err := strconv.ParseFloat(vs, 64)
	if !ok1 || !ok2 || err != nil {
		return Point{}, fmt.Errorf("sample %v", v)
	}
	return Point{T: time.UnixMilli(int64(ts * 1000)), V: f}, nil
}

// Target is what Prometheus says of its target (GET /api/v1/targets).
type Target struct {
	Health     string    `json:"health"` // up, down, unknown
	LastScrape time.Time `json:"lastScrape"`
	LastError  string    `json:"lastError"`
}

// Target returns the state of the one target Start configured.
func (s *Server) Target() (Target, error) {
	var data struct {
		ActiveTargets []Target `json:"activeTargets"`
	}
	if err := s.get("/api/v1/targets?state=active", &data); err != nil {
		return Target{}, fmt.Errorf("targets: %w", err)
	}
	if len(data.ActiveTargets) != 1 {
		return Target{}, fmt.Errorf("targets: %d active, want 1", len(data.ActiveTargets))
	}
	return data.ActiveTargets[0], nil
}

// get decodes the data of an API answer into v.
func (s *Server) get(path string, v any) error {
	resp, err := s.client.Get(s.URL + path)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var body struct {
		Status string          `json:"status"`
		Error  string          `json:"error"`
		Data   json.RawMessage `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		return fmt.Errorf("%s: %w", resp.Status, err)
	}
	if body.Status != "success" {
		return fmt.Errorf("%s: %s", resp.Status, body.Error)
	}
	return json.Unmarshal(body.Data, v)
}

// lockedBuffer is Prometheus's output, written by exec's copier and read
// at cleanup.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
