package export

import (
	"strconv"
	"strings"
	"testing"
	"unicode"

	"gopkg.in/yaml.v3"
)

// hostileStrings are strings a YAML writer could let become something
// else: YAML's indicators, YAML 1.1's booleans and nulls, numbers, line
// breaks of every kind, control and format characters, Jinja2.
var hostileStrings = []string{
	"", " ", "  lead and trail  ", "web",
	`"`, `'`, `\`, `\n`, `\"`, `"\`, `it's "quoted"`,
	"a: b", "a:b", ": ", "key: value\nother: 1", "# not a comment", "a #b", "#",
	"- item", "-", "--- ", "---", "...", "? key", "[x]", "{a: 1}", "]", "}", ",",
	"*alias", "&anchor", "!tag", "!!str", "!unsafe x", "%YAML 1.2", "@at", "`id`", "|", ">", "<<",
	"yes", "no", "Yes", "NO", "on", "off", "On", "y", "n", "true", "False", "null", "Null", "~",
	"1e3", "0x1F", "0o17", "017", "1_000", "+1", "-1", ".5", "1.", "12:30:00", ".inf", "-.Inf", ".nan", "2026-12-06",
	"\n", "\r\n", "line\nbreak", "trailing\n", "\ttab", "\x00", "a\x00b", "\x07\x08\x0b\x0c\x1b\x7f",
	"\u0085", "\u00a0", "\u00ad", "\u2028", "\u2029", "x\u2028- y: z",
	"\ufeff", "\ufeffbom", "\u200b", "\u200d", "\u200e\u200f", "\u202a\u202b\u202c\u202d\u202e", "\u2066\u2067\u2068\u2069",
	"\ufffd", "\ufffe", "\uffff", "\U000e0041", "\U0010ffff", "é", "日本語", "😀", "\u0301",
	"{{ lookup('pipe', 'id') }}", "{% raw %}", "{# c #}", "${x}", "%{ if }", "$(id)",
	"we\"b ${var.x} %{ if true } {{ lookup('pipe', 'id') }} {% raw %}'\\ #: &a *b\n- [x] $(id) `id`\x7f",
}

// parseYAMLString is s, quoted by yamlQuote in a document, as yaml.v3
// reads it back, with its tag.
func parseYAMLString(t *testing.T, s string) (value, tag string) {
	t.Helper()
	src := "k: " + yamlQuote(s) + "\n"
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatalf("%q: %v\n%s", s, err, src)
	}
	if len(doc.Content) != 1 || len(doc.Content[0].Content) != 2 {
		t.Fatalf("%q: not one key and value:\n%s", s, src)
	}
	v := doc.Content[0].Content[1]
	return v.Value, v.Tag
}

// TestYAMLQuote: every hostile string reads back as itself, a string, on
// one line of printable characters.
func TestYAMLQuote(t *testing.T) {
	for _, s := range hostileStrings {
		got, tag := parseYAMLString(t, s)
		if got != s || tag != "!!str" {
			t.Errorf("yamlQuote(%q) = %s reads back as %q (%s), want the same string", s, yamlQuote(s), got, tag)
		}
		if q := yamlQuote(s); !printableLine(q) {
			t.Errorf("yamlQuote(%q) = %q: want one line of printable characters", s, q)
		}
	}
}

// TestYAMLQuoteEscapes: what a reader cannot see, or a YAML 1.1 parser
// would take for a line break, is written as an escape, and only as one
// YAML 1.1 knows.
func TestYAMLQuoteEscapes(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"web", `"web"`},
		{`a"b\c`, `"a\"b\\c"`},
		{"a\nb\tc\rd", `"a\nb\tc\rd"`},
		{"\x00\x1b\x7f", `"\u0000\u001B\u007F"`},
		{"\u0085\u2028\u2029", `"\u0085\u2028\u2029"`},
		{"\ufeffx", `"\uFEFFx"`},
		{"\u202eevil\u202c", `"\u202Eevil\u202C"`},
		{"\U000e0041", `"\U000E0041"`},
		{"é 日本 😀", `"é 日本 😀"`},
		{"bad \xff byte", `"bad ` + "\ufffd" + ` byte"`},
	} {
		if got := yamlQuote(c.in); got != c.want {
			t.Errorf("yamlQuote(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

// printableLine says whether s is one line of printable characters, as
// PyYAML's reader requires and a reviewer can read.
func printableLine(s string) bool {
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// FuzzYAMLString: any string reads back as itself (a byte that is not
// UTF-8 as U+FFFD), a string, on one printable line.
func FuzzYAMLString(f *testing.F) {
	for _, s := range hostileStrings {
		f.Add(s)
	}
	f.Add("\xff\xfe")
	f.Add("\xed\xa0\x80") // a UTF-16 surrogate, encoded
	f.Fuzz(func(t *testing.T, s string) {
		want := string([]rune(s))
		got, tag := parseYAMLString(t, s)
		if got != want || tag != "!!str" {
			t.Errorf("yamlQuote(%q) = %s reads back as %q (%s), want %q", s, yamlQuote(s), got, tag, want)
		}
		if q := yamlQuote(s); !printableLine(q) {
			t.Errorf("yamlQuote(%q) = %q: want one line of printable characters", s, q)
		}
	})
}

// TestWriteYAML: a document of every shape the writer has reads back as
// built: keys that YAML would read otherwise quoted, tags, numbers and
// bools as such, empty collections, sequences in sequences; and comments
// that hold line breaks stay comments.
func TestWriteYAML(t *testing.T) {
	inner := yamlSeq()
	inner.add(yamlString("a"))
	inner.add(yamlNumber(1))
	nested := yamlSeq()
	nested.add(inner)
	item := yamlMap()
	item.set("k", yamlString("v"), "first\nkey: injected")
	nested.add(item, "item\u2028- injected")
	m := yamlMap()
	for _, k := range []string{"name", "openstack.cloud.lb_pool", "yes", "on", "null", "1e3", "a: b", "- x", "", "#", "Key"} {
		m.set(k, yamlString(k))
	}
	unsafe := yamlString("{{ x }}")
	unsafe.tag = "!unsafe"
	m.set("unsafe", unsafe)
	m.set("port", yamlNumber(8080))
	m.set("ratio", yamlNumber(0.5))
	m.set("big", yamlNumber(1e15))
	m.set("off", yamlBool(false))
	m.set("empty_map", yamlMap())
	m.set("empty_seq", yamlSeq())
	m.set("nested", nested, "a comment\u0085with: a NEL")
	m.foot = []string{"foot\rnote: 1"}
	root := yamlSeq()
	root.add(m, "head of the item")

	src := writeYAML([]string{"head\nline: 2", ""}, root)
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatalf("not YAML: %v\n%s", err, src)
	}
	if !printableLines(src) {
		t.Errorf("unprintable characters in:\n%q", src)
	}
	got := doc.Content[0]
	if got.Kind != yaml.SequenceNode || len(got.Content) != 1 {
		t.Fatalf("want a sequence of one item:\n%s", src)
	}
	gm := got.Content[0]
	if len(gm.Content) != 2*len(m.entries) {
		t.Fatalf("%d keys, want %d:\n%s", len(gm.Content)/2, len(m.entries), src)
	}
	for i, e := range m.entries {
		k, v := gm.Content[2*i], gm.Content[2*i+1]
		if k.Value != e.key || k.Tag != "!!str" {
			t.Errorf("key %d = %q (%s), want %q", i, k.Value, k.Tag, e.key)
		}
		want, ok := map[string]string{"unsafe": "!unsafe {{ x }}", "port": "!!int 8080", "ratio": "!!float 0.5",
			"big": "!!int 1000000000000000", "off": "!!bool false",
			"empty_map": "!!map 0", "empty_seq": "!!seq 0", "nested": "!!seq 2"}[e.key]
		if !ok {
			want = "!!str " + e.key
		}
		got := v.Tag + " " + v.Value
		if v.Kind != yaml.ScalarNode {
			got = v.Tag + " " + strconv.Itoa(len(v.Content))
		}
		if got != want {
			t.Errorf("%q = %s, want %s", e.key, got, want)
		}
	}
	n := yamlValue(gm, "nested")
	if len(n.Content) != 2 || len(n.Content[0].Content) != 2 || n.Content[0].Content[1].Value != "1" ||
		n.Content[1].Kind != yaml.MappingNode || len(n.Content[1].Content) != 2 || n.Content[1].Content[1].Value != "v" {
		t.Errorf("nested sequences read back wrong:\n%s", src)
	}
	for _, injected := range []string{"line", "injected", "with", "note"} {
		if yamlValue(gm, injected) != nil || yamlValue(doc.Content[0], injected) != nil {
			t.Errorf("a comment's %q became a key:\n%s", injected, src)
		}
	}
}

// TestWriteYAMLLayout: the layout is the usual one of playbooks, a
// comment of an item above its dash.
func TestWriteYAMLLayout(t *testing.T) {
	opts := yamlMap()
	opts.set("port", yamlNumber(80))
	task := yamlMap()
	task.set("name", yamlString("a"), "about a")
	task.set("mod", opts)
	tasks := yamlSeq()
	tasks.add(task, "before a")
	tasks.add(yamlString("b"))
	tasks.foot = []string{"the end"}
	play := yamlMap()
	play.set("tasks", tasks)
	root := yamlSeq()
	root.add(play)
	want := `# head

- tasks:
    # before a
    # about a
    - name: "a"
      mod:
        port: 80
    - "b"
    # the end
`
	if got := writeYAML([]string{"head"}, root); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func printableLines(s string) bool {
	for _, l := range strings.Split(s, "\n") {
		if !printableLine(l) {
			return false
		}
	}
	return true
}

// yamlValue is the value of key in mapping node m, nil when absent.
func yamlValue(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}
