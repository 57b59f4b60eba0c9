// Package lazyregexp is a regular expression compiled on its first use, for
// patterns declared at package level. Compiled at package init, they cost
// every start of the app in the browser: regexp's compiler is compiled by the
// browser and run before the first render, whether the page needs them or
// not (issue 21).
package lazyregexp

import (
	"regexp"
	"sync"
)

// Regexp is a regexp.Regexp compiled on first use; safe for concurrent use.
type Regexp struct {
	pattern string
	compile func() *regexp.Regexp
}

// New returns the Regexp of pattern, which must compile (as for
// regexp.MustCompile, it panics otherwise: on first use).
func New(pattern string) *Regexp {
	return &Regexp{pattern: pattern, compile: sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })}
}

// Regexp is the compiled expression.
func (r *Regexp) Regexp() *regexp.Regexp { return r.compile() }

// String is the pattern.
func (r *Regexp) String() string { return r.pattern }

// MatchString is regexp.Regexp.MatchString.
func (r *Regexp) MatchString(s string) bool { return r.compile().MatchString(s) }

// FindStringSubmatch is regexp.Regexp.FindStringSubmatch.
func (r *Regexp) FindStringSubmatch(s string) []string { return r.compile().FindStringSubmatch(s) }
