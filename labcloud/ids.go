package labcloud

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"time"
)

// octaviaTime is the layout of Octavia's timestamps: UTC, no zone.
const octaviaTime = "2006-01-02T15:04:05"

// keystoneTime is the layout of Keystone's expires_at and issued_at.
const keystoneTime = "2006-01-02T15:04:05.000000Z"

// neutronTime is the layout of Neutron's created_at and updated_at.
const neutronTime = "2006-01-02T15:04:05Z"

// newUUID returns a version 4 UUID drawn from rng (seeded: reproducible).
func newUUID(rng *rand.Rand) string {
	var b [16]byte
	for i := 0; i < 16; i += 8 {
		v := rng.Uint64()
		for j := 0; j < 8; j++ {
			b[i+j] = byte(v >> (8 * j))
		}
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	var s [36]byte
	hex.Encode(s[0:8], b[0:4])
	s[8] = '-'
	hex.Encode(s[9:13], b[4:6])
	s[13] = '-'
	hex.Encode(s[14:18], b[6:8])
	s[18] = '-'
	hex.Encode(s[19:23], b[8:10])
	s[23] = '-'
	hex.Encode(s[24:], b[10:])
	return string(s[:])
}

// keystoneID returns Keystone's 32-hex id for a named thing; the same name
// always gives the same id, whatever the Seed.
func keystoneID(kind, name string) string {
	sum := sha256.Sum256([]byte(kind + ":" + name))
	return hex.EncodeToString(sum[:16])
}

// derivedUUID is a version 4 UUID derived from kind and name, as keystoneID:
// the same name always gives the same id, whatever the Seed, drawn without
// touching the seeded sequence of ids (Nova's servers, Neutron's QoS policies).
func derivedUUID(kind, name string) string {
	h := sha256.Sum256([]byte(kind + ":" + name))
	h[6] = h[6]&0x0f | 0x40
	h[8] = h[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", h[0:4], h[4:6], h[6:8], h[8:10], h[10:16])
}

// stamp formats t as Octavia does; the zero time is null.
func stamp(t time.Time) *string {
	if t.IsZero() {
		return nil
	}
	s := t.UTC().Format(octaviaTime)
	return &s
}
