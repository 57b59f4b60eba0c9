//go:build !js

package main

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/octaview/octaview/app/serverapi"
)

// Bounds of a wall's incident notes.
const (
	maxWallNoteChars = 500
	maxWallNotes     = 10 // per wall
)

// noteRefused is why a note is refused (the request's fault, 400).
type noteRefused string

func (e noteRefused) Error() string { return string(e) }

// errWallNotesFull is add's answer to an 11th note.
var errWallNotesFull = noteRefused(fmt.Sprintf("A wall holds at most %d notes: delete one first.", maxWallNotes))

// wallNotes are the walls' incident notes, newest first, kept in a small
// JSON file beside the walls file (written whole on each change, through a
// temporary file) so that they survive a restart; in memory only when path
// is "".
type wallNotes struct {
	path string

	mu     sync.Mutex
	byWall map[string][]serverapi.WallNote
}

// openWallNotes reads the notes file at path (none yet: no notes), keeping
// the notes of the walls named.
func openWallNotes(path string, walls []string) (*wallNotes, error) {
	n := &wallNotes{path: path, byWall: map[string][]serverapi.WallNote{}}
	if path == "" {
		return n, nil
	}
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return n, nil
	case err != nil:
		return nil, fmt.Errorf("walls' notes: %w", err)
	}
	var saved map[string][]serverapi.WallNote
	if err := json.Unmarshal(data, &saved); err != nil {
		return nil, fmt.Errorf("walls' notes %s: %w (move it away to start without them)", path, err)
	}
	for name, notes := range saved {
		if slices.Contains(walls, name) {
			n.byWall[name] = notes[:min(len(notes), maxWallNotes)]
		}
	}
	return n, nil
}

// list is the notes of the wall named, newest first.
func (n *wallNotes) list(wall string) []serverapi.WallNote {
	n.mu.Lock()
	defer n.mu.Unlock()
	return slices.Clone(n.byWall[wall])
}

// checkWallNote returns a note's text, trimmed, or why it is refused.
func checkWallNote(text string) (string, error) {
	text = strings.TrimSpace(text)
	switch {
	case text == "":
		return "", noteRefused("The note is empty.")
	case !utf8.ValidString(text):
		return "", noteRefused("The note is not valid UTF-8.")
	case utf8.RuneCountInString(text) > maxWallNoteChars:
		return "", noteRefused(fmt.Sprintf("The note has %d characters: at most %d.", utf8.RuneCountInString(text), maxWallNoteChars))
	}
	return text, nil
}

// add pins a note by user on the wall named, and saves.
func (n *wallNotes) add(wall, text, user string, at time.Time) (serverapi.WallNote, error) {
	text, err := checkWallNote(text)
	if err != nil {
		return serverapi.WallNote{}, err
	}
	var id [8]byte
	rand.Read(id[:])
	note := serverapi.WallNote{ID: hex.EncodeToString(id[:]), Text: text, At: at.UTC().Format(time.RFC3339), By: user}
	n.mu.Lock()
	defer n.mu.Unlock()
	if len(n.byWall[wall]) >= maxWallNotes {
		return serverapi.WallNote{}, errWallNotesFull
	}
	before := n.byWall[wall]
	n.byWall[wall] = append([]serverapi.WallNote{note}, before...)
	if err := n.save(); err != nil {
		n.byWall[wall] = before
		return serverapi.WallNote{}, err
	}
	return note, nil
}

// remove unpins the note id of the wall named, and saves; false if the
// wall has no such note.
func (n *wallNotes) remove(wall, id string) (bool, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	before := n.byWall[wall]
	i := slices.IndexFunc(before, func(x serverapi.WallNote) bool { return x.ID == id })
	if i < 0 {
		return false, nil
	}
	n.byWall[wall] = slices.Delete(slices.Clone(before), i, i+1)
	if err := n.save(); err != nil {
		n.byWall[wall] = before
		return false, err
	}
	return true, nil
}

// save writes every note to n.path (n.mu held).
func (n *wallNotes) save() error {
	if n.path == "" {
		return nil
	}
	data, err := json.Marshal(n.byWall)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(n.path), filepath.Base(n.path)+".*")
	if err != nil {
		return fmt.Errorf("saving the walls' notes: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("saving the walls' notes: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("saving the walls' notes: %w", err)
	}
	if err := os.Rename(tmp.Name(), n.path); err != nil {
		return fmt.Errorf("saving the walls' notes: %w", err)
	}
	return nil
}
