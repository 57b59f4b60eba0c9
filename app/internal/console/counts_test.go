package console

import (
	"reflect"
	"testing"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/app/internal/ui"
)

func TestStatusCounts(t *testing.T) {
	row := func(prov, oper string) tab.Row { return tab.Row{ProvisioningStatus: prov, OperatingStatus: oper} }
	tests := []struct {
		name  string
		rows  []tab.Row
		want  []string
		worst ui.StatusTone
	}{
		{"a member down is not counted active", []tab.Row{row("ACTIVE", "ONLINE"), row("ACTIVE", "ERROR")},
			[]string{"1 online", "1 error"}, ui.ToneError},
		{"all well", []tab.Row{row("ACTIVE", "ONLINE"), row("ACTIVE", "ONLINE")}, []string{"2 online"}, ui.ToneOK},
		{"a degraded load balancer among many", []tab.Row{row("ACTIVE", "ONLINE"), row("ACTIVE", "DEGRADED"), row("ACTIVE", "ONLINE")},
			[]string{"2 online", "1 degraded"}, ui.ToneWarn},
		{"a create under way", []tab.Row{row("PENDING_CREATE", "OFFLINE"), row("ACTIVE", "NO_MONITOR")},
			[]string{"1 offline", "1 no monitor", "1 pending"}, ui.TonePending},
		{"a failed change", []tab.Row{row("ERROR", "ONLINE")}, []string{"1 online", "1 provisioning error"}, ui.ToneError},
		{"nothing read yet", []tab.Row{row("", "")}, nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			counts := StatusCounts(tt.rows)
			var got []string
			for _, c := range counts {
				got = append(got, c.Text())
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			if w := WorstTone(counts); w != tt.worst {
				t.Errorf("worst tone %v, want %v", w, tt.worst)
			}
		})
	}
}
