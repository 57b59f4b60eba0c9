package app

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// object is one Octavia resource as its JSON says it: attribute name to
// value (strings, float64 numbers, bools, lists, nested objects). Every
// kind's pages read it the same way, whatever gophercloud type the client
// returned it in (toObject).
type object map[string]any

// toObject turns a resource as the client returns it (a gophercloud
// struct, or a pointer to one) into an object: its JSON, plus the fields
// gophercloud keeps out of its JSON (`json:"-"`: created_at, updated_at of
// some kinds, a quota's load_balancer) under their snake_case names.
func toObject(v any) object {
	b, err := json.Marshal(v)
	if err != nil {
		return object{}
	}
	var o object
	if err := json.Unmarshal(b, &o); err != nil || o == nil {
		return object{}
	}
	rv := reflect.Indirect(reflect.ValueOf(v))
	if rv.Kind() != reflect.Struct {
		return o
	}
	for i := range rv.NumField() {
		f := rv.Type().Field(i)
		if f.Tag.Get("json") != "-" || !f.IsExported() {
			continue
		}
		key := snake(f.Name)
		switch x := rv.Field(i).Interface().(type) {
		case time.Time:
			if !x.IsZero() {
				o[key] = x.UTC().Format(octaviaTime)
			}
		case string:
			if x != "" {
				o[key] = x
			}
		case int:
			o[key] = float64(x)
		}
	}
	return o
}

// snake writes a Go field name as Octavia's attribute: CreatedAt ->
// created_at, HTTPVersion -> http_version.
func snake(name string) string {
	var b strings.Builder
	rs := []rune(name)
	for i, r := range rs {
		if unicode.IsUpper(r) && i > 0 && (unicode.IsLower(rs[i-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1])) {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// str is attribute key as text: "" when absent or null; numbers without a
// trailing ".0"; bools "true"/"false"; lists joined by ", ".
func (o object) str(key string) string {
	return valueText(o[key])
}

// valueText writes a JSON value as text (see object.str).
func valueText(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case []any:
		parts := make([]string, 0, len(x))
		for _, e := range x {
			if m, ok := e.(map[string]any); ok {
				if id, ok := m["id"].(string); ok {
					parts = append(parts, id)
					continue
				}
			}
			parts = append(parts, valueText(e))
		}
		return strings.Join(parts, ", ")
	case map[string]any, object: // object: a form's nested body (session_persistence)
		b, _ := json.Marshal(x)
		return string(b)
	}
	return fmt.Sprint(v)
}

// ids are the ids of a list attribute of {"id": …} objects (a listener's
// loadbalancers, a pool's members) or of strings.
func (o object) ids(key string) []string {
	list, _ := o[key].([]any)
	var out []string
	for _, e := range list {
		switch x := e.(type) {
		case map[string]any:
			if id, ok := x["id"].(string); ok {
				out = append(out, id)
			}
		case string:
			out = append(out, x)
		}
	}
	return out
}

// strs is a list attribute of strings (tags, allowed_cidrs).
func (o object) strs(key string) []string {
	list, _ := o[key].([]any)
	out := make([]string, 0, len(list))
	for _, e := range list {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// time is a time attribute (Octavia's form or RFC 3339); the zero time when
// there is none.
func (o object) time(key string) time.Time {
	return parseOctaviaTime(o.str(key))
}

// parseOctaviaTime parses Octavia's time form or RFC 3339; the zero time
// when s is neither.
func parseOctaviaTime(s string) time.Time {
	for _, layout := range []string{octaviaTime, time.RFC3339Nano} {
		if t, err := time.Parse(layout, s); err == nil {
			return t
		}
	}
	return time.Time{}
}

// decodeInto fills the client's request options T (a gophercloud
// CreateOpts or UpdateOpts, whose JSON names are Octavia's) from a request
// body built by a form.
func decodeInto[T any](body object) (T, error) {
	var opts T
	b, err := json.Marshal(body)
	if err == nil {
		err = json.Unmarshal(b, &opts)
	}
	return opts, err
}

// requestBody is a create or update body as a form built it: Octavia's
// attributes under the kind's envelope ("listener": {...}). It is every
// client write's options builder, so the request carries exactly what the
// form shows (a null unsets an attribute, as the CLI's "unset" does).
type requestBody struct {
	Envelope string
	Body     object
}

func (b requestBody) toMap() (map[string]any, error) {
	return map[string]any{b.Envelope: map[string]any(b.Body)}, nil
}

func (b requestBody) ToLoadBalancerCreateMap() (map[string]any, error)  { return b.toMap() }
func (b requestBody) ToLoadBalancerUpdateMap() (map[string]any, error)  { return b.toMap() }
func (b requestBody) ToListenerCreateMap() (map[string]any, error)      { return b.toMap() }
func (b requestBody) ToListenerUpdateMap() (map[string]any, error)      { return b.toMap() }
func (b requestBody) ToPoolCreateMap() (map[string]any, error)          { return b.toMap() }
func (b requestBody) ToPoolUpdateMap() (map[string]any, error)          { return b.toMap() }
func (b requestBody) ToMemberCreateMap() (map[string]any, error)        { return b.toMap() }
func (b requestBody) ToMemberUpdateMap() (map[string]any, error)        { return b.toMap() }
func (b requestBody) ToMonitorCreateMap() (map[string]any, error)       { return b.toMap() }
func (b requestBody) ToMonitorUpdateMap() (map[string]any, error)       { return b.toMap() }
func (b requestBody) ToL7PolicyCreateMap() (map[string]any, error)      { return b.toMap() }
func (b requestBody) ToL7PolicyUpdateMap() (map[string]any, error)      { return b.toMap() }
func (b requestBody) ToRuleCreateMap() (map[string]any, error)          { return b.toMap() }
func (b requestBody) ToRuleUpdateMap() (map[string]any, error)          { return b.toMap() }
func (b requestBody) ToFlavorCreateMap() (map[string]any, error)        { return b.toMap() }
func (b requestBody) ToFlavorUpdateMap() (map[string]any, error)        { return b.toMap() }
func (b requestBody) ToFlavorProfileCreateMap() (map[string]any, error) { return b.toMap() }
func (b requestBody) ToFlavorProfileUpdateMap() (map[string]any, error) { return b.toMap() }
func (b requestBody) ToQuotaUpdateMap() (map[string]any, error)         { return b.toMap() }
func (b requestBody) ToAvailabilityZoneCreateMap() (map[string]any, error) {
	return b.toMap()
}
func (b requestBody) ToAvailabilityZoneUpdateMap() (map[string]any, error) {
	return b.toMap()
}
func (b requestBody) ToAvailabilityZoneProfileCreateMap() (map[string]any, error) {
	return b.toMap()
}
func (b requestBody) ToAvailabilityZoneProfileUpdateMap() (map[string]any, error) {
	return b.toMap()
}
