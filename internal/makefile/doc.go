// Package makefile holds the tests of the repository's Makefile, run on a
// fresh clone of the working tree: `make build` and `make run` with only Go
// (and make, mkdir) on PATH, and a first `make run` that serves at once while
// the best compression runs in the background. It has no code of its own.
package makefile
