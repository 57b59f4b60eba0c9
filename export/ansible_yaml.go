package export

import (
	"strconv"
	"strings"

	"github.com/octaview/octaview/octavia"
	"gopkg.in/yaml.v3"
)

// The playbook is built as a yaml.v3 node tree and written by its encoder:
// the library quotes and escapes every string, so a hostile name is a
// string and nothing else; the writer only chooses the keys' order and
// the comments.

// ymap is a mapping node of key, value pairs in order.
type ymap struct{ n *yaml.Node }

func newMap() ymap { return ymap{&yaml.Node{Kind: yaml.MappingNode}} }

// set adds key: v, with comment lines above the key.
func (m ymap) set(key string, v *yaml.Node, comments ...string) {
	k := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key}
	if len(comments) > 0 {
		k.HeadComment = yamlComment(comments)
	}
	m.n.Content = append(m.n.Content, k, v)
}

// ystr is a string scalar. Ansible renders every string of a playbook as
// a Jinja2 template: a string with a template's delimiters ("{{", "{%",
// "{#") is tagged !unsafe, which Ansible never renders, so that a name
// stays a name. Plain strings are left to the encoder's quoting.
func ystr(s string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
	if strings.Contains(s, "{{") || strings.Contains(s, "{%") || strings.Contains(s, "{#") {
		n.Tag = "!unsafe"
		n.Style = yaml.DoubleQuotedStyle
	}
	return n
}

// yexpr is a Jinja2 expression of the writer's own ("{{ cloud }}").
func yexpr(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s, Style: yaml.DoubleQuotedStyle}
}

func ybool(b bool) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(b)}
}

func yint(f float64) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.FormatFloat(f, 'f', -1, 64)}
}

// yvalue is a JSON value of Octavia's as a node: strings as ystr, whole
// numbers as ints, bools, and lists of those.
func yvalue(v any) *yaml.Node {
	switch x := v.(type) {
	case string:
		return ystr(x)
	case bool:
		return ybool(x)
	case float64:
		if x == float64(int64(x)) {
			return yint(x)
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!float", Value: strconv.FormatFloat(x, 'f', -1, 64)}
	case int:
		return yint(float64(x))
	case []any:
		n := &yaml.Node{Kind: yaml.SequenceNode}
		for _, e := range x {
			n.Content = append(n.Content, yvalue(e))
		}
		return n
	}
	return ystr(octavia.ValueText(v))
}

// yamlComment is comment lines for a node: each line "# "-prefixed by the
// encoder, every line break or control character of the text a space.
func yamlComment(lines []string) string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = "# " + hclComment(l)
	}
	return strings.Join(out, "\n")
}
