//go:build !js

package main

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/octaview/octaview/app/serverapi"
)

// The -walls file (docs/walls.md): YAML or JSON, checked whole at start.
// Every mistake is reported with the file and line, all at once, and the
// server does not start.

// Bounds of the -walls file.
const (
	maxWalls          = 100
	maxWallTitle      = 200 // characters
	minWallTokenChars = 22  // base64url characters: 132 bits when random
	wallsLabCloud     = "lab"
)

// wallNamePattern is a wall's name: its URL's last part.
var wallNamePattern = regexp.MustCompile(`^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$`)

// wallTokenPattern is what a wall's secret may hold: it is a URL path part.
var wallTokenPattern = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// wallsFile is a checked -walls file.
type wallsFile struct {
	Path         string // as given
	TimelineFile string // the timeline store: timeline_file, else Path+".timeline"
	NotesFile    string // the incident notes: notes_file, else Path+".notes"
	Walls        []wallConfig
}

// wallConfig is one wall of the file.
type wallConfig struct {
	Name, Title string
	Cloud       string   // a clouds.yaml entry; "lab": the embedded lab's admin (lab mode)
	Projects    []string // ids or names (resolved at start); none = every project the credential sees
	Tags        []string // any of; none = any load balancer
	Names       []string // path.Match patterns on the load balancer's name; none = any
	Secret      bool     // access: secret (the token is in the URL)
	Show        serverapi.WallShow

	token     []byte // the secret (access: secret), from token_file or token_env
	line      int    // of the wall's entry
	cloudLine int    // of its cloud key
	projLine  int    // of its projects key
}

// wallKeys are the keys of a wall's entry.
var wallKeys = []string{"name", "title", "cloud", "projects", "tags", "names", "access", "token_file", "token_env", "show"}

// fileKeys are the keys at the top of the file.
var fileKeys = []string{"walls", "timeline_file", "notes_file"}

// wallsError is one mistake of the -walls file at a line.
func wallsError(file string, line int, format string, args ...any) error {
	return fmt.Errorf("-walls %s:%d: %s", file, line, fmt.Sprintf(format, args...))
}

// loadWallsFile reads and checks the -walls file at file; getenv reads
// token_env. It returns every mistake found, each with its line.
func loadWallsFile(file string, getenv func(string) string) (*wallsFile, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("-walls: %w", err)
	}
	return parseWallsFile(file, data, getenv)
}

func parseWallsFile(file string, data []byte, getenv func(string) string) (*wallsFile, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("-walls %s: %w", file, err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("-walls %s: want a mapping with a list of walls under \"walls\"", file)
	}
	p := &wallsParser{file: file, dir: filepath.Dir(file), getenv: getenv}
	wf := &wallsFile{Path: file, TimelineFile: file + ".timeline", NotesFile: file + ".notes"}
	var walls *yaml.Node
	p.mapping(doc.Content[0], fileKeys, func(key string, k, v *yaml.Node) {
		switch key {
		case "walls":
			walls = v
		case "timeline_file":
			wf.TimelineFile = p.path(k, v)
		case "notes_file":
			wf.NotesFile = p.path(k, v)
		}
	})
	switch {
	case walls == nil:
		p.fail(doc.Content[0].Line, "no \"walls\": want a list of walls")
	case walls.Kind != yaml.SequenceNode:
		p.fail(walls.Line, "\"walls\": want a list of walls")
	case len(walls.Content) > maxWalls:
		p.fail(walls.Line, "%d walls: at most %d", len(walls.Content), maxWalls)
	default:
		seen := map[string]int{}
		for _, n := range walls.Content {
			w, ok := p.wall(n)
			if first, dup := seen[w.Name]; dup && w.Name != "" {
				p.fail(w.line, "wall %q again (first at line %d): each wall's name is its URL, and must be unique", w.Name, first)
				continue
			}
			seen[w.Name] = w.line
			if ok {
				wf.Walls = append(wf.Walls, w)
			}
		}
	}
	if err := errors.Join(p.errs...); err != nil {
		return nil, err
	}
	return wf, nil
}

// wallsParser collects the mistakes of one file.
type wallsParser struct {
	file, dir string
	getenv    func(string) string
	errs      []error
}

func (p *wallsParser) fail(line int, format string, args ...any) {
	p.errs = append(p.errs, wallsError(p.file, line, format, args...))
}

// mapping calls each for every key of n, refusing the keys not in known.
func (p *wallsParser) mapping(n *yaml.Node, known []string, each func(key string, k, v *yaml.Node)) {
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode || !slices.Contains(known, k.Value) {
			p.fail(k.Line, "unknown key %q (want one of %s)", k.Value, strings.Join(known, ", "))
			continue
		}
		if first, dup := seen[k.Value]; dup {
			p.fail(k.Line, "key %q again (first at line %d)", k.Value, first)
			continue
		}
		seen[k.Value] = k.Line
		each(k.Value, k, v)
	}
}

// scalar is v's string value, or a mistake at its line.
func (p *wallsParser) scalar(k, v *yaml.Node) string {
	if v.Kind != yaml.ScalarNode || v.Tag == "!!null" {
		p.fail(v.Line, "%s: want a string", k.Value)
		return ""
	}
	return v.Value
}

// list is v's strings: a list of them, or one alone.
func (p *wallsParser) list(k, v *yaml.Node) []string {
	if v.Kind == yaml.ScalarNode && v.Tag != "!!null" {
		return []string{v.Value}
	}
	if v.Kind != yaml.SequenceNode {
		p.fail(v.Line, "%s: want a list of strings", k.Value)
		return nil
	}
	var out []string
	for _, item := range v.Content {
		if item.Kind != yaml.ScalarNode || item.Value == "" {
			p.fail(item.Line, "%s: want a list of non-empty strings", k.Value)
			continue
		}
		out = append(out, item.Value)
	}
	return out
}

// path is a path key's value, relative to the walls file's directory.
func (p *wallsParser) path(k, v *yaml.Node) string {
	s := p.scalar(k, v)
	if s == "" {
		p.fail(v.Line, "%s: want a file name", k.Value)
		return ""
	}
	if !filepath.IsAbs(s) {
		s = filepath.Join(p.dir, s)
	}
	return s
}

// wall checks one wall's entry.
func (p *wallsParser) wall(n *yaml.Node) (wallConfig, bool) {
	before := len(p.errs)
	w := wallConfig{line: n.Line, Show: serverapi.WallShow{Names: true}}
	if n.Kind != yaml.MappingNode {
		p.fail(n.Line, "a wall: want a mapping (name, title, cloud, …)")
		return w, false
	}
	var access string
	var accessLine, tokenLine int
	var tokenFile, tokenEnv string
	p.mapping(n, wallKeys, func(key string, k, v *yaml.Node) {
		switch key {
		case "name":
			w.Name = p.scalar(k, v)
			if !wallNamePattern.MatchString(w.Name) {
				p.fail(v.Line, "name %q: want 1 to 63 of a-z, 0-9 and -, not starting or ending with - (it is the wall's URL)", w.Name)
			}
		case "title":
			w.Title = p.scalar(k, v)
			if len([]rune(w.Title)) > maxWallTitle {
				p.fail(v.Line, "title: at most %d characters", maxWallTitle)
			}
		case "cloud":
			w.Cloud, w.cloudLine = p.scalar(k, v), v.Line
		case "projects":
			w.Projects, w.projLine = p.list(k, v), v.Line
		case "tags":
			w.Tags = p.list(k, v)
		case "names":
			w.Names = p.list(k, v)
			for _, g := range w.Names {
				if _, err := path.Match(g, ""); err != nil {
					p.fail(v.Line, "names: %q is not a valid pattern (path.Match: *, ?, [a-z], \\ escapes)", g)
				}
			}
		case "access":
			access, accessLine = p.scalar(k, v), v.Line
		case "token_file":
			tokenFile, tokenLine = p.path(k, v), v.Line
		case "token_env":
			tokenEnv, tokenLine = p.scalar(k, v), v.Line
		case "show":
			w.Show = p.show(k, v)
		}
	})
	if w.Name == "" && len(p.errs) == before {
		p.fail(n.Line, "a wall without a name")
	}
	if w.Title == "" {
		w.Title = w.Name
	}
	if w.Cloud == "" {
		p.fail(n.Line, "wall %q: no cloud (a clouds.yaml entry)", w.Name)
	}
	switch access {
	case "public":
		if tokenFile != "" || tokenEnv != "" {
			p.fail(tokenLine, "wall %q is public: a token_file or token_env is for access: secret", w.Name)
		}
	case "secret":
		w.Secret = true
		w.token = p.token(w.Name, n.Line, tokenLine, tokenFile, tokenEnv)
	case "":
		p.fail(n.Line, "wall %q: no access (public, or secret with token_file or token_env)", w.Name)
	default:
		p.fail(accessLine, "access %q: want public or secret", access)
	}
	return w, len(p.errs) == before
}

// show reads a wall's show: a list of names, addresses and members, or
// summary (with names, if listed too).
func (p *wallsParser) show(k, v *yaml.Node) serverapi.WallShow {
	var s serverapi.WallShow
	for _, item := range p.list(k, v) {
		switch item {
		case "names":
			s.Names = true
		case "addresses":
			s.Addresses = true
		case "members":
			s.Members = true
		case "summary":
			s.Summary = true
		default:
			p.fail(v.Line, "show: %q: want names, addresses, members or summary", item)
		}
	}
	if s.Summary && (s.Addresses || s.Members) {
		p.fail(v.Line, "show: summary shows no tree: addresses and members go without it")
	}
	return s
}

// token reads a secret wall's token from its file or variable and checks it.
func (p *wallsParser) token(name string, wallLine, line int, file, env string) []byte {
	var tok string
	switch {
	case file != "" && env != "":
		p.fail(line, "wall %q: token_file and token_env both given: choose one", name)
		return nil
	case file != "":
		b, err := os.ReadFile(file)
		if err != nil {
			p.fail(line, "wall %q: token_file: %v", name, err)
			return nil
		}
		tok = strings.TrimSpace(string(b))
	case env != "":
		if tok = strings.TrimSpace(p.getenv(env)); tok == "" {
			p.fail(line, "wall %q: token_env: $%s is not set or empty", name, env)
			return nil
		}
	default:
		p.fail(wallLine, "wall %q is secret: give its token in token_file or token_env (never in this file)", name)
		return nil
	}
	switch {
	case !wallTokenPattern.MatchString(tok):
		p.fail(line, "wall %q: its token may hold only A-Z, a-z, 0-9, _ and - (it is a URL part)", name)
	case len(tok) < minWallTokenChars || distinctBytes(tok) < 10:
		p.fail(line, "wall %q: its token is too guessable: want %d or more random characters (e.g. head -c 24 /dev/urandom | base64 | tr '+/' '-_')", name, minWallTokenChars)
	default:
		return []byte(tok)
	}
	return nil
}

// distinctBytes counts the different bytes of s: a crude floor on a
// token's entropy (aaaa…, abab… are refused).
func distinctBytes(s string) int {
	var seen [256]bool
	n := 0
	for i := range len(s) {
		if !seen[s[i]] {
			seen[s[i]] = true
			n++
		}
	}
	return n
}
