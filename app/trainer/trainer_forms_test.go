package trainer

import (
	"reflect"
	"testing"
	"time"

	"github.com/octaview/octaview/app/serverapi"
)

// TestFaultFormFaults: the faults form's text becomes the lab's faults
// (lists without blanks, durations, a percentage as a fraction), and a
// value the lab cannot take is refused in words before anything is sent.
func TestFaultFormFaults(t *testing.T) {
	for _, tt := range []struct {
		name    string
		form    faultForm
		want    serverapi.Faults
		wantErr string
	}{
		{"empty: no fault", faultForm{}, serverapi.Faults{}, ""},
		{"lists and outages", faultForm{down: " 192.0.2.12, ,m2 ", stuck: "web", errs: "lb1,", octavia: "503", keystone: "reset"},
			serverapi.Faults{DownMembers: []string{"192.0.2.12", "m2"}, Stuck: []string{"web"}, Error: []string{"lb1"}, Octavia: "503", Keystone: "reset"}, ""},
		{"durations and rate", faultForm{latency: "300ms", tokenTTL: " 2m", errRate: "10%"},
			serverapi.Faults{Latency: serverapi.Duration{Duration: 300 * time.Millisecond}, TokenTTL: serverapi.Duration{Duration: 2 * time.Minute}, ErrorRate: 0.1}, ""},
		{"a latency without unit", faultForm{latency: "300"}, serverapi.Faults{}, `latency "300": want a duration like 300ms or 2m`},
		{"a bad token lifetime", faultForm{tokenTTL: "soon"}, serverapi.Faults{}, `token lifetime "soon": want a duration like 300ms or 2m`},
		{"a rate over 100", faultForm{errRate: "150"}, serverapi.Faults{}, `error rate "150": want a percentage from 0 to 100`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.form.faults()
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("got error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("got error %v, want none", err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}
