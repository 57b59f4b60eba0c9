// An exercise's JSON file: parsing it with errors that name the line, and
// the exercises shipped with the lab.

package labcloud

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"slices"
	"strings"
)

// ParseExercise reads an exercise from JSON. name is the file's name, for
// messages: an error says the line and the reason ("first.json:12: step 3
// (Add a pool): check.exists: unknown kind "pol"").
func ParseExercise(name string, data []byte) (*Exercise, error) {
	e, err := parseExercise(data)
	if err != nil {
		var le *lineError
		if errors.As(err, &le) {
			return nil, fmt.Errorf("%s:%d: %s", name, lineOf(data, le.offset), le.msg)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return e, nil
}

// lineError is a problem at a byte offset of the file.
type lineError struct {
	offset int64
	msg    string
}

func (e *lineError) Error() string { return e.msg }

// lineOf is the 1-based line of byte offset off in data.
func lineOf(data []byte, off int64) int {
	off = min(max(off, 0), int64(len(data)))
	return 1 + bytes.Count(data[:off], []byte("\n"))
}

// skipSpace moves off past white space in data.
func skipSpace(data []byte, off int64) int64 {
	for off < int64(len(data)) && strings.IndexByte(" \t\r\n,", data[off]) >= 0 {
		off++
	}
	return off
}

func parseExercise(data []byte) (*Exercise, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	syntax := func(err error) error {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return &lineError{se.Offset, "not valid JSON: " + se.Error()}
		case errors.As(err, &te):
			return &lineError{te.Offset, fmt.Sprintf("%s: want %s, not a JSON %s", te.Field, te.Type, te.Value)}
		case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
			return &lineError{int64(len(data)), "the file ends too early"}
		}
		return &lineError{dec.InputOffset(), err.Error()}
	}
	if tok, err := dec.Token(); err != nil {
		return nil, syntax(err)
	} else if tok != json.Delim('{') {
		return nil, &lineError{0, "want a JSON object"}
	}
	var e Exercise
	stepLines := []int64{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, syntax(err)
		}
		key, _ := tok.(string)
		at := dec.InputOffset()
		switch key {
		case "name":
			err = dec.Decode(&e.Name)
		case "title":
			err = dec.Decode(&e.Title)
		case "description":
			err = dec.Decode(&e.Description)
		case "setup":
			err = dec.Decode(&e.Setup)
			if err == nil && e.Setup != nil {
				if serr := e.Setup.checkForProject(); serr != nil {
					return nil, &lineError{skipSpace(data, at), "setup: " + serr.Error()}
				}
			}
		case "steps":
			if tok, err := dec.Token(); err != nil {
				return nil, syntax(err)
			} else if tok != json.Delim('[') {
				return nil, &lineError{at, "steps: want a list"}
			}
			for dec.More() {
				stepLines = append(stepLines, skipSpace(data, dec.InputOffset()))
				var s Step
				if err := dec.Decode(&s); err != nil {
					var se *json.SyntaxError
					if errors.As(err, &se) {
						return nil, syntax(err)
					}
					return nil, &lineError{stepLines[len(stepLines)-1], fmt.Sprintf("step %d: %v", len(stepLines), err)}
				}
				e.Steps = append(e.Steps, s)
			}
			_, err = dec.Token()
		default:
			return nil, &lineError{at, fmt.Sprintf("unknown field %q (want name, title, description, setup, steps)", key)}
		}
		if err != nil {
			return nil, syntax(err)
		}
	}
	if _, err := dec.Token(); err != nil {
		return nil, syntax(err)
	}
	if e.Name == "" || e.Title == "" {
		return nil, &lineError{0, "name and title are required"}
	}
	if len(e.Steps) == 0 {
		return nil, &lineError{0, "steps: want at least one step"}
	}
	for i := range e.Steps {
		s := &e.Steps[i]
		at := stepLines[i]
		if strings.TrimSpace(s.Title) == "" {
			return nil, &lineError{at, fmt.Sprintf("step %d: title is missing", i+1)}
		}
		if err := s.Check.validate("check"); err != nil {
			return nil, &lineError{at, fmt.Sprintf("step %d (%s): %v", i+1, s.Title, err)}
		}
	}
	return &e, nil
}

// LoadExercise reads an exercise: a JSON file, or the name of one shipped
// with the lab (ShippedExercises) when no such file exists.
func LoadExercise(file string) (*Exercise, error) {
	data, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) && !strings.ContainsAny(file, "/.") {
		if e, err := ShippedExercise(file); err == nil {
			return e, nil
		}
	}
	if err != nil {
		return nil, fmt.Errorf("exercise: %w", err)
	}
	return ParseExercise(file, data)
}

//go:embed exercises/*.json
var shipped embed.FS

// ShippedExercises lists the names of the exercises shipped with the lab
// (exercises/*.json in this package), in order.
func ShippedExercises() []string {
	entries, _ := shipped.ReadDir("exercises")
	var out []string
	for _, e := range entries {
		out = append(out, strings.TrimSuffix(e.Name(), ".json"))
	}
	return out
}

// ShippedExercise returns a shipped exercise by name.
func ShippedExercise(name string) (*Exercise, error) {
	if !slices.Contains(ShippedExercises(), name) {
		return nil, fmt.Errorf("no shipped exercise %q (shipped: %s)", name, strings.Join(ShippedExercises(), ", "))
	}
	data, err := shipped.ReadFile(path.Join("exercises", name+".json"))
	if err != nil {
		return nil, err
	}
	return ParseExercise(name+".json", data)
}
