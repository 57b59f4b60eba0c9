//go:build !js

package proxytest

import (
	"fmt"
	"net/http"
)

// Tally counts the answers to one request sent over and over (a login
// during a flood): how many were tried, how many had the status wanted,
// and the last other answer.
type Tally struct {
	Want   int // the status that counts as served, e.g. http.StatusCreated
	Tries  int
	Served int
	Last   string // the last answer of another status: "STATUS BODY", the body cut at 300 bytes
}

// Add counts one answer.
func (c *Tally) Add(resp *http.Response, body string) {
	c.Tries++
	if resp.StatusCode == c.Want {
		c.Served++
		return
	}
	c.Last = fmt.Sprintf("%d %.300s", resp.StatusCode, body)
}

// AllServed reports whether every try was served.
func (c *Tally) AllServed() bool { return c.Served == c.Tries }

// String is "SERVED of TRIES served (last refusal: LAST)".
func (c *Tally) String() string {
	return fmt.Sprintf("%d of %d served (last refusal: %s)", c.Served, c.Tries, c.Last)
}
