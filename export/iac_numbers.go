package export

import "github.com/octaview/octaview/octavia"

// plainTree is a copy of t in one form for every writer (normal): numbers
// float64 wherever the client decoded them as json.Number (as Fetch's
// objects have them) or a plan holds ints, lists []any where a plan (the
// wizard's form) holds []string, so that Settable compares them with
// Octavia's defaults and the writers write them as numbers and lists. t is
// not changed.
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
	return octavia.Object(normal(map[string]any(o)).(map[string]any))
}
