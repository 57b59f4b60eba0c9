package octavia

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// Barbican's paging: offset and limit, a "next" link on Barbican's own host
// (its host_href) until the last page; the client follows the link's
// offset on the catalog's endpoint.

// barbicanPage is a page of a Barbican list: its items under the
// collection's key, the total and the next page's link.
type barbicanPage[T any] struct {
	items []T
	Total int    `json:"total"`
	Next  string `json:"next"`
}

func barbicanList[T any](ctx context.Context, k *KeyManager, op, collection, query string) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var zero T
		sc, err := k.client(op)
		if err != nil {
			yield(zero, err)
			return
		}
		q, err := url.ParseQuery(strings.TrimPrefix(query, "?"))
		if err != nil {
			yield(zero, mapError(op, err))
			return
		}
		seen := map[string]bool{}
		for {
			var page barbicanPage[T]
			raw := map[string]json.RawMessage{}
			u := sc.ServiceURL(collection) + "?" + q.Encode()
			if _, err := do(ctx, sc, op, http.MethodGet, u, nil, &raw); err != nil {
				yield(zero, err)
				return
			}
			if err := decodeBarbicanPage(raw, collection, &page); err != nil {
				yield(zero, &Error{Code: EINTERNAL, Op: op, Err: err})
				return
			}
			for _, v := range page.items {
				if !yield(v, nil) {
					return
				}
			}
			next, ok, err := barbicanNext(q, page.Next, len(page.items))
			if err != nil || !ok {
				if err != nil {
					yield(zero, &Error{Code: EINTERNAL, Op: op, Err: err})
				}
				return
			}
			if seen[next.Get("offset")] {
				yield(zero, &Error{Code: EINTERNAL, Op: op, Err: fmt.Errorf("the next link repeats offset %s", next.Get("offset"))})
				return
			}
			seen[next.Get("offset")] = true
			q = next
		}
	}
}

// decodeBarbicanPage reads raw (the page's JSON object) into page.
func decodeBarbicanPage[T any](raw map[string]json.RawMessage, collection string, page *barbicanPage[T]) error {
	items, ok := raw[collection]
	if !ok {
		return fmt.Errorf("the answer has no %q list", collection)
	}
	if err := json.Unmarshal(items, &page.items); err != nil {
		return fmt.Errorf("read %s: %w", collection, err)
	}
	if t, ok := raw["total"]; ok {
		_ = json.Unmarshal(t, &page.Total)
	}
	if n, ok := raw["next"]; ok {
		_ = json.Unmarshal(n, &page.Next)
	}
	return nil
}

// barbicanNext returns the query of the next page: the caller's query q with
// the next link's offset and limit (the link's host is Barbican's own,
// which the client never calls). ok is false on the last page (no link, or
// an empty page).
func barbicanNext(q url.Values, next string, n int) (url.Values, bool, error) {
	if next == "" || n == 0 {
		return nil, false, nil
	}
	u, err := url.Parse(next)
	if err != nil {
		return nil, false, fmt.Errorf("read the next link: %w", err)
	}
	lq := u.Query()
	off, err := strconv.Atoi(lq.Get("offset"))
	if err != nil || off < 0 {
		return nil, false, fmt.Errorf("the next link %q has no offset", next)
	}
	out := url.Values{}
	for k, v := range q {
		out[k] = v
	}
	out.Set("offset", strconv.Itoa(off))
	if l := lq.Get("limit"); l != "" {
		out.Set("limit", l)
	}
	return out, true, nil
}
