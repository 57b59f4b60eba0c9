package export

import (
	"encoding/json"

	"github.com/octaview/octaview/octavia"
)

// plainNumbers is o with every json.Number in it (gophercloud decodes a
// single object's GET with UseNumber; its lists come as float64) made a
// float64, as the writers and the defaults compare and write numbers:
// without it a health monitor's delay read by Get is no HCL number and
// never equals its default. o is changed in place and returned.
func plainNumbers(o octavia.Object) octavia.Object {
	for k, v := range o {
		o[k] = plainNumber(v)
	}
	return o
}

// plainNumber is v with its json.Numbers made float64, recursively.
func plainNumber(v any) any {
	switch x := v.(type) {
	case json.Number:
		if f, err := x.Float64(); err == nil {
			return f
		}
	case []any:
		for i, e := range x {
			x[i] = plainNumber(e)
		}
	case map[string]any:
		for k, e := range x {
			x[k] = plainNumber(e)
		}
	}
	return v
}
