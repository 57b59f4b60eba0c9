package uuid_test

import (
	"fmt"
	"testing"

	"github.com/octaview/octaview/internal/uuid"
)

func ExampleValid() {
	fmt.Println(uuid.Valid("6f1a0c1e-7d2b-4a5e-9f3c-2b1d0e4c8a7f"))
	fmt.Println(uuid.Valid("6f1a0c1e7d2b4a5e9f3c2b1d0e4c8a7f"))
	// Output:
	// true
	// false
}

func TestValid(t *testing.T) {
	for _, tc := range []struct {
		name, s string
		want    bool
	}{
		{"lower case", "6f1a0c1e-7d2b-4a5e-9f3c-2b1d0e4c8a7f", true},
		{"upper case", "6F1A0C1E-7D2B-4A5E-9F3C-2B1D0E4C8A7F", true},
		{"empty", "", false},
		{"no dashes", "6f1a0c1e7d2b4a5e9f3c2b1d0e4c8a7f", false},
		{"braces", "{6f1a0c1e-7d2b-4a5e-9f3c-2b1d0e4c8a7f}", false},
		{"urn", "urn:uuid:6f1a0c1e-7d2b-4a5e-9f3c-2b1d0e4c8a7f", false},
		{"a dash moved", "6f1a0c1-e7d2b-4a5e-9f3c-2b1d0e4c8a7f", false},
		{"not hex", "6f1a0c1e-7d2b-4a5e-9f3c-2b1d0e4c8a7g", false},
		{"one digit short", "6f1a0c1e-7d2b-4a5e-9f3c-2b1d0e4c8a7", false},
		{"a multi-byte rune", "6f1a0c1e-7d2b-4a5e-9f3c-2b1d0e4c8aé", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := uuid.Valid(tc.s); got != tc.want {
				t.Errorf("Valid(%q) = %v, want %v", tc.s, got, tc.want)
			}
		})
	}
}
