package fileutil

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestWriteAtomicKeepsTheOldFileOnFailure(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "f")
	require.NoError(t, WriteAtomic(path, func(w io.Writer) error { _, err := io.WriteString(w, "old"); return err }))
	boom := errors.New("boom")
	require.ErrorIs(t, WriteAtomic(path, func(w io.Writer) error { _, _ = io.WriteString(w, "half"); return boom }), boom)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, "old", string(b))
	left, err := os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	require.Len(t, left, 1, "no temporary file left")
}

func TestLockWaitsForTheHolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lock")
	unlock, err := Lock(context.Background(), path, time.Second, nil)
	require.NoError(t, err)
	waited := false
	_, err = Lock(context.Background(), path, 100*time.Millisecond, func() { waited = true })
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.True(t, waited)
	unlock()
	unlock, err = Lock(context.Background(), path, time.Second, nil)
	require.NoError(t, err)
	unlock()
}

// A mapping holds the file's bytes, and keeps them when the file is
// replaced by WriteAtomic; an empty file maps to nothing, a missing one
// fails.
func TestMap(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	require.NoError(t, WriteAtomic(path, func(w io.Writer) error { _, err := io.WriteString(w, "first bytes"); return err }))
	b, unmap, err := Map(path)
	require.NoError(t, err)
	require.Equal(t, "first bytes", string(b))
	require.NoError(t, WriteAtomic(path, func(w io.Writer) error { _, err := io.WriteString(w, "other bytes"); return err }))
	require.Equal(t, "first bytes", string(b), "the replaced file's bytes")
	require.NoError(t, unmap())

	empty := filepath.Join(t.TempDir(), "empty")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	b, unmap, err = Map(empty)
	require.NoError(t, err)
	require.Empty(t, b)
	require.NoError(t, unmap())

	_, _, err = Map(filepath.Join(t.TempDir(), "missing"))
	require.ErrorIs(t, err, os.ErrNotExist)
}
