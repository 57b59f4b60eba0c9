package octavia

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"

	"github.com/gophercloud/gophercloud/v2"

	"github.com/octaview/octaview/waiters"
)

// ErrorCode is the machine-readable kind of an *Error. Code on it, not on
// HTTP statuses: mapError is the one place that turns statuses into codes.
type ErrorCode string

// Error codes.
const (
	ENOTFOUND     ErrorCode = "ENOTFOUND"     // 404: the resource does not exist (or no longer)
	ECONFLICT     ErrorCode = "ECONFLICT"     // 409, permanent: duplicate member, port in use, ...
	EIMMUTABLE    ErrorCode = "EIMMUTABLE"    // 409, transient: the load balancer is PENDING_*; retry when ACTIVE
	EUNAUTHORIZED ErrorCode = "EUNAUTHORIZED" // 401: bad credentials or an expired/revoked token
	EFORBIDDEN    ErrorCode = "EFORBIDDEN"    // 403: the role does not allow it (a reader writing, ...)
	EINVALID      ErrorCode = "EINVALID"      // 400 (and other 4xx): the request is wrong
	EQUOTA        ErrorCode = "EQUOTA"        // 403 (or 413) "Quota has been met for resources: ..."
	EUNSUPPORTED  ErrorCode = "EUNSUPPORTED"  // 501: the provider driver does not support a requested option or action (SOURCE_IP_PORT on amphora)
	EUNAVAILABLE  ErrorCode = "EUNAVAILABLE"  // 502/503/504, network failures, transport timeouts
	ETIMEOUT      ErrorCode = "ETIMEOUT"      // a wait ran past its Timeout, or ctx's deadline passed
	ECANCELED     ErrorCode = "ECANCELED"     // ctx was canceled
	EFAILED       ErrorCode = "EFAILED"       // a wait saw the resource go to provisioning_status ERROR
	EINTERNAL     ErrorCode = "EINTERNAL"     // 500, undecodable answers, refused hosts, client bugs
	ENOPROJECT    ErrorCode = "ENOPROJECT"    // log in: the user has no project to scope to
)

// Error is the one error type the octavia package returns for a failed call.
// It keeps what a user needs (Code, Octavia's Fault text) apart from what an
// operator needs (StatusCode, RequestID, Op, the wrapped Err).
type Error struct {
	Code       ErrorCode
	StatusCode int    // HTTP status, 0 when no response came back
	Fault      string // the service's own message: Octavia's faultstring, Keystone's error.message
	RequestID  string // X-Openstack-Request-Id of the failed response, if any
	Op         string // what we were doing, e.g. "get load balancer 5c1f..."
	Err        error  // the underlying error (gophercloud's, net/http's, ctx's)
}

// Error returns "op: CODE (status): fault [request id]", lower-case where it is ours.
func (e *Error) Error() string {
	var b strings.Builder
	if e.Op != "" {
		b.WriteString(e.Op)
		b.WriteString(": ")
	}
	b.WriteString(string(e.Code))
	if e.StatusCode != 0 {
		fmt.Fprintf(&b, " (%d)", e.StatusCode)
	}
	switch {
	case e.Fault != "":
		b.WriteString(": ")
		b.WriteString(e.Fault)
	case e.Err != nil:
		b.WriteString(": ")
		b.WriteString(e.Err.Error())
	}
	if e.RequestID != "" {
		b.WriteString(" [")
		b.WriteString(e.RequestID)
		b.WriteString("]")
	}
	return b.String()
}

// Unwrap returns the underlying error, so errors.Is/As and
// gophercloud.ResponseCodeIs(err, 404) keep working through an *Error.
func (e *Error) Unwrap() error { return e.Err }

// Is reports whether e matches target: waiters.ErrGone for an ENOTFOUND, so
// that waiters.ForDelete ends on a 404.
func (e *Error) Is(target error) bool { return target == waiters.ErrGone && e.Code == ENOTFOUND }

// ErrorCodeOf returns the Code of the first *Error in err's chain, "" for a
// nil err; for the errors of a wait: ETIMEOUT (waiters.ErrTimeout, ctx's
// deadline), EFAILED (*waiters.StatusError), ECANCELED (ctx canceled); and
// EINTERNAL for any other error.
func ErrorCodeOf(err error) ErrorCode {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	var se *waiters.StatusError
	if errors.As(err, &se) {
		return EFAILED
	}
	switch {
	case errors.Is(err, waiters.ErrTimeout), errors.Is(err, context.DeadlineExceeded):
		return ETIMEOUT
	case errors.Is(err, context.Canceled):
		return ECANCELED
	}
	return EINTERNAL
}

// Message returns one plain sentence for a user: what went wrong, in words,
// followed by the service's own text when it sent one. "" for a nil err.
func Message(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if !errors.As(err, &e) {
		e = &Error{Code: ErrorCodeOf(err), Err: err}
	}
	var s string
	switch e.Code {
	case ENOTFOUND:
		s = "It does not exist (any more)."
	case EIMMUTABLE:
		s = "The load balancer is busy with another change; try again once it is ACTIVE."
	case ECONFLICT:
		s = "This conflicts with something that already exists."
	case EUNAUTHORIZED:
		s = "You are not logged in, or your session has expired."
	case EFORBIDDEN:
		s = "Your role does not allow this."
	case EINVALID:
		s = "The request was refused as invalid."
	case EQUOTA:
		s = "Your project's quota is used up."
	case EUNSUPPORTED:
		s = "The load balancer's provider does not support this."
	case EUNAVAILABLE:
		s = "The service could not be reached."
	case ETIMEOUT:
		s = "This took longer than allowed."
	case ECANCELED:
		s = "This was canceled."
	case EFAILED:
		s = "Octavia could not carry out the change."
	default:
		s = "Something went wrong inside Octaview or the service."
	}
	detail := e.Fault
	if detail == "" && e.Err != nil && e.StatusCode == 0 && e.Code != ECANCELED {
		detail = e.Err.Error()
	}
	if detail != "" {
		s += " " + sentence(detail)
	}
	return s
}

// sentence capitalises s and ends it with a period.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "!") && !strings.HasSuffix(s, "?") {
		s += "."
	}
	return s
}

// Texts Octavia puts in its faultstring, matched case-insensitively.
const (
	immutableText = "is immutable and cannot be updated" // octavia.common.exceptions.ImmutableObject
	quotaText     = "quota has been met"                 // octavia.common.exceptions.QuotaException
	// octavia.common.exceptions.LBPendingStateError: "Invalid state
	// PENDING_UPDATE of loadbalancer resource <id>" (failover, and some
	// writes, on a load balancer that is not ACTIVE).
	pendingStatePrefix = "invalid state pending_"
	pendingStateText   = "of loadbalancer resource"
)

// busyFault reports whether fault says the load balancer is in a PENDING_*
// state and so refuses writes for now: ImmutableObject, or
// LBPendingStateError naming a PENDING_* state. LBPendingStateError naming
// ERROR is not busy: that load balancer will not become ACTIVE by itself.
func busyFault(fault string) bool {
	lower := strings.ToLower(fault)
	if strings.Contains(lower, immutableText) {
		return true
	}
	return strings.Contains(lower, pendingStatePrefix) && strings.Contains(lower, pendingStateText)
}

// RequestIDHeader is the response header carrying OpenStack's request id.
const RequestIDHeader = "X-Openstack-Request-Id"

// mapError is THE mapping from a failed call to an *Error; every request helper
// (do, get, put, del, list and the result helpers) runs its error through it. op says what was
// being done ("list load balancers"). nil stays nil, and an *Error passes
// through untouched (with Op filled in if it had none).
func mapError(op string, err error) error {
	if err == nil {
		return nil
	}
	if e := (*Error)(nil); errors.As(err, &e) {
		if e.Op == "" {
			e.Op = op
		}
		return e
	}
	e := &Error{Op: op, Err: err}

	// gophercloud hides the 401 it could not recover from in a type without Unwrap.
	var rv gophercloud.ErrUnableToReauthenticate
	if errors.As(err, &rv) && rv.ErrOriginal != nil {
		e.Err = fmt.Errorf("%w (re-authentication failed: %v)", rv.ErrOriginal, rv.ErrReauth)
	}
	var r *gophercloud.ErrUnableToReauthenticate
	if errors.As(err, &r) && r.ErrOriginal != nil {
		e.Err = fmt.Errorf("%w (re-authentication failed: %v)", r.ErrOriginal, r.ErrReauth)
	}

	if rc, ok := responseCode(e.Err); ok {
		e.StatusCode = rc.Actual
		e.Fault = faultOf(rc.Body)
		if rc.ResponseHeader != nil {
			e.RequestID = rc.ResponseHeader.Get(RequestIDHeader)
		}
		e.Code = codeFor(rc.Actual, e.Fault)
		return e
	}

	var ne net.Error
	switch {
	case errors.Is(err, context.Canceled):
		e.Code = ECANCELED
	case errors.Is(err, context.DeadlineExceeded):
		e.Code = ETIMEOUT
	case errors.Is(err, ErrHostNotAllowed):
		e.Code = EINTERNAL
	case isInputError(err):
		e.Code = EINVALID // gophercloud refused the options before sending anything
	case errors.As(err, &ne):
		e.Code = EUNAVAILABLE // *url.Error: no answer came back; includes net/http's own timeouts
	default:
		e.Code = EINTERNAL
	}
	return e
}

// isInputError reports gophercloud's errors for options it refused to send
// (a required field left empty, an invalid value).
func isInputError(err error) bool {
	var missing gophercloud.ErrMissingInput
	var invalid gophercloud.ErrInvalidInput
	return errors.As(err, &missing) || errors.As(err, &invalid)
}

// codeFor maps an HTTP status and the service's fault text to a code.
func codeFor(status int, fault string) ErrorCode {
	lower := strings.ToLower(fault)
	switch {
	case status == http.StatusNotFound:
		return ENOTFOUND
	case status == http.StatusConflict && busyFault(fault):
		return EIMMUTABLE
	case status == http.StatusConflict:
		return ECONFLICT
	case status == http.StatusUnauthorized:
		return EUNAUTHORIZED
	case (status == http.StatusForbidden || status == http.StatusRequestEntityTooLarge) && strings.Contains(lower, "quota"):
		return EQUOTA
	case status == http.StatusForbidden:
		return EFORBIDDEN
	case status == http.StatusNotImplemented:
		return EUNSUPPORTED
	case status == http.StatusBadGateway, status == http.StatusServiceUnavailable, status == http.StatusGatewayTimeout:
		return EUNAVAILABLE
	case status >= 400 && status < 500:
		return EINVALID
	default:
		return EINTERNAL
	}
}

// responseCode finds gophercloud's ErrUnexpectedResponseCode (value or pointer) in err's chain.
func responseCode(err error) (gophercloud.ErrUnexpectedResponseCode, bool) {
	var rc gophercloud.ErrUnexpectedResponseCode
	if errors.As(err, &rc) {
		return rc, true
	}
	var prc *gophercloud.ErrUnexpectedResponseCode
	if errors.As(err, &prc) && prc != nil {
		return *prc, true
	}
	return gophercloud.ErrUnexpectedResponseCode{}, false
}

// faultOf extracts the human text from an OpenStack error body:
// Octavia {"faultcode","faultstring","debuginfo"}, Keystone {"error":{"message"}},
// Neutron {"NeutronError":{"message"}}, Barbican {"code","title","description"},
// Nova {"itemNotFound":{"code","message"}} (one key, named by the fault), or a
// short plain-text body.
func faultOf(body []byte) string {
	var f struct {
		FaultString string `json:"faultstring"`
		Error       *struct {
			Message string `json:"message"`
		} `json:"error"`
		Neutron *struct {
			Message string `json:"message"`
		} `json:"NeutronError"`
		Message     string `json:"message"`
		Description string `json:"description"`
	}
	if err := json.Unmarshal(body, &f); err == nil {
		switch {
		case f.FaultString != "":
			return f.FaultString
		case f.Error != nil && f.Error.Message != "":
			return f.Error.Message
		case f.Neutron != nil && f.Neutron.Message != "":
			return f.Neutron.Message
		case f.Message != "":
			return f.Message
		case f.Description != "":
			return f.Description
		}
		var nova map[string]struct {
			Message string `json:"message"`
		}
		if json.Unmarshal(body, &nova) == nil && len(nova) == 1 {
			for _, v := range nova {
				return v.Message
			}
		}
		return ""
	}
	s := strings.TrimSpace(string(body))
	if len(s) > 200 || strings.HasPrefix(s, "<") {
		return "" // an HTML error page from a proxy says nothing useful
	}
	return s
}
