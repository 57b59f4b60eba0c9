package app

import (
	"reflect"

	"github.com/maxence-charriere/go-app/v10/pkg/errors"
)

// DOM node types.
const (
	elementNode = 1
	textNode    = 3
)

const xhtmlNamespace = "http://www.w3.org/1999/xhtml"

// Hydrate mounts a UI element like Mount does, but on the pre-rendered DOM:
// node, a child of parent, and the nodes below it are adopted wherever they
// are what Mount would create (a text node for a text, an element with the
// same tag, namespace, id, name and type for an HTML element). An adopted
// node keeps its identity (and its focus, selection and what the user typed)
// and is brought to the element's state: its text, its attributes (the ones
// the element does not have are removed), its event handlers and children.
// A node that does not match is replaced by a mounted one, and so is a raw
// element. A null node means there is nothing to adopt: the mounted element
// is appended to parent.
//
// Components are transparent: their root hydrates on the node.
func (m nodeManager) Hydrate(ctx Context, depth uint, v UI, parent, node Value) (UI, error) {
	ctx = m.context(ctx, v)

	switch v := v.(type) {
	case *text:
		if isNodeType(node, textNode) {
			return m.hydrateText(v, node)
		}

	case HTML:
		node = m.skipNonElementNodes(parent, node)
		if m.canHydrateHTML(v, node) {
			return m.hydrateHTML(ctx, depth, v, node)
		}

	case Composer:
		return m.mountComponent(ctx, depth, v, func(ctx Context, depth uint, root UI) (UI, error) {
			return m.Hydrate(ctx, depth, root, parent, node)
		})

	case *raw:
		node = m.skipNonElementNodes(parent, node)
	}

	mounted, err := m.Mount(ctx, depth, v)
	if err != nil {
		return nil, err
	}
	switch {
	case !node.Truthy():
		parent.appendChild(mounted)

	case isNodeType(node, elementNode) && !isNodeType(mounted.JSValue(), textNode):
		parent.replaceChild(mounted, node)

	default:
		parent.Call("insertBefore", mounted, node)
	}
	return mounted, nil
}

func (m nodeManager) hydrateText(v *text, node Value) (UI, error) {
	if v.Mounted() {
		return nil, errors.New("text is already mounted").
			WithTag("parent-type", reflect.TypeOf(v.parent())).
			WithTag("preview-value", previewText(v.value))
	}

	v.jsvalue = node
	if node.Get("nodeValue").String() != v.value {
		node.setNodeValue(v.value)
	}
	return v, nil
}

// canHydrateHTML reports whether node is an element Mount would create for v:
// the same tag and namespace, and the same id, name and type attributes (a
// field typed into is never adopted as another field).
func (m nodeManager) canHydrateHTML(v HTML, node Value) bool {
	if !isNodeType(node, elementNode) ||
		node.Get("localName").String() != v.Tag() ||
		node.Get("namespaceURI").String() != namespaceURI(v) {
		return false
	}
	for _, name := range []string{"id", "name", "type"} {
		value := node.Call("getAttribute", name)
		if value.IsNull() {
			value = ValueOf("")
		}
		if value.String() != v.attrs()[name] {
			return false
		}
	}
	return true
}

func (m nodeManager) hydrateHTML(ctx Context, depth uint, v HTML, node Value) (UI, error) {
	if v.Mounted() {
		return nil, errors.New("html element is already mounted").
			WithTag("parent-type", reflect.TypeOf(v.parent())).
			WithTag("type", reflect.TypeOf(v)).
			WithTag("tag", v.Tag()).
			WithTag("depth", v.depth())
	}

	v = v.setJSElement(node)
	attrs := v.attrs()
	names := node.Call("getAttributeNames")
	for i := 0; i < names.Length(); i++ {
		name := names.Index(i).String()
		if _, wanted := attrs[name]; !wanted {
			deleteJSAttribute(node, name)
		}
	}
	m.mountHTMLAttributes(ctx, v)
	m.mountHTMLEventHandlers(ctx, v)

	v = v.setDepth(depth).(HTML)
	next := node.firstChild()
	children := v.body()
	for i, child := range children {
		var err error
		if child, err = m.Hydrate(ctx, depth+1, child, node, next); err != nil {
			return nil, errors.New("hydrating child failed").
				WithTag("type", reflect.TypeOf(v)).
				WithTag("tag", v.Tag()).
				WithTag("depth", depth).
				WithTag("index", i).
				Wrap(err)
		}
		child = child.setParent(v)
		children[i] = child
		next = child.JSValue().Get("nextSibling")
	}
	for next.Truthy() {
		extra := next
		next = next.Get("nextSibling")
		node.removeChild(extra)
	}

	return v, nil
}

// skipNonElementNodes removes the text and comment nodes that come before an
// element from node on (the server's indentation, mostly), and returns the
// element, or null.
func (m nodeManager) skipNonElementNodes(parent, node Value) Value {
	for node.Truthy() && !isNodeType(node, elementNode) {
		next := node.Get("nextSibling")
		parent.removeChild(node)
		node = next
	}
	return node
}

func isNodeType(node Value, nodeType int) bool {
	return node.Truthy() && node.Get("nodeType").Int() == nodeType
}

func namespaceURI(v HTML) string {
	if xmlns := v.XMLNamespace(); xmlns != "" {
		return xmlns
	}
	return xhtmlNamespace
}
