package octavia

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Object is one Octavia resource exactly as its JSON says it: attribute
// name to value (strings, float64 numbers, bools, nil for null, []any,
// map[string]any), every attribute Octavia sent and none it did not. It is
// what the kind-indexed calls (List, Get, Create, Update) read and write.
type Object map[string]any

// TimeLayout is how Octavia writes times: UTC, to the second, no zone
// ("2026-11-30T14:55:14").
const TimeLayout = "2006-01-02T15:04:05"

// Text is attribute key as text (ValueText): "" when absent or null.
func (o Object) Text(key string) string { return ValueText(o[key]) }

// IDs are the ids of a list attribute of {"id": …} objects (a listener's
// loadbalancers, a pool's members) or of strings; a string attribute gives
// itself (a policy's listener_id).
func (o Object) IDs(key string) []string {
	switch x := o[key].(type) {
	case string:
		if x != "" {
			return []string{x}
		}
	case []any:
		var out []string
		for _, e := range x {
			switch v := e.(type) {
			case map[string]any:
				if id, ok := v["id"].(string); ok {
					out = append(out, id)
				}
			case string:
				out = append(out, v)
			}
		}
		return out
	}
	return nil
}

// Strings is a list attribute of strings (tags, allowed_cidrs); empty, not
// nil, when absent.
func (o Object) Strings(key string) []string {
	list, _ := o[key].([]any)
	out := make([]string, 0, len(list))
	for _, e := range list {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// Time is a time attribute (Octavia's TimeLayout, or RFC 3339); the zero
// time when there is none.
func (o Object) Time(key string) time.Time { return ParseTime(o.Text(key)) }

// ParseTime parses Octavia's TimeLayout or RFC 3339; the zero time when s
// is neither.
func ParseTime(s string) time.Time {
	for _, layout := range []string{TimeLayout, time.RFC3339Nano} {
		if t, err := time.Parse(layout, s); err == nil {
			return t
		}
	}
	return time.Time{}
}

// ValueText writes a JSON value as text: "" for null; numbers without a
// trailing ".0"; bools "true"/"false"; lists joined by ", " (a list of
// {"id": …} objects by their ids); an object as compact JSON.
func ValueText(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case int:
		return strconv.Itoa(x)
	case []string:
		return strings.Join(x, ", ")
	case []any:
		parts := make([]string, 0, len(x))
		for _, e := range x {
			if m, ok := e.(map[string]any); ok {
				if id, ok := m["id"].(string); ok {
					parts = append(parts, id)
					continue
				}
			}
			parts = append(parts, ValueText(e))
		}
		return strings.Join(parts, ", ")
	case map[string]any, Object:
		b, _ := json.Marshal(x)
		return string(b)
	}
	return fmt.Sprint(v)
}
