package octavia

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/url"
	"reflect"
	"strings"

	"github.com/gophercloud/gophercloud/v2"

	"github.com/octaview/octaview/internal/jsonscan"
)

// Collect gathers every item of seq. On an error it returns the items read
// so far together with the error.
func Collect[T any](seq iter.Seq2[T, error]) ([]T, error) {
	var all []T
	for v, err := range seq {
		if err != nil {
			return all, err
		}
		all = append(all, v)
	}
	return all, nil
}

// pageKeys are the query parameters taken from a next link; every other
// parameter of the link is dropped and the caller's filters are used instead.
var pageKeys = []string{"limit", "marker", "sort", "sort_key", "sort_dir", "page_reverse"}

// errSeq yields one error, mapped for op.
func errSeq[T any](op string, err error) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var zero T
		yield(zero, mapError(op, err))
	}
}

// list streams every item of a paginated Octavia or Neutron collection:
//
//	for lb, err := range list[loadbalancers.LoadBalancer](ctx, c.lb, "list load balancers",
//		c.collectionURL(KindLoadBalancer, ""), "loadbalancers", q) { ... }
//
// sc is the service client, op names the action for errors, collection is
// the collection URL without a query, key is the JSON key of the items (the
// links are read from key+"_links", or its singular, see isLinksKey), and query is what a gophercloud
// ToXListQuery method returned ("?name=web&limit=1000" or "").
//
// Each page is decoded with a streaming json.Decoder straight into T and each
// item is yielded as soon as it is decoded. The next page is requested on
// collection (OUR endpoint, whatever host the link names) with the caller's
// query plus the link's limit, marker, sort, sort_key, sort_dir and
// page_reverse. It stops with an error when a marker repeats or the link has
// no marker (marker=None: Octavia's availability zones have no id), ends at a next
// link with limit=None without following it, and after a 400 naming the
// marker it restarts once from the first page, skipping items (by their ID
// field) it already yielded. Errors are *Error.
func list[T any](ctx context.Context, sc *gophercloud.ServiceClient, op, collection, key, query string) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var v T
		if err := pageAll(ctx, sc, op, collection, key, query, itemReader{decode: structItem(&v)}, func() bool { return yield(v, nil) }); err != nil {
			var zero T
			yield(zero, err)
		}
	}
}

// itemReader reads the items of a page, each of which it returns the id of
// ("" when it has none), by which a restarted list skips what it gave.
// decode reads the next item from the page's streaming decoder; scan, when
// set instead, takes each item's bytes from the page read whole (one pass
// over the bytes, no json.Decoder: what a list's rows need).
type itemReader struct {
	decode func(dec *json.Decoder) (id string, err error)
	scan   func(item []byte) (id string, err error)
	page   *bytes.Buffer // scan's page, reused from page to page (nil = a new one each)
	// ahead (with scan): each page's next page is asked for as soon as its
	// next link is read, while its items are (pages_ahead.go)
	ahead bool
}

// structItem decodes each item into *item, a struct zeroed first (as a
// fresh variable would be); its id is its string field ID, if it has one.
func structItem(item any) func(dec *json.Decoder) (string, error) {
	v := reflect.ValueOf(item).Elem()
	ptr := v.Addr().Interface()
	idIndex := idFieldIndex(v.Type())
	return func(dec *json.Decoder) (string, error) {
		v.SetZero()
		if err := dec.Decode(ptr); err != nil || idIndex == nil {
			return "", err
		}
		return v.FieldByIndex(idIndex).String(), nil
	}
}

// pageAll is list's work, shared by every item type (Go's wasm code grows by
// each instantiation of a generic function, so only the wrapper above is
// generic): it reads each item with read and calls emit, which yields
// it. It returns the error list yields last (an *Error), or nil at the end
// of the collection or when emit returned false.
func pageAll(ctx context.Context, sc *gophercloud.ServiceClient, op, collection, key, query string, read itemReader, emit func() bool) error {
	base, err := url.ParseQuery(strings.TrimPrefix(query, "?"))
	if err != nil {
		return mapError(op, err)
	}
	yielded := map[string]bool{} // the ids given, for a restart
	each := func(id string) bool {
		if id != "" {
			if yielded[id] {
				return true
			}
			yielded[id] = true
		}
		return emit()
	}
	seen := map[string]bool{base.Get("marker"): true}
	restarted := false
	q := base
	var ahead *readAhead // read.ahead: the next page, asked for while this one is read
	if read.ahead && read.scan != nil {
		ahead = &readAhead{ctx: ctx, sc: sc, next: func(link url.Values) (string, bool) {
			if link.Get("limit") == "None" || link.Get("marker") == "None" || link.Get("marker") == "" || seen[link.Get("marker")] {
				return "", false
			}
			return collection + encode(merge(base, link)), true
		}}
		defer ahead.stop()
	}
	for page := 1; ; page++ {
		var next url.Values
		var stop bool
		var err error
		if ahead != nil {
			next, stop, err = ahead.page(collection+encode(q), key, read.scan, each)
		} else {
			next, stop, err = listPage(ctx, sc, collection+encode(q), key, read, each)
		}
		if stop {
			return nil
		}
		if err != nil {
			if !restarted && q.Get("marker") != base.Get("marker") && invalidMarker(err) {
				restarted = true
				q = base
				clear(seen)
				seen[base.Get("marker")] = true
				continue
			}
			return mapError(fmt.Sprintf("%s (page %d)", op, page), err)
		}
		if next == nil || next.Get("limit") == "None" {
			return nil
		}
		marker := next.Get("marker")
		if marker == "None" || marker == "" {
			return &Error{Code: EINTERNAL, Op: fmt.Sprintf("%s (page %d)", op, page),
				Err: fmt.Errorf("the next link has no marker (marker=%q): the next page cannot be asked for; raise the limit", marker)}
		}
		if seen[marker] {
			return &Error{Code: EINTERNAL, Op: fmt.Sprintf("%s (page %d)", op, page),
				Err: fmt.Errorf("the next link repeats marker %q: stopped a pagination loop", marker)}
		}
		seen[marker] = true
		q = merge(base, next)
	}
}

// listPage GETs one page and, for every item in order, reads it with read
// and calls each with its id. It returns the next link's query (nil when
// there is none), and stop = true when each returned false.
func listPage(ctx context.Context, sc *gophercloud.ServiceClient, pageURL, key string, read itemReader, each func(id string) bool) (next url.Values, stop bool, err error) {
	resp, err := sc.Get(ctx, pageURL, nil, &gophercloud.RequestOpts{KeepResponseBody: true})
	if err != nil {
		return nil, false, err
	}
	defer func() {
		io.Copy(io.Discard, resp.Body) // let the connection be reused
		resp.Body.Close()
	}()
	if resp.StatusCode == 204 {
		return nil, false, nil
	}
	if read.scan != nil {
		if read.page == nil {
			read.page = new(bytes.Buffer)
		}
		return scanPage(resp.Body, read.page, key, read.scan, each)
	}
	dec := json.NewDecoder(resp.Body)
	if err := expectDelim(dec, '{'); err != nil {
		return nil, false, err
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, false, err
		}
		switch name, _ := t.(string); {
		case name == key:
			if err := expectDelim(dec, '['); err != nil {
				return nil, false, fmt.Errorf("%q: %w", key, err)
			}
			for dec.More() {
				id, err := read.decode(dec)
				if err != nil {
					return nil, false, fmt.Errorf("decode %s: %w", key, err)
				}
				if !each(id) {
					return nil, true, nil
				}
			}
			if _, err := dec.Token(); err != nil {
				return nil, false, err
			}
		case isLinksKey(key, name):
			var links []gophercloud.Link
			if err := dec.Decode(&links); err != nil {
				return nil, false, fmt.Errorf("decode %s: %w", name, err)
			}
			if next, err = nextLink(links); err != nil {
				return nil, false, err
			}
		default:
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return nil, false, err
			}
		}
	}
	return next, false, nil
}

// scanPage is listPage's work on a page read whole: the items of key
// through scan (jsonscan, one pass), the next link decoded.
func scanPage(body io.Reader, page *bytes.Buffer, key string, scan func([]byte) (string, error), each func(id string) bool) (next url.Values, stop bool, err error) {
	page.Reset()
	if _, err := page.ReadFrom(body); err != nil {
		return nil, false, err
	}
	return scanBytes(page.Bytes(), key, scan, each, nil)
}

// scanBytes is scanPage's work on the page's bytes. It decodes the next
// link first and gives it to onNext (when set) before it scans the items,
// so that the next page can be asked for while this one is read.
func scanBytes(page []byte, key string, scan func([]byte) (string, error), each func(id string) bool, onNext func(url.Values)) (next url.Values, stop bool, err error) {
	ms, ok := jsonscan.Members(page, nil)
	if !ok {
		return nil, false, errors.New("the page is not a JSON object")
	}
	for _, m := range ms {
		if name := string(m.Key); isLinksKey(key, name) {
			var links []gophercloud.Link
			if err := json.Unmarshal(m.Value, &links); err != nil {
				return nil, false, fmt.Errorf("decode %s: %w", name, err)
			}
			if next, err = nextLink(links); err != nil {
				return nil, false, err
			}
		}
	}
	if next != nil && onNext != nil {
		onNext(next)
	}
	for _, m := range ms {
		if string(m.Key) != key {
			continue
		}
		var serr error
		stopped, ok := jsonscan.Elements(m.Value, func(item []byte) bool {
			id, err := scan(item)
			if err != nil {
				serr = fmt.Errorf("decode %s: %w", key, err)
				return false
			}
			return each(id)
		})
		switch {
		case serr != nil:
			return nil, false, serr
		case !ok:
			return nil, false, fmt.Errorf("%q is not a JSON array", key)
		case stopped:
			return nil, true, nil
		}
	}
	return next, false, nil
}

// nextLink is the query of the "next" link of links, nil when there is none.
func nextLink(links []gophercloud.Link) (url.Values, error) {
	var next url.Values
	for _, l := range links {
		if l.Rel != "next" {
			continue
		}
		u, err := url.Parse(l.Href)
		if err != nil {
			return nil, fmt.Errorf("next link %q: %w", l.Href, err)
		}
		next = u.Query()
	}
	return next, nil
}

// isLinksKey reports whether name is the links key of the collection key:
// key+"_links" ("loadbalancers_links"), or the singular Octavia uses for some
// collections ("flavorprofile_links", "availability_zone_profile_links").
func isLinksKey(key, name string) bool {
	return name == key+"_links" || name == strings.TrimSuffix(key, "s")+"_links"
}

// expectDelim reads the next token and checks that it is d.
func expectDelim(dec *json.Decoder, d json.Delim) error {
	t, err := dec.Token()
	if err != nil {
		return err
	}
	if t != d {
		return fmt.Errorf("got %v, want %v", t, d)
	}
	return nil
}

// merge returns the caller's query with the link's paging parameters.
func merge(base, link url.Values) url.Values {
	q := make(url.Values, len(base)+2)
	for k, v := range base {
		q[k] = v
	}
	for _, k := range pageKeys {
		if v, ok := link[k]; ok {
			q[k] = v
		}
	}
	return q
}

// encode returns "?" + q.Encode(), or "" for an empty q.
func encode(q url.Values) string {
	if len(q) == 0 {
		return ""
	}
	return "?" + q.Encode()
}

// invalidMarker reports a 400 whose fault is about the marker (Octavia:
// "Invalid input for field/attribute marker...", or the marker's object gone).
func invalidMarker(err error) bool {
	rc, ok := responseCode(err)
	return ok && rc.Actual == 400 && strings.Contains(strings.ToLower(string(rc.Body)), "marker")
}

// idFieldIndex returns the index of t's string field ID, or nil.
func idFieldIndex(t reflect.Type) []int {
	if t.Kind() != reflect.Struct {
		return nil
	}
	f, ok := t.FieldByName("ID")
	if !ok || f.Type.Kind() != reflect.String {
		return nil
	}
	return f.Index
}
