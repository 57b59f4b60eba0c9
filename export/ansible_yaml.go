package export

import (
	"strings"

	"github.com/octaview/octaview/octavia"
)

// The playbook is built as a tree of yamlNode and written by writeYAML,
// which quotes and escapes every string, so a hostile name is a string
// and nothing else; the writer only chooses the keys' order and the
// comments.

// ystr is a string scalar. Ansible renders every string of a playbook as
// a Jinja2 template: a string with a template's delimiters ("{{", "{%",
// "{#") is tagged !unsafe, which Ansible never renders, so that a name
// stays a name.
func ystr(s string) *yamlNode {
	n := yamlString(s)
	if strings.Contains(s, "{{") || strings.Contains(s, "{%") || strings.Contains(s, "{#") {
		n.tag = "!unsafe"
	}
	return n
}

// yexpr is a Jinja2 expression of the writer's own ("{{ cloud }}").
func yexpr(s string) *yamlNode { return yamlString(s) }

// yvalue is a JSON value of Octavia's as a node: strings as ystr, numbers
// (whole ones as ints), bools, and lists of those.
func yvalue(v any) *yamlNode {
	switch x := v.(type) {
	case string:
		return ystr(x)
	case bool:
		return yamlBool(x)
	case float64:
		return yamlNumber(x)
	case int:
		return yamlNumber(float64(x))
	case []any:
		n := yamlSeq()
		for _, e := range x {
			n.add(yvalue(e))
		}
		return n
	}
	return ystr(octavia.ValueText(v))
}
