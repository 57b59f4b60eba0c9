package app

import (
	"strconv"
	"strings"
)

type attributes map[string]string

func (a attributes) Set(name string, value any) {
	var v string
	switch name {
	case "value":
		v = toString(value)

	case "style", "allow":
		v = strings.TrimLeft(a[name]+";"+toAttributeValue(value), ";")

	case "class":
		v = strings.TrimSpace(a[name] + " " + toAttributeValue(value))

	case "srcset":
		v = strings.TrimLeft(a[name]+", "+toAttributeValue(value), ", ")

	default:
		v = toAttributeValue(value)
	}

	switch v {
	case "cite",
		"data",
		"download",
		"href",
		"src",
		"value":
		a[name] = v

	default:
		if v != "" {
			a[name] = v
		}
	}
}

type attributeURLResolver func(string) string

func toAttributeValue(v any) string {
	return strings.TrimSpace(toString(v))
}

func resolveAttributeURLValue(name, value string, resolve attributeURLResolver) string {
	switch name {
	case "cite",
		"data",
		"href",
		"src":
		return resolve(value)

	case "srcset":
		srcs := strings.Split(value, ", ")
		for i, src := range srcs {
			srcs[i] = resolve(src)
		}
		return strings.Join(srcs, ", ")

	default:
		return value
	}
}

func setJSAttribute(jsElement Value, name, value string) {
	switch name {
	case "value":
		jsElement.Set(name, value)

	case "contenteditable":
		jsElement.Set("contentEditable", value)

	default:
		// Octaview patch: the boolean properties are listed once
		// (booleanProperty), for the encoder too.
		if property, ok := booleanProperty(name); ok {
			on, _ := strconv.ParseBool(value)
			jsElement.Set(property, on)
			return
		}
		jsElement.Call("setAttribute", name, value)
	}
}

// booleanProperty reports whether the attribute name is set in the browser
// as a boolean property (true when its value parses as true), and the
// property's name. Octaview patch: setJSAttribute listed them in its switch.
func booleanProperty(name string) (string, bool) {
	switch name {
	case "ismap":
		return "isMap", true

	case "readonly":
		return "readOnly", true

	case "async",
		"autofocus",
		"autoplay",
		"checked",
		"default",
		"defer",
		"disabled",
		"hidden",
		"loop",
		"multiple",
		"muted",
		"open",
		"required",
		"reversed",
		"selected":
		return name, true

	default:
		return "", false
	}
}

func deleteJSAttribute(jsElement Value, name string) {
	jsElement.Call("removeAttribute", name)
}
