// Package jsonscan splits an encoded JSON object into its members in one
// pass, without decoding it: the lab cloud copies the members a request's
// ?fields asks for, and the client's list rows take the attributes they
// show, each straight from the bytes of the answer. White space between
// tokens (Octavia's Python encoder writes ", " and ": ") is skipped; the
// values themselves are not checked beyond what finding their end needs.
package jsonscan

import (
	"bytes"
	"encoding/json"
)

// Member is one `"key": value` of an encoded object.
type Member struct {
	Key   []byte // unquoted
	Raw   []byte // `"key": value`, as encoded
	Value []byte // the value, as encoded
}

// Members splits the JSON object b into its members, appended to dst; ok
// is false if b is not one object (surrounding white space allowed).
func Members(b []byte, dst []Member) (ms []Member, ok bool) {
	i := skipSpace(b, 0)
	end := len(b)
	for end > i && isSpace(b[end-1]) {
		end--
	}
	b = b[:end]
	if end-i < 2 || b[i] != '{' || b[end-1] != '}' {
		return dst, false
	}
	i = skipSpace(b, i+1)
	if b[i] == '}' {
		return dst, i == end-1
	}
	for {
		start := i
		keyEnd, ok := SkipString(b, i)
		if !ok {
			return dst, false
		}
		key, ok := Unquote(b[start:keyEnd])
		if !ok {
			return dst, false
		}
		i = skipSpace(b, keyEnd)
		if i >= end || b[i] != ':' {
			return dst, false
		}
		v := skipSpace(b, i+1)
		i, ok = SkipValue(b, v)
		if !ok || i >= end {
			return dst, false
		}
		dst = append(dst, Member{Key: key, Raw: b[start:i], Value: b[v:i]})
		i = skipSpace(b, i)
		if i >= end {
			return dst, false
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			return dst, i == end-1
		default:
			return dst, false
		}
	}
}

// Unquote returns the string of the JSON string literal q (a slice of q
// when it holds no escape).
func Unquote(q []byte) ([]byte, bool) {
	if len(q) < 2 || q[0] != '"' || q[len(q)-1] != '"' {
		return nil, false
	}
	if bytes.IndexByte(q, '\\') < 0 {
		return q[1 : len(q)-1], true
	}
	var s string
	if err := json.Unmarshal(q, &s); err != nil {
		return nil, false
	}
	return []byte(s), true
}

// SkipString returns the index just past the JSON string starting at b[i].
func SkipString(b []byte, i int) (int, bool) {
	if i >= len(b) || b[i] != '"' {
		return i, false
	}
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1, true
		}
	}
	return i, false
}

// SkipValue returns the index just past the JSON value starting at b[i].
func SkipValue(b []byte, i int) (int, bool) {
	if i >= len(b) {
		return i, false
	}
	switch b[i] {
	case '"':
		return SkipString(b, i)
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch b[i] {
			case '"':
				var ok bool
				if i, ok = SkipString(b, i); !ok {
					return i, false
				}
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1, true
				}
			}
			i++
		}
		return i, false
	}
	// A number, true, false or null: up to the next delimiter.
	j := i
	for j < len(b) && b[j] != ',' && b[j] != '}' && b[j] != ']' && !isSpace(b[j]) {
		j++
	}
	return j, j > i
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

// Elements calls each with every value of the JSON array b, in order, until
// each returns false (stop true); ok is false if b is not an array.
func Elements(b []byte, each func(v []byte) bool) (stop, ok bool) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '[' {
		return false, false
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		return false, true
	}
	for i < len(b) {
		end, ok := SkipValue(b, i)
		if !ok {
			return false, false
		}
		if !each(b[i:end]) {
			return true, true
		}
		i = skipSpace(b, end)
		if i >= len(b) {
			return false, false
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case ']':
			return false, true
		default:
			return false, false
		}
	}
	return false, false
}
