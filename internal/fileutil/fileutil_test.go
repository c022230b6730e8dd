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
