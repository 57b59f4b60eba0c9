package octavia

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"iter"
	"net/http"
	"net/url"
	"strconv"

	"github.com/octaview/octaview/internal/jsonscan"
)

// The kind-indexed calls read and write every kind of the kind table as
// Octavia's own JSON (Object): what Octavia sent, every attribute and none
// it did not, with no gophercloud struct between. They are the client's
// one API for Octavia's resources: the console and the server read and
// write through them.

// ListQuery is what a list asks Octavia for.
type ListQuery struct {
	Filters url.Values // Octavia's filters by attribute (loadbalancer_id, tags, …), sent as they are
	Fields  []string   // only these attributes (Octavia's "fields"); nil = all
	Limit   int        // the page size; 0 = Octavia's default (1,000 at most)
	Marker  string     // the list starts after this object's id
	Sort    string     // Octavia's order, "name:asc,id:asc"; "" = its default (created_at, id)
	// ReadAhead (Rows only): ask for each page's next page while the page is
	// read, for a caller that reads every page (pages_ahead.go)
	ReadAhead bool
}

// query is q as a list request's query string ("?…", or "").
func (q ListQuery) query() string {
	v := url.Values{}
	for k, vs := range q.Filters {
		v[k] = vs
	}
	for _, f := range q.Fields {
		v.Add("fields", f)
	}
	if q.Limit > 0 {
		v.Set("limit", strconv.Itoa(q.Limit))
	}
	if q.Marker != "" {
		v.Set("marker", q.Marker)
	}
	if q.Sort != "" {
		v.Set("sort", q.Sort)
	}
	return encode(v)
}

// listOf checks k and returns the URL and envelope of its collection.
func (c *Client) listOf(k Kind, parentID string) (collection, key string, err error) {
	i, ok := k.info()
	switch {
	case !ok:
		return "", "", &Error{Code: EINVALID, Op: "list " + string(k), Err: errors.New("unknown kind")}
	case i.parent != "" && parentID == "":
		return "", "", &Error{Code: EINVALID, Op: "list " + k.String() + "s", Err: errors.New("a list of " + i.many + " needs its " + i.parent.String())}
	}
	return c.collectionURL(k, parentID), i.many, nil
}

// List streams the objects of kind k that q asks for, page by page, as
// every list does (see the package documentation: next links, filters
// kept, loops stopped); parentID is the pool of members, the L7 policy of
// rules ("" for the other kinds). Each item is decoded straight from the
// page as an Object.
func (c *Client) List(ctx context.Context, k Kind, parentID string, q ListQuery) iter.Seq2[Object, error] {
	op := "list " + k.String() + "s"
	return func(yield func(Object, error) bool) {
		collection, key, err := c.listOf(k, parentID)
		if err != nil {
			yield(nil, err)
			return
		}
		idKey := k.IDKey()
		var o Object
		decode := func(dec *json.Decoder) (string, error) {
			o = nil
			if err := dec.Decode(&o); err != nil {
				return "", err
			}
			return o.Text(idKey), nil
		}
		if err := pageAll(ctx, c.lb, op, collection, key, q.query(), itemReader{decode: decode}, func() bool { return yield(o, nil) }); err != nil {
			yield(nil, err)
		}
	}
}

// Row is one object of a list as text: the values of the fields its list
// asked for (ListQuery.Fields), in that order; ValueText's text of each, ""
// for an attribute the object lacks.
type Row []string

// Rows streams the objects of kind k as Rows of q.Fields (which it asks
// Octavia for, so that pages hold those attributes only). Each row is
// taken straight from the page's bytes (no decoding into a map or struct,
// no time parsing): a 10,000-row list of any kind reads as fast as its
// bytes come. q.Fields must name the kind's id attribute (IDKey) for a
// restarted list to skip the rows it gave.
func (c *Client) Rows(ctx context.Context, k Kind, parentID string, q ListQuery) iter.Seq2[Row, error] {
	op := "list " + k.String() + "s"
	return func(yield func(Row, error) bool) {
		collection, key, err := c.listOf(k, parentID)
		if err != nil {
			yield(nil, err)
			return
		}
		idAt := -1
		for i, f := range q.Fields {
			if f == k.IDKey() {
				idAt = i
			}
		}
		var members [64]jsonscan.Member
		var buf []byte // the row's texts, end to end: one string per row
		var ends []int // where each text ends in buf
		var row Row
		scan := func(raw []byte) (string, error) {
			ms, ok := jsonscan.Members(raw, members[:0])
			if !ok {
				return "", errors.New("an item is not a JSON object")
			}
			buf, ends = buf[:0], ends[:0]
			for _, f := range q.Fields {
				for _, m := range ms {
					if string(m.Key) == f {
						buf = appendRawText(buf, m.Value)
						break
					}
				}
				ends = append(ends, len(buf))
			}
			all, start := string(buf), 0
			row = make(Row, len(q.Fields))
			for i, end := range ends {
				row[i], start = all[start:end], end
			}
			if idAt < 0 {
				return "", nil
			}
			return row[idAt], nil
		}
		if err := pageAll(ctx, c.lb, op, collection, key, q.query(), itemReader{scan: scan, page: new(bytes.Buffer), ahead: q.ReadAhead}, func() bool { return yield(row, nil) }); err != nil {
			yield(nil, err)
		}
	}
}

// appendRawText appends ValueText of the encoded JSON value v to dst,
// without decoding strings, numbers and literals.
func appendRawText(dst, v []byte) []byte {
	switch {
	case len(v) == 0 || string(v) == "null":
		return dst
	case v[0] == '"':
		if s, ok := jsonscan.Unquote(v); ok {
			return append(dst, s...)
		}
	case v[0] == '[' || v[0] == '{':
		var x any
		if json.Unmarshal(v, &x) == nil {
			return append(dst, ValueText(x)...)
		}
	case v[0] == 't' || v[0] == 'f':
	default:
		if f, err := strconv.ParseFloat(string(v), 64); err == nil {
			return strconv.AppendFloat(dst, f, 'f', -1, 64)
		}
	}
	return append(dst, v...)
}

// Get reads the object r points at, as Octavia's JSON says it.
func (c *Client) Get(ctx context.Context, r Ref) (Object, error) {
	op := "get " + r.String()
	u, err := r.url(c)
	if err != nil {
		return nil, &Error{Code: EINVALID, Op: op, Err: err}
	}
	o, _, err := c.sendObject(ctx, op, http.MethodGet, u, string(r.Kind), nil)
	return o, err
}

// Create creates an object of kind k (under parentID: a member's pool, a
// rule's L7 policy) from body, Octavia's attributes, sent under the kind's
// envelope ({"listener": body}). It returns Octavia's answer (its
// provisioning status PENDING_CREATE for the kinds of a load balancer's
// tree: wait with WaitChildActive) and what Octavia accepted.
func (c *Client) Create(ctx context.Context, k Kind, parentID string, body Object) (Object, Accepted, error) {
	op := "create " + k.String()
	collection, _, err := c.listOf(k, parentID)
	if err != nil {
		return nil, Accepted{}, err
	}
	return c.sendObject(ctx, op, http.MethodPost, collection, string(k), body)
}

// Update changes the object r points at with body, Octavia's attributes: a
// nil value is sent as JSON null, Octavia's "unset" (the attribute goes back
// to its default, as the CLI's "unset" commands do).
func (c *Client) Update(ctx context.Context, r Ref, body Object) (Object, Accepted, error) {
	op := "update " + r.String()
	u, err := r.url(c)
	if err != nil {
		return nil, Accepted{}, &Error{Code: EINVALID, Op: op, Err: err}
	}
	return c.sendObject(ctx, op, http.MethodPut, u, string(r.Kind), body)
}

// Delete deletes the object r points at; cascade (load balancers only:
// their listeners, pools, members and monitors too) sends cascade=true.
// Wait with WaitChildDeleted; flavors, zones and their profiles are gone
// when Octavia answers.
func (c *Client) Delete(ctx context.Context, r Ref, cascade bool) (Accepted, error) {
	op := "delete " + r.String()
	u, err := r.url(c)
	if i, _ := r.Kind.info(); err == nil && cascade && !i.cascade {
		err = errors.New("only a load balancer's delete cascades")
	}
	if err != nil {
		return Accepted{}, &Error{Code: EINVALID, Op: op, Err: err}
	}
	if cascade {
		u += "?cascade=true"
	}
	return c.del(ctx, op, u)
}

// sendObject sends method url with body (nil = none) under the envelope key
// and returns the object of the answer's envelope.
func (c *Client) sendObject(ctx context.Context, op, method, url, key string, body Object) (Object, Accepted, error) {
	var b any
	if body != nil {
		b = map[string]any{key: map[string]any(body)}
	}
	o, acc, err := sendOne[Object](ctx, c, c.lb, op, method, url, b, key)
	if err != nil || o == nil {
		return nil, acc, err
	}
	return *o, acc, nil
}
