package quotaops_test

import (
	"fmt"
	"reflect"
	"strings"
)

// show prints v with pointers followed, so that a failure shows limits, not
// addresses.
func show(v any) string {
	return showValue(reflect.ValueOf(v))
}

func showValue(v reflect.Value) string {
	switch v.Kind() {
	case reflect.Invalid:
		return "nil"
	case reflect.Pointer:
		if v.IsNil() {
			return "nil"
		}
		return "&" + showValue(v.Elem())
	case reflect.Slice:
		parts := make([]string, v.Len())
		for i := range parts {
			parts[i] = showValue(v.Index(i))
		}
		return "[" + strings.Join(parts, " ") + "]"
	case reflect.Struct:
		parts := make([]string, v.NumField())
		for i := range parts {
			parts[i] = v.Type().Field(i).Name + ":" + showValue(v.Field(i))
		}
		return "{" + strings.Join(parts, " ") + "}"
	}
	return fmt.Sprint(v.Interface())
}
