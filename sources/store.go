package sources

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/fileutil"
)

// Store is a directory holding the sources a user added. Each version of
// the whole store is a directory of its own, written once and never
// changed; the file CURRENT names the one in use:
//
//	CURRENT              "v-<version>"
//	v-<version>/NS.jsonl one source: its Meta on the first line, then its
//	                     records in canonical form, one a line, by id
//	v-<version>/hidden   the ids of deleted base records, one a line
//	lock                 held by the process that updates the store
//
// An update writes the new version's directory, then replaces CURRENT
// through a rename: a process killed at any point leaves the previous
// version in use and its leftovers are removed by the next update, which
// converges on the same version (the version is a hash of the content).
// Readers take no lock.
type Store struct {
	dir string
	// LockWait bounds the wait for another process's update (default 1 min).
	LockWait time.Duration
}

// EnvStore names the variable that moves the store (see DefaultDir).
const EnvStore = "HYBRIDRAG_STORE"

const (
	currentFile = "CURRENT"
	hiddenFile  = "hidden"
	lockFile    = "lock"
	sourceExt   = ".jsonl"
)

// DefaultDir is the store's directory when none is configured:
// $XDG_DATA_HOME/hybridrag/sources, or $HOME/.local/share/hybridrag/sources;
// "" when getenv (which reads the environment) gives neither: no store.
func DefaultDir(getenv func(string) string) string {
	if d := getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "hybridrag", "sources")
	}
	if home := getenv("HOME"); home != "" {
		return filepath.Join(home, ".local", "share", "hybridrag", "sources")
	}
	return ""
}

// Open returns the store in dir. The directory is created by the first
// update; a store that does not exist reads as empty.
func Open(dir string) *Store { return &Store{dir: dir} }

// Dir is the store's directory.
func (s *Store) Dir() string { return s.dir }

// Version is the version in use ("" for an empty or missing store),
// read from one small file: cheap enough to poll.
func (s *Store) Version() (string, error) {
	b, err := os.ReadFile(filepath.Join(s.dir, currentFile))
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("sources: %w", err)
	}
	v, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "v-")
	if !ok || v == "" {
		return "", fmt.Errorf("sources: %s: not a version: %q", filepath.Join(s.dir, currentFile), b)
	}
	return v, nil
}

// Read returns the state in use.
func (s *Store) Read() (*State, error) {
	// An update may remove an old version between reading CURRENT and
	// reading its directory: read CURRENT again then.
	var err error
	for range 3 {
		var v string
		if v, err = s.Version(); err != nil {
			return nil, err
		}
		if v == "" {
			return &State{}, nil
		}
		var st *State
		st, err = readVersion(filepath.Join(s.dir, "v-"+v))
		if err == nil {
			st.Version = v
			return st, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			break
		}
	}
	return nil, err
}

func readVersion(dir string) (*State, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	st := &State{}
	for _, e := range ents {
		path := filepath.Join(dir, e.Name())
		switch {
		case e.Name() == hiddenFile:
			b, err := os.ReadFile(path)
			if err != nil {
				return nil, fmt.Errorf("sources: %w", err)
			}
			st.Hidden = strings.Fields(string(b))
		case strings.HasSuffix(e.Name(), sourceExt):
			src, err := readSource(path)
			if err != nil {
				return nil, err
			}
			st.Sources = append(st.Sources, src)
		}
	}
	slices.SortFunc(st.Sources, func(a, b Source) int { return strings.Compare(a.Meta.Namespace, b.Meta.Namespace) })
	slices.Sort(st.Hidden)
	return st, nil
}

func readSource(path string) (Source, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Source{}, fmt.Errorf("sources: %w", err)
	}
	var src Source
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 64<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Bytes()
		if n == 1 {
			if err := json.Unmarshal(line, &src.Meta); err != nil {
				return Source{}, fmt.Errorf("sources: %s: line 1 (meta): %w", path, err)
			}
			continue
		}
		var in heritage.Institution
		if err := heritage.Decode(line, &in); err != nil {
			return Source{}, fmt.Errorf("sources: %s: line %d: %w", path, n, err)
		}
		src.Records = append(src.Records, in)
	}
	if err := sc.Err(); err != nil {
		return Source{}, fmt.Errorf("sources: %s: %w", path, err)
	}
	return src, nil
}

// Update applies change to a copy of the state in use and makes the
// result the state in use. One process updates at a time (a lock file);
// others wait at most LockWait. When change leaves the content as it was,
// nothing is written. It returns the state before and after.
func (s *Store) Update(ctx context.Context, change func(st *State) error) (before, after *State, err error) {
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		return nil, nil, fmt.Errorf("sources: %w", err)
	}
	unlock, err := s.lock(ctx)
	if err != nil {
		return nil, nil, err
	}
	defer unlock()
	before, err = s.Read()
	if err != nil {
		return nil, nil, err
	}
	after = before.clone()
	if err := change(after); err != nil {
		return nil, nil, err
	}
	if after.Version, err = after.version(); err != nil {
		return nil, nil, err
	}
	s.removeLeftovers(before.Version)
	if after.Version == before.Version {
		return before, after, nil
	}
	if err := s.write(after); err != nil {
		return nil, nil, err
	}
	s.removeLeftovers(after.Version, before.Version)
	return before, after, nil
}

func (s *Store) lock(ctx context.Context) (func(), error) {
	wait := s.LockWait
	if wait <= 0 {
		wait = time.Minute
	}
	path := filepath.Join(s.dir, lockFile)
	unlock, err := fileutil.Lock(ctx, path, wait, nil)
	if err != nil {
		return nil, fmt.Errorf("sources: lock %s (another process is updating the store): %w", path, err)
	}
	return unlock, nil
}

// write writes st's version directory, then points CURRENT at it.
func (s *Store) write(st *State) error {
	final := filepath.Join(s.dir, "v-"+st.Version)
	if _, err := os.Stat(final); err != nil {
		tmp, err := os.MkdirTemp(s.dir, "tmp-")
		if err != nil {
			return fmt.Errorf("sources: %w", err)
		}
		if err := writeVersion(tmp, st); err != nil {
			_ = os.RemoveAll(tmp)
			return err
		}
		if err := os.Rename(tmp, final); err != nil {
			_ = os.RemoveAll(tmp)
			return fmt.Errorf("sources: %w", err)
		}
	}
	return writeFile(filepath.Join(s.dir, currentFile), []byte("v-"+st.Version+"\n"))
}

func writeVersion(dir string, st *State) error {
	for _, src := range st.Sources {
		var b bytes.Buffer
		m, err := json.Marshal(src.Meta)
		if err != nil {
			return fmt.Errorf("sources: %w", err)
		}
		b.Write(m)
		b.WriteByte('\n')
		for k := range src.Records {
			r, err := json.Marshal(&src.Records[k])
			if err != nil {
				return fmt.Errorf("sources: record %s: %w", src.Records[k].ID, err)
			}
			b.Write(r)
			b.WriteByte('\n')
		}
		if err := writeFile(filepath.Join(dir, src.Meta.Namespace+sourceExt), b.Bytes()); err != nil {
			return err
		}
	}
	if len(st.Hidden) > 0 {
		if err := writeFile(filepath.Join(dir, hiddenFile), []byte(strings.Join(st.Hidden, "\n")+"\n")); err != nil {
			return err
		}
	}
	return nil
}

// writeFile writes path with b, synced, through a temporary file renamed
// over it.
func writeFile(path string, b []byte) error {
	if err := fileutil.WriteAtomic(path, func(w io.Writer) error { _, err := w.Write(b); return err }); err != nil {
		return fmt.Errorf("sources: %w", err)
	}
	return nil
}

// removeLeftovers removes the temporary directories of updates cut short
// and every version directory but keep (the version in use, and the one
// before it, which a reader may still be reading). The caller holds the
// lock.
func (s *Store) removeLeftovers(keep ...string) {
	ents, err := os.ReadDir(s.dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		name := e.Name()
		v, isVersion := strings.CutPrefix(name, "v-")
		switch {
		case strings.HasPrefix(name, "tmp-"), name == currentFile+".tmp":
		case isVersion && e.IsDir() && !slices.Contains(keep, v):
		default:
			continue
		}
		_ = os.RemoveAll(filepath.Join(s.dir, name))
	}
}
