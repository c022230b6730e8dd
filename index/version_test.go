package index

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
)

// TestDataVersion: the first start reads the file and keeps a note; a
// later one takes the version from the note without reading; a file that
// changed is read again, and so is one that changed a moment ago.
func TestDataVersion(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the note is kept on Linux only")
	}
	root, dir := t.TempDir(), t.TempDir()
	path := filepath.Join(dir, "data.jsonl")
	old := time.Now().Add(-time.Minute)
	write := func(content string) {
		require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
		require.NoError(t, os.Chtimes(path, old, old))
	}
	write("one\n")
	st, err := os.Stat(path)
	require.NoError(t, err)
	if fileStamp(st) == "" {
		// The file's status-change time is now (Chtimes sets it): wait
		// until it has settled.
		time.Sleep(settle + 100*time.Millisecond)
	}
	require.Empty(t, NotedVersion(root, path), "no note yet")
	v, b, err := DataVersion(root, path)
	require.NoError(t, err)
	require.Equal(t, heritage.Fingerprint([]byte("one\n")), v)
	require.Equal(t, v, NotedVersion(root, path))
	require.Equal(t, "one\n", string(b))

	v2, b2, err := DataVersion(root, path)
	require.NoError(t, err)
	require.Equal(t, v, v2)
	require.Nil(t, b2, "the note gives the version; the file is not read")

	write("two\n") // same size, same modification time: the change time differs
	require.Empty(t, NotedVersion(root, path), "the note is of the file before")
	v3, b3, err := DataVersion(root, path)
	require.NoError(t, err)
	require.Equal(t, heritage.Fingerprint([]byte("two\n")), v3)
	require.Equal(t, "two\n", string(b3), "a changed file is read again")
	v4, b4, err := DataVersion(root, path)
	require.NoError(t, err)
	require.Equal(t, v3, v4)
	require.NotNil(t, b4, "a file changed a moment ago is read at every start until it settles")
}
