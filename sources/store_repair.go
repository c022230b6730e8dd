package sources

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// Repair makes a damaged store current again and says what it did. When
// Read falls back to an earlier whole version, CURRENT is pointed at it;
// when no whole version is left, the store's files are moved aside to a
// directory beside it (nothing is deleted) and the store starts empty.
// A store that reads as it is is left alone.
func (s *Store) Repair(ctx context.Context) (string, error) {
	if _, err := os.Stat(s.dir); errors.Is(err, fs.ErrNotExist) {
		return "the store does not exist yet: nothing to repair", nil
	}
	unlock, err := s.lock(ctx)
	if err != nil {
		return "", err
	}
	defer unlock()
	st, err := s.Read(ctx)
	var damaged *DamagedError
	switch {
	case errors.As(err, &damaged):
		aside := fmt.Sprintf("%s.damaged-%s", s.dir, time.Now().UTC().Format("20060102T150405"))
		if err := s.moveAside(aside); err != nil {
			return "", err
		}
		return fmt.Sprintf("no whole version was left (%v): the store's files are in %s, and the store is empty", damaged.Err, aside), nil
	case err != nil:
		return "", err
	case st.Recovered == "":
		return "the store reads whole (version " + orEmpty(st.Version) + "): nothing to repair", nil
	}
	if err := s.write(st); err != nil {
		return "", err
	}
	s.removeLeftovers(st.Version)
	return fmt.Sprintf("version %s, the last whole one, is current again (%d records in %d sources)", orEmpty(st.Version), st.Len(), len(st.Sources)), nil
}

// moveAside moves every file of the store but its lock into aside.
func (s *Store) moveAside(aside string) error {
	ents, err := os.ReadDir(s.dir)
	if err != nil {
		return fmt.Errorf("sources: %w", err)
	}
	if err := os.MkdirAll(aside, 0o755); err != nil {
		return fmt.Errorf("sources: %w", err)
	}
	for _, e := range ents {
		if e.Name() == lockFile {
			continue
		}
		if err := os.Rename(filepath.Join(s.dir, e.Name()), filepath.Join(aside, e.Name())); err != nil {
			return fmt.Errorf("sources: %w", err)
		}
	}
	return nil
}

func orEmpty(v string) string {
	if v == "" {
		return "(empty)"
	}
	return v
}
