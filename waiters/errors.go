package waiters

import "errors"

// ErrTimeout is returned when a wait ran past its Timeout (for ForDelete,
// DefaultDeleteTimeout when Timeout is 0). It is returned as is, so both
// errors.Is(err, ErrTimeout) and err == ErrTimeout hold.
var ErrTimeout = errors.New("waiters: the wait ran past its timeout")

// ErrNoStatus is returned when the resource answered with no status: the
// Getter returned "" and no error. python-octaviaclient crashes there
// ('NoneType' object has no attribute 'lower'). It is returned as is.
var ErrNoStatus = errors.New("waiters: the resource answered with no status " +
	"(its provisioning_status, or status for amphorae, is missing or empty)")

// StatusError is returned, as *StatusError, when the resource reached ERROR.
type StatusError struct {
	// Status is the status as read (for example "ERROR").
	Status string
}

// Error says which status the resource reached.
func (e *StatusError) Error() string {
	return "waiters: the resource went to " + e.Status
}
