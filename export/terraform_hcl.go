package export

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// hclRef is a Terraform expression written as is: a reference to another
// resource's attribute ("openstack_lb_pool_v2.web.id"), never a string.
type hclRef string

// hclBlock is one HCL block: its type and labels, its attributes in the
// order written, its nested blocks and comments at its head.
type hclBlock struct {
	typ      string
	labels   []string
	comments []string
	attrs    []hclAttr
	blocks   []hclBlock
}

// hclAttr is one attribute of a block: a value of Octavia's JSON (string,
// float64, bool, []any, map[string]any) or an hclRef.
type hclAttr struct {
	name  string
	value any
}

func (b *hclBlock) set(name string, v any) { b.attrs = append(b.attrs, hclAttr{name, v}) }

// conflict is the first of names the block has an attribute of, "" when
// none.
func (b *hclBlock) conflict(names []string) string {
	for _, a := range b.attrs {
		if slices.Contains(names, a.name) {
			return a.name
		}
	}
	return ""
}

// write writes the block as terraform fmt does: two spaces a level, the
// equals signs of consecutive one-line attributes aligned.
func (b *hclBlock) write(sb *strings.Builder, indent string) error {
	for _, c := range b.comments {
		sb.WriteString(indent + "# " + hclComment(c) + "\n")
	}
	sb.WriteString(indent + b.typ)
	for _, l := range b.labels {
		sb.WriteString(" " + hclString(l))
	}
	sb.WriteString(" {\n")
	inner := indent + "  "
	values := make([]string, len(b.attrs))
	for i, a := range b.attrs {
		v, err := hclValue(a.value, inner)
		if err != nil {
			return fmt.Errorf("%s: %w", a.name, err)
		}
		values[i] = v
	}
	// terraform fmt aligns the runs of one-line attributes; a multi-line
	// value (a map) ends a run and is not aligned
	for i := 0; i < len(b.attrs); {
		j, width := i, 0
		for ; j < len(b.attrs) && !strings.Contains(values[j], "\n"); j++ {
			width = max(width, len(b.attrs[j].name))
		}
		if j == i { // a multi-line value alone
			j, width = i+1, len(b.attrs[i].name)
		}
		for ; i < j; i++ {
			name := b.attrs[i].name
			sb.WriteString(inner + name + strings.Repeat(" ", width-len(name)) + " = " + values[i] + "\n")
		}
	}
	for i, nb := range b.blocks {
		if i > 0 || len(b.attrs) > 0 {
			sb.WriteString("\n")
		}
		if err := nb.write(sb, inner); err != nil {
			return err
		}
	}
	sb.WriteString(indent + "}\n")
	return nil
}

// hclValue writes one value as an HCL expression.
func hclValue(v any, indent string) (string, error) {
	switch x := v.(type) {
	case hclRef:
		return string(x), nil
	case string:
		return hclString(x), nil
	case bool:
		return strconv.FormatBool(x), nil
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64), nil
	case int:
		return strconv.Itoa(x), nil
	case []any:
		parts := make([]string, 0, len(x))
		for _, e := range x {
			s, err := hclValue(e, indent)
			if err != nil {
				return "", err
			}
			parts = append(parts, s)
		}
		return "[" + strings.Join(parts, ", ") + "]", nil
	case map[string]any:
		if len(x) == 0 {
			return "{}", nil
		}
		keys := make([]string, 0, len(x))
		width := 0
		for k := range x {
			keys = append(keys, k)
			width = max(width, len(hclString(k)))
		}
		slices.Sort(keys)
		var sb strings.Builder
		sb.WriteString("{\n")
		for _, k := range keys {
			s, err := hclValue(x[k], indent+"  ")
			if err != nil {
				return "", err
			}
			q := hclString(k)
			sb.WriteString(indent + "  " + q + strings.Repeat(" ", width-len(q)) + " = " + s + "\n")
		}
		sb.WriteString(indent + "}")
		return sb.String(), nil
	}
	return "", fmt.Errorf("no HCL form for a %T", v)
}

// hclString is s as an HCL quoted template that evaluates to s exactly:
// quotes, backslashes and control characters escaped, and the template
// sequences "${" and "%{" doubled ("$${", "%%{") so that a hostile name is
// text, never an interpolation or a directive. Invalid UTF-8 (which JSON
// cannot carry) becomes U+FFFD.
func hclString(s string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '"':
			sb.WriteString(`\"`)
		case r == '\\':
			sb.WriteString(`\\`)
		case r == '\n':
			sb.WriteString(`\n`)
		case r == '\r':
			sb.WriteString(`\r`)
		case r == '\t':
			sb.WriteString(`\t`)
		case (r == '$' || r == '%') && strings.HasPrefix(s[i+size:], "{"):
			sb.WriteRune(r)
			sb.WriteRune(r)
		case r < 0x20 || r == 0x7f || (r > 0x7f && !unicode.IsPrint(r) && r != utf8.RuneError):
			if r > 0xffff {
				fmt.Fprintf(&sb, `\U%08x`, r)
			} else {
				fmt.Fprintf(&sb, `\u%04x`, r)
			}
		default:
			sb.WriteRune(r)
		}
		i += size
	}
	sb.WriteByte('"')
	return sb.String()
}

// hclComment is text for a one-line "#" comment: line breaks, control
// and other unprintable characters (a bidirectional override that would
// show the code around it reordered) become spaces, so a name can neither
// end the comment nor disguise it.
func hclComment(s string) string {
	return strings.Map(func(r rune) rune {
		if r != ' ' && !unicode.IsPrint(r) {
			return ' '
		}
		return r
	}, s)
}
