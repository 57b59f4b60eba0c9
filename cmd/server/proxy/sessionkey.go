//go:build !js

// The session key's strength: the cookie that carries a Keystone token is
// only as safe as the secret it is sealed with, and a workshop's curious
// trainee can try guesses offline against a cookie of their own.

package proxy

import (
	"fmt"
	"math"
)

// Bounds of CheckSessionKey.
const (
	MinSessionKeyLen  = 32  // bytes
	MinSessionKeyBits = 128 // estimated entropy
)

// CheckSessionKey refuses a session key shorter than MinSessionKeyLen
// bytes, or whose estimated entropy (the Shannon entropy of its byte
// frequencies times its length: a repeated byte or a repeated word scores
// low) is under MinSessionKeyBits. It cannot see that a long, varied text
// is guessable: draw keys at random (`head -c 48 /dev/urandom | base64`).
func CheckSessionKey(key []byte) error {
	const hint = "draw one at random, e.g. head -c 48 /dev/urandom | base64"
	if len(key) < MinSessionKeyLen {
		return fmt.Errorf("the key has %d bytes, want at least %d (%s)", len(key), MinSessionKeyLen, hint)
	}
	if bits := keyEntropy(key); bits < MinSessionKeyBits {
		return fmt.Errorf("the key has about %.0f bits of entropy (too few distinct characters, or a repeated pattern), want at least %d (%s)", bits, MinSessionKeyBits, hint)
	}
	return nil
}

// keyEntropy estimates the entropy of key in bits from its byte
// frequencies.
func keyEntropy(key []byte) float64 {
	var counts [256]int
	for _, b := range key {
		counts[b]++
	}
	n := float64(len(key))
	perByte := 0.0
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			perByte -= p * math.Log2(p)
		}
	}
	return perByte * n
}
