package export

import (
	"encoding/json"

	"github.com/octaview/octaview/octavia"
)

// plainTree is a copy of t whose numbers are float64 wherever the client
// decoded them as json.Number (as Fetch's objects have them), so that
// Settable compares them with Octavia's defaults and the writers write
// them as numbers. t is not changed.
func plainTree(t Tree) Tree {
	out := t
	out.LoadBalancer = plainObject(t.LoadBalancer)
	out.Listeners = plainObjects(t.Listeners)
	out.Pools = plainObjects(t.Pools)
	out.Monitors = plainObjects(t.Monitors)
	out.Policies = plainObjects(t.Policies)
	out.Members = make(map[string][]octavia.Object, len(t.Members))
	for k, v := range t.Members {
		out.Members[k] = plainObjects(v)
	}
	out.Rules = make(map[string][]octavia.Object, len(t.Rules))
	for k, v := range t.Rules {
		out.Rules[k] = plainObjects(v)
	}
	return out
}

func plainObjects(list []octavia.Object) []octavia.Object {
	if list == nil {
		return nil
	}
	out := make([]octavia.Object, len(list))
	for i, o := range list {
		out[i] = plainObject(o)
	}
	return out
}

func plainObject(o octavia.Object) octavia.Object {
	if o == nil {
		return nil
	}
	return octavia.Object(plainValue(map[string]any(o)).(map[string]any))
}

// plainValue is v, deep-copied, with each json.Number a float64.
func plainValue(v any) any {
	switch x := v.(type) {
	case json.Number:
		if f, err := x.Float64(); err == nil {
			return f
		}
		return x.String()
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = plainValue(e)
		}
		return out
	case octavia.Object:
		return plainValue(map[string]any(x))
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = plainValue(e)
		}
		return out
	}
	return v
}
