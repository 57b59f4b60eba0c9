package export

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The Ansible writer's YAML is written here, not by a YAML library: the
// browser's app.wasm holds this package, and a library's encoder would
// weigh more than the whole writer. The emitter writes only what a
// playbook needs (block mappings and sequences, scalars, comments, a tag)
// and trusts nothing it is given: every string is double-quoted with each
// character that is not plainly printable escaped, so that YAML 1.1
// (PyYAML, Ansible's) and 1.2 parsers both read back the same string, and
// comments cannot hold a line break.

// yamlNode is a node of a YAML document: a scalar, a mapping or a
// sequence.
type yamlNode struct {
	// scalar is a scalar as written: quoted by yamlString, or a number or
	// a bool; "" for a mapping or a sequence
	scalar string
	// tag is the scalar's tag ("!unsafe"), the writer's own constant; ""
	// for none
	tag     string
	seq     bool // a sequence; a mapping when false (and no scalar)
	entries []yamlEntry
	foot    []string // comment lines after the last entry
}

// yamlEntry is a mapping's key and value or a sequence's item, with the
// comment lines above it.
type yamlEntry struct {
	comments []string
	key      string // "" in a sequence
	value    *yamlNode
}

func yamlMap() *yamlNode { return &yamlNode{} }

func yamlSeq() *yamlNode { return &yamlNode{seq: true} }

// set adds key: v to mapping n, with comment lines above the key.
func (n *yamlNode) set(key string, v *yamlNode, comments ...string) {
	n.entries = append(n.entries, yamlEntry{comments: comments, key: key, value: v})
}

// add adds item v to sequence n, with comment lines above it.
func (n *yamlNode) add(v *yamlNode, comments ...string) {
	n.entries = append(n.entries, yamlEntry{comments: comments, value: v})
}

// yamlString is a string scalar, double-quoted (yamlQuote): always a
// string, whatever it holds ("yes", "null", "1e3", "0x1F").
func yamlString(s string) *yamlNode { return &yamlNode{scalar: yamlQuote(s)} }

func yamlBool(b bool) *yamlNode { return &yamlNode{scalar: strconv.FormatBool(b)} }

// yamlNumber is a number scalar, plain: 80, 0.5, 1000000000000000000000
// (never an exponent, which YAML 1.1 reads as a string), .nan, .inf.
func yamlNumber(f float64) *yamlNode {
	s := strconv.FormatFloat(f, 'f', -1, 64)
	switch s {
	case "NaN":
		s = ".nan"
	case "+Inf":
		s = ".inf"
	case "-Inf":
		s = "-.inf"
	}
	return &yamlNode{scalar: s}
}

// writeYAML is a YAML document: head's comment lines and a blank line,
// then root, indented by two spaces a level (a sequence too, under its
// key). A comment above a sequence item that is a mapping goes above its
// dash, with those of the mapping's first key.
func writeYAML(head []string, root *yamlNode) string {
	var w yamlWriter
	w.comments(0, head)
	if len(head) > 0 {
		w.b.WriteByte('\n')
	}
	if root.block() {
		w.collection(root, 0, "")
	} else {
		w.b.WriteString(root.inline())
		w.b.WriteByte('\n')
	}
	return w.b.String()
}

type yamlWriter struct{ b strings.Builder }

// block says whether n is written on lines of its own: a mapping or
// sequence with entries.
func (n *yamlNode) block() bool { return n.scalar == "" && len(n.entries) > 0 }

// inline is n written on its key's or dash's line: a scalar with its tag,
// or an empty mapping or sequence.
func (n *yamlNode) inline() string {
	switch {
	case n.scalar != "" && n.tag != "":
		return n.tag + " " + n.scalar
	case n.scalar != "":
		return n.scalar
	case n.seq:
		return "[]"
	}
	return "{}"
}

// collection writes n, a mapping or a sequence with entries, at indent;
// its first line starts with lead (a sequence item's dashes) in place of
// the indentation when lead is not "", and that line's comments go above
// the lead's first dash.
func (w *yamlWriter) collection(n *yamlNode, indent int, lead string) {
	pad := strings.Repeat(" ", indent)
	for i, e := range n.entries {
		start := pad
		if i == 0 && lead != "" {
			start = lead
		}
		w.comments(len(start)-len(strings.TrimLeft(start, " ")), e.comments)
		if n.seq {
			if e.value.block() {
				w.collection(e.value, indent+2, start+"- ")
				continue
			}
			w.b.WriteString(start + "- " + e.value.inline() + "\n")
			continue
		}
		w.b.WriteString(start + yamlKey(e.key) + ":")
		if e.value.block() {
			w.b.WriteByte('\n')
			w.collection(e.value, indent+2, "")
			continue
		}
		w.b.WriteString(" " + e.value.inline() + "\n")
	}
	w.comments(indent, n.foot)
}

// comments writes comment lines at indent, "# " and each line with every
// line break or other unprintable character a space (hclComment): YAML
// 1.1 breaks lines at U+0085, U+2028 and U+2029 as well as at "\n".
func (w *yamlWriter) comments(indent int, lines []string) {
	for _, l := range lines {
		w.b.WriteString(strings.Repeat(" ", indent))
		w.b.WriteString(strings.TrimRight("# "+hclComment(l), " "))
		w.b.WriteByte('\n')
	}
}

// yamlKey is a mapping key: plain when it is a lower-case name
// ("openstack.cloud.lb_pool", "protocol_port") that no YAML version reads
// as anything but that string, quoted (yamlQuote) otherwise.
func yamlKey(k string) string {
	switch k {
	case "", "y", "n", "yes", "no", "on", "off", "true", "false", "null":
		return yamlQuote(k)
	}
	for i, c := range []byte(k) {
		if !('a' <= c && c <= 'z' || c == '_' || i > 0 && ('0' <= c && c <= '9' || c == '.')) {
			return yamlQuote(k)
		}
	}
	return k
}

// yamlQuote is s as a YAML double-quoted scalar. Printable ASCII and
// printable Unicode (unicode.IsPrint) stand as they are but for '"' and
// '\\'; every other character is escaped: the JSON escapes \n \t \r \b
// \f, \uXXXX up to U+FFFF and \UXXXXXXXX above (YAML's, where JSON would
// write a surrogate pair that YAML reads as two characters). So a line
// break of any kind (U+0085, U+2028, U+2029), a control character, a
// byte order mark, a bidirectional override or a format character is
// visible in the file and cannot end the scalar or reorder what a reader
// sees. Only escapes that YAML 1.1 and 1.2 share are used (never "\/").
// A byte that is not UTF-8 is written as U+FFFD, as encoding/json reads
// it: YAML has no escape for a byte.
func yamlQuote(s string) string {
	const hex = "0123456789ABCDEF"
	b := make([]byte, 0, len(s)+2)
	b = append(b, '"')
	for _, r := range s {
		switch r {
		case '"':
			b = append(b, `\"`...)
		case '\\':
			b = append(b, `\\`...)
		case '\n':
			b = append(b, `\n`...)
		case '\t':
			b = append(b, `\t`...)
		case '\r':
			b = append(b, `\r`...)
		case '\b':
			b = append(b, `\b`...)
		case '\f':
			b = append(b, `\f`...)
		default:
			switch {
			case ' ' <= r && r < utf8.RuneSelf && r != 0x7f,
				r >= 0xa0 && unicode.IsPrint(r):
				b = utf8.AppendRune(b, r)
			case r <= 0xffff:
				b = append(b, '\\', 'u')
				for shift := 12; shift >= 0; shift -= 4 {
					b = append(b, hex[r>>shift&0xf])
				}
			default:
				b = append(b, '\\', 'U')
				for shift := 28; shift >= 0; shift -= 4 {
					b = append(b, hex[r>>shift&0xf])
				}
			}
		}
	}
	return string(append(b, '"'))
}
