//go:build !js

package proxy

import (
	"strings"
	"testing"
)

func TestCheckSessionKey(t *testing.T) {
	cases := []struct {
		name, key, wantErr string
	}{
		{"a random key", string(RandomSessionKey()), ""},
		{"base64 of 48 random bytes", "q2Vb3N0m9kYp8Qx1T7rWc5LzA0hE4uJ6sFdG2iK9oPlM3nB8vC1xZ7yR5tU0wQ4e", ""},
		{"one byte", "k", "1 bytes, want at least 32"},
		{"31 bytes", "q2Vb3N0m9kYp8Qx1T7rWc5LzA0hE4uJ", "31 bytes"},
		{"one repeated byte", strings.Repeat("a", 64), "bits of entropy"},
		{"a repeated word", strings.Repeat("password", 4), "bits of entropy"},
		{"two characters", strings.Repeat("ab", 40), "bits of entropy"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckSessionKey([]byte(tc.key))
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("got %v, want the key accepted", err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Errorf("got %v, want an error containing %q", err, tc.wantErr)
			}
		})
	}
}
