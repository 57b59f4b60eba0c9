package app

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/octaview/octaview/app/internal/section"
	"github.com/octaview/octaview/app/internal/tab"
)

func TestNiceScale(t *testing.T) {
	tests := []struct {
		name     string
		max      float64
		ticks    int
		wantTop  float64
		wantStep float64
	}{
		{"nothing moves", 0, 4, 4, 1},
		{"a negative max is nothing", -3, 4, 4, 1},
		{"870 in four steps of 250", 870, 4, 1000, 250},
		{"1000 exactly stays 1000", 1000, 4, 1000, 250},
		{"1001 needs a bigger step", 1001, 4, 1500, 500},
		{"small rates", 0.37, 4, 0.4, 0.1},
		{"3 connections per second", 3, 4, 3, 1},
		{"bytes per second of the lab", 49000, 4, 60000, 20000},
		{"steps of 5", 19, 4, 20, 5},
		{"ticks below 1 mean 1", 7, 0, 10, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			top, step := section.NiceScale(tt.max, tt.ticks)
			if !near(top, tt.wantTop) || !near(step, tt.wantStep) {
				t.Errorf("niceScale(%v, %d): got top %v step %v, want top %v step %v", tt.max, tt.ticks, top, step, tt.wantTop, tt.wantStep)
			}
			if top < tt.max {
				t.Errorf("niceScale(%v, %d): top %v is below the max", tt.max, tt.ticks, top)
			}
		})
	}
}

// near reports whether a and b are equal but for float rounding.
func near(a, b float64) bool {
	d := a - b
	return d < 1e-9*max(1, b) && d > -1e-9*max(1, b)
}

func TestTickValues(t *testing.T) {
	tests := []struct {
		name      string
		top, step float64
		want      []float64
	}{
		{"four steps", 1000, 250, []float64{0, 250, 500, 750, 1000}},
		{"decimal steps reach the top", 0.3, 0.1, []float64{0, 0.1, 0.2, 0.30000000000000004}},
		{"one step", 10, 10, []float64{0, 10}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := section.TickValues(tt.top, tt.step); !slices.Equal(got, tt.want) {
				t.Errorf("tickValues(%v, %v): got %v, want %v", tt.top, tt.step, got, tt.want)
			}
		})
	}
}

func TestPolylinePoints(t *testing.T) {
	// A 300 x 100 plot at (10, 5), 5 minutes wide: 1 px per second.
	a := section.PlotArea{Left: 10, Top: 5, Width: 300, Height: 100}
	end := t0.Add(10 * time.Minute)
	at := func(secBeforeEnd int) time.Time { return end.Add(-time.Duration(secBeforeEnd) * time.Second) }
	in := func(r section.StatsRate) float64 { return r.BytesIn }
	tests := []struct {
		name  string
		rates []section.StatsRate
		top   float64
		want  []string
	}{
		{"no rate: no line", nil, 4, nil},
		{
			name:  "one series: x by time, y by value from the bottom",
			rates: []section.StatsRate{{At: at(300), BytesIn: 0, Start: true}, {At: at(150), BytesIn: 50}, {At: at(0), BytesIn: 100}},
			top:   100,
			want:  []string{"10.0,105.0 160.0,55.0 310.0,5.0"},
		},
		{
			name: "a new series breaks the line",
			rates: []section.StatsRate{{At: at(9), BytesIn: 10, Start: true}, {At: at(6), BytesIn: 10},
				{At: at(3), BytesIn: 20, Start: true}, {At: at(0), BytesIn: 20}},
			top:  40,
			want: []string{"301.0,80.0 304.0,80.0", "307.0,55.0 310.0,55.0"},
		},
		{
			name:  "a value above the top stays in the plot",
			rates: []section.StatsRate{{At: at(0), BytesIn: 500, Start: true}},
			top:   100,
			want:  []string{"310.0,5.0"},
		},
		{
			name:  "a zero top puts every point at the bottom",
			rates: []section.StatsRate{{At: at(0), BytesIn: 0, Start: true}},
			top:   0,
			want:  []string{"310.0,105.0"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := section.PolylinePoints(tt.rates, in, end, 5*time.Minute, tt.top, a)
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestChartSummary(t *testing.T) {
	tests := []struct {
		name    string
		samples []tab.StatsSample
		chart   section.ChartSpec
		want    string
	}{
		{"one read: no rate yet", []tab.StatsSample{sample(0, 0)}, section.TrafficChart,
			"Traffic, last 5 minutes: no rate yet (it needs two reads in a row)"},
		{"traffic", []tab.StatsSample{sample(0, 0), sample(3, 3600)}, section.TrafficChart,
			"Traffic, last 5 minutes, now: bytes in 1.2 kB/s, bytes out 12 kB/s"},
		{"connections and errors", []tab.StatsSample{sample(0, 0), sample(3, 30000)}, section.ConnectionsChart,
			"Connections and errors, last 5 minutes, now: new connections 100/s, request errors 10/s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s section.StatsSeries
			for _, x := range tt.samples {
				s.Add(x)
			}
			if got := section.ChartSummary(&s, tt.chart); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestStatsFormats(t *testing.T) {
	tests := []struct {
		name string
		got  string
		want string
	}{
		{"zero bytes", section.FormatBytes(0), "0 B"},
		{"bytes", section.FormatBytes(999), "999 B"},
		{"kilobytes", section.FormatBytes(1234), "1.2 kB"},
		{"round megabytes drop the .0", section.FormatBytes(10_000_000), "10 MB"},
		{"just below a unit rounds up into it", section.FormatBytes(999_960), "1 MB"},
		{"gigabytes", section.FormatBytes(3_450_000_000), "3.5 GB"},
		{"a byte rate", section.FormatByteRate(1500.4), "1.5 kB/s"},
		{"a fraction of a byte per second", section.FormatByteRate(0.4), "0 B/s"},
		{"events per second", section.FormatPerSecond(0.34), "0.3/s"},
		{"whole events per second", section.FormatPerSecond(12), "12/s"},
		{"count", section.FormatCount(1234567), "1,234,567"},
		{"small count", section.FormatCount(12), "12"},
		{"negative count", section.FormatCount(-1234), "-1,234"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %q, want %q", tt.got, tt.want)
			}
			if strings.Contains(tt.got, "-0") {
				t.Errorf("got %q: a negative zero", tt.got)
			}
		})
	}
}
