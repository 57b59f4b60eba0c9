package form

import (
	"strings"
	"testing"
)

func TestConflictText(t *testing.T) {
	tests := []struct {
		name, fault, status string
		want                bool // the ERROR words
	}{
		{"update of an ERROR load balancer", "Invalid state ERROR of loadbalancer resource 8c1f", "", true},
		{"the fault's state wins over a later read", "Invalid state PENDING_UPDATE of loadbalancer resource 8c1f", "ERROR", false},
		{"a child's write on an ERROR load balancer", "Load Balancer 8c1f is immutable and cannot be updated.", "ERROR", true},
		{"a busy load balancer", "Load Balancer 8c1f is immutable and cannot be updated.", "PENDING_UPDATE", false},
		{"a duplicate member", "Another member on this pool is already using ip 10.0.0.5 on protocol_port 80", "ERROR", false},
		{"no fault, ERROR read", "", "ERROR", true},
		{"nothing known", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ConflictText(tt.fault, tt.status)
			if (got != "") != tt.want {
				t.Fatalf("ConflictText(%q, %q) = %q, want the ERROR words: %v", tt.fault, tt.status, got, tt.want)
			}
			if got != "" && tt.fault != "" && !strings.Contains(got, "Octavia said: "+tt.fault) {
				t.Errorf("ConflictText(%q) = %q, want Octavia's words in it", tt.fault, got)
			}
		})
	}
	if got := FaultState("invalid state pending_delete of loadbalancer resource x"); got != "PENDING_DELETE" {
		t.Errorf("FaultState = %q, want PENDING_DELETE", got)
	}
}
