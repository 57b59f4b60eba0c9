// Barbican's schema messages quote the value they refuse as Python prints
// it (repr): these helpers write JSON values that way.

package labcloud

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// optString decodes an optional JSON string: absent or null is nil, true;
// a string longer than max runes (max < 0: no limit) or another type is
// false.
func optString(raw json.RawMessage, max int) (*string, bool) {
	if raw == nil || string(raw) == "null" {
		return nil, true
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return nil, false
	}
	if max >= 0 && utf8.RuneCountInString(s) > max {
		return nil, false
	}
	return &s, true
}

// pyTypeError is jsonschema's message for a value that is not a string of
// at most max runes.
func pyTypeError(raw json.RawMessage, typ string, max int) string {
	var s string
	if json.Unmarshal(raw, &s) == nil && utf8.RuneCountInString(s) > max {
		return pyJSON(raw) + " is too long"
	}
	return pyJSON(raw) + " is not of type '" + typ + "'"
}

// pyJSON is a JSON value as Python's repr prints its decoded form.
func pyJSON(raw json.RawMessage) string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return string(raw)
	}
	return pyValue(v)
}

func pyValue(v any) string {
	switch t := v.(type) {
	case nil:
		return "None"
	case bool:
		if t {
			return "True"
		}
		return "False"
	case float64:
		if t == float64(int64(t)) {
			return strconv.FormatInt(int64(t), 10)
		}
		return strconv.FormatFloat(t, 'g', -1, 64)
	case string:
		return pyRepr(t)
	case []any:
		out := make([]string, len(t))
		for i, x := range t {
			out[i] = pyValue(x)
		}
		return "[" + strings.Join(out, ", ") + "]"
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		out := make([]string, len(keys))
		for i, k := range keys {
			out[i] = pyRepr(k) + ": " + pyValue(t[k])
		}
		return "{" + strings.Join(out, ", ") + "}"
	}
	return fmt.Sprint(v)
}
