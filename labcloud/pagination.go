package labcloud

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/octaview/octaview/internal/jsonscan"
)

// auxiliary are the query parameters that are not filters
// (octavia/api/common/pagination.py).
var auxiliary = map[string]bool{
	"limit": true, "marker": true, "sort": true, "sort_key": true,
	"sort_dir": true, "fields": true, "page_reverse": true,
}

var tagParams = []string{"tags", "tags-any", "not-tags", "not-tags-any"}

type sortKey struct {
	key  string
	desc bool
}

// listQuery is a parsed list request, as Octavia's PaginationHelper sees it.
type listQuery struct {
	params  url.Values
	limit   int // 0: no limit ("None" in links)
	marker  string
	reverse bool
	sort    []sortKey
	filters map[string][]string
	tags    map[string][]string
	fields  []string
}

func validSortDir(s string) (desc bool, err *apiError) {
	switch strings.ToLower(s) {
	case "asc":
		return false, nil
	case "desc":
		return true, nil
	}
	err = errorf(http.StatusBadRequest, "Supplied sort direction '%s' is not valid.", strings.ToLower(s))
	err.html = true
	return false, err
}

// parseList parses and validates q against the attributes a.
func parseList[T object](q url.Values, a attrs[T], taggable bool, maxPage int) (*listQuery, *apiError) {
	lq := &listQuery{params: q, marker: q.Get("marker"), reverse: q.Get("page_reverse") == "True"}
	lq.limit = maxPage
	if v, ok := q["limit"]; ok {
		raw := v[len(v)-1]
		n, err := strconv.Atoi(raw)
		switch {
		case raw == "infinite":
			lq.limit = 0
		case err != nil:
			e := errorf(http.StatusBadRequest, "Supplied pagination limit '%s' is not valid.", raw)
			e.html = true
			return nil, e
		case n < 1:
			lq.limit = 0
		default:
			lq.limit = min(n, maxPage)
		}
	}
	if s := q.Get("sort"); s != "" {
		for _, part := range strings.Split(s, ",") {
			comps := strings.Split(part, ":")
			sk := sortKey{key: comps[0]}
			switch len(comps) {
			case 1:
			case 2:
				desc, err := validSortDir(comps[1])
				if err != nil {
					return nil, err
				}
				sk.desc = desc
			default:
				return nil, errorf(http.StatusBadRequest, "Supplied sort key '%s' is not valid.", pyList(comps))
			}
			lq.sort = append(lq.sort, sk)
		}
	} else if s := q.Get("sort_key"); s != "" {
		keys := strings.Split(s, ",")
		var dirs []string
		if d := q.Get("sort_dir"); d != "" {
			dirs = strings.Split(d, ",")
		}
		for i, k := range keys {
			sk := sortKey{key: k}
			if i < len(dirs) {
				desc, err := validSortDir(dirs[i])
				if err != nil {
					return nil, err
				}
				sk.desc = desc
			}
			lq.sort = append(lq.sort, sk)
		}
	}
	lq.filters = map[string][]string{}
	lq.tags = map[string][]string{}
	for k, v := range q {
		switch {
		case auxiliary[k]:
		case taggable && slices.Contains(tagParams, k):
			for _, t := range v {
				lq.tags[k] = append(lq.tags[k], strings.Split(t, ",")...)
			}
		case a[k] != nil:
			lq.filters[k] = v
		default:
			return nil, errInvalidFilter
		}
	}
	for _, sk := range lq.sort {
		if a[sk.key] == nil {
			return nil, errorf(http.StatusBadRequest, "Supplied sort key '%s' is not valid.", sk.key)
		}
	}
	for _, k := range []string{"created_at", "id"} {
		if !slices.ContainsFunc(lq.sort, func(s sortKey) bool { return s.key == k }) {
			lq.sort = append(lq.sort, sortKey{key: k})
		}
	}
	for _, f := range q["fields"] {
		lq.fields = append(lq.fields, strings.Split(f, ",")...)
	}
	return lq, nil
}

// pyList renders a list as Python prints it, for Octavia's messages.
func pyList(s []string) string {
	q := make([]string, len(s))
	for i, v := range s {
		q[i] = "'" + v + "'"
	}
	return "[" + strings.Join(q, ", ") + "]"
}

func (lq *listQuery) defaultSort() bool {
	return len(lq.sort) == 2 && lq.sort[0] == sortKey{key: "created_at"} && lq.sort[1] == sortKey{key: "id"}
}

// matches applies the attribute and tag filters.
func matches[T object](o T, lq *listQuery, a attrs[T]) bool {
	for k, want := range lq.filters {
		got := a[k](o)
		if !slices.ContainsFunc(want, func(w string) bool { return strings.EqualFold(w, got) }) {
			return false
		}
	}
	if len(lq.tags) == 0 {
		return true
	}
	tags := o.base().tags
	has := func(t string) bool { return slices.Contains(tags, t) }
	if all := lq.tags["tags"]; len(all) > 0 && !allOf(all, has) {
		return false
	}
	if anyT := lq.tags["tags-any"]; len(anyT) > 0 && !slices.ContainsFunc(anyT, has) {
		return false
	}
	if not := lq.tags["not-tags"]; len(not) > 0 && allOf(not, has) {
		return false
	}
	if notAny := lq.tags["not-tags-any"]; len(notAny) > 0 && slices.ContainsFunc(notAny, has) {
		return false
	}
	return true
}

func allOf(s []string, f func(string) bool) bool {
	for _, v := range s {
		if !f(v) {
			return false
		}
	}
	return true
}

// compareBy compares two objects in the sort order of lq.
func compareBy[T object](x, y T, lq *listQuery, a attrs[T]) int {
	for _, sk := range lq.sort {
		var c int
		switch sk.key {
		case "created_at":
			c = x.base().created.Compare(y.base().created)
		case "id":
			c = strings.Compare(x.base().id, y.base().id)
		default:
			c = compareValues(a[sk.key](x), a[sk.key](y))
		}
		if sk.desc {
			c = -c
		}
		if c != 0 {
			return c
		}
	}
	return 0
}

// page selects one page: the items after the marker (before it with
// page_reverse, still in sort order and from the start, as Octavia does).
func page[T object](col *collection[T], lq *listQuery, a attrs[T], visible func(T) bool) ([]T, *apiError) {
	var marker T
	hasMarker := lq.marker != ""
	if hasMarker {
		m, ok := col.get(lq.marker)
		if !ok {
			return nil, errorf(http.StatusBadRequest, "Supplied pagination marker '%s' is not valid.", lq.marker)
		}
		marker = m
	}
	items := col.order
	start := 0
	if !lq.defaultSort() {
		items = slices.Clone(items)
		slices.SortStableFunc(items, func(x, y T) int { return compareBy(x, y, lq, a) })
	} else if hasMarker && !lq.reverse {
		i, found := slices.BinarySearchFunc(items, marker, defaultOrder[T])
		if found {
			i++
		}
		start = i
	}
	var out []T
	for _, o := range items[start:] {
		if hasMarker {
			c := compareBy(o, marker, lq, a)
			if lq.reverse && c >= 0 {
				if lq.defaultSort() {
					break
				}
				continue
			}
			if !lq.reverse && c <= 0 {
				continue
			}
		}
		if !visible(o) || !matches(o, lq, a) {
			continue
		}
		out = append(out, o)
		if lq.limit > 0 && len(out) == lq.limit {
			break
		}
	}
	return out, nil
}

type pageLink struct {
	Href string `json:"href"`
	Rel  string `json:"rel"`
}

// links builds the *_links of a page as Octavia's _make_links does.
func (lq *listQuery) links(pathURL string, firstID, lastID string, n int) []pageLink {
	links := []pageLink{}
	if n == 0 {
		return links
	}
	limit := "None"
	if lq.limit > 0 {
		limit = strconv.Itoa(lq.limit)
	}
	attr := []string{"limit=" + limit}
	if s := lq.params.Get("sort"); s != "" {
		attr = append(attr, "sort="+s)
	}
	if s := lq.params.Get("sort_key"); s != "" {
		attr = append(attr, "sort_key="+s)
	}
	if lq.marker != "" {
		prev := append(slices.Clone(attr), "marker="+firstID, "page_reverse=True")
		links = append(links, pageLink{Href: pathURL + "?" + strings.Join(prev, "&"), Rel: "previous"})
	}
	if lq.limit == 0 || n >= lq.limit {
		next := append(slices.Clone(attr), "marker="+lastID)
		links = append(links, pageLink{Href: pathURL + "?" + strings.Join(next, "&"), Rel: "next"})
	}
	return links
}

// fieldSet is the ?fields of a request as Octavia's answer orders them:
// sorted, each once (the order and uniqueness of Python's dict built from
// them, as encoding/json writes a map).
func fieldSet(fields []string) []string {
	if len(fields) == 0 {
		return nil
	}
	s := slices.Clone(fields)
	slices.Sort(s)
	return slices.Compact(s)
}

// appendFields appends to dst the encoded object b keeping only the keys in
// fields (a fieldSet), in one pass over b: no decoding, no re-encoding. b is
// json.Marshal's output (compact, escaped), so each member is copied as is.
// b is appended whole if it is not an object.
func appendFields(dst, b []byte, fields []string) []byte {
	var arr [48]jsonscan.Member
	ms, ok := jsonscan.Members(b, arr[:0])
	if !ok {
		return append(dst, b...)
	}
	dst = append(dst, '{')
	n := 0
	for _, f := range fields {
		for _, m := range ms {
			if string(m.Key) == f {
				if n > 0 {
					dst = append(dst, ',')
				}
				dst = append(dst, m.Raw...)
				n++
				break
			}
		}
	}
	return append(dst, '}')
}

// writeList writes {"<key>": [...], "<key>_links": [...]} from cached views.
func writeList[T object](w http.ResponseWriter, key string, items []T, lq *listQuery, pathURL string) {
	writeListAs(w, key, key+"_links", items, lq, pathURL, func(o T) string { return o.base().id })
}

// writeListAs is writeList with Octavia's irregular links keys and marker
// ids (availability zones have no id: their links say marker=None).
func writeListAs[T object](w http.ResponseWriter, key, linksKey string, items []T, lq *listQuery, pathURL string, idOf func(T) string) {
	if bw, ok := w.(*bufferedWriter); ok {
		// Write straight into the answer buffer: a 1,000-item page is
		// about 650 kB, worth one copy less.
		w.Header().Set("Content-Type", "application/json")
		bw.WriteHeader(http.StatusOK)
		bw.buf.Grow(len(items) * 700)
		encodeList(bw.buf, key, linksKey, items, lq, pathURL, idOf)
		return
	}
	buf := getBuf()
	defer putBuf(buf)
	encodeList(buf, key, linksKey, items, lq, pathURL, idOf)
	writeBytes(w, http.StatusOK, buf.Bytes())
}

func encodeList[T object](buf *bytes.Buffer, key, linksKey string, items []T, lq *listQuery, pathURL string, idOf func(T) string) {
	buf.WriteString(`{"`)
	buf.WriteString(key)
	buf.WriteString(`":[`)
	fields := fieldSet(lq.fields)
	for i, o := range items {
		if i > 0 {
			buf.WriteByte(',')
		}
		if fields == nil {
			buf.Write(encode(o))
			continue
		}
		buf.Write(appendFields(buf.AvailableBuffer(), encode(o), fields))
	}
	buf.WriteString(`],"`)
	buf.WriteString(linksKey)
	buf.WriteString(`":`)
	first, last := "", ""
	if len(items) > 0 {
		first, last = idOf(items[0]), idOf(items[len(items)-1])
	}
	lb, _ := json.Marshal(lq.links(pathURL, first, last, len(items)))
	buf.Write(lb)
	buf.WriteString("}\n")
}

// writeOne writes {"<key>": {...}} honouring ?fields.
func writeOne(w http.ResponseWriter, status int, key string, o object, r *http.Request) {
	b := encode(o)
	var fields []string
	for _, f := range r.URL.Query()["fields"] {
		fields = append(fields, strings.Split(f, ",")...)
	}
	if len(fields) > 0 {
		b = appendFields(nil, b, fieldSet(fields))
	}
	var buf bytes.Buffer
	buf.Grow(len(b) + len(key) + 8)
	buf.WriteString(`{"`)
	buf.WriteString(key)
	buf.WriteString(`":`)
	buf.Write(b)
	buf.WriteString("}\n")
	writeBytes(w, status, buf.Bytes())
}

// listPlain lists objects without tags or project scoping.
func listPlain[T object](c *Cloud, w http.ResponseWriter, r *http.Request, key string, col *collection[T], a attrs[T]) *apiError {
	return listPlainAs(c, w, r, key, key+"_links", col, a, func(o T) string { return o.base().id })
}

func listPlainAs[T object](c *Cloud, w http.ResponseWriter, r *http.Request, key, linksKey string, col *collection[T], a attrs[T], idOf func(T) string) *apiError {
	lq, err := parseList(r.URL.Query(), a, false, c.opts.MaxPageSize)
	if err != nil {
		return err
	}
	items, err := page(col, lq, a, func(T) bool { return true })
	if err != nil {
		return err
	}
	writeListAs(w, key, linksKey, items, lq, c.pathURL(r), idOf)
	return nil
}
