package labcloud

import (
	crand "crypto/rand"
	"io"
	"log/slog"
	"math/big"
	"time"
)

// Options configures a Cloud. The zero value is usable.
type Options struct {
	// PublicURL is the base put in the Keystone catalog, e.g. http://127.0.0.1:8080.
	// "" means scheme://Host of each request.
	PublicURL string
	// LinkBase is the base of Octavia's *_links, e.g. http://10.0.0.5:9876 to
	// reproduce a cloud whose links name an internal host. "" means
	// scheme://Host + /load-balancer of each request.
	LinkBase string
	// Delay is how long a PENDING_* state lasts before it completes; 0 means 2 s.
	// Each transition gets a jitter of ±25 %, reproducible from Seed.
	Delay time.Duration
	// Seed makes ids, jitter and injected error answers reproducible.
	Seed int64
	// TokenTTL is the lifetime of Keystone tokens; 0 means 1 h.
	TokenTTL time.Duration
	// TokensPerUser caps the live tokens one user holds; a new login
	// beyond it revokes that user's oldest token. 0 means 100.
	TokensPerUser int
	// MaxPageSize is Octavia's pagination_max_limit; 0 means 1000.
	MaxPageSize int
	// Trainees adds users trainee1..traineeN (password = user name, or a
	// random one with TraineePasswords), each a member of a project of the
	// same name.
	Trainees int
	// TraineePasswords is how trainees' passwords are chosen: "" or
	// PasswordsName (the user name), or PasswordsRandom (random, 12
	// characters from an alphabet without look-alikes).
	TraineePasswords string
	// DemoPasswords is how the passwords of the seeded users demo and viewer
	// are chosen: "" or PasswordsName (the user name), or PasswordsRandom.
	DemoPasswords string
	// AdminPassword is the password of the lab's admin user; "" means "admin".
	AdminPassword string
	// Exercise is the exercise the trainees' progress is checked against
	// (see Exercise); nil: none.
	Exercise *Exercise
	// Scenario seeds projects, networks, load balancers, quotas and faults.
	Scenario *Scenario
	// Logger receives one line per request; nil discards. Tokens are never logged.
	Logger *slog.Logger
}

func (o Options) withDefaults() Options {
	if o.Delay <= 0 {
		o.Delay = 2 * time.Second
	}
	if o.TokenTTL <= 0 {
		o.TokenTTL = time.Hour
	}
	if o.TokensPerUser <= 0 {
		o.TokensPerUser = 100
	}
	if o.AdminPassword == "" {
		o.AdminPassword = "admin"
	}
	if o.MaxPageSize <= 0 {
		o.MaxPageSize = 1000
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return o
}

// Values of Options.TraineePasswords.
const (
	PasswordsName   = "name"   // a trainee's password is its user name
	PasswordsRandom = "random" // each trainee gets a random password
)

// passwordAlphabet has no look-alikes (0/O, 1/l/I): passwords are read off
// printed cards.
const passwordAlphabet = "abcdefghijkmnpqrstuvwxyzACDEFGHJKLMNPQRTUVWXY34679"

// randomPassword returns 12 characters of passwordAlphabet from crypto/rand
// (about 67 bits).
func randomPassword() string {
	b := make([]byte, 12)
	n := big.NewInt(int64(len(passwordAlphabet)))
	for i := range b {
		v, err := crand.Int(crand.Reader, n)
		if err != nil {
			panic(err) // crypto/rand does not fail on supported platforms
		}
		b[i] = passwordAlphabet[v.Int64()]
	}
	return string(b)
}

// RandomPassword returns a random password as the lab draws them for
// trainees (12 characters, no look-alikes): for a lab admin's password.
func RandomPassword() string { return randomPassword() }
