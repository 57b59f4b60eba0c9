package console

import (
	"strings"
	"testing"

	"github.com/octaview/octaview/octavia"
)

func TestWriteErrorTextInError(t *testing.T) {
	tests := []struct {
		name   string
		err    error
		busyAs string
		want   string
		noWant string
		errorS bool // inErrorState
	}{
		{"an ERROR load balancer's update", &octavia.Error{Code: octavia.ECONFLICT, StatusCode: 409,
			Fault: "Invalid state ERROR of loadbalancer resource 1234"}, "", "Octavia said: Invalid state ERROR", "conflicts with something", true},
		{"a child's create on an ERROR load balancer", &octavia.Error{Code: octavia.EIMMUTABLE, StatusCode: 409,
			Fault: "Load Balancer 1234 is immutable and cannot be updated."}, "ERROR", "failed over", "try again when it is ACTIVE", true},
		{"a busy load balancer stays busy", &octavia.Error{Code: octavia.EIMMUTABLE, StatusCode: 409,
			Fault: "Load Balancer 1234 is immutable and cannot be updated."}, "PENDING_UPDATE", "try again when it is ACTIVE", "failed over", false},
		{"a duplicate stays a conflict", &octavia.Error{Code: octavia.ECONFLICT, StatusCode: 409,
			Fault: "Another member on this pool is already using ip 10.0.0.1 on protocol_port 80"}, "", "already using ip", "ERROR", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := WriteErrorText(tt.err, tt.busyAs)
			if !strings.Contains(got, tt.want) || strings.Contains(got, tt.noWant) {
				t.Errorf("got %q, want %q in it and not %q", got, tt.want, tt.noWant)
			}
			if e := inErrorState(tt.err, tt.busyAs); e != tt.errorS {
				t.Errorf("inErrorState = %v, want %v (no Retry when ACTIVE for ERROR)", e, tt.errorS)
			}
		})
	}
}
