package jsonscan

import (
	"slices"
	"testing"
)

func TestMembers(t *testing.T) {
	tests := []struct {
		name string
		in   string
		keys []string
		vals []string
		ok   bool
	}{
		{"compact", `{"a":1,"b":"x","c":[1,{"d":"}"}],"e":null}`, []string{"a", "b", "c", "e"}, []string{"1", `"x"`, `[1,{"d":"}"}]`, "null"}, true},
		{"Python's separators", "{\"a\": 1, \"b\": \"x\" ,\n \"c\" : {\"d\": [ ]} }\n", []string{"a", "b", "c"}, []string{"1", `"x"`, `{"d": [ ]}`}, true},
		{"escaped key", `{"a\"b": true}`, []string{`a"b`}, []string{"true"}, true},
		{"empty", ` { } `, nil, nil, true},
		{"not an object", `[1]`, nil, nil, false},
		{"cut short", `{"a": 1`, nil, nil, false},
		{"two objects", `{"a":1}{"b":2}`, nil, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ms, ok := Members([]byte(tt.in), nil)
			if ok != tt.ok {
				t.Fatalf("ok: got %v, want %v", ok, tt.ok)
			}
			if !ok {
				return
			}
			var keys, vals []string
			for _, m := range ms {
				keys, vals = append(keys, string(m.Key)), append(vals, string(m.Value))
			}
			if !slices.Equal(keys, tt.keys) || !slices.Equal(vals, tt.vals) {
				t.Errorf("got %q = %q, want %q = %q", keys, vals, tt.keys, tt.vals)
			}
		})
	}
}

func TestElements(t *testing.T) {
	var got []string
	stop, ok := Elements([]byte(` [ {"a": [1, 2]}, "x]" ,3 ,null] `), func(v []byte) bool { got = append(got, string(v)); return true })
	if !ok || stop || !slices.Equal(got, []string{`{"a": [1, 2]}`, `"x]"`, "3", "null"}) {
		t.Errorf("got %q, %v, %v", got, stop, ok)
	}
	got = nil
	stop, ok = Elements([]byte(`[1,2,3]`), func(v []byte) bool { got = append(got, string(v)); return len(got) < 2 })
	if !ok || !stop || len(got) != 2 {
		t.Errorf("stopped early: got %q, %v, %v", got, stop, ok)
	}
	if _, ok := Elements([]byte(`{"a":1}`), func([]byte) bool { return true }); ok {
		t.Errorf("an object: got ok")
	}
	if _, ok := Elements([]byte(`[]`), func([]byte) bool { t.Error("called on an empty array"); return true }); !ok {
		t.Errorf("an empty array: got not ok")
	}
}

func TestUnquote(t *testing.T) {
	for in, want := range map[string]string{`"plain"`: "plain", `"caf\u00e9 \"x\""`: `café "x"`, `""`: ""} {
		if got, ok := Unquote([]byte(in)); !ok || string(got) != want {
			t.Errorf("Unquote(%s): got %q, %v; want %q", in, got, ok, want)
		}
	}
	if _, ok := Unquote([]byte(`x`)); ok {
		t.Errorf("Unquote(x): got ok")
	}
}
