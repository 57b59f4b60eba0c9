package timeline

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"time"
)

// fileFormat names the file's format; a file that does not say it is not
// a timeline.
const fileFormat = "octaview-timeline/1"

// fileDoc is the file: a gzipped JSON document whose strings that repeat (kinds,
// statuses, fields) are numbered in Strings (0 is ""), and whose objects
// are numbered per feed, so that a change is five numbers.
type fileDoc struct {
	Format  string       `json:"format"`
	Saved   string       `json:"saved"` // RFC 3339, for a reader
	Strings []string     `json:"strings"`
	Sources []fileSource `json:"sources"`
}

// fileSource is one feed.
type fileSource struct {
	Source string `json:"source"`
	// Objects are the objects the feed's changes and current state name:
	// [id, name, load balancer id] and a kind (a string's number).
	Objects []fileObject `json:"objects"`
	// Current are the objects of the last poll: [object, provisioning,
	// operating, since (Unix ms)].
	Current [][4]int64 `json:"current"`
	// LBs are the changes by load balancer.
	LBs []fileLB `json:"lbs"`
	// Last is the feed's last poll (Unix ms).
	Last int64 `json:"last"`
}

type fileObject struct {
	ID   string `json:"i"`
	Name string `json:"n,omitempty"`
	LB   string `json:"l"`
	Kind int64  `json:"k"`
}

// fileLB is one load balancer's changes, oldest first: [ms since the
// previous change (the first: Unix ms), object, field, from, to].
type fileLB struct {
	ID      string     `json:"lb"`
	Changes [][5]int64 `json:"c"`
}

// encoder numbers strings and objects while the document is built.
type encoder struct {
	strings map[string]int64
	doc     fileDoc
}

func (e *encoder) str(v string) int64 {
	if n, ok := e.strings[v]; ok {
		return n
	}
	n := int64(len(e.doc.Strings))
	e.strings[v] = n
	e.doc.Strings = append(e.doc.Strings, v)
	return n
}

// encode builds the file's document. s.mu is held.
func (s *Store) encode(now time.Time) fileDoc {
	e := &encoder{strings: map[string]int64{"": 0}, doc: fileDoc{Format: fileFormat, Saved: now.UTC().Format(time.RFC3339), Strings: []string{""}}}
	names := slices.Sorted(maps.Keys(s.sources))
	for _, name := range names {
		so := s.sources[name]
		fsrc := fileSource{Source: name, Last: so.last.UnixMilli()}
		objs := make(map[fileObject]int64)
		obj := func(id, kind, oname, lb string) int64 {
			k := fileObject{ID: id, Name: oname, LB: lb, Kind: e.str(kind)}
			if n, ok := objs[k]; ok {
				return n
			}
			n := int64(len(fsrc.Objects))
			objs[k] = n
			fsrc.Objects = append(fsrc.Objects, k)
			return n
		}
		for _, id := range slices.Sorted(maps.Keys(so.objects)) {
			st := so.objects[id]
			fsrc.Current = append(fsrc.Current, [4]int64{obj(id, st.kind, st.name, st.lb), e.str(st.prov), e.str(st.oper), st.since.UnixMilli()})
		}
		for _, lb := range slices.Sorted(maps.Keys(so.changes)) {
			fl := fileLB{ID: lb}
			var prev int64
			for _, c := range so.changes[lb] {
				ms := c.at.UnixMilli()
				fl.Changes = append(fl.Changes, [5]int64{ms - prev, obj(c.id, c.kind, c.name, lb), e.str(c.field), e.str(c.from), e.str(c.to)})
				prev = ms
			}
			fsrc.LBs = append(fsrc.LBs, fl)
		}
		e.doc.Sources = append(e.doc.Sources, fsrc)
	}
	return e.doc
}

// flush writes the file if a change is not in it yet.
func (s *Store) flush() error {
	if s.path == "" {
		return nil
	}
	s.write.Lock()
	defer s.write.Unlock()
	s.mu.Lock()
	if !s.dirty {
		s.mu.Unlock()
		return nil
	}
	doc := s.encode(time.Now())
	s.dirty = false
	s.mu.Unlock()
	b, err := compress(doc)
	if err == nil {
		err = writeAtomic(s.path, b)
	}
	if err != nil {
		s.mu.Lock()
		s.dirty = true
		s.mu.Unlock()
	}
	return err
}

// compress is the file's bytes: doc's JSON, gzipped (a day of a flapping
// member's changes repeat: 160 kB of JSON, 1 kB gzipped).
func compress(doc fileDoc) ([]byte, error) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if err := json.NewEncoder(zw).Encode(doc); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// decompress reads the file's bytes into doc: gzipped JSON, or JSON as
// it is (a file written by hand, or gunzipped to be read).
func decompress(b []byte, doc *fileDoc) error {
	var r io.Reader = bytes.NewReader(b)
	if bytes.HasPrefix(b, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(r)
		if err != nil {
			return err
		}
		r = zr
	}
	d := json.NewDecoder(r)
	if err := d.Decode(doc); err != nil {
		return err
	}
	if _, err := d.Token(); err != io.EOF {
		return errors.New("more than one document")
	}
	return nil
}

// writeAtomic replaces the file at path by b: a reader (or a crash) sees
// the old file or the new one, never a part.
func writeAtomic(path string, b []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// load reads the file at s.path, if there is one.
func (s *Store) load() error {
	b, err := os.ReadFile(s.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("timeline: %w", err)
	}
	var doc fileDoc
	if err := decompress(b, &doc); err != nil {
		return fmt.Errorf("timeline: %s is not a timeline file: %w", s.path, err)
	}
	if doc.Format != fileFormat {
		return fmt.Errorf("timeline: %s is not a timeline file (format %q, want %q)", s.path, doc.Format, fileFormat)
	}
	if err := s.decode(doc); err != nil {
		return fmt.Errorf("timeline: %s is corrupt: %w", s.path, err)
	}
	return nil
}

// decode fills the empty store from doc, checking every number.
func (s *Store) decode(doc fileDoc) error {
	if len(doc.Strings) == 0 || doc.Strings[0] != "" {
		return errors.New(`strings do not begin with ""`)
	}
	str := func(n int64) (string, error) {
		if n < 0 || n >= int64(len(doc.Strings)) {
			return "", fmt.Errorf("string %d of %d", n, len(doc.Strings))
		}
		return intern(doc.Strings[n]), nil
	}
	for _, fsrc := range doc.Sources {
		if s.sources[fsrc.Source] != nil {
			return fmt.Errorf("feed %q twice", fsrc.Source)
		}
		so := &source{objects: make(map[string]*state), changes: make(map[string][]change), last: time.UnixMilli(fsrc.Last).UTC()}
		obj := func(n int64) (fileObject, string, error) {
			if n < 0 || n >= int64(len(fsrc.Objects)) {
				return fileObject{}, "", fmt.Errorf("feed %q: object %d of %d", fsrc.Source, n, len(fsrc.Objects))
			}
			o := fsrc.Objects[n]
			kind, err := str(o.Kind)
			return o, kind, err
		}
		for _, c := range fsrc.Current {
			o, kind, err := obj(c[0])
			if err != nil {
				return err
			}
			prov, err1 := str(c[1])
			oper, err2 := str(c[2])
			if err := errors.Join(err1, err2); err != nil {
				return err
			}
			id := intern(o.ID)
			so.objects[id] = &state{id: id, kind: kind, name: intern(o.Name), lb: intern(o.LB), prov: prov, oper: oper, since: time.UnixMilli(c[3]).UTC()}
		}
		for _, fl := range fsrc.LBs {
			var ms int64
			cs := make([]change, 0, len(fl.Changes))
			for _, c := range fl.Changes {
				ms += c[0]
				o, kind, err := obj(c[1])
				if err != nil {
					return err
				}
				field, err1 := str(c[2])
				from, err2 := str(c[3])
				to, err3 := str(c[4])
				if err := errors.Join(err1, err2, err3); err != nil {
					return err
				}
				cs = append(cs, change{at: time.UnixMilli(ms).UTC(), id: intern(o.ID), kind: kind, name: intern(o.Name), field: field, from: from, to: to})
			}
			so.changes[intern(fl.ID)] = cs
			s.total += len(cs)
		}
		s.sources[fsrc.Source] = so
	}
	return nil
}
