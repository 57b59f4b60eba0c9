package cert

import (
	"strings"
	"testing"

	"github.com/octaview/octaview/app/internal/cert"
	"github.com/octaview/octaview/app/internal/labtest"
	"github.com/octaview/octaview/labcloud"
	"github.com/octaview/octaview/octavia"
)

// TestReaderPolls reads the lab's certificates as the list does: every
// payload once, the lists every poll, the last rows kept (and said so)
// while Barbican is down, and a failed payload read tried again.
func TestReaderPolls(t *testing.T) {
	cloud := labcloud.New(labcloud.Options{})
	rec := &labtest.Recorder{Next: labcloud.Transport(cloud)}
	c := labtest.Via(t, rec, "demo", "demo")
	r := &reader{c: c, parsed: map[string]cert.Parsed{}, retry: map[string]bool{}}

	first := r.read(t.Context())
	if first.err != "" || first.noKM != "" || first.usesErr != "" || len(first.entries) == 0 {
		t.Fatalf("first read: got %+v", first)
	}
	for _, e := range first.entries {
		if !e.Parsed.Read || e.Parsed.Err != "" || e.Parsed.Info.Subject == "" {
			t.Fatalf("entry %s: got %+v; want its certificate read", e.Name, e.Parsed)
		}
	}
	payloads := rec.Count("/payload")
	if payloads == 0 {
		t.Fatal("no payload read")
	}
	rec.Reset()
	second := r.read(t.Context())
	if len(second.entries) != len(first.entries) || rec.Count("/payload") != 0 {
		t.Fatalf("second read: %d entries and %d payload reads; want %d and none", len(second.entries), rec.Count("/payload"), len(first.entries))
	}
	// one poll: the secrets, the containers, the listeners, the pools
	if got := len(rec.Reqs); got != 4 {
		var paths []string
		for _, q := range rec.Reqs {
			paths = append(paths, q.Method+" "+q.Path)
		}
		t.Fatalf("a poll sent %d requests (%s); want 4", got, strings.Join(paths, ", "))
	}

	if err := cloud.SetFaults(labcloud.Faults{Barbican: "503"}); err != nil {
		t.Fatal(err)
	}
	down := r.read(t.Context())
	if down.err == "" || len(down.entries) != len(first.entries) {
		t.Fatalf("Barbican down: got error %q and %d entries; want the error and the last rows", down.err, len(down.entries))
	}

	// a payload whose read failed is read again at the next poll
	ref := first.entries[0].Ref
	r.parsed[ref] = cert.Parsed{Read: true, Err: "its payload cannot be read: down"}
	r.retry[ref] = true
	if err := cloud.SetFaults(labcloud.Faults{}); err != nil {
		t.Fatal(err)
	}
	again := r.read(t.Context())
	for _, e := range again.entries {
		if e.Ref == ref && e.Parsed.Err != "" {
			t.Fatalf("the failed payload: got %+v; want read again", e.Parsed)
		}
	}
	if _, err := octavia.RefID(ref, "secrets"); err != nil && octavia.RefKind(ref) != "containers" {
		t.Fatalf("the entry's ref %q is no Barbican ref", ref)
	}
}

func TestPageKey(t *testing.T) {
	const id = "6c6f0a2e-7c1e-4c39-9c43-4f5a8c0e1b2d"
	for _, coll := range []string{"secrets", "containers"} {
		path := PagePath(cert.RefKey("https://b:9311/v1/" + coll + "/" + id))
		if gc, gid := pageKey(path); gc != coll || gid != id {
			t.Errorf("pageKey(%q) = %q, %q; want %q, %q", path, gc, gid, coll, id)
		}
	}
}
