package octavia

import (
	"context"
	"fmt"
	"slices"

	"github.com/octaview/octaview/waiters"
)

// DefaultTagTries is how many PUTs UpdateTags sends at most when TagChange.Tries is 0.
const DefaultTagTries = 3

// TagChange is what UpdateTags does to a resource's tags, like the CLI's
// "set --tag" (Add) and "unset --tag / --all-tag" (Remove, RemoveAll).
type TagChange struct {
	Add       []string
	Remove    []string
	RemoveAll bool // remove every tag seen before the first PUT (Add still applies)

	Tries int             // PUTs at most; 0 = DefaultTagTries (3)
	Wait  waiters.Options // how a re-PUT waits for the load balancer after a 409 immutable (default: every 3 s, no limit)
}

// TagResult reports what UpdateTags did.
type TagResult struct {
	Tags     []string // the tags as read back after the last PUT, sorted
	Puts     int      // PUTs sent: 1 when the first one landed and nothing vanished
	Restored []string // other writers' tags that vanished after our PUT and were put back, sorted
	Lost     []string // our change still not in place after the last PUT (tags to add absent, tags to remove present), sorted
	Accepted Accepted // of the last PUT
}

// UpdateTags changes the tags of the resource r points at, merging like the
// CLI (read the tags, apply the change, PUT the whole list) and then checking
// what landed: it reads the tags back, and when our change is not in place
// (another writer's PUT overwrote it) or tags we kept for others vanished
// (a writer with a stale read dropped them), it merges again and re-PUTs,
// up to change.Tries PUTs (3 by default). When the tries run out with the
// change still not in place it returns the result with Lost set and an
// ECONFLICT *Error. See the package documentation for the race that remains.
//
// A 409 immutable (the load balancer is busy) on the first PUT ends the
// call with that EIMMUTABLE *Error and Puts 1, as any other write refused
// busy: nothing was written, and the caller decides whether to send it
// again once the load balancer is ACTIVE (the console offers "Retry when
// ACTIVE"). A 409 on a later PUT (our own first PUT, or the other writer's,
// left the load balancer PENDING_UPDATE) waits for the load balancer to be
// ACTIVE, through the client's StatusSource, and merges again from a fresh
// read.
func (c *Client) UpdateTags(ctx context.Context, r Ref, change TagChange) (TagResult, error) {
	op := "update tags of " + r.String()
	tries := change.Tries
	if tries <= 0 {
		tries = DefaultTagTries
	}
	u, err := r.url(c)
	if err != nil {
		return TagResult{}, &Error{Code: EINVALID, Op: op, Err: err}
	}
	readTags := func() ([]string, error) {
		o, err := c.Get(ctx, r)
		if err != nil {
			return nil, err
		}
		return o.Strings("tags"), nil
	}

	var res TagResult
	before, err := readTags()
	if err != nil {
		return res, err
	}
	removeAll := []string(nil)
	if change.RemoveAll {
		removeAll = slices.Clone(before)
	}
	restored := map[string]bool{}
	want := applyTags(before, change, removeAll)
	for {
		res.Puts++
		acc, err := c.put(ctx, op, u, map[string]any{string(r.Kind): map[string]any{"tags": want}}, nil)
		if ErrorCodeOf(err) == EIMMUTABLE && res.Puts > 1 && res.Puts < tries {
			if err := c.waitLoadBalancerIdle(ctx, r, change.Wait); err != nil {
				return res, err
			}
			cur, err := readTags()
			if err != nil {
				return res, err
			}
			want = applyTags(union(cur, keys(restored)), change, removeAll)
			continue
		}
		if err != nil {
			return res, err
		}
		res.Accepted = acc

		after, err := readTags()
		if err != nil {
			return res, err
		}
		lost := lostChange(after, change, removeAll)
		var vanished []string
		for _, t := range want {
			if !slices.Contains(change.Add, t) && !slices.Contains(after, t) {
				vanished = append(vanished, t)
			}
		}
		res.Tags = sorted(after)
		if len(lost) == 0 && len(vanished) == 0 {
			res.Restored = sorted(keysIn(restored, after))
			return res, nil
		}
		if res.Puts >= tries {
			res.Lost = sorted(lost)
			res.Restored = sorted(keysIn(restored, after))
			if len(lost) == 0 {
				return res, nil // our change is in; only others' tags could not be kept
			}
			return res, &Error{Code: ECONFLICT, Op: op, Err: fmt.Errorf("the tags kept changing under %d PUTs; still not in place: %v", res.Puts, res.Lost)}
		}
		for _, t := range vanished {
			restored[t] = true
		}
		want = applyTags(union(after, vanished), change, removeAll)
	}
}

// waitLoadBalancerIdle waits until the load balancer of r is ACTIVE.
func (c *Client) waitLoadBalancerIdle(ctx context.Context, r Ref, opts waiters.Options) error {
	lbID, err := c.LoadBalancerOf(ctx, r)
	if err != nil {
		return err
	}
	_, err = c.WaitLoadBalancerActive(ctx, lbID, opts)
	return err
}

// applyTags returns tags with the change applied, keeping the order, without duplicates.
func applyTags(tags []string, change TagChange, removeAll []string) []string {
	out := make([]string, 0, len(tags)+len(change.Add))
	for _, t := range tags {
		if slices.Contains(change.Remove, t) || slices.Contains(removeAll, t) || slices.Contains(out, t) {
			continue
		}
		out = append(out, t)
	}
	for _, t := range change.Add {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// lostChange lists the parts of change that are not in tags.
func lostChange(tags []string, change TagChange, removeAll []string) []string {
	var lost []string
	for _, t := range change.Add {
		if !slices.Contains(tags, t) {
			lost = append(lost, t)
		}
	}
	for _, t := range append(slices.Clone(change.Remove), removeAll...) {
		if slices.Contains(tags, t) && !slices.Contains(change.Add, t) && !slices.Contains(lost, t) {
			lost = append(lost, t)
		}
	}
	return lost
}

func union(a, b []string) []string {
	out := slices.Clone(a)
	for _, t := range b {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

func keysIn(m map[string]bool, tags []string) []string {
	var out []string
	for k := range m {
		if slices.Contains(tags, k) {
			out = append(out, k)
		}
	}
	return out
}

func sorted(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}
