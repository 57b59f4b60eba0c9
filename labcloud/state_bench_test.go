package labcloud

import (
	"path/filepath"
	"testing"
)

// benchmarkSave measures one save of c's whole state to a file (the
// snapshot under the lock, the encoding and the atomic write), and reports
// the file's size.
func benchmarkSave(b *testing.B, c *Cloud) {
	path := filepath.Join(b.TempDir(), "lab.json")
	if err := c.SaveState(path); err != nil {
		b.Fatal(err)
	}
	data, _ := c.MarshalState()
	b.ReportAllocs()
	for b.Loop() {
		if err := c.SaveState(path); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(data))/1e6, "MB/file")
}

// BenchmarkSaveState50Trainees: a class of 50, each with three load
// balancer trees (listener, pool, two members, monitor).
func BenchmarkSaveState50Trainees(b *testing.B) {
	benchmarkSave(b, labWithClass(b, 50))
}

// BenchmarkSaveStateScaleDrill: testdata/scale-drill.json, 10,002 load
// balancers in project demo.
func BenchmarkSaveStateScaleDrill(b *testing.B) {
	s, err := LoadScenario("testdata/scale-drill.json")
	if err != nil {
		b.Fatal(err)
	}
	benchmarkSave(b, New(Options{Seed: 1, Scenario: s}))
}

// BenchmarkStateLockHeld50Trainees is the part of a save that holds the
// lab's lock (the copy of the state), the rest runs beside the requests.
func BenchmarkStateLockHeld50Trainees(b *testing.B) {
	c := labWithClass(b, 50)
	b.ReportAllocs()
	for b.Loop() {
		c.State()
	}
}

// BenchmarkStateLockHeldScaleDrill: the same at the scale drill.
func BenchmarkStateLockHeldScaleDrill(b *testing.B) {
	s, err := LoadScenario("testdata/scale-drill.json")
	if err != nil {
		b.Fatal(err)
	}
	c := New(Options{Seed: 1, Scenario: s})
	b.ReportAllocs()
	for b.Loop() {
		c.State()
	}
}

// BenchmarkClass50Trainees is the trainer page's one read of the lab per
// 3 s: every tile, the exercise evaluated.
func BenchmarkClass50Trainees(b *testing.B) {
	c := labWithClass(b, 50)
	e, _ := ShippedExercise("1-first-http-lb")
	c.SetExercise(e, false)
	b.ReportAllocs()
	for b.Loop() {
		c.Class()
	}
}
