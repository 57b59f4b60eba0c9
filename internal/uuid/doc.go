// Package uuid tells a UUID in its canonical text form, 8-4-4-4-12 hex
// digits, from any other string: the form Barbican gives its secrets and
// containers, which the client checks in a ref and the lab cloud in a path
// and a state file. It neither parses nor generates UUIDs.
package uuid
